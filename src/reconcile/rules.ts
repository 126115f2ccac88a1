// The finding rules as set-based SQL over the night's working set (see scope.ts). Each rule yields the
// same columns (RULE_COLUMNS): ids, statuses, amounts and the finding's facts as a JSON object of its
// shape (locale/reason-types.ts); the sentences are written from the facts (lifecycle.ts), never here.
// A finding's key follows it across nights (findingKeySql).
import type { FindingCategory } from '../shared/domain.ts';
import { RULE_COLUMNS, findingKeySql } from '../shared/finding.ts';
import type { ReasonFacts, ReasonKind } from '../shared/locale/reason-types.ts';

/** Macros of the rules. */
export const MACRO_STATEMENTS: readonly string[] = [
  // A rate of installment_prices (DECIMAL, four places) with at least two decimals: 11.9400 -> 11.94.
  `CREATE OR REPLACE TEMP MACRO rc_rate(r) AS regexp_replace(CAST(r AS VARCHAR), '(\\.\\d\\d\\d*?)0+$', '\\1')`,
  // The order of a v1 transaction's statuses: a status can only be followed by one of a higher rank
  // (processing, review, then a decision, then a refund or chargeback of a paid sale); NULL: not a v1 status.
  `CREATE OR REPLACE TEMP MACRO rc_status_rank(s) AS
     CASE s WHEN 'processing' THEN 0 WHEN 'review' THEN 1 WHEN 'paid' THEN 2 WHEN 'refused' THEN 2 WHEN 'rejected' THEN 2
            WHEN 'refunded' THEN 3 WHEN 'chargeback' THEN 3 END`,
];

/**
 * Per order in scope: its linked payments, summarised. Counts and single values first, per order: DuckDB
 * spills such a narrow aggregate. A list (`string_agg`) keeps a buffer per group that DuckDB cannot
 * spill, so lists are built only for the few orders with more than one payment to list; for the others
 * the one value is the list. A 200,000-order day needed more than the default budget's DuckDB share
 * when every order kept its lists.
 */
export const ORDER_PAYMENTS_STATEMENT = `
CREATE OR REPLACE TEMP TABLE rc_order_pay AS
WITH counted AS (
  SELECT p.order_item_id AS item_id,
         count(*) FILTER (WHERE p.counts_as_paid AND p.date_created < $horizon) AS counting_payments,
         count(*) FILTER (WHERE p.status = 'paid') AS paid_payments,
         -- Paid by the end of D: an order the export shows pending at midnight is not behind a payment made after it.
         count(*) FILTER (WHERE p.status = 'paid' AND p.date_created < $d_end) AS paid_by_day_end,
         count(*) FILTER (WHERE p.source = 'card') AS card_payments,
         min(p.payment_id) FILTER (WHERE p.source = 'card') AS card_id,
         min(p.payment_id) FILTER (WHERE p.status = 'paid') AS paid_id,
         min(p.source) FILTER (WHERE p.status = 'paid') AS paid_source,
         min(p.amount_cents) FILTER (WHERE p.status = 'paid') AS paid_amount,
         min(p.status) AS first_status,
         max(p.status) AS last_status,
         min(p.matched_by) FILTER (WHERE p.status = 'paid') AS matched_by
  FROM rc_pay p
  WHERE p.order_item_id IN (SELECT item_id FROM rc_orders)
  GROUP BY p.order_item_id),
listed AS (
  SELECT p.order_item_id AS item_id,
         string_agg(p.payment_id, ',' ORDER BY p.payment_id) FILTER (WHERE p.source = 'card') AS card_ids,
         string_agg(p.payment_id, ',' ORDER BY p.payment_id) FILTER (WHERE p.status = 'paid') AS paid_ids,
         string_agg(p.source, ',' ORDER BY p.payment_id) FILTER (WHERE p.status = 'paid') AS paid_sources,
         string_agg(DISTINCT p.status, ',' ORDER BY p.status) AS payment_statuses
  FROM rc_pay p
  WHERE p.order_item_id IN (
    SELECT item_id FROM counted WHERE card_payments > 1 OR paid_payments > 1 OR first_status <> last_status)
  GROUP BY p.order_item_id)
SELECT o.item_id, o.status AS order_status, o.amount_cents AS order_amount, o.created_at, o.changed_on_day,
       e.edited_on, e.amount_before, e.paid_on, e.status_before,
       coalesce(c.counting_payments, 0) AS counting_payments,
       coalesce(c.paid_payments, 0) AS paid_payments,
       coalesce(c.paid_by_day_end, 0) AS paid_by_day_end,
       CASE WHEN c.card_payments > 1 THEN l.card_ids ELSE c.card_id END AS card_ids,
       CASE WHEN c.paid_payments > 1 THEN l.paid_ids ELSE c.paid_id END AS paid_ids,
       CASE WHEN c.paid_payments > 1 THEN l.paid_sources ELSE c.paid_source END AS paid_sources,
       c.paid_amount,
       CASE WHEN c.first_status <> c.last_status THEN l.payment_statuses ELSE c.first_status END AS payment_statuses,
       c.matched_by
FROM rc_orders o
LEFT JOIN rc_order_edits e ON e.item_id = o.item_id
LEFT JOIN counted c ON c.item_id = o.item_id
LEFT JOIN listed l ON l.item_id = o.item_id`;

