// The night's reads are bounded (scope.ts in branches, migration 13's views and macros) without changing
// what they read: on seeded random warehouses full of collisions (shared keys, null keys, '|' inside
// nsu and authorization_code, old rows changed on the night, carried findings), each night's working
// set equals what the OR-chains it replaced select, and the views and order_links equal the released
// definitions of migrations 11 and 12.
//
// The six seeds' warehouses are filled into one, each seed's ids, nsu, authorization codes and imports
// under a prefix of its own, so that no row of one seed can reach another's (every link is by a key and
// every key is apart; the nights' imports fall on the same dates for all), and the four nights run once
// over all of them: a night's fixed cost (its statements, then eighteen comparisons) was most of a seed's
// four seconds of CPU, paid six times.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { nightParams } from '../../src/reconcile/scope.ts';
import { Rng } from '../../src/sandbox/rng.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { TRANSACTION_STATUSES } from '../../src/shared/domain.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { MIGRATIONS_DIR } from '../../src/warehouse/migrations.ts';
import { runWithParams } from '../../src/warehouse/sql.ts';
import { insertOperations, insertOrders, insertTransactions } from './fixtures.ts';
import { migratedWarehouse } from '../warehouse/migrated-copy.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHTS = ['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11'];
const SEEDS = [1, 2, 3, 4, 5, 6];
const config = configSchema.parse({}).reconcile;
let db: DuckDBConnection;
let close: () => void;

beforeEach(async () => {
  ({ db, close } = await migratedWarehouse());
});
afterEach(() => close());

/** The released views and macro, renamed old_*, to compare with. */
async function createReleasedDefinitions(): Promise<void> {
  const names =
    /\b(order_links|card_payments|refunded_transactions|charged_back_transactions|transaction_orders|refunds|chargebacks|findings_with_customer)\b/g;
  for (const file of ['0011-findings-with-customer.sql', '0012-order-links.sql']) {
    await db.run(readFileSync(join(MIGRATIONS_DIR, file), 'utf8').replace(names, 'old_$1'));
  }
}

async function fill(rng: Rng, p: string): Promise<void> {
  const instant = () => new Date(Date.parse('2026-03-10T12:00:00Z') + rng.int(-30 * 24, 2 * 24) * 3_600_000 + rng.int(0, 3_599_999)).toISOString();
  const maybe = <T>(p: number, value: T) => (rng.chance(p) ? null : value);
  const nsu = () => maybe(0.3, p + rng.pick(['1', '2', '1|2', '3']));
  const auth = () => maybe(0.3, p + rng.pick(['a', 'b', '2|a', 'a|b']));
  const items = Array.from({ length: 60 }, (_, i) => `${p}I${i}`);
  await insertOrders(
    db,
    items
      .filter(() => rng.chance(0.7))
      .map((item_id) => ({
        item_id,
        status: rng.pick(['paid', 'paid', 'pending', 'canceled', 'refunded']),
        amount: rng.pick([10000, 10300, 9000]),
        created: instant(),
        transaction_id: maybe(0.5, `${p}T${rng.int(0, 150)}`),
        nsu: nsu(),
        authorization_code: auth(),
      })),
  );
  const txs = Array.from({ length: 150 }, (_, i) => {
    const created = instant();
    return {
      transaction_id: `${p}T${i}`,
      item_id: maybe(0.2, rng.pick(items)),
      status: rng.pick(TRANSACTION_STATUSES),
      created,
      updated: rng.chance(0.5) ? created : instant(),
      net_value: rng.pick([10000, 10300]),
      nsu: nsu(),
      authorization_code: auth(),
    };
  }).map((t) => (t.updated < t.created ? { ...t, updated: t.created } : t));
  await insertTransactions(db, txs);
  // History: the status most were seen in (some were loaded without), and for some an earlier refund or
  // chargeback they have since left.
  for (const t of txs) {
    const seen = [...(rng.chance(0.6) ? [[t.status, t.updated]] : []), ...(rng.chance(0.2) ? [[rng.pick(['refunded', 'chargeback']), instant()]] : [])];
    for (const [status, at] of new Map(seen.map(([status, at]) => [status, at]))) {
      await db.run(`INSERT INTO transaction_history VALUES ('${t.transaction_id}', '${status}', '${at}', now(), now(), 'r', 'r')`);
    }
  }
  // Some ids are both a cash-in and a cash-out; (kind, operation_id) stays unique, as the sync keeps it.
  const kinds = Array.from({ length: 45 }, () => (rng.chance(0.5) ? ('cash_in' as const) : ('cash_out' as const)));
  await insertOperations(
    db,
    Array.from({ length: 60 }, (_, i) => {
      const first = kinds[i % 45] ?? 'cash_in';
      const kind = i < 45 ? first : first === 'cash_in' ? ('cash_out' as const) : ('cash_in' as const);
      const status = kind === 'cash_in' ? rng.pick(['active', 'paid', 'expired']) : rng.pick(['processing', 'pending', 'fulfilled', 'failed']);
      return {
        kind,
        operation_id: `${p}O${i % 45}`,
        item_id: maybe(0.3, rng.pick(items)),
        status,
        created: instant(),
        updated: instant(),
        amount: 5000,
        paid_amount: rng.pick([5000, 4000]),
        paid_off_amount: rng.pick([5000, 4000]),
      };
    }),
  );
  // Customers differ by operation and kind (some unnamed), and some orders name theirs.
  await db.run(`UPDATE operations SET customer_name = CASE WHEN hash(operation_id) % 5 = 0 THEN NULL ELSE kind || ' ' || operation_id END,
    customer_document_number = operation_id || kind`);
  await db.run(`UPDATE orders SET customer_name = 'order ' || item_id WHERE hash(item_id) % 3 = 0`);
  // Imports of the nights, so that orders change on a night and show up late.
  for (const [n, date] of NIGHTS.entries()) {
    await db.run(`INSERT INTO order_imports VALUES ('${p}imp${n}', NULL, 'f', 'csv', '${date}', 'x', 0, 0, 0, 0, TIMESTAMPTZ '${date} 06:00:00+00')`);
    for (const item of items.filter(() => rng.chance(0.3))) {
      await db.run(`INSERT INTO order_history VALUES ('${p}imp${n}', '${item}', '${rng.pick(['paid', 'pending', 'canceled'])}', ${rng.pick([10000, 9000])},
        TIMESTAMPTZ '2026-03-01 12:00:00+00', NULL, 2, TIMESTAMPTZ '${date} 06:00:00+00')`);
    }
  }
}

