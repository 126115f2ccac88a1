// The tie-outs of the day's close, as data (docs/close.md): for each, the shop's side and the service's
// as items of D, and what makes an item's counterpart another day's. close-sql.ts turns each into the
// statements that explain their difference item by item.
import { findingKeySql } from '../shared/finding.ts';
import { type TieOutSpec, tieOutStatements } from './close-sql.ts';

const ofDay = (column: string) => `(${column} >= $d_start AND ${column} < $d_end)`;
/** An order the shop counts as sold: paid, or refunded since (a later refund does not unsell it). */
const SOLD = (alias: string) => `${alias}.status IN ('paid', 'refunded')`;
/** A card sale whose money went back: refunded, or charged back. */
const RETURNED = (alias: string) => `${alias}.source = 'card' AND ${alias}.status IN ('refunded', 'chargeback')`;

/** Sales: the orders of D the shop's export shows paid (or refunded since) against the sales the service captured on D. */
const SALES: TieOutSpec = {
  name: 'sales',
  shop: `SELECT item_id AS k, item_id, amount_cents FROM rc_orders o WHERE ${SOLD('o')} AND ${ofDay('created_at')}`,
  service: `SELECT coalesce(order_item_id, source || ':' || payment_id) AS k, coalesce(order_item_id, item_id) AS item_id, payment_id, amount_cents
            FROM rc_pay WHERE counts_as_paid AND ${ofDay('date_created')}`,
  // The order of D paid by a payment of another day, or the payment of D whose order is of another day.
  elsewhere: `(d.has_shop AND EXISTS (SELECT 1 FROM rc_pay p WHERE p.order_item_id = d.item_id AND p.counts_as_paid AND NOT ${ofDay('p.date_created')}))
     OR (NOT d.has_shop AND EXISTS (SELECT 1 FROM rc_orders o WHERE o.item_id = d.item_id AND ${SOLD('o')} AND NOT ${ofDay('o.created_at')}))`,
  resolvedExplains: false,
};

/**
 * The shop's record of money going back: each order's versions in the exports of the nights up to D,
 * and the night whose export first showed it refunded, or canceled after it was paid: after an export
 * showed it paid, or, first seen canceled (a first import of past exports), with a sale the service
 * captured for it. An order canceled before it was paid moved no money.
 */
const SHOP_RETURNS = `
SELECT item_id, business_date, amount_cents FROM (
  SELECT h.item_id, i.business_date, h.amount_cents, h.status, lag(h.status) OVER w AS prev_status
  FROM order_history h JOIN order_imports i USING (import_id)
  WHERE h.item_id IN (SELECT item_id FROM rc_orders) AND i.business_date <= $d
  WINDOW w AS (PARTITION BY h.item_id ORDER BY h.imported_at, h.import_id))
WHERE (status = 'refunded' AND prev_status IS DISTINCT FROM 'refunded')
   OR (status = 'canceled' AND (prev_status = 'paid' OR (prev_status IS NULL
       AND item_id IN (SELECT order_item_id FROM rc_pay WHERE counts_as_paid AND order_item_id IS NOT NULL))))`;

/**
 * Refunds and chargebacks: the orders whose export of D first records the money going back (refunded,
 * or canceled after it was paid) against the card sales the service refunded or charged back on D.
 */
const REFUNDS: TieOutSpec = {
  name: 'refunds',
  // The shop's records of money going back, read once: its side and `elsewhere` both ask them.
  prepare: [`CREATE OR REPLACE TEMP TABLE rc_close_returns AS ${SHOP_RETURNS}`],
  shop: 'SELECT item_id AS k, item_id, amount_cents FROM rc_close_returns WHERE business_date = $d',
  service: `SELECT coalesce(order_item_id, source || ':' || payment_id) AS k, coalesce(order_item_id, item_id) AS item_id, payment_id, amount_cents
            FROM rc_pay WHERE ${RETURNED('rc_pay')} AND ${ofDay('date_updated')}`,
  // The shop recorded it on an earlier night, or the service returned it on another day.
  elsewhere: `(d.has_service AND EXISTS (SELECT 1 FROM rc_close_returns r WHERE r.item_id = d.item_id AND r.business_date < $d))
     OR (d.has_shop AND EXISTS (SELECT 1 FROM rc_pay p WHERE p.order_item_id = d.item_id AND ${RETURNED('p')} AND NOT ${ofDay('p.date_updated')}))`,
  resolvedExplains: true,
};

/** The payouts and credits the bank check judges tonight for the first time: their window ended since the previous night. */
const JUDGED_TONIGHT = `judged AND window_end < $d AND ($prev_date IS NULL OR window_end >= $prev_date)`;

/**
 * Cash: the payouts whose window ended since the previous night (what the service paid out to the
 * merchant's accounts and the bank had bank.settleDays business days to credit) against what the bank
 * statements credited for them, plus the credits like a payout that no payout explains, judged tonight.
 * The service's side is the payouts; the shop's, the merchant's own record of the money: its bank.
 */
const CASH: TieOutSpec = {
  name: 'cash',
  // A credit of one payout or of its day's sum covers the payout's amount; a paired credit is its own amount.
  shop: `SELECT cash_out_id AS k, cash_out_id AS item_id,
                CASE matched_by WHEN 'none' THEN 0 WHEN 'sum' THEN expected_cents ELSE credit_cents END AS amount_cents
         FROM rc_payout_matches WHERE ${JUDGED_TONIGHT} AND matched_by <> 'none'
         UNION ALL
         SELECT ${findingKeySql('bank_credit_unexplained', 'account_id', 'line_id')}, NULL, amount_cents FROM rc_bank_unexplained WHERE ${JUDGED_TONIGHT}`,
  service: `SELECT cash_out_id AS k, cash_out_id AS item_id, cash_out_id AS payment_id, expected_cents AS amount_cents
            FROM rc_payout_matches WHERE ${JUDGED_TONIGHT}`,
  // The bank check's matcher already looked across each payout's whole window.
  elsewhere: 'false',
  resolvedExplains: false,
};

/** The night's close: its earlier rows (a re-run of the run) removed, then every tie-out. */
export const CLOSE_STATEMENTS: readonly string[] = [
  'DELETE FROM close_lines WHERE run_id = $run_id',
  'DELETE FROM close_residue WHERE run_id = $run_id',
  ...[SALES, REFUNDS, CASH].flatMap(tieOutStatements),
];
