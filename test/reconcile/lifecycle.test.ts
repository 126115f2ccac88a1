// Findings followed across nights: new on the first, open while true (first_seen kept), resolved once fixed.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { configSchema } from '../../src/config/schema.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { tagOf, tagOrder, tagTx } from './case-tags.ts';
import { insertOrders, insertTransactions } from './fixtures.ts';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const config = configSchema.parse({}).reconcile;
let db: DuckDBConnection;
let close: () => void;

type Rows = Record<string, unknown>[];

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
  return { result, rows: reader.getRowObjects() as Rows };
}

/** The rows of a case's own findings (those whose key names its tag), the tag removed. */
const ownRows = (tag: string, rows: Rows): Rows =>
  rows.filter((r) => String(r['finding_key']).includes(tag)).map((r) => ({ ...r, finding_key: String(r['finding_key']).replaceAll(tag, '') }));

describe('a finding over nights', () => {
  beforeEach(async () => {
    ({ db, close } = await migratedWarehouse(ONE_THREAD));
  });
  afterEach(() => close());

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
});

// The two decisions share a warehouse and their two nights, each case's ids tagged apart (case-tags.ts);
// each asserts the findings of its own rows.
describe('stale reviews decided the next day', () => {
  const decisions: [string, string][] = [
    ['paid', 'transaction t1 left review: now paid since 2026-03-14 12:00 UTC'],
    ['rejected', 'transaction t1 left review: rejected by the fraud check (no longer listed by the service; seen missing on 2026-03-14 12:00 UTC)'],
  ];
  const tags = decisions.map((_, i) => tagOf(i));
  let reviewed: Rows;
  let decided: Rows;
  beforeAll(async () => {
    ({ db, close } = await migratedWarehouse(ONE_THREAD));
    await insertOrders(
      db,
      tags.map((tag) => tagOrder(tag, { item_id: 'A', status: 'pending', created: '2026-03-10T14:00:00Z' })),
    );
    await insertTransactions(
      db,
      tags.map((tag) => tagTx(tag, { transaction_id: 't1', item_id: 'A', status: 'review', created: '2026-03-10T14:01:00Z' })),
    );
    reviewed = (await night('2026-03-13')).rows;
    for (const [i, [status]] of decisions.entries()) {
      const t1 = `${tags[i]}t1`;
      await db.run(`UPDATE transactions SET status = $1 WHERE transaction_id = $2`, [status, t1]);
      await db.run(
        `INSERT INTO transaction_history VALUES ($2, $1, TIMESTAMPTZ '2026-03-14 12:00:00Z', TIMESTAMPTZ '2026-03-15 05:00:00Z', TIMESTAMPTZ '2026-03-15 05:00:00Z', 's', 's')`,
        [status, t1],
      );
    }
    decided = (await night('2026-03-14')).rows;
  });
  afterAll(() => close());

  it.each(decisions.map((d, i) => [...d, tags[i] ?? ''] as const))('a stale review decided %s resolves and says why', async (_, reason, tag) => {
    expect(ownRows(tag, reviewed)).toEqual([{ finding_key: 'stale_review:t1', state: 'new', first_seen: '2026-03-13' }]);
    expect(ownRows(tag, decided).filter((r) => r['finding_key'] === 'stale_review:t1')).toEqual([
      { finding_key: 'stale_review:t1', state: 'resolved', first_seen: '2026-03-13' },
    ]);
    const reader = await db.runAndReadAll(
      `SELECT reason FROM findings WHERE run_id = 'run-2026-03-14' AND category = 'stale_review' AND contains(finding_key, $1)`,
      [tag],
    );
    expect(reader.getRowObjects().map((r) => ({ reason: String(r['reason']).replaceAll(tag, '') }))).toEqual([{ reason }]);
  });
});
