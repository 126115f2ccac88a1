-- forecast_lines: the cash forecast's installments of a night, one rule for the report, the page and recon sql
-- forecast_lines(night, tz, first_installment_days, per_installment, horizon_days) returns one row per
-- installment of the paid card sales due from night + 1 to night + horizon_days, by the settlement
-- contract (docs/bank.md#cash-forecast): transaction_id, item_id, card_brand, sold_at, sale_date,
-- installment, installments (n of N), due_date, amount_cents. A macro, not a view, because a forecast
-- is of a night and a contract; the defaults are the config's (zone America/Sao_Paulo, 30 days, per
-- installment, 90 days), so `SELECT * FROM forecast_lines(DATE '2026-11-26')` is the default forecast.
-- - Sales: status `paid` now, sold before the night's end (its next local midnight in tz); sales too old
--   to have an installment due after the night are not read (a plain lower bound on date_created lets
--   DuckDB skip row groups).
-- - Amount: net_value (paid_amount without one) less refunded_amount, never below 0, split into the
--   parts (installments when a whole number 1 to 12, else 1; 1 when not per installment), rounded down,
--   the first part carrying the remainder cents. A part of 0 cents is no row.
-- - Due date: the sale's local date + first_installment_days + 30 x (n - 1), calendar days.
CREATE OR REPLACE MACRO forecast_lines(night, tz := 'America/Sao_Paulo', first_installment_days := 30, per_installment := true, horizon_days := 90) AS TABLE
WITH sold AS (
  SELECT t.transaction_id, t.item_id, t.card_brand, t.date_created AS sold_at,
    CAST(timezone(tz, t.date_created) AS DATE) AS sale_date,
    CASE WHEN TRY_CAST(t.installments AS INTEGER) BETWEEN 1 AND 12 THEN TRY_CAST(t.installments AS INTEGER) ELSE 1 END AS installments,
    greatest(coalesce(t.net_value, t.paid_amount, 0) - coalesce(t.refunded_amount, 0), 0)::BIGINT AS receivable_cents
  FROM transactions t
  WHERE t.status = 'paid'
    AND t.date_created < timezone(tz, CAST(CAST(night AS DATE) + 1 AS TIMESTAMP))
    AND t.date_created >= timezone(tz, CAST(CAST(night AS DATE) - CAST(first_installment_days AS INTEGER) - 331 AS TIMESTAMP))
), sales AS (
  SELECT *, CASE WHEN per_installment THEN installments ELSE 1 END AS parts FROM sold
), lines AS (
  SELECT s.transaction_id, s.item_id, s.card_brand, s.sold_at, s.sale_date, r.n AS installment, s.parts AS installments,
    s.sale_date + CAST(first_installment_days + 30 * (r.n - 1) AS INTEGER) AS due_date,
    (s.receivable_cents // s.parts + CASE WHEN r.n = 1 THEN s.receivable_cents % s.parts ELSE 0 END)::BIGINT AS amount_cents
  FROM sales s JOIN (SELECT CAST(range AS INTEGER) AS n FROM range(1, 13)) AS r ON r.n <= s.parts
)
SELECT transaction_id, item_id, card_brand, sold_at, sale_date, CAST(installment AS INTEGER) AS installment,
  CAST(installments AS INTEGER) AS installments, CAST(due_date AS DATE) AS due_date, amount_cents
FROM lines
WHERE due_date > CAST(night AS DATE) AND due_date <= CAST(night AS DATE) + CAST(horizon_days AS INTEGER) AND amount_cents > 0;
