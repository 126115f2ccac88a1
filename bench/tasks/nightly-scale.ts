// Bench task: one nightly incremental run (1,000 sales a day) on a warehouse that already holds
// --warehouse-rows transactions of earlier history (built directly in SQL), to show that the night's
// time follows the night's work and not the warehouse's size.
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runNightly } from '../../jobs/nightly.ts';
import { END, ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const size = Number(argValue('--warehouse-rows') ?? 100_000);
const history = generateHistory({ seed: 3, days: 8, perDay: 1000, endDate: END });
let now = DateTime.fromISO(END, { zone: ZONE }).minus({ days: 1 }).plus({ hours: 26 }).toMillis();
const clock = { now: () => now };
const sandbox = await startSandbox({ history, clock });
const api = createPaymentsApi({
  baseUrl: sandbox.url,
  apiKey: sandbox.apiKey,
  timeoutMs: 60_000,
  retry: { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 2000 },
});
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
const config = parseConfig(
  { timezone: ZONE, orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') }, reports: { outDir: join(dir, 'reports') } },
  'bench',
);
try {
  const t0 = performance.now();
  // Years of earlier sales, before the sandbox's history; one in 50 refunded, one in 500 charged back.
  await warehouse.connection.run(`
    INSERT INTO transactions
    SELECT 'old_' || i, 'OLD-' || i, CASE WHEN i % 500 = 0 THEN 'chargeback' WHEN i % 50 = 0 THEN 'refunded' ELSE 'paid' END,
      'A' || i % 99999, CAST(i AS VARCHAR), TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5), TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5 + 60),
      10000 + i % 5000, 10300 + i % 5000, 10300 + i % 5000, 0, '1', 'Old Customer', 'visa', '411111', '1111', '0000', 'ok', '{}',
      now(), now(), 'bench', 'bench'
    FROM range(${size}) t(i)`);
  await warehouse.connection.run(`
    INSERT INTO orders
    SELECT 'OLD-' || i, CASE WHEN i % 50 = 0 THEN 'refunded' ELSE 'paid' END, 10000 + i % 5000, TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5),
      NULL, NULL, NULL, NULL, NULL, 'Pago', 'bench', 'bench.csv', i + 2, now()
    FROM range(${size}) t(i)`);
  const buildSeconds = (performance.now() - t0) / 1000;
  // Earlier nights first (untimed), then the measured night.
  const dates = datesBetween(history.startDate, END, ZONE);
  let nightSeconds = 0;
  for (const date of dates) {
    await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
    now = DateTime.fromISO(date, { zone: ZONE }).plus({ hours: 26 }).toMillis();
    const t1 = performance.now();
    await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date }, config);
    nightSeconds = (performance.now() - t1) / 1000;
  }
  report({ warehouseRows: size, buildSeconds, nightSeconds });
} finally {
  warehouse.close();
  await api.close();
  await sandbox.close();
}
