// Read-only access to the warehouse for the page. DuckDB allows one writer OR many readers per file,
// so the server opens the file read-only for each request and closes it right after: it never keeps
// the nightly job from taking the write lock. When the job holds it, callers get `busy` and the page
// falls back to the reports folder.
import type { DuckDBConnection } from '@duckdb/node-api';
import { isReconError } from '../shared/errors.ts';
import type { Locale } from '../shared/locale/index.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
import { sayError } from '../shared/locale/error-text.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import { openWarehouse } from '../warehouse/open.ts';

export type Db = Pick<DuckDBConnection, 'runAndReadAll' | 'prepare' | 'interrupt'>;

/** A read, or why there is none: a job holds the warehouse (busy), or it could not be opened (its error, and its sentence when it has one). */
type WarehouseRead<T> = { ok: true; value: T } | { ok: false; busy: boolean; detail: string; sentence?: ErrorSentence };

/** The notice the page shows for a read that failed, in the page's words (the open's error worded in `locale` when given). */
export function warehouseNoticeOf(
  read: { busy: boolean; detail: string; sentence?: ErrorSentence },
  words: { busy: string; unreadable: (detail: string) => string },
  locale?: Locale,
): string {
  if (read.busy) return words.busy;
  return words.unreadable(read.sentence !== undefined && locale !== undefined ? sayError(locale, read.sentence) : read.detail);
}

export interface WarehouseReader {
  read<T>(work: (db: Db) => Promise<T>): Promise<WarehouseRead<T>>;
}

/** Opens `path` read-only per call; calls are serialised so one process holds at most one instance. */
export function warehouseReaderFor(path: string, resources?: WarehouseResources): WarehouseReader {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read<T>(work: (db: Db) => Promise<T>): Promise<WarehouseRead<T>> {
      const next = queue.then(() => readOnce(path, resources, work));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

async function readOnce<T>(path: string, resources: WarehouseResources | undefined, work: (db: Db) => Promise<T>): Promise<WarehouseRead<T>> {
  let warehouse;
  try {
    warehouse = await openWarehouse(path, { readOnly: true, resources });
  } catch (error) {
    if (isReconError(error, 'locked')) return { ok: false, busy: true, detail: '' };
    const sentence = isReconError(error) ? error.sentence : undefined;
    return { ok: false, busy: false, detail: error instanceof Error ? error.message : String(error), ...(sentence === undefined ? {} : { sentence }) };
  }
  try {
    return { ok: true, value: await work(warehouse.connection) };
  } finally {
    warehouse.close();
  }
}

/** Rows of a query as plain objects (values as DuckDB returns them: BIGINT is bigint). */
export async function rowsOf(db: Db, sql: string, params: Record<string, string | number | boolean> = {}): Promise<Record<string, unknown>[]> {
  const reader = Object.keys(params).length > 0 ? await db.runAndReadAll(sql, params) : await db.runAndReadAll(sql);
  return reader.getRowObjects() as Record<string, unknown>[];
}

export function textOf(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function bigintOf(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  return null;
}

export function numberOf(value: unknown): number {
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' ? value : 0;
}
