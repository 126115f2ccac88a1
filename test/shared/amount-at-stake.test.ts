// The amount at stake is one definition written twice, once in SQL (the reports and summary.json sum it)
// and once in TypeScript (triage's lists and alerts hold rows in memory): DuckDB computes the SQL for
// every category and a few rows each, and the two must agree to the cent.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { amountAtStakeOf, amountAtStakeSql } from '../../src/shared/amount-at-stake.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';

const ROWS: [bigint | null, bigint | null, bigint | null][] = [
  [10000n, 9990n, -10n],
  [10000n, 10000n, 0n],
  [null, 4500n, null],
  [15000n, null, null],
  [null, null, 250n],
  [null, null, null],
  [2n ** 62n, 1n, -(2n ** 61n)],
];

describe('amount at stake', () => {
  it('is the same in SQL and in TypeScript for every category (and one outside the contract)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    try {
      for (const category of [...FINDING_CATEGORIES, 'not_a_category']) {
        for (const [order, payment, difference] of ROWS) {
          const reader = await db.runAndReadAll(
            `SELECT ${amountAtStakeSql('f')} AS cents FROM (SELECT $category AS category, $order::BIGINT AS order_amount_cents, $payment::BIGINT AS payment_amount_cents, $difference::BIGINT AS difference_cents) f`,
            { category, order, payment, difference },
          );
          const sql = reader.getRowObjects()[0]?.['cents'];
          const ts = amountAtStakeOf({ category, orderAmountCents: order, paymentAmountCents: payment, differenceCents: difference });
          expect(ts, `${category} ${order} ${payment} ${difference}`).toBe(sql);
        }
      }
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });

  it('takes the payment, not the difference, when an order is behind its paid payment', () => {
    expect(amountAtStakeOf({ category: 'order_status_behind', orderAmountCents: 10000n, paymentAmountCents: 10000n, differenceCents: 0n })).toBe(10000n);
  });
});
