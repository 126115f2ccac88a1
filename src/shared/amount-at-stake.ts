// The amount at stake of a finding: one figure per finding that never cancels out when summed (a
// shortfall and an excess both add to what finance has to look at). The workbook's Summary sheet and
// the night's summary.json (what the page shows per category) both sum this one expression, so the
// two always agree; triage's lists and alerts, which hold rows in memory, use amountAtStakeOf, made
// from the same table. docs/warehouse.md lists it per category.
import { FINDING_CATEGORIES, type FindingCategory } from './domain.ts';

type Column = 'order_amount_cents' | 'payment_amount_cents' | 'difference_cents';

/** What is at stake, per category, as the finding column (or its absolute value) that says it. */
const AT_STAKE: Readonly<Record<FindingCategory, { column: Column; abs?: true }>> = {
  // The shop says paid, no money came: the whole order.
  missing_payment: { column: 'order_amount_cents' },
  // Money came that no order explains: the whole payment.
  unmatched_payment: { column: 'payment_amount_cents' },
  // The gap between the order and what was paid, whichever way it goes.
  amount_mismatch: { column: 'difference_cents', abs: true },
  // The charges beyond the order's amount (all of them when no order is linked: see the fallback).
  duplicate_charge: { column: 'difference_cents', abs: true },
  // The payment the customer is owed back.
  refund_owed: { column: 'payment_amount_cents' },
  // The refunded amount the shop's books still count as revenue.
  refund_not_recorded: { column: 'payment_amount_cents' },
  // The charged-back amount.
  chargeback_open: { column: 'payment_amount_cents' },
  // The payment held in review.
  stale_review: { column: 'payment_amount_cents' },
  // The payment the shop has not recognised yet (the order still says pending).
  order_status_behind: { column: 'payment_amount_cents' },
  // The gap between the cash-in's amount and what was paid.
  cashin_amount_mismatch: { column: 'difference_cents', abs: true },
  // The payout that did not reach the bank account.
  cashout_failed: { column: 'payment_amount_cents' },
  // The payout still pending.
  cashout_stale_pending: { column: 'payment_amount_cents' },
  // The part of the payout that was not paid off.
  cashout_short: { column: 'difference_cents', abs: true },
  // The gap between what the sale charged and the pricing table's price, whichever way it goes.
  fee_mismatch: { column: 'difference_cents', abs: true },
  // The payment whose change of status the shop was never told of.
  notification_missed: { column: 'payment_amount_cents' },
  // The payment whose status the service's notification and its listing tell differently (0 when unlisted).
  notification_contradicted: { column: 'payment_amount_cents' },
  // The payout that never reached the bank account.
  payout_not_in_bank: { column: 'payment_amount_cents' },
  // The gap between the payout and what the bank credited, whichever way it goes.
  payout_amount_differs: { column: 'difference_cents', abs: true },
  // The credit no payout explains.
  bank_credit_unexplained: { column: 'payment_amount_cents' },
};

/**
 * The SQL expression (BIGINT cents, never NULL) of a finding row's amount at stake; `alias` qualifies the
 * columns (`f` gives `f.category`, ...). A category outside the contract, or a row missing its column,
 * falls back to the first amount it has: the absolute difference, then the payment, then the order.
 */
export function amountAtStakeSql(alias?: string): string {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  const term = (c: { column: Column; abs?: true }) => (c.abs ? `abs(${col(c.column)})` : col(c.column));
  const cases = FINDING_CATEGORIES.map((category) => `WHEN '${category}' THEN ${term(AT_STAKE[category])}`).join(' ');
  const fallback = `abs(${col('difference_cents')}), ${col('payment_amount_cents')}, ${col('order_amount_cents')}`;
  return `CAST(coalesce(CASE ${col('category')} ${cases} END, ${fallback}, 0) AS BIGINT)`;
}

/** A finding row's amount at stake in cents, as amountAtStakeSql computes it in SQL (same table, same fallback). */
export function amountAtStakeOf(row: {
  category: string;
  orderAmountCents: bigint | null;
  paymentAmountCents: bigint | null;
  differenceCents: bigint | null;
}): bigint {
  const abs = (v: bigint | null) => (v === null ? null : v < 0n ? -v : v);
  const columns: Record<Column, bigint | null> = {
    order_amount_cents: row.orderAmountCents,
    payment_amount_cents: row.paymentAmountCents,
    difference_cents: row.differenceCents,
  };
  const spec = AT_STAKE[row.category as FindingCategory] as { column: Column; abs?: true } | undefined;
  const picked = spec === undefined ? null : spec.abs ? abs(columns[spec.column]) : columns[spec.column];
  return picked ?? abs(row.differenceCents) ?? row.paymentAmountCents ?? row.orderAmountCents ?? 0n;
}
