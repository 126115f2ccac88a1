// Bench task: `syncAll` of the whole history into a fresh warehouse (or the given one).
import { join } from 'node:path';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { syncAll } from '../../src/sync/index.ts';
import { END, argValue, report, scaleFromArgs } from './common.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const { days } = scaleFromArgs();
const dir = argValue('--dir') as string;
// RECON_BENCH_MEMORY_LIMIT compares DuckDB caps (warehouse.memoryLimit) in otherwise identical runs.
const memoryLimit = process.env['RECON_BENCH_MEMORY_LIMIT'];
const config = parseConfig(memoryLimit === undefined ? {} : { warehouse: { memoryLimit } }, 'bench');
const api = createPaymentsApi({ baseUrl: argValue('--url') as string, apiKey: argValue('--key') as string, timeoutMs: 120_000, retry: config.api.retry });
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { resources: config.warehouse });
try {
  const t0 = performance.now();
  const result = await syncAll(
    { db: warehouse.connection, http: api, clock: { now: () => Date.parse('2026-04-01T12:00:00Z') }, logger: silentLogger },
    { runId: `bench-sync-${Date.now()}`, day: businessDayOf(END, config.timezone), lookbackDays: days + 1, sweepDays: days + 1 },
    config,
  );
  const seconds = (performance.now() - t0) / 1000;
  const rows =
    result.transactions.new +
    result.transactions.changed +
    result.transactions.unchanged +
    result.operations.new +
    result.operations.changed +
    result.operations.unchanged;
  report({ rows, seconds, rowsPerSecond: Math.round(rows / seconds), pages: result.pages, windows: result.windows });
} finally {
  warehouse.close();
  await api.close();
}
