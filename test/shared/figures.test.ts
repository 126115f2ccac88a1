// The figures of a night, each one definition: the SQL twin of each predicate (what summary.json's
// counts and the workbook's Summary filter by) selects in DuckDB exactly the findings the predicate does in
// memory (the page, the CLI, the alerts); overdue's boundary, table-driven; and figuresOf's sums.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { atStakeSql, figuresOf, isAtStake, isNewFinding, isOpenFinding, isOverdue, newFindingSql, openFindingSql } from '../../src/shared/figures.ts';

const STATES = ['new', 'open', 'resolved'];

describe('the lifecycle figures', () => {
  it.each([
    ['new', isNewFinding, newFindingSql],
    ['open', isOpenFinding, openFindingSql],
    ['at stake', isAtStake, atStakeSql],
  ] as const)('%s: the SQL twin takes the findings the predicate takes', async (_name, predicate, sql) => {
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      const reader = await db.runAndReadAll(
        `SELECT f.state FROM (VALUES ${STATES.map((s) => `('${s}')`).join(', ')}) f(state) WHERE ${sql('f')} ORDER BY f.state`,
      );
      expect(reader.getRowObjects().map((r) => r['state'])).toEqual(STATES.filter((state) => predicate({ state })).sort());
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});

describe('overdue on night 2026-03-15', () => {
  it.each<[string, string, string | null, boolean]>([
    ['due the day before', 'open', '2026-03-14', true],
    ['due on the night itself: still on time', 'new', '2026-03-15', false],
    ['due the day after', 'open', '2026-03-16', false],
    ['acknowledged still counts against its deadline', 'acknowledged', '2026-03-10', true],
    ['accepted as explained: never', 'accepted', '2026-03-10', false],
    ['resolved: never', 'resolved', '2026-03-10', false],
    ['a category without a deadline: never', 'open', null, false],
  ])('%s', (_name, triageState, dueDate, overdue) => {
    expect(isOverdue({ triageState, dueDate }, '2026-03-15')).toBe(overdue);
  });
});

describe('figuresOf', () => {
  it('counts new and open, sums the amount at stake of the unresolved and of the overdue, in all and per category', () => {
    const f = (category: string, state: string, orderAmountCents: bigint, overdue = false) => ({
      category,
      state,
      overdue,
      orderAmountCents,
      paymentAmountCents: null,
      differenceCents: null,
    });
    const figures = figuresOf([
      f('missing_payment', 'new', 1000n),
      f('missing_payment', 'open', 2500n, true),
      f('missing_payment', 'resolved', 9900n),
      f('refund_owed', 'open', 700n),
    ]);
    expect({ ...figures, byCategory: undefined }).toEqual({
      new: 1,
      open: 2,
      overdue: 1,
      amountAtStakeCents: 1000n + 2500n + 700n,
      overdueAmountCents: 2500n,
      byCategory: undefined,
    });
    // refund_owed's amount is the payment's; without one, the first amount the finding has (amount-at-stake.ts).
    expect(figures.byCategory.get('refund_owed')).toEqual({ new: 0, open: 1, overdue: 0, amountAtStakeCents: 700n, overdueAmountCents: 0n });
    expect(figures.byCategory.get('missing_payment')?.amountAtStakeCents).toBe(3500n);
  });
});