const rowsOf = async (sql: string, params: Record<string, unknown> = {}) =>
  (await runWithParams(db, `SELECT * FROM (${sql}) ORDER BY ALL`, params as never)).getRowObjectsJson();

// What scope.ts selected before its reads were bounded: one OR-chain per table.
const ORDERS_BEFORE = `
SELECT o.*, o.item_id IN (SELECT item_id FROM rc_day_orders WHERE changed) AS changed_on_day FROM orders o
WHERE o.created_at < $horizon AND ((o.created_at >= $d_start AND o.created_at < $d_end)
  OR o.item_id IN (SELECT item_id FROM rc_prev WHERE item_id IS NOT NULL)
  OR o.item_id IN (SELECT item_id FROM rc_day_orders WHERE changed OR (first_seen AND EXISTS (SELECT 1 FROM order_imports WHERE business_date < $d)))
  OR o.item_id IN (SELECT item_id FROM rc_changed WHERE item_id IS NOT NULL)
  OR o.transaction_id IN (SELECT payment_id FROM rc_changed))`;
const PAYMENTS_BEFORE = `
SELECT 'card' AS source, t.transaction_id AS payment_id, t.item_id, t.status, t.date_created, t.date_updated, t.net_value AS amount_cents,
       t.nsu, t.authorization_code, NULL::BIGINT AS paid_amount_cents
FROM transactions t
WHERE t.date_created < $horizon AND (t.date_created >= $d_start OR (t.date_updated >= $d_start AND t.date_updated < $d_end)
  OR t.status = 'review' OR t.transaction_id IN (SELECT transaction_id FROM rc_prev_tx) OR t.item_id IN (SELECT item_id FROM rc_orders)
  OR t.item_id IN (SELECT item_id FROM rc_prev WHERE item_id IS NOT NULL)
  OR t.transaction_id IN (SELECT transaction_id FROM rc_orders WHERE transaction_id IS NOT NULL)
  OR t.nsu || '|' || t.authorization_code IN (SELECT nsu || '|' || authorization_code FROM rc_orders WHERE nsu IS NOT NULL AND authorization_code IS NOT NULL))
UNION ALL
SELECT 'cash_in', c.operation_id, c.item_id, c.status, c.date_created, c.date_updated, c.amount_cents, NULL, NULL, c.paid_amount_cents
FROM operations c
WHERE c.kind = 'cash_in' AND c.date_created < $horizon AND (c.date_created >= $d_start OR (c.date_updated >= $d_start AND c.date_updated < $d_end)
  OR c.item_id IN (SELECT item_id FROM rc_orders) OR c.operation_id IN (SELECT operation_id FROM rc_prev WHERE operation_id IS NOT NULL))`;
// The cash-outs each payout rule judged, read from all operations and from the night's rc_cashouts.
const cashOuts = (from: string) => `
SELECT * FROM ${from} WHERE kind = 'cash_out' AND (
  (status IN ('failed', 'fulfilled') AND date_updated < $d_end AND ((date_updated >= $d_start AND date_updated < $d_end)
    OR ('cashout_' || CASE status WHEN 'failed' THEN 'failed' ELSE 'short' END || ':' || operation_id) IN (SELECT finding_key FROM rc_prev)))
  OR (status IN ('processing', 'pending') AND date_updated < $payout_cutoff))`;

