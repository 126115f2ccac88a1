// Bench task: one nightly incremental run (1,000 sales a day) on a warehouse that already holds
// --warehouse-rows transactions of earlier history, to show that the night's time follows the night's
// work and not the warehouse's size. Two steps, each its own process, so that the measured night's
// memory is the night's alone:
//   --step build  writes the warehouse: the old history (in SQL), then every night but the last (untimed);
//   --step night  opens that file and runs the last night, timed (wall, CPU, and each step of the night).
// Both steps regenerate the same seeded sandbox history, so the night sees what the build left off at.
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { runNightly } from '../../jobs/nightly.ts';
import { END, ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const size = Number(argValue('--warehouse-rows') ?? 100_000);
const step = argValue('--step') ?? 'build';
if (step !== 'build' && step !== 'night') throw new Error(`--step expects "build" or "night", got "${step}"`);

const history = generateHistory({ seed: 3, days: 8, perDay: 1000, endDate: END });
const dates = datesBetween(history.startDate, END, ZONE);
const nightsOf = step === 'build' ? dates.slice(0, -1) : dates.slice(-1);
let now = DateTime.fromISO(nightsOf[0] ?? END, { zone: ZONE })
  .plus({ hours: 26 })
  .toMillis();
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

/** Runs one night as the nightly job does; returns its wall and CPU seconds and its steps' seconds. */
async function runNight(date: string): Promise<{ seconds: number; cpuSeconds: number; steps: Record<string, number> }> {
  await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
  now = DateTime.fromISO(date, { zone: ZONE }).plus({ hours: 26 }).toMillis();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const night = await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date }, config);
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - t0) / 1000, cpuSeconds: (used.user + used.system) / 1e6, steps: night.summary.timings };
}

/** Years of earlier sales, before the sandbox's history; one in 50 refunded, one in 500 charged back. */
async function insertOldHistory(db: Warehouse['connection']): Promise<void> {
  await db.run(`
    INSERT INTO transactions
    SELECT 'old_' || i, 'OLD-' || i, CASE WHEN i % 500 = 0 THEN 'chargeback' WHEN i % 50 = 0 THEN 'refunded' ELSE 'paid' END,
      'A' || i % 99999, CAST(i AS VARCHAR), TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5), TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5 + 60),
      10000 + i % 5000, 10300 + i % 5000, 10300 + i % 5000, 0, '1', 'Old Customer', 'visa', '411111', '1111', '0000', 'ok', 'old:' || i,
      now(), now(), 'bench', 'bench'
    FROM range(${size}) t(i)`);
  await db.run(`
    INSERT INTO orders
    SELECT 'OLD-' || i, CASE WHEN i % 50 = 0 THEN 'refunded' ELSE 'paid' END, 10000 + i % 5000, TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_seconds(i * 5),
      NULL, NULL, NULL, NULL, NULL, 'Pago', 'bench', 'bench.csv', i + 2, now()
    FROM range(${size}) t(i)`);
}

try {
  if (step === 'build') {
    const t0 = performance.now();
    await insertOldHistory(warehouse.connection);
    for (const date of nightsOf) await runNight(date);
    report({ warehouseRows: size, buildSeconds: (performance.now() - t0) / 1000 });
  } else {
    const night = await runNight(nightsOf[0] as string);
    report({ warehouseRows: size, nightSeconds: night.seconds, nightCpuSeconds: night.cpuSeconds, steps: night.steps });
  }
} finally {
  warehouse.close();
  await api.close();
  await sandbox.close();
}