/**
 * A finding's facts as a JSON object: its kind and one SQL expression per fact of that shape (the
 * compiler holds the names to the shape; REASON_FACTS checks the values when they are read).
 */
export function factsSql<K extends ReasonKind>(kind: K, facts: { [F in Exclude<keyof Extract<ReasonFacts, { kind: K }>, 'kind'>]: string }): string {
  const pairs = Object.entries(facts as Record<string, string>).map(([name, sql]) => `'${name}', ${sql}`);
  return `json_object('kind', '${kind}', ${pairs.join(', ')})`;
}

const day = (sql: string) => `strftime(${sql}, '%Y-%m-%d')`;
const ms = (sql: string) => `epoch_ms(${sql})`;

// A finding of D is either new on D's activity or carried because it was open after the previous night.
const carried = (category: FindingCategory, ...parts: string[]) => `${findingKeySql(category, ...parts)} IN (SELECT finding_key FROM rc_prev)`;
const key = findingKeySql;
const ofDay = (column: string) => `(${column} >= $d_start AND ${column} < $d_end)`;
// An order rule looks at the orders created on D and at older orders whose content changed on D.
const orderOfDay = `(${ofDay('created_at')} OR changed_on_day)`;

const RULES: Record<FindingCategory, string> = {
  missing_payment: `
SELECT ${key('missing_payment', 'item_id')}, 'missing_payment', item_id, NULL, card_ids, order_status, payment_statuses,
       order_amount, NULL, NULL,
       ${factsSql('missingPayment', {
         markedPaidOn: day('paid_on'),
         statusBefore: 'CASE WHEN paid_on IS NOT NULL THEN status_before END',
         orderCents: 'order_amount',
         paymentsSeen: 'payment_statuses',
       })}
FROM rc_order_pay
WHERE order_status = 'paid' AND counting_payments = 0
  AND (${orderOfDay} OR ${carried('missing_payment', 'item_id')})`,

  unmatched_payment: `
SELECT ${key('unmatched_payment', 'source', 'payment_id')}, 'unmatched_payment', item_id,
       CASE WHEN source = 'cash_in' THEN payment_id END, CASE WHEN source = 'card' THEN payment_id END,
       NULL, status, NULL, amount_cents, NULL,
       ${factsSql('unmatchedPayment', { source: 'source', paymentId: 'payment_id', cents: 'amount_cents', itemId: 'item_id' })}
FROM rc_pay
WHERE status = 'paid' AND order_item_id IS NULL
  AND (${ofDay('date_created')} OR ${carried('unmatched_payment', 'source', 'payment_id')})`,

  amount_mismatch: `
SELECT ${key('amount_mismatch', 'item_id')}, 'amount_mismatch', item_id, CASE WHEN paid_sources = 'cash_in' THEN paid_ids END,
       CASE WHEN paid_sources = 'card' THEN paid_ids END, order_status, 'paid', order_amount, paid_amount,
       paid_amount - order_amount,
       CASE WHEN edited_on IS NOT NULL
            THEN ${factsSql('amountMismatchEdited', {
              editedOn: day('edited_on'),
              beforeCents: 'amount_before',
              orderCents: 'order_amount',
              paidCents: 'paid_amount',
              differenceCents: 'paid_amount - order_amount',
            })}
            ELSE ${factsSql('amountMismatch', {
              orderCents: 'order_amount',
              compared: "CASE WHEN paid_sources = 'card' THEN $compare ELSE 'cash-in amount' END",
              paidCents: 'paid_amount',
              differenceCents: 'paid_amount - order_amount',
            })} END
FROM rc_order_pay
WHERE order_status = 'paid' AND paid_payments = 1 AND abs(paid_amount - order_amount) > $tolerance
  AND (${orderOfDay} OR ${carried('amount_mismatch', 'item_id')})`,

  duplicate_charge: `
SELECT ${key('duplicate_charge', 'p.group_item_id')}, 'duplicate_charge', p.group_item_id, NULL,
       string_agg(p.payment_id, ',' ORDER BY p.payment_id), any_value(o.status), 'paid', any_value(o.amount_cents),
       sum(p.amount_cents), sum(p.amount_cents) - any_value(o.amount_cents),
       ${factsSql('duplicateCharge', {
         count: 'count(*)',
         payments: "to_json(list(json_object('id', p.payment_id, 'cents', p.amount_cents) ORDER BY p.payment_id))",
       })}
FROM rc_pay p LEFT JOIN rc_linked_orders o ON o.item_id = p.order_item_id
WHERE p.status = 'paid' AND p.group_item_id IS NOT NULL
  -- Lists only for the items paid more than once (a narrow count first): a list per item of a busy day
  -- holds buffers DuckDB cannot spill.
  AND p.group_item_id IN (SELECT group_item_id FROM rc_pay WHERE status = 'paid' GROUP BY group_item_id HAVING count(*) >= 2)
GROUP BY p.group_item_id
HAVING count(*) >= 2
  AND (bool_or(${ofDay('p.date_created')}) OR ${carried('duplicate_charge', 'p.group_item_id')})`,

  refund_owed: `
SELECT ${key('refund_owed', 'item_id')}, 'refund_owed', item_id, NULL, paid_ids, order_status, 'paid', order_amount,
       paid_amount, NULL,
       ${factsSql('refundOwed', { orderStatus: 'order_status', paymentIds: 'paid_ids', cents: 'paid_amount' })}
FROM rc_order_pay
WHERE order_status IN ('canceled', 'refunded') AND paid_by_day_end > 0`,

  refund_not_recorded: `
SELECT ${key('refund_not_recorded', 'o.item_id')}, 'refund_not_recorded', o.item_id, NULL,
       string_agg(p.payment_id, ',' ORDER BY p.payment_id), o.order_status, 'refunded', o.order_amount,
       sum(p.amount_cents), NULL,
       ${factsSql('refundNotRecorded', { transactionIds: "string_agg(p.payment_id, ',' ORDER BY p.payment_id)", atMs: ms('max(p.date_updated)') })}
FROM rc_pay p JOIN rc_order_pay o ON o.item_id = p.order_item_id
-- A refunded duplicate next to a still-paid charge is the duplicate's resolution, not a missing refund.
WHERE p.source = 'card' AND p.status = 'refunded' AND o.order_status = 'paid' AND o.paid_payments = 0 AND p.date_updated < $d_end
GROUP BY o.item_id, o.order_status, o.order_amount
HAVING bool_or(${ofDay('p.date_updated')}) OR ${carried('refund_not_recorded', 'o.item_id')}`,

  chargeback_open: `
SELECT ${key('chargeback_open', 'o.item_id')}, 'chargeback_open', o.item_id, NULL,
       string_agg(p.payment_id, ',' ORDER BY p.payment_id), o.order_status, 'chargeback', o.order_amount,
       sum(p.amount_cents), NULL,
       ${factsSql('chargebackOpen', { transactionIds: "string_agg(p.payment_id, ',' ORDER BY p.payment_id)", atMs: ms('max(p.date_updated)') })}
FROM rc_pay p JOIN rc_order_pay o ON o.item_id = p.order_item_id
WHERE p.source = 'card' AND p.status = 'chargeback' AND o.order_status = 'paid' AND o.paid_payments = 0 AND p.date_updated < $d_end
GROUP BY o.item_id, o.order_status, o.order_amount
HAVING bool_or(${ofDay('p.date_updated')}) OR ${carried('chargeback_open', 'o.item_id')}`,

  stale_review: `
SELECT ${key('stale_review', 'p.payment_id')}, 'stale_review', coalesce(p.order_item_id, p.item_id), NULL, p.payment_id,
       o.status, 'review', o.amount_cents, p.amount_cents, NULL,
       ${factsSql('staleReview', { transactionId: 'p.payment_id', sinceMs: ms('p.date_created'), hours: "date_diff('hour', p.date_created, $d_end)" })}
FROM rc_pay p LEFT JOIN rc_linked_orders o ON o.item_id = p.order_item_id
WHERE p.source = 'card' AND p.status = 'review' AND p.date_created < $review_cutoff`,

  order_status_behind: `
SELECT ${key('order_status_behind', 'item_id')}, 'order_status_behind', item_id, CASE WHEN paid_sources = 'cash_in' THEN paid_ids END,
       CASE WHEN paid_sources <> 'cash_in' THEN paid_ids END, order_status, 'paid', order_amount, paid_amount,
       paid_amount - order_amount,
       ${factsSql('orderStatusBehind', { paymentIds: 'paid_ids', cents: 'paid_amount' })}
FROM rc_order_pay
WHERE order_status = 'pending' AND paid_by_day_end > 0`,

  cashin_amount_mismatch: `
SELECT ${key('cashin_amount_mismatch', 'p.payment_id')}, 'cashin_amount_mismatch', coalesce(p.order_item_id, p.item_id), p.payment_id, NULL,
       o.status, 'paid', p.amount_cents, p.paid_amount_cents, p.paid_amount_cents - p.amount_cents,
       ${factsSql('cashinAmountMismatch', { amountCents: 'p.amount_cents', paidCents: 'p.paid_amount_cents', differenceCents: 'p.paid_amount_cents - p.amount_cents' })}
FROM rc_pay p LEFT JOIN rc_linked_orders o ON o.item_id = p.order_item_id
WHERE p.source = 'cash_in' AND p.status = 'paid' AND p.paid_amount_cents <> p.amount_cents AND p.date_updated < $d_end
  AND (${ofDay('p.date_updated')} OR ${carried('cashin_amount_mismatch', 'p.payment_id')})`,

  cashout_failed: `
SELECT ${key('cashout_failed', 'operation_id')}, 'cashout_failed', item_id, operation_id, NULL, NULL, status,
       NULL, amount_cents, NULL,
       ${factsSql('cashoutFailed', { cents: 'amount_cents', description: 'status_description' })}
FROM rc_cashouts
WHERE kind = 'cash_out' AND status = 'failed' AND date_updated < $d_end
  AND (${ofDay('date_updated')} OR ${carried('cashout_failed', 'operation_id')})`,

  cashout_stale_pending: `
SELECT ${key('cashout_stale_pending', 'operation_id')}, 'cashout_stale_pending', item_id, operation_id, NULL, NULL, status,
       NULL, amount_cents, NULL,
       ${factsSql('cashoutStalePending', { cents: 'amount_cents', status: 'status', sinceMs: ms('date_updated'), hours: "date_diff('hour', date_updated, $d_end)" })}
FROM rc_cashouts
WHERE kind = 'cash_out' AND status IN ('processing', 'pending') AND date_updated < $payout_cutoff`,

  cashout_short: `
SELECT ${key('cashout_short', 'operation_id')}, 'cashout_short', item_id, operation_id, NULL, NULL, status,
       NULL, paid_off_amount_cents, paid_off_amount_cents - amount_cents,
       ${factsSql('cashoutShort', { amountCents: 'amount_cents', paidOffCents: 'paid_off_amount_cents', differenceCents: 'paid_off_amount_cents - amount_cents' })}
FROM rc_cashouts
WHERE kind = 'cash_out' AND status = 'fulfilled' AND paid_off_amount_cents < amount_cents AND date_updated < $d_end
  AND (${ofDay('date_updated')} OR ${carried('cashout_short', 'operation_id')})`,

  // A card sale charged other than the installment pricing of its own business day (the snapshot in
  // installment_prices), when the merchant passes the fees on (fees.check). A refund gives the
  // customer the whole charge back, so a refunded sale is no longer at stake.
  fee_mismatch: `
SELECT ${key('fee_mismatch', 's.transaction_id')}, 'fee_mismatch', coalesce(l.order_item_id, s.item_id), NULL, s.transaction_id,
       o.status, s.status, o.amount_cents, s.authorized_amount, s.authorized_amount - p.amount,
       ${factsSql('feeMismatch', {
         installments: 's.installments',
         brand: 's.card_brand',
         chargedCents: 's.authorized_amount',
         tableCents: 'p.amount',
         rate: 'rc_rate(p.interest_rate)',
       })}
FROM rc_sales s
JOIN installment_prices p ON p.business_date = s.price_date AND p.card_brand = s.card_brand
  AND p.installments = s.installments AND p.net_value = s.net_value
LEFT JOIN rc_links l ON l.source = 'card' AND l.payment_id = s.transaction_id
LEFT JOIN rc_linked_orders o ON o.item_id = l.order_item_id
WHERE $fee_check = 'passed-to-customer' AND s.status <> 'refunded' AND abs(s.authorized_amount - p.amount) > $fee_tolerance`,

  // A status change the listing showed whose notification never came within the service's retry span
  // (notifications.expected): the shop's platform learns of refunds and chargebacks that way, so the
  // reason names the open finding of the order it explains. A carried one resolves once any
  // notification of that change arrives, however late.
  notification_missed: `
SELECT ${key('notification_missed', 'h.transaction_id', 'h.status')}, 'notification_missed', coalesce(l.order_item_id, t.item_id), NULL,
       h.transaction_id, o.status, h.status, o.amount_cents, t.net_value, NULL,
       ${factsSql('notificationMissed', {
         transactionId: 'h.transaction_id',
         status: 'h.status',
         atMs: ms('h.date_updated'),
         hours: '$notify_span_hours',
         explains: `(SELECT string_agg(DISTINCT p.category, ', ' ORDER BY p.category) FROM rc_prev p
            WHERE p.item_id = coalesce(l.order_item_id, t.item_id) AND p.category IN ('order_status_behind', 'chargeback_open', 'refund_not_recorded'))`,
       })}
FROM rc_status_changes h
JOIN transactions t ON t.transaction_id = h.transaction_id
LEFT JOIN rc_links l ON l.source = 'card' AND l.payment_id = h.transaction_id
LEFT JOIN rc_linked_orders o ON o.item_id = l.order_item_id
WHERE NOT EXISTS (
  SELECT 1 FROM notifications n
  WHERE n.transaction_id = h.transaction_id AND n.status = h.status
    AND (h.carried OR epoch_ms(n.received_at) <= epoch_ms(h.date_updated) + $notify_span_ms))`,

  // A verified notification the listing contradicts, judged only where that is certain (docs/warehouse.md):
  // the listing, caught up with it (a status dated at or after it), never showed its status, and the
  // status is not one the transaction could have passed through unseen between two syncs (processing,
  // review or paid, after no status of its rank or higher and before one of a higher rank); or the listing
  // lacks the transaction a v1 postback named a grace after it, and the status is one a listed transaction
  // has (review and rejected ones may never be listed).
  notification_contradicted: `
SELECT ${key('notification_contradicted', 'c.transaction_id', 'c.status')}, 'notification_contradicted', coalesce(l.order_item_id, t.item_id), NULL,
       c.transaction_id, o.status, t.status, o.amount_cents, t.net_value, NULL,
       ${factsSql('notificationContradicted', {
         transactionId: 'c.transaction_id',
         status: 'c.status',
         atMs: ms('c.date_updated'),
         listed: `CASE WHEN t.transaction_id IS NOT NULL THEN json_object('status', t.status, 'sinceMs', ${ms('t.date_updated')}) END`,
         hours: '$claim_grace_hours',
       })}
FROM rc_claims c
LEFT JOIN transactions t ON t.transaction_id = c.transaction_id
LEFT JOIN rc_links l ON l.source = 'card' AND l.payment_id = c.transaction_id
LEFT JOIN rc_linked_orders o ON o.item_id = l.order_item_id
WHERE rc_status_rank(c.status) IS NOT NULL
  AND CASE WHEN t.transaction_id IS NULL THEN c.v1_listed AND c.status NOT IN ('review', 'rejected')
      ELSE EXISTS (SELECT 1 FROM rc_claim_history h WHERE h.transaction_id = c.transaction_id AND h.date_updated >= c.date_updated)
           AND NOT EXISTS (SELECT 1 FROM rc_claim_history h WHERE h.transaction_id = c.transaction_id AND h.status = c.status)
           AND NOT (c.status IN ('processing', 'review', 'paid')
             AND EXISTS (SELECT 1 FROM rc_claim_history h WHERE h.transaction_id = c.transaction_id AND h.date_updated >= c.date_updated
                           AND rc_status_rank(h.status) > rc_status_rank(c.status))
             AND NOT EXISTS (SELECT 1 FROM rc_claim_history h WHERE h.transaction_id = c.transaction_id AND h.date_updated < c.date_updated
                               AND rc_status_rank(h.status) >= rc_status_rank(c.status)))
      END`,
  // The bank rules read the night's payout matching (payouts.ts): a payout is judged once its window
  // has passed (W before D), a payout-like credit once every window that could hold it has.
  payout_not_in_bank: `
SELECT ${key('payout_not_in_bank', 'm.cash_out_id')}, 'payout_not_in_bank', b.item_id, m.cash_out_id, NULL, NULL, 'fulfilled',
       NULL, m.expected_cents, NULL,
       ${factsSql('payoutNotInBank', {
         cents: 'm.expected_cents',
         day: day('m.payout_day'),
         account: 'm.account_id',
         windowStart: day('m.window_start'),
         windowEnd: day('m.window_end'),
       })}
FROM rc_payout_matches m LEFT JOIN rc_bank_payouts b USING (cash_out_id)
WHERE m.judged AND m.matched_by = 'none' AND m.window_end < $d
  AND EXISTS (SELECT 1 FROM bank_statements s JOIN rc_bank_accounts a ON a.id = s.account_id
              WHERE a.document = m.document AND s.period_start <= m.window_end AND s.period_end >= m.window_end)`,

  payout_amount_differs: `
SELECT ${key('payout_amount_differs', 'm.cash_out_id')}, 'payout_amount_differs', b.item_id, m.cash_out_id, NULL, NULL, 'fulfilled',
       NULL, m.expected_cents, m.credit_cents - m.expected_cents,
       ${factsSql('payoutAmountDiffers', {
         cents: 'm.expected_cents',
         day: day('m.payout_day'),
         creditCents: 'm.credit_cents',
         postedOn: day('m.posted_at'),
         account: 'm.account_id',
         differenceCents: 'm.credit_cents - m.expected_cents',
         lineId: 'm.line_id',
         memo: 'm.memo',
       })}
FROM rc_payout_matches m LEFT JOIN rc_bank_payouts b USING (cash_out_id)
WHERE m.judged AND m.matched_by = 'paired' AND m.window_end < $d`,

  bank_credit_unexplained: `
SELECT ${key('bank_credit_unexplained', 'account_id', 'line_id')}, 'bank_credit_unexplained', NULL, NULL, NULL, NULL, NULL,
       NULL, amount_cents, NULL,
       ${factsSql('bankCreditUnexplained', { cents: 'amount_cents', postedOn: day('posted_at'), account: 'account_id', lineId: 'line_id', memo: 'memo' })}
FROM rc_bank_unexplained
WHERE judged AND window_end < $d`,
};

