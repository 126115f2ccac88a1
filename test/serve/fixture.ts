// A real two-night sandbox run for the serve tests: the built-in sandbox, its orders exports and two
// nightly runs in-process, leaving a closed warehouse and a reports folder in a temp directory, laid
// out as the embedded sandbox run lays them out (data/sandbox/{recon.duckdb,reports}).
// The two nights are the same for every file that asks (a seed and a fixed clock) and cost seconds of
// CPU, so one run is kept in the folder the e2e project's global setup provides (two-nights-setup.ts) and
// each file gets a copy of it: the first file to ask runs the nights there, a file asking while they run
// runs its own rather than wait. The warehouse finds its raw rows' folder beside itself, so a copy works
// as the original; the exports' paths it recorded name the template, whose files are the same.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { inject } from 'vitest';
import { configSchema, type ReconConfig } from '../../src/config/schema.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { runNightly } from '../../jobs/nightly.ts';

export const ZONE = 'America/Sao_Paulo';
export const NIGHTS = ['2026-03-10', '2026-03-11'] as const;
/** The clock of the serve tests: 02:00 local on the day after the last night. */
export const NOW = DateTime.fromISO('2026-03-12T02:00', { zone: ZONE }).toMillis();

export interface TwoNights {
  dir: string;
  config: ReconConfig;
}

/** The two nights in a folder of this file's own, a copy of the shared run when there is one. */
export async function runTwoNights(): Promise<TwoNights> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-serve-'));
  const shared = inject('twoNightsTemplate');
  if (shared === undefined) return runNightsIn(dir);
  const template = join(shared, 'run');
  const done = join(shared, 'done');
  // mkdir is atomic: one file wins the right to run the nights into the template.
  if (!existsSync(done) && claim(join(shared, 'claimed'))) {
    await runNightsIn(template);
    writeFileSync(done, '');
  }
  if (!existsSync(done)) return runNightsIn(dir);
  cpSync(template, dir, { recursive: true });
  return { dir, config: configFor(dir) };
}

function claim(path: string): boolean {
  try {
    mkdirSync(path);
    return true;
  } catch {
    return false;
  }
}

function configFor(dir: string): ReconConfig {
  return configSchema.parse({
    timezone: ZONE,
    warehouse: { path: join(dir, 'data', 'sandbox', 'recon.duckdb') },
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'data', 'sandbox', 'reports') },
  });
}

async function runNightsIn(dir: string): Promise<TwoNights> {
  mkdirSync(dir, { recursive: true });
  const history = generateHistory({ seed: 7, days: 40, perDay: 30, endDate: NIGHTS[1], discrepancyRate: 0.1 });
  let now = 0;
  const clock = { now: () => now };
  const sandbox = await startSandbox({ history, clock });
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 },
  });
  const config = configFor(dir);
  const warehouse = await openWarehouse(config.warehouse.path);
  try {
    for (const date of NIGHTS) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date, source: 'sandbox' }, config);
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
  }
  return { dir, config };
}
