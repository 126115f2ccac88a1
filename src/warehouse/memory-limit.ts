// DuckDB's memory cap for a stretch of work: beyond it DuckDB spills to its temp folder or fails with an
// Out of Memory error, instead of growing the process to gigabytes on one hostile file.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';

/** Sets memory_limit (the whole instance: the setting is global); returns how to put the previous one back. */
export async function capMemory(db: DuckDBConnection, limit: string): Promise<() => Promise<void>> {
  const reader = await db.runAndReadAll("SELECT current_setting('memory_limit') AS v");
  const previous = reader.getRowObjects()[0]?.['v'];
  try {
    await db.run('SET memory_limit = $limit', { limit });
  } catch (error) {
    if (!isOutOfMemory(error)) throw error;
    throw new ReconError(
      'config',
      `warehouse.memoryLimit (${limit}) is less than DuckDB already holds for this warehouse; raise warehouse.memoryLimit (192MB by default)`,
      { cause: error },
    );
  }
  return async () => {
    if (typeof previous === 'string') await db.run('SET memory_limit = $limit', { limit: previous }).catch(() => undefined);
  };
}

/** Whether a DuckDB error is its Out of Memory error. */
export function isOutOfMemory(error: unknown): boolean {
  return /Out of Memory Error/i.test(error instanceof Error ? error.message : String(error));
}
