// The backfill of older sales against the real sandbox (port 0) and a real warehouse file: a history
// with an older tail of installment sales, a night whose lookback reads a week. The backfill reads what
// the forecast needs in several published runs, newest first; killed mid-way (the service stops
// answering page reads of its oldest stretch), it keeps the runs it published, and the next call reads
// only what is still missing: every sale once, none counted twice, and the coverage complete.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsApi, type PaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { readForecastCoverage } from '../../src/forecast/coverage.ts';
import { generateHistory, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { versionIndexAt } from '../../src/sandbox/model.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { backfillListing, syncAll } from '../../src/sync/index.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHT = '2024-05-09';
const NOW = DateTime.fromISO(NIGHT, { zone: ZONE }).plus({ days: 1, hours: 3 }).toMillis();
const clock = { now: () => NOW };
// Small pages and runs of at most 600 rows, so the tail's ~2,400 sales take several runs.
const config = parseConfig({ timezone: ZONE, sync: { pageSize: 200, windowPageBudget: 2, lookbackDays: 7 } }, 'test');
const ROWS_PER_RUN = 600;
const settlement = config.settlement;
const day = businessDayOf(NIGHT, ZONE);

let dir: string;
let sandbox: RunningSandbox;
let api: PaymentsApi & { close(): Promise<void> };
let warehouse: Warehouse;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-backfill-'));
  const history = generateHistory({ seed: 5, days: 10, perDay: 60, endDate: NIGHT, olderSales: { days: 80, perDay: 30 } });
  sandbox = await startSandbox({ history, clock });
  api = createPaymentsApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 5_000, retry: config.api.retry });
  warehouse = await openWarehouse(join(dir, 'w.duckdb'));
});
afterAll(async () => {
  warehouse.close();
  await api.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = (http: PaymentsApi) => ({ db: warehouse.connection, http, clock, logger: silentLogger });
const coverage = () => readForecastCoverage(warehouse.connection, { date: NIGHT, zone: ZONE, settlement });
const one = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJson()[0] ?? {};

/** The service, except that page reads of transactions created before `cutoffMs` fail (count probes still answer). */
function failingBefore(cutoffMs: number): PaymentsApi {
  return {
    ...api,
    listTransactionsPage(query, page, options) {
      const from = query.filters.find(([k, v]) => k === 'date_created' && String(v).startsWith('>='));
      if (query.count > 1 && from && Number(String(from[1]).slice(2)) < cutoffMs) {
        return Promise.reject(
          new ReconError('api_network', { id: 'apiNetwork', request: 'GET /v1/transactions', code: 'ECONNRESET', said: 'the service went away (test)' }),
        );
      }
      return api.listTransactionsPage(query, page, options);
    },
    listOperationsPage: (query, page, options) => api.listOperationsPage(query, page, options),
    listInstallments: (net, brand) => api.listInstallments(net, brand),
    counters: () => api.counters(),
  };
}

describe('the backfill of older sales', () => {
  it('resumes where a killed backfill stopped, reading every sale once', async () => {
    await syncAll(deps(api), { runId: 'night', day, lookbackDays: config.sync.lookbackDays, sweepDays: config.sync.sweepDays }, config);
    const first = await coverage();
    // The night read a week: the horizon's first days lack the tail's installments.
    expect(first.completeFrom).toBe('2024-05-02');
    expect(first.partialDays.length).toBeGreaterThan(80);
    expect(first.missing).toHaveLength(1);

    // Killed mid-way: the stretch before the tail's middle cannot be read.
    const cutoff = DateTime.fromISO('2024-03-01', { zone: ZONE }).toMillis();
    await expect(backfillListing(deps(failingBefore(cutoff)), { day, missing: first.missing, rowsPerRun: ROWS_PER_RUN }, config)).rejects.toThrow(/went away/);
    const stopped = await coverage();
    expect(stopped.completeFrom! > first.neededFrom).toBe(true);
    expect(stopped.completeFrom! < (first.completeFrom ?? '')).toBe(true);
    expect(stopped.completeFrom! >= '2024-03-01').toBe(true);
    const published = await one(`SELECT count(*) AS runs, min(start_ms) AS start_ms FROM sync_windows WHERE run_id LIKE 'backfill-%'`);
    expect(Number(published['runs'])).toBeGreaterThan(0);
    const failed = await one(`SELECT count(*) AS n FROM runs WHERE kind = 'backfill' AND outcome <> 'done'`);
    expect(Number(failed['n'])).toBe(1);

    // The next night reads only what is still missing.
    const resumed = await backfillListing(deps(api), { day, missing: stopped.missing, rowsPerRun: ROWS_PER_RUN }, config);
    expect(resumed.runs).toBeGreaterThan(1);
    expect(resumed.read.at(-1)?.endMs).toBe(Number(published['start_ms']));
    const after = await coverage();
    expect(after.completeFrom).toBe(after.neededFrom);
    expect(after.partialDays).toEqual([]);
    expect(after.missing).toEqual([]);

    // Every sale the service lists, once: the tail, the ten days and nothing twice.
    const listed = sandbox.history.transactions.filter((t) => t.createdMs < day.endMs && t.versions[versionIndexAt(t.versions, NOW)]?.status !== 'rejected');
    const held = await one('SELECT count(*) AS n, count(DISTINCT transaction_id) AS ids FROM transactions');
    expect(Number(held['n'])).toBe(listed.length);
    expect(Number(held['ids'])).toBe(listed.length);
    const news = await one(`SELECT sum(CAST(counts->'$.transactions.new' AS BIGINT)) AS n FROM runs WHERE outcome = 'done'`);
    expect(Number(news['n'])).toBe(listed.length);
    // The windows of the runs that were published never overlap: no stretch was read twice.
    const overlaps = await one(`SELECT count(*) AS n FROM sync_windows a JOIN sync_windows b
      ON a.run_id < b.run_id AND a.start_ms < b.end_ms AND b.start_ms < a.end_ms
      WHERE a.run_id LIKE 'backfill-%' AND b.run_id LIKE 'backfill-%'`);
    expect(Number(overlaps['n'])).toBe(0);
  });

  it('does nothing once the coverage reaches back far enough, and never reads beyond sync.backfillDays', async () => {
    const none = await backfillListing(deps(api), { day, missing: (await coverage()).missing }, config);
    expect(none.runs).toBe(0);
    const short = parseConfig({ timezone: ZONE, sync: { backfillDays: 30 } }, 'test');
    const wanted = [{ startMs: day.startMs - 200 * 86_400_000, endMs: day.startMs - 10 * 86_400_000 }];
    const bounded = await backfillListing(deps(api), { day, missing: wanted }, short);
    expect(bounded.read).toEqual([{ startMs: DateTime.fromMillis(day.startMs, { zone: ZONE }).minus({ days: 30 }).toMillis(), endMs: wanted[0]!.endMs }]);
    expect(bounded.beyondReach).toEqual([{ startMs: wanted[0]!.startMs, endMs: bounded.read[0]!.startMs }]);
  });
});