describe('bounded night reads', () => {
  it('seeds 1 to 6, their keys apart: each night reads what the OR-chains read, and the views match their released definitions', async () => {
    for (const seed of SEEDS) await fill(new Rng(seed), `s${seed}-`);
    await createReleasedDefinitions();
    let previous: { runId: string; date: string } | undefined;
    for (const date of NIGHTS) {
      const day = businessDayOf(date, ZONE);
      const runId = `run-${date}`;
      await reconcileDay({ db, clock: fixedClock(day.endMs + 3_600_000), logger: silentLogger }, { runId, day, keepWorkingTables: true }, config);
      const params = nightParams({
        runId,
        date,
        startMs: day.startMs,
        endMs: day.endMs,
        previousRunId: previous?.runId,
        previousRunDate: previous?.date,
        reconcile: config,
      });
      expect(await rowsOf('SELECT * FROM rc_prev')).toEqual(await rowsOf(`SELECT * FROM findings WHERE run_id = $prev_run AND state <> 'resolved'`, params));
      expect(await rowsOf('SELECT * FROM rc_orders')).toEqual(await rowsOf(ORDERS_BEFORE, params));
      expect(await rowsOf('SELECT * FROM rc_payments')).toEqual(await rowsOf(PAYMENTS_BEFORE, params));
      expect(await rowsOf(cashOuts('rc_cashouts'), params)).toEqual(await rowsOf(cashOuts('operations'), params));
      expect(await rowsOf(`SELECT * FROM order_links('rc_payments', $horizon)`, params)).toEqual(
        await rowsOf(`SELECT * FROM old_order_links('rc_payments', $horizon)`, params),
      );
      const dayParams = { s: params['d_start'], e: params['d_end'] };
      expect(await rowsOf('SELECT * FROM refunds WHERE refunded_at >= $s AND refunded_at < $e', dayParams)).toEqual(
        await rowsOf('SELECT * FROM old_refunds WHERE refunded_at >= $s AND refunded_at < $e', dayParams),
      );
      expect(await rowsOf('SELECT * FROM refunds_between($s, $e)', dayParams)).toEqual(
        await rowsOf('SELECT * FROM old_refunds WHERE refunded_at >= $s AND refunded_at < $e', dayParams),
      );
      expect(await rowsOf('SELECT * EXCLUDE (age_days) FROM chargebacks WHERE is_open AND charged_back_at < $e', dayParams)).toEqual(
        await rowsOf('SELECT * EXCLUDE (age_days) FROM old_chargebacks WHERE is_open AND charged_back_at < $e', dayParams),
      );
      expect(await rowsOf('SELECT * EXCLUDE (age_days) FROM chargebacks_between($s, $e)', dayParams)).toEqual(
        await rowsOf('SELECT * EXCLUDE (age_days) FROM old_chargebacks WHERE charged_back_at >= $s AND charged_back_at < $e', dayParams),
      );
      expect(await rowsOf(`SELECT * FROM findings_with_customer WHERE run_id = '${runId}'`)).toEqual(
        await rowsOf(`SELECT * FROM old_findings_with_customer WHERE run_id = '${runId}'`),
      );
      previous = { runId, date };
    }
    // Every seed's rows raised findings of their own, more than twenty each, as each did alone.
    const unresolved = await rowsOf(`SELECT split_part(coalesce(item_id, operation_id, transaction_ids), '-', 1) AS seed, count(*)::INTEGER AS n
      FROM findings WHERE state <> 'resolved' GROUP BY ALL`);
    expect(unresolved.map((r) => r['seed'])).toEqual(SEEDS.map((seed) => `s${seed}`));
    for (const { n } of unresolved) expect(n).toBeGreaterThan(20);
    for (const view of [
      'refunds',
      'transaction_orders',
      'refunded_transactions EXCLUDE (refunded_at)',
      'charged_back_transactions EXCLUDE (charged_back_at)',
    ]) {
      const [name, ...rest] = view.split(' ');
      expect(await rowsOf(`SELECT * ${rest.join(' ')} FROM ${name}`)).toEqual(await rowsOf(`SELECT * FROM old_${name}`));
    }
    expect(await rowsOf('SELECT * EXCLUDE (age_days) FROM chargebacks')).toEqual(await rowsOf('SELECT * EXCLUDE (age_days) FROM old_chargebacks'));
    expect(await rowsOf(`SELECT * FROM order_links('card_payments', 'infinity'::TIMESTAMPTZ)`)).toEqual(
      await rowsOf(`SELECT * FROM old_order_links('card_payments', 'infinity'::TIMESTAMPTZ)`),
    );
  });
});
