// The tie-outs of a night's close (docs/close.md) on real migrated warehouses: each case's lines, and the
// residue that names what no rule explains. The lines always sum to service minus shop. The shop's
// record of a refund comes from its exports' history, which the ground-truth suites' nights build; the
// cases here hold the service's side of refunds.
import { describe, expect, it } from 'vitest';
import { readClose } from '../../src/reconcile/close-read.ts';
import type { TieOutName } from '../../src/shared/close.ts';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';
import { runRuleNight, type RuleRows } from './rule-nights.ts';

interface CloseCase {
  name: string;
  tieOut?: TieOutName;
  rows: RuleRows;
  tolerance?: number;
  /** line=items/cents of the explaining lines, sorted. */
  lines: string[];
  unexplained: { items: number; amount_cents: number };
  residue: string[];
}

const CASES: CloseCase[] = [
  {
    name: 'a sale paid as ordered closes with nothing to explain',
    rows: { orders: [{ item_id: 'A', amount: 15000 }], txs: [{ transaction_id: 't1', item_id: 'A', net_value: 15000 }] },
    lines: [],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'a payment 10 cents short is explained by its amount_mismatch',
    rows: { orders: [{ item_id: 'A', amount: 15000 }], txs: [{ transaction_id: 't1', item_id: 'A', net_value: 14990 }] },
    lines: ['amount_mismatch=1/-10'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'within the tolerance, the same difference is explained by it',
    rows: { orders: [{ item_id: 'A', amount: 15000 }], txs: [{ transaction_id: 't1', item_id: 'A', net_value: 14990 }] },
    tolerance: 20,
    lines: ['tolerance=1/-10'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'a paid order without a payment is explained by its missing_payment',
    rows: { orders: [{ item_id: 'A', amount: 15000 }] },
    lines: ['missing_payment=1/-15000'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'a payment with no order is explained by its unmatched_payment',
    rows: { txs: [{ transaction_id: 't1', item_id: 'X', net_value: 5000 }] },
    lines: ['unmatched_payment=1/5000'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'an order of D paid by a payment of the next day is timing',
    rows: {
      orders: [{ item_id: 'A', amount: 15000, created: '2026-03-11T02:58:00Z' }],
      txs: [{ transaction_id: 't1', item_id: 'A', net_value: 15000, created: '2026-03-11T03:01:00Z' }],
    },
    lines: ['other_day=1/-15000'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'an order the shop shows refunded that the service never captured is left unexplained, with its row',
    rows: { orders: [{ item_id: 'A', amount: 15000, status: 'refunded' }] },
    lines: [],
    unexplained: { items: 1, amount_cents: -15000 },
    residue: ['A  0 15000 -15000'],
  },
  {
    name: "an order's residue is not hidden by another order's finding that names no payment",
    rows: {
      orders: [
        { item_id: 'A', amount: 15000, status: 'refunded' },
        { item_id: 'B', amount: 5000 },
      ],
    },
    lines: ['missing_payment=1/-5000'],
    unexplained: { items: 1, amount_cents: -15000 },
    residue: ['A  0 15000 -15000'],
  },
  {
    name: 'refunds: a sale the service refunded while the order stays paid is explained by its refund_not_recorded',
    tieOut: 'refunds',
    rows: {
      orders: [{ item_id: 'A', amount: 15000 }],
      txs: [{ transaction_id: 't1', item_id: 'A', net_value: 15000, status: 'refunded', updated: '2026-03-10T20:00:00Z' }],
    },
    lines: ['refund_not_recorded=1/15000'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'refunds: a chargeback on a paid order is explained by its chargeback_open',
    tieOut: 'refunds',
    rows: {
      orders: [{ item_id: 'A', amount: 15000 }],
      txs: [{ transaction_id: 't1', item_id: 'A', net_value: 15000, status: 'chargeback', updated: '2026-03-10T20:00:00Z' }],
    },
    lines: ['chargeback_open=1/15000'],
    unexplained: { items: 0, amount_cents: 0 },
    residue: [],
  },
  {
    name: 'refunds: a refund of a sale made on an earlier day and recorded nowhere by the shop is left unexplained',
    tieOut: 'refunds',
    rows: {
      txs: [{ transaction_id: 't1', item_id: 'X', net_value: 5000, status: 'refunded', created: '2026-03-02T15:00:00Z', updated: '2026-03-10T20:00:00Z' }],
    },
    lines: [],
    unexplained: { items: 1, amount_cents: 5000 },
    residue: ['X t1 5000 0 5000'],
  },
];

describe('the tie-outs', () => {
  it.each(CASES)('$name', async (c) => {
    const { db, close } = await migratedWarehouse(ONE_THREAD);
    try {
      await runRuleNight(db, c.rows, c.tolerance === undefined ? {} : { amountToleranceCents: c.tolerance });
      const sales = (await readClose(db, 'run-2026-03-10'))[c.tieOut ?? 'sales'];
      const lines = sales.explained.map((l) => `${l.line}=${l.items}/${l.amount_cents}`).sort();
      expect(lines).toEqual(c.lines);
      expect(sales.unexplained).toEqual(c.unexplained);
      expect(sales.closes).toBe(c.unexplained.items === 0);
      // The identity: what explains the difference and what does not sum to service minus shop.
      const sum = sales.explained.reduce((n, l) => n + l.amount_cents, 0) + sales.unexplained.amount_cents;
      expect(sum).toBe(sales.service.amount_cents - sales.shop.amount_cents);
      expect(sales.difference_cents).toBe(sum);
      const residue = (
        await db.runAndReadAll(`SELECT item_id, payment_ids, service_cents, shop_cents, difference_cents FROM close_residue WHERE tieout = $1`, [
          c.tieOut ?? 'sales',
        ])
      ).getRows();
      expect(residue.map((r) => r.map((v) => (v === null ? '' : String(v))).join(' '))).toEqual(c.residue);
    } finally {
      close();
    }
  });
});
