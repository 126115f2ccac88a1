// What a sync run borrows from its surroundings and gives back: the staging folder next to the
// warehouse and the stored watermarks (DuckDB's memory cap is warehouse/memory-limit.ts).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Staging files live next to the warehouse (<file>.stage/<run>), so the next run, holding the lock,
 * can remove whatever a killed run left; an in-memory warehouse stages under the OS temp folder.
 */
export async function stageDirFor(db: DuckDBConnection, runId: string): Promise<string> {
  const reader = await db.runAndReadAll('SELECT path FROM duckdb_databases() WHERE database_name = current_database()');
  const path = reader.getRowObjects()[0]?.['path'];
  if (typeof path !== 'string' || path === '') return mkdtemp(join(tmpdir(), 'recon-stage-'));
  const root = `${path}.stage`;
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
  const dir = join(root, runId.replace(/[^\w.-]/g, '_'));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export async function readWatermark(db: DuckDBConnection, stream: string, filter: string): Promise<number | undefined> {
  const reader = await db.runAndReadAll('SELECT watermark_ms FROM sync_state WHERE stream = $stream AND filter = $filter', { stream, filter });
  const value = reader.getRowObjects()[0]?.['watermark_ms'];
  return value === undefined || value === null ? undefined : Number(value);
}
