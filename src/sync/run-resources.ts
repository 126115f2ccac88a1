// What a sync run borrows from its surroundings and gives back: the staging folder next to the
// warehouse, the stored watermarks, and a narrower share of DuckDB's memory while it runs (the memory
// cap itself is warehouse/memory-limit.ts).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { bytesOfSize } from '../config/schema.ts';
import { MEMORY_SETTINGS_VARIABLE } from '../warehouse/open.ts';
import { sqlLiteral } from '../warehouse/sql.ts';

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

/** DuckDB's memory_limit while a sync runs, as a share of the instance's own (see narrowDuckdbMemory). */
const SYNC_SHARE = 0.7;
const SETTINGS = ['memory_limit', 'allocator_flush_threshold', 'allocator_bulk_deallocation_flush_threshold'] as const;

/**
 * Narrows DuckDB's memory while a sync runs, and returns what gives it back. A sync's DuckDB work
 * allocates beyond what memory_limit counts (the Parquet writer's row groups and zstd contexts of the raw
 * rows' files, the readers' line buffers, freed memory kept for reuse): with DuckDB at its whole share a
 * million-row sync peaked at 515-605 MB under a 512 MB budget. At 70% of it, and with freed memory handed
 * back at once, it peaked at 447-480 MB in the same time (what does not fit spills to disk).
 */
export async function narrowDuckdbMemory(db: DuckDBConnection): Promise<() => Promise<void>> {
  const reader = await db.runAndReadAll(
    `SELECT ${SETTINGS.map((name) => `current_setting(${sqlLiteral(name)})::VARCHAR AS ${name}`).join(', ')}, getvariable(${sqlLiteral(MEMORY_SETTINGS_VARIABLE)}) AS given`,
  );
  const row = reader.getRowObjects()[0] ?? {};
  const before = valuesToRestore(row, typeof row['given'] === 'string' ? row['given'] : undefined);
  const limitMiB = Math.max(32, Math.floor((bytesOfSize(String(row['memory_limit'])) * SYNC_SHARE) / 2 ** 20));
  await db.run(`SET memory_limit = ${sqlLiteral(`${limitMiB}MiB`)}`);
  await db.run(`SET allocator_flush_threshold = '1MB'`);
  await db.run(`SET allocator_bulk_deallocation_flush_threshold = '1MB'`);
  return async () => {
    for (const name of SETTINGS) await db.run(`SET ${name} = ${sqlLiteral(before[name])}`);
  };
}

/**
 * What to set the settings back to: the values the warehouse was opened with (openWarehouse keeps them
 * in a variable) where they still read as shown, else what DuckDB shows. DuckDB shows a size cut to a
 * tenth of its unit (8 MB shows as 7.6 MiB, which set back reads 7.5; 1541 MiB shows as 1.5 GiB), so a
 * value set back as shown would lower the setting a little at every sync.
 */
function valuesToRestore(shown: Record<string, unknown>, given: string | undefined): Record<(typeof SETTINGS)[number], string> {
  const opened = given === undefined ? {} : (JSON.parse(given) as Record<string, unknown>);
  const result = {} as Record<(typeof SETTINGS)[number], string>;
  for (const name of SETTINGS) {
    const now = String(shown[name]);
    const original = opened[name];
    // Kept only while it still shows as the setting does: a step that changed it on purpose keeps its change.
    result[name] = typeof original === 'string' && sameSize(original, now) ? original : now;
  }
  return result;
}

/** Whether a size as given (`8MB`) is the one DuckDB shows (`7.6 MiB`), to DuckDB's tenth. */
function sameSize(given: string, shown: string): boolean {
  const unit = /(KiB|MiB|GiB)$/.exec(shown.trim())?.[1];
  if (unit === undefined) return given === shown;
  const tenth = bytesOfSize(`0.1${unit}`);
  const diff = bytesOfSize(given) - bytesOfSize(shown);
  return diff >= -1 && diff < tenth + 1;
}
