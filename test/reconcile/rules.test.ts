// Table-driven tests of the finding rules on real migrated DuckDB files: each category, its negative twin
// and the scope rules (rule-cases.ts). The cases of one night share a warehouse and a reconcile, each
// case's ids tagged apart (case-tags.ts); each asserts the findings of its own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';
import { RULE_CASES, type RuleCase } from './rule-cases.ts';
import { runRuleBatch, runRuleNight, type RuleBatch } from './rule-nights.ts';

// An amount_mismatch whose stored reason the last test reads, batched with the table's night.
const EXPLAINED: RuleCase = {
  name: 'explains a finding with both values in reais',
  orders: [{ item_id: 'A', amount: 15000 }],
  txs: [{ transaction_id: 't1', item_id: 'A', net_value: 14990 }],
  expected: ['amount_mismatch:A'],
};

let batch: RuleBatch<RuleCase>;
beforeAll(async () => {
  batch = await runRuleBatch([...RULE_CASES, EXPLAINED]);
});
afterAll(() => batch?.close());

describe('finding rules', () => {
  it.each(RULE_CASES)('$name', (c) => {
    expect(batch.findingsOf(c)).toEqual(c.expected);
  });

  it('leaves no finding of a batched night that belongs to no case', () => {
    expect(batch.unowned).toEqual([]);
  });

  it('reports a match within tolerance as variance, never as clean', async () => {
    const { db, close } = await migratedWarehouse(ONE_THREAD);
    try {
      await runRuleNight(
        db,
        { orders: [{ item_id: 'A', amount: 15000 }], txs: [{ transaction_id: 't1', item_id: 'A', net_value: 14990 }] },
        { amountToleranceCents: 20 },
      );
      const reader = await db.runAndReadAll(`SELECT match_state, variance_cents FROM matches`);
      expect(reader.getRowObjects()).toEqual([{ match_state: 'variance', variance_cents: -10n }]);
    } finally {
      close();
    }
  });

  it('explains a finding with both values in reais', async () => {
    const { db, tag } = batch.placeOf(EXPLAINED);
    const reader = await db.runAndReadAll(`SELECT reason, difference_cents FROM findings WHERE starts_with(item_id, $1)`, [tag]);
    expect(reader.getRowObjects()).toEqual([{ reason: 'order 150,00 vs net_value 149,90 (-0,10)', difference_cents: -10n }]);
    expect(batch.findingsOf(EXPLAINED)).toEqual(EXPLAINED.expected);
  });
});