/**
 * The night's current findings, before lifecycle: rc_current with the columns' types of all rules united
 * and no row, then one INSERT per rule. As one UNION ALL statement DuckDB built the hash tables of every
 * rule before it read any of them, so the night's need was their sum: the 200,000-sale night ran out of a
 * 91 MiB share there. One rule at a time it needs the largest.
 */
export function currentFindingsStatements(): readonly string[] {
  const parts = Object.values(RULES).map((sql) => `SELECT * FROM (${sql.trim()}) AS f(${RULE_COLUMNS.join(', ')})`);
  return [
    `CREATE OR REPLACE TEMP TABLE rc_current AS SELECT * FROM (${parts.map((p) => `(${p})`).join('\nUNION ALL\n')}) WHERE false`,
    ...parts.map((part) => `INSERT INTO rc_current ${part}`),
  ];
}

/** Matched orders (exact or within tolerance): the reconciliation's positive result. */
export const MATCHES_STATEMENT = `
SELECT $run_id, $d, item_id, paid_ids, matched_by, order_amount, paid_amount, paid_amount - order_amount,
       CASE WHEN paid_amount = order_amount THEN 'exact' ELSE 'variance' END
FROM rc_order_pay
WHERE order_status = 'paid' AND paid_payments = 1 AND abs(paid_amount - order_amount) <= $tolerance
  AND ${ofDay('created_at')}`;
