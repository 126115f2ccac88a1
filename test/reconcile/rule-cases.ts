// The finding rules' table: each category, its negative twin and the scope rules, as the rows of one
// case and the findings its night must give ("category:item_id", "category:operation_id"). Run by
// rules.test.ts (batched) and batched-as-alone.test.ts (each case alone too).
import type { OpRow, OrderRow, TxRow } from './fixtures.ts';

export interface RuleCase {
  name: string;
  orders?: OrderRow[];
  txs?: TxRow[];
  ops?: OpRow[];
  /** The night, D by default. */
  date?: string;
  expected: string[]; // "category:item_id" or "category:operation_id"
}

export const RULE_CASES: RuleCase[] = [
  { name: 'a clean card match', orders: [{ item_id: 'A' }], txs: [{ transaction_id: 't1', item_id: 'A' }], expected: [] },
  { name: 'missing_payment: paid order, no payment', orders: [{ item_id: 'A' }], expected: ['missing_payment:A'] },
  {
    name: 'missing_payment: only refused attempts',
    orders: [{ item_id: 'A' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refused' }],
    expected: ['missing_payment:A'],
  },
  {
    name: 'not missing: a refused attempt before a paid one',
    orders: [{ item_id: 'A' }],
    txs: [
      { transaction_id: 't1', item_id: 'A', status: 'refused', created: '2026-03-10T15:00:00Z' },
      { transaction_id: 't2', item_id: 'A', status: 'paid', created: '2026-03-10T15:01:00Z' },
    ],
    expected: [],
  },
  {
    name: 'not missing: a Pix cash-in paid the order',
    orders: [{ item_id: 'A' }],
    ops: [{ kind: 'cash_in', operation_id: 'c1', item_id: 'A', status: 'paid', amount: 10000, paid_amount: 10000 }],
    expected: [],
  },
  { name: 'unmatched_payment: paid transaction with no order', txs: [{ transaction_id: 't1', item_id: 'X' }], expected: ['unmatched_payment:X'] },
  {
    name: 'unmatched_payment: paid cash-in with no order',
    ops: [{ kind: 'cash_in', operation_id: 'c1', item_id: 'X', status: 'paid', amount: 5000, paid_amount: 5000 }],
    expected: ['unmatched_payment:c1'],
  },
  { name: 'not unmatched: a refused transaction with no order', txs: [{ transaction_id: 't1', item_id: 'X', status: 'refused' }], expected: [] },
  {
    name: 'amount_mismatch: order 150,00 vs net_value 149,90',
    orders: [{ item_id: 'A', amount: 15000 }],
    txs: [{ transaction_id: 't1', item_id: 'A', net_value: 14990 }],
    expected: ['amount_mismatch:A'],
  },
  {
    name: 'duplicate_charge: two paid transactions for one item',
    orders: [{ item_id: 'A' }],
    txs: [
      { transaction_id: 't1', item_id: 'A' },
      { transaction_id: 't2', item_id: 'A', created: '2026-03-10T15:02:00Z' },
    ],
    expected: ['duplicate_charge:A'],
  },
  {
    name: 'not duplicate: the second charge was refunded',
    orders: [{ item_id: 'A' }],
    txs: [
      { transaction_id: 't1', item_id: 'A' },
      { transaction_id: 't2', item_id: 'A', status: 'refunded', created: '2026-03-10T15:02:00Z', updated: '2026-03-10T18:00:00Z' },
    ],
    expected: [],
  },
  {
    name: 'refund_owed: canceled order, paid transaction',
    orders: [{ item_id: 'A', status: 'canceled' }],
    txs: [{ transaction_id: 't1', item_id: 'A' }],
    expected: ['refund_owed:A'],
  },
  {
    name: 'not refund_owed: canceled order, refunded transaction',
    orders: [{ item_id: 'A', status: 'canceled' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refunded', updated: '2026-03-10T20:00:00Z' }],
    expected: [],
  },
  {
    name: 'refund_not_recorded: refunded during D, order still paid',
    orders: [{ item_id: 'A' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refunded', updated: '2026-03-10T20:00:00Z' }],
    expected: ['refund_not_recorded:A'],
  },
  {
    name: 'refund_not_recorded: an old sale refunded during D',
    orders: [{ item_id: 'A', created: '2026-02-01T14:00:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refunded', created: '2026-02-01T14:01:00Z', updated: '2026-03-10T20:00:00Z' }],
    expected: ['refund_not_recorded:A'],
  },
  {
    name: 'not refund_not_recorded: refunded after D (a timing gap, tomorrow)',
    orders: [{ item_id: 'A' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refunded', updated: '2026-03-11T04:00:00Z' }],
    expected: [],
  },
  {
    name: 'not refund_not_recorded: the order shows the refund',
    orders: [{ item_id: 'A', status: 'refunded' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'refunded', updated: '2026-03-10T20:00:00Z' }],
    expected: [],
  },
  {
    name: 'chargeback_open: a 90-day-old sale charged back during D',
    orders: [{ item_id: 'A', created: '2025-12-10T14:00:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'chargeback', created: '2025-12-10T14:01:00Z', updated: '2026-03-10T12:00:00Z' }],
    expected: ['chargeback_open:A'],
  },
  {
    name: 'not chargeback_open: the order was marked refunded',
    orders: [{ item_id: 'A', status: 'refunded' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'chargeback', updated: '2026-03-10T20:00:00Z' }],
    expected: [],
  },
  {
    name: 'stale_review: in review since three days before D',
    orders: [{ item_id: 'A', status: 'pending', created: '2026-03-07T14:00:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'review', created: '2026-03-07T14:01:00Z' }],
    expected: ['stale_review:A'],
  },
  {
    name: 'not stale_review: in review for 10 hours',
    orders: [{ item_id: 'A', status: 'pending' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'review', created: '2026-03-10T17:00:00Z' }],
    expected: [],
  },
  {
    name: 'order_status_behind: pending order, paid transaction',
    orders: [{ item_id: 'A', status: 'pending' }],
    txs: [{ transaction_id: 't1', item_id: 'A' }],
    expected: ['order_status_behind:A'],
  },
  {
    name: 'not order_status_behind: pending order, transaction in review',
    orders: [{ item_id: 'A', status: 'pending' }],
    txs: [{ transaction_id: 't1', item_id: 'A', status: 'review' }],
    expected: [],
  },
  {
    name: 'cashin_amount_mismatch: Pix paid short (and no amount_mismatch on top)',
    orders: [{ item_id: 'A', amount: 10000 }],
    ops: [{ kind: 'cash_in', operation_id: 'c1', item_id: 'A', status: 'paid', amount: 10000, paid_amount: 9000 }],
    expected: ['cashin_amount_mismatch:c1'],
  },
  {
    name: 'cashout_failed',
    ops: [{ kind: 'cash_out', operation_id: 'o1', status: 'failed', amount: 50000, paid_off_amount: 0 }],
    expected: ['cashout_failed:o1'],
  },
  {
    name: 'cashout_stale_pending: pending for 3 days',
    ops: [{ kind: 'cash_out', operation_id: 'o1', status: 'pending', created: '2026-03-07T12:00:00Z', amount: 50000, paid_off_amount: 0 }],
    expected: ['cashout_stale_pending:o1'],
  },
  {
    name: 'not cashout_stale_pending: pending since this afternoon',
    ops: [{ kind: 'cash_out', operation_id: 'o1', status: 'pending', created: '2026-03-10T18:00:00Z', amount: 50000, paid_off_amount: 0 }],
    expected: [],
  },
  {
    name: 'cashout_short',
    ops: [{ kind: 'cash_out', operation_id: 'o1', status: 'fulfilled', amount: 50000, paid_off_amount: 49000 }],
    expected: ['cashout_short:o1'],
  },
  {
    name: 'not cashout_short: paid off in full',
    ops: [{ kind: 'cash_out', operation_id: 'o1', status: 'fulfilled', amount: 50000, paid_off_amount: 50000 }],
    expected: [],
  },
  {
    name: 'midnight straddle: order 23:58, payment 00:02 next day',
    orders: [{ item_id: 'A', created: '2026-03-11T02:58:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', created: '2026-03-11T03:02:00Z' }],
    expected: [],
  },
  {
    name: 'midnight straddle seen from the next day',
    date: '2026-03-11',
    orders: [{ item_id: 'A', created: '2026-03-11T02:58:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', created: '2026-03-11T03:02:00Z' }],
    expected: [],
  },
  {
    name: 'not order_status_behind: the export shows pending at midnight, the payment came at 00:02',
    orders: [{ item_id: 'A', status: 'pending', created: '2026-03-11T02:58:00Z' }],
    txs: [{ transaction_id: 't1', item_id: 'A', created: '2026-03-11T03:02:00Z' }],
    expected: [],
  },
  {
    name: 'time zone: 22:30 local is 01:30 UTC next day and belongs to D',
    orders: [{ item_id: 'A', created: '2026-03-11T01:30:00Z' }],
    expected: ['missing_payment:A'],
  },
  { name: 'time zone: the same order is not a finding of D+1', date: '2026-03-11', orders: [{ item_id: 'A', created: '2026-03-11T01:30:00Z' }], expected: [] },
  { name: 'earlier-day sales are not findings of D', orders: [{ item_id: 'A', created: '2026-03-09T14:00:00Z' }], expected: [] },
  {
    name: 'fallback key: listing row without item_id matched by the export transaction_id',
    orders: [{ item_id: 'A', transaction_id: 't1' }],
    txs: [{ transaction_id: 't1', item_id: null }],
    expected: [],
  },
  {
    name: 'fallback key: nsu + authorization_code',
    orders: [{ item_id: 'A', nsu: '123', authorization_code: 'AB1' }],
    txs: [{ transaction_id: 't1', item_id: null, nsu: '123', authorization_code: 'AB1' }],
    expected: [],
  },
];
