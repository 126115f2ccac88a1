// How a finding-rule case runs: its rows in a migrated warehouse, one night with the default reconcile
// config, and the findings it leaves not resolved, as "category:id". Alone (a warehouse of its own) or
// batched (case-tags.ts): the cases of one night in one warehouse, one reconcile. Each night is a group
// of its own: a later night in the same warehouse would carry an earlier one's findings.
import type { DuckDBConnection } from '@duckdb/node-api';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';
import { groupCases, ownLines, tagOp, tagOrder, tagTx, unownedLines } from './case-tags.ts';
import { insertOperations, insertOrders, insertTransactions, type OpRow, type OrderRow, type TxRow } from './fixtures.ts';

// Business day D = 2026-03-10 in America/Sao_Paulo: [2026-03-10T03:00Z, 2026-03-11T03:00Z).
const D = '2026-03-10';
const TZ = 'America/Sao_Paulo';
const config = configSchema.parse({}).reconcile;

export interface RuleRows {
  orders?: OrderRow[] | undefined;
  txs?: TxRow[] | undefined;
  ops?: OpRow[] | undefined;
  /** The night, D by default. */
  date?: string | undefined;
}

/** Inserts the rows, runs their night and gives its findings not resolved, as "category:id" in key order. */
export async function runRuleNight(db: DuckDBConnection, rows: RuleRows, overrides: Partial<typeof config> = {}): Promise<string[]> {
  await insertOrders(db, rows.orders ?? []);
  await insertTransactions(db, rows.txs ?? []);
  await insertOperations(db, rows.ops ?? []);
  const runId = `run-${rows.date ?? D}`;
  await reconcileDay({ db, clock: fixedClock(0), logger: silentLogger }, { runId, day: businessDayOf(rows.date ?? D, TZ) }, { ...config, ...overrides });
  const reader = await db.runAndReadAll(
    `SELECT category || ':' || coalesce(operation_id, item_id, transaction_ids) AS k FROM findings WHERE run_id = $1 AND state <> 'resolved' ORDER BY k`,
    [runId],
  );
  return reader.getRowObjects().map((r) => String(r['k']));
}

export interface RuleBatch<C> {
  /** The case's findings, as runRuleNight would give them for the case alone. */
  findingsOf(c: C): string[];
  /** The warehouse the case's night ran in, and the tag its ids carry there. */
  placeOf(c: C): { db: DuckDBConnection; tag: string };
  /** Findings that name no case of their night. */
  unowned: string[];
  close(): void;
}

/** Runs the cases' nights, one warehouse and one reconcile per night. */
export async function runRuleBatch<C extends RuleRows>(cases: readonly C[]): Promise<RuleBatch<C>> {
  const places = new Map<C, { db: DuckDBConnection; tag: string; findings: string[] }>();
  const closers: (() => void)[] = [];
  const unowned: string[] = [];
  try {
    for (const { key: date, members } of groupCases(cases, (c) => c.date ?? D)) {
      const { db, close } = await migratedWarehouse(ONE_THREAD);
      closers.push(close);
      const found = await runRuleNight(db, {
        orders: members.flatMap(({ c, tag }) => (c.orders ?? []).map((r) => tagOrder(tag, r))),
        txs: members.flatMap(({ c, tag }) => (c.txs ?? []).map((r) => tagTx(tag, r))),
        ops: members.flatMap(({ c, tag }) => (c.ops ?? []).map((r) => tagOp(tag, r))),
        date,
      });
      for (const { c, tag } of members) places.set(c, { db, tag, findings: ownLines(tag, found) });
      unowned.push(
        ...unownedLines(
          members.map((m) => m.tag),
          found,
        ),
      );
    }
  } catch (error) {
    for (const close of closers) close();
    throw error;
  }
  const placeOf = (c: C) => {
    const place = places.get(c);
    if (!place) throw new Error('not a case of this batch');
    return place;
  };
  return {
    findingsOf: (c) => placeOf(c).findings,
    placeOf,
    unowned,
    close: () => {
      for (const close of closers) close();
    },
  };
}
