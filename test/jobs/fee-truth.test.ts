// The fee check against the sandbox's ground truth: histories with mispriced sales planted among the
// natural ones, night after night, through a fault-free and a flaky service. The findings new on each
// night are exactly the planted discrepancies of every category, fee_mismatch included, and each night's
// price snapshot took two installment calls per brand it priced.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { configSchema, type ReconConfig } from '../../src/config/schema.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { runNightly } from '../../jobs/nightly.ts';

const ZONE = 'America/Sao_Paulo';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const keyOf = (e: { category: string; item_id?: string | null; operation_id?: string | null }) => `${e.category}:${e.operation_id ?? e.item_id ?? ''}`;

async function scoreSeed(seed: number, faults: 'none' | 'flaky') {
  const history = generateHistory({ seed, days: 8, perDay: 60, endDate: '2026-03-20', discrepancyRate: 0.04, mispricedRate: 0.03 });
  const dir = mkdtempSync(join(tmpdir(), `recon-fees-${seed}-`));
  dirs.push(dir);
  let now = 0;
  const clock = { now: () => now };
  const sandbox = await startSandbox({ history, clock, faults, faultSeed: seed });
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 8, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2000 },
  });
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  const config: ReconConfig = configSchema.parse({
    timezone: ZONE,
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
    fees: { check: 'passed-to-customer' },
  });
  const expected: string[] = [];
  const found: string[] = [];
  const nights: { calls: number; brands: number; unpriced: number; summaryCalls: unknown }[] = [];
  try {
    for (const date of datesBetween(history.startDate, history.endDate, ZONE)) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      const outcome = await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date }, config);
      const reader = await warehouse.connection.runAndReadAll(`SELECT category, item_id, operation_id FROM findings WHERE run_id = $1 AND state = 'new'`, [
        outcome.reconcile.runId,
      ]);
      for (const row of reader.getRowObjects()) found.push(`${date} ${keyOf(row as { category: string })}`);
      for (const entry of history.discrepancies.filter((d) => d.date === date)) expected.push(`${date} ${keyOf(entry)}`);
      const summary = JSON.parse(readFileSync(outcome.summaryFile, 'utf8')) as { fees: { calls: number } };
      nights.push({
        calls: outcome.fees.calls,
        brands: outcome.fees.proportional.length,
        unpriced: outcome.fees.unpriced,
        summaryCalls: summary.fees.calls,
      });
    }
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
  }
  return { expected: expected.sort(), found: found.sort(), nights };
}

function score(expected: string[], found: string[]) {
  const truth = new Set(expected);
  const hits = found.filter((f) => truth.has(f)).length;
  return { precision: found.length === 0 ? 1 : hits / found.length, recall: expected.length === 0 ? 1 : hits / expected.length };
}

describe('fee check against the ground truth', () => {
  it.each([
    [11, 'none'],
    [12, 'none'],
    [13, 'flaky'],
  ] as const)(
    'finds exactly the planted discrepancies, mispriced sales included (seed %i, faults %s)',
    async (seed, faults) => {
      const { expected, found, nights } = await scoreSeed(seed, faults);
      expect(expected.filter((e) => e.includes(' fee_mismatch:')).length).toBeGreaterThanOrEqual(5);
      expect(found).toEqual(expected);
      expect(score(expected, found)).toEqual({ precision: 1, recall: 1 });
      for (const night of nights) {
        // Two calls per brand (its rates at the reference value and the check at a second one), no more.
        expect(night.calls).toBe(2 * night.brands);
        expect(night.brands).toBeGreaterThan(0);
        expect(night.unpriced).toBe(0);
        expect(night.summaryCalls).toBe(night.calls);
      }
    },
    180_000,
  );
});
