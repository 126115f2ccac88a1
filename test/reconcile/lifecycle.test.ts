// Findings followed across nights: new on the first, open while true (first_seen kept), resolved once fixed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { configSchema } from '../../src/config/schema.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { insertOrders, insertTransactions } from './fixtures.ts';
import { migratedWarehouse } from '../warehouse/migrated-copy.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const config = configSchema.parse({}).reconcile;
let db: DuckDBConnection;
let close: () => void;

beforeEach(async () => {
  ({ db, close } = await migratedWarehouse());
});
afterEach(() => close());

async function night(date: string) {
  const result = await reconcileDay(
    { db, clock: fixedClock(Date.parse(`${date}T05:00:00Z`)), logger: silentLogger },
    { runId: `run-${date}`, day: businessDayOf(date, 'America/Sao_Paulo') },
    config,
  );
  const reader = await db.runAndReadAll(
    `SELECT finding_key, state, CAST(first_seen AS VARCHAR) AS first_seen FROM findings WHERE run_id = $1 ORDER BY finding_key`,
    [`run-${date}`],
  );
  return { result, rows: reader.getRowObjects() };
}

it('follows a missing payment from new to open to resolved', async () => {
  await insertOrders(db, [{ item_id: 'A', created: '2026-03-10T14:00:00Z' }]);
  const first = await night('2026-03-10');
  expect(first.rows).toEqual([{ finding_key: 'missing_payment:A', state: 'new', first_seen: '2026-03-10' }]);
  expect(first.result.counts.missing_payment.new).toBe(1);

  const second = await night('2026-03-11');
  expect(second.rows).toEqual([{ finding_key: 'missing_payment:A', state: 'open', first_seen: '2026-03-10' }]);

  // The payment shows up late (created on the 12th): the next night resolves the finding.
  await insertTransactions(db, [{ transaction_id: 't1', item_id: 'A', created: '2026-03-12T13:00:00Z' }]);
  const third = await night('2026-03-12');
  expect(third.rows).toEqual([{ finding_key: 'missing_payment:A', state: 'resolved', first_seen: '2026-03-10' }]);
  expect(third.result.totals).toEqual({ new: 0, open: 0, resolved: 1 });

  const fourth = await night('2026-03-13');
  expect(fourth.rows).toEqual([]);
});

it('is idempotent: re-running a night gives the same findings', async () => {
  await insertOrders(db, [
    { item_id: 'A', created: '2026-03-10T14:00:00Z' },
    { item_id: 'B', amount: 500, created: '2026-03-10T15:00:00Z' },
  ]);
  await insertTransactions(db, [{ transaction_id: 't1', item_id: 'B', net_value: 400, created: '2026-03-10T15:01:00Z' }]);
  const once = await night('2026-03-10');
  const twice = await night('2026-03-10');
  expect(twice.rows).toEqual(once.rows);
  expect(once.rows.map((r) => r['finding_key'])).toEqual(['amount_mismatch:B', 'missing_payment:A']);
});

it.each([
  ['paid', 'transaction t1 left review: now paid since 2026-03-14 12:00 UTC'],
  ['rejected', 'transaction t1 left review: rejected by the fraud check (no longer listed by the service; seen missing on 2026-03-14 12:00 UTC)'],
])('a stale review decided %s resolves and says why', async (status, reason) => {
  await insertOrders(db, [{ item_id: 'A', status: 'pending', created: '2026-03-10T14:00:00Z' }]);
  await insertTransactions(db, [{ transaction_id: 't1', item_id: 'A', status: 'review', created: '2026-03-10T14:01:00Z' }]);
  expect((await night('2026-03-13')).rows).toEqual([{ finding_key: 'stale_review:t1', state: 'new', first_seen: '2026-03-13' }]);
  await db.run(`UPDATE transactions SET status = $1 WHERE transaction_id = 't1'`, [status]);
  await db.run(
    `INSERT INTO transaction_history VALUES ('t1', $1, TIMESTAMPTZ '2026-03-14 12:00:00Z', TIMESTAMPTZ '2026-03-15 05:00:00Z', TIMESTAMPTZ '2026-03-15 05:00:00Z', 's', 's')`,
    [status],
  );
  const next = await night('2026-03-14');
  expect(next.rows.filter((r) => r['finding_key'] === 'stale_review:t1')).toEqual([
    { finding_key: 'stale_review:t1', state: 'resolved', first_seen: '2026-03-13' },
  ]);
  const reader = await db.runAndReadAll(`SELECT reason FROM findings WHERE run_id = 'run-2026-03-14' AND category = 'stale_review'`);
  expect(reader.getRowObjects()).toEqual([{ reason }]);
});
