// The cash forecast as SQL: the installments of the paid card sales the acquirer is expected to pay
// in the days after a night, by the configured settlement contract. A forecast, never a record: the
// payments service lists no settlements and no acquirer fees, so every line here is derived from the
// sale and the contract. The forecast report (reports/forecast.ts) and the page's chart both read it.
//
// Parameters: $date (the night, DATE), $tz (zone), $day_end (end of the night, TIMESTAMPTZ), and the
// contract's $first_installment_days, $per_installment, $horizon_days (settlementParams below).
import type { DuckDBValue } from '@duckdb/node-api';
import type { SettlementConfig } from '../config/schema.ts';

/** Most installments a card sale may have (the service prices 1 to 12). */
export const MAX_INSTALLMENTS = 12;

/**
 * One row per installment due from D+1 to D+horizon: `transaction_id, item_id, card_brand, sold_at,
 * sale_date, installment, installments, due_date, amount_cents`.
 *
 * - Sales: transactions whose status is `paid` now, sold before the night's end. Refunded and
 *   charged-back ones are not `paid`, so they are out; `review` is not captured yet.
 * - Amount: `net_value` (what the merchant is owed when the fees are passed to the customer; the
 *   captured `paid_amount` when the row has no net value), less `refunded_amount` on a sale still paid
 *   (a partial refund is paid back to the cardholder out of the merchant's receivables), never below 0.
 * - Installments: `installments` when it is a whole number 1 to 12, else 1; one part when the contract
 *   pays the whole sale at once (`perInstallment` false). Each part is the amount divided by the parts,
 *   rounded down; the first carries the remainder cents, so the parts add up to the amount exactly.
 * - Due date: the sale's local date + firstInstallmentDays + 30 x (n - 1).
 * A part of 0 cents (a sale of fewer cents than installments, or wholly refunded yet still paid) is no line.
 * Sales too old to have a part due after D are not read (the lower bound lets DuckDB skip row groups).
 */
export const RECEIVABLES_FORECAST_SQL = `
WITH sold AS (
  SELECT t.transaction_id, t.item_id, t.card_brand, t.date_created AS sold_at,
    CAST(timezone($tz, t.date_created) AS DATE) AS sale_date,
    CASE WHEN TRY_CAST(t.installments AS INTEGER) BETWEEN 1 AND ${MAX_INSTALLMENTS} THEN TRY_CAST(t.installments AS INTEGER) ELSE 1 END AS installments,
    greatest(coalesce(t.net_value, t.paid_amount, 0) - coalesce(t.refunded_amount, 0), 0)::BIGINT AS receivable_cents
  FROM transactions t
  WHERE t.status = 'paid' AND t.date_created < $day_end
    AND t.date_created >= timezone($tz, CAST($date - CAST($first_installment_days AS INTEGER) - ${30 * (MAX_INSTALLMENTS - 1) + 1} AS TIMESTAMP))
), sales AS (
  SELECT *, CASE WHEN $per_installment THEN installments ELSE 1 END AS parts FROM sold
), lines AS (
  SELECT s.transaction_id, s.item_id, s.card_brand, s.sold_at, s.sale_date, r.n AS installment, s.parts AS installments,
    s.sale_date + CAST($first_installment_days + 30 * (r.n - 1) AS INTEGER) AS due_date,
    (s.receivable_cents // s.parts + CASE WHEN r.n = 1 THEN s.receivable_cents % s.parts ELSE 0 END)::BIGINT AS amount_cents
  FROM sales s JOIN (SELECT CAST(range AS INTEGER) AS n FROM range(1, ${MAX_INSTALLMENTS + 1})) AS r ON r.n <= s.parts
)
SELECT transaction_id, item_id, card_brand, sold_at, sale_date, CAST(installment AS INTEGER) AS installment,
  CAST(installments AS INTEGER) AS installments, CAST(due_date AS DATE) AS due_date, amount_cents
FROM lines
WHERE due_date > $date AND due_date <= $date + CAST($horizon_days AS INTEGER) AND amount_cents > 0`;

/**
 * Every day from D+1 to D+horizon with the installments due and their sum (days without any: 0), from
 * `lines`, the forecast's lines (a table name, or RECEIVABLES_FORECAST_SQL in parentheses).
 */
export function receivablesPerDaySql(lines: string): string {
  return `
WITH days AS (
  SELECT CAST(d AS DATE) AS due_date
  FROM range(CAST($date + 1 AS TIMESTAMP), CAST($date + 1 + CAST($horizon_days AS INTEGER) AS TIMESTAMP), INTERVAL 1 DAY) AS g(d)
)
SELECT days.due_date, count(l.amount_cents) AS installments_due, coalesce(sum(l.amount_cents), 0)::BIGINT AS amount_cents
FROM days LEFT JOIN ${lines} AS l ON l.due_date = days.due_date
GROUP BY days.due_date`;
}

/** The contract as the named parameters the forecast SQL reads. */
export function settlementParams(settlement: SettlementConfig): Record<string, DuckDBValue> {
  return {
    first_installment_days: settlement.firstInstallmentDays,
    per_installment: settlement.perInstallment,
    horizon_days: settlement.horizonDays,
  };
}
