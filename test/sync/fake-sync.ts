// The scripted-service sync harness shared by the sync tests: a real client and a real DuckDB file in a
// temp folder, syncAll with a fixed clock (runs r1, r2, ...), and readers that keep text exact.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { silentLogger, type Logger } from '../../src/shared/log.ts';
import type { Warehouse } from '../../src/warehouse/open.ts';
import { ONE_THREAD, openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';
import { syncAll, type SyncRequest } from '../../src/sync/index.ts';
import type { FakeService } from './fake-service.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

export const NOW = Date.parse('2024-05-10T12:00:00Z');
export const DAY = 86_400_000;

const cleanups: Array<() => Promise<void> | void> = [];

/**
 * Closes and removes what the current test's setups opened: each test file passes it to its own
 * afterEach. A hook registered here, at import, would run for the first file of a process only, since
 * the files of a process share this module (vitest's isolate: false), and every later file's services,
 * warehouses and folders would be left behind.
 */
export async function cleanUpSyncs(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c();
}

/** Registers work for the end of the current test (after the harness's own). */
export function onCleanup(work: () => Promise<void> | void): void {
  cleanups.push(work);
}

/**
 * A client and a warehouse for `service`, and `run`, which syncs it with runs r1, r2, ... Everything is
 * closed and removed at the end of the current test, or, given `until: 'file'`, by the returned close()
 * (for a sync shared by a file's cases, in its afterAll).
 */
export async function setup(
  service: FakeService,
  syncOverrides: Record<string, unknown> = {},
  logger: Logger = silentLogger,
  options: { until?: 'test' | 'file' } = {},
) {
  const dir = scratchDir('recon-sync-');
  const config = parseConfig({ api: { baseUrl: service.url }, sync: { pageSize: 100, windowPageBudget: 3, ...syncOverrides } }, 'test');
  const api = createPaymentsApi({ baseUrl: service.url, apiKey: 'test_k3y', timeoutMs: 2000, retry: { ...config.api.retry, baseDelayMs: 1, maxDelayMs: 2 } });
  // A copy of the migrated template on one DuckDB thread: these tests are about what the sync stores, not
  // about migrations or threads, and migrating per case was a third of a small case's CPU.
  const warehouse = await openMigratedCopy(join(dir, 'w.duckdb'), ONE_THREAD);
  // Run in reverse: the folder goes last, once the warehouse is closed.
  const mine: Array<() => Promise<void> | void> = [
    () => rmSync(dir, { recursive: true, force: true }),
    () => service.close(),
    () => api.close(),
    () => warehouse.close(),
  ];
  const close = async () => {
    for (const c of mine.splice(0).reverse()) await c();
  };
  if (options.until !== 'file') cleanups.push(close);
  let n = 0;
  const run = (over: Partial<SyncRequest> = {}) =>
    syncAll(
      { db: warehouse.connection, http: api, clock: { now: () => NOW }, logger },
      { runId: `r${++n}`, day: businessDayOf('2024-05-09', config.timezone), lookbackDays: 7, sweepDays: 30, ...over },
      config,
    );
  return { dir, config, api, warehouse, run, close };
}

export async function rows(w: Warehouse, sql: string) {
  return (await w.connection.runAndReadAll(sql)).getRowObjectsJson();
}

/**
 * Rows of a query with text exact: select text as encode(x) (a BLOB), decoded here. The DuckDB client
 * decodes VARCHAR with a TextDecoder, which drops a leading U+FEFF.
 */
export async function exactRows(w: Warehouse, sql: string): Promise<Array<Record<string, unknown>>> {
  const read = (await w.connection.runAndReadAll(sql)).getRowObjectsJS();
  return read.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Buffer.isBuffer(v) ? v.toString('utf8') : v])));
}
