// The cash forecast as SQL: the installments of the paid card sales the acquirer is expected to pay
// in the days after a night, by the configured settlement contract. A forecast, never a record: the
// payments service lists no settlements and no acquirer fees, so every line here is derived from the
// sale and the contract. The forecast report (reports/forecast.ts) and the page's chart both read it.
//
// Parameters: $date (the night, DATE), $tz (zone), and the contract's $first_installment_days,
// $per_installment, $horizon_days (settlementParams below).
import type { DuckDBValue } from '@duckdb/node-api';
import type { SettlementConfig } from '../config/schema.ts';

/** Most installments a card sale may have (the service prices 1 to 12; the forecast_lines macro's bound). */
export const MAX_INSTALLMENTS = 12;

/**
 * One row per installment due from D+1 to D+horizon: `transaction_id, item_id, card_brand, sold_at,
 * sale_date, installment, installments, due_date, amount_cents`. The rule is the warehouse's
 * `forecast_lines` macro (migration 0021), so `recon sql` reads the very lines the report and the page
 * add up; this binds it to the night and the contract:
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
SELECT * FROM forecast_lines($date, tz := $tz, first_installment_days := $first_installment_days,
  per_installment := $per_installment, horizon_days := $horizon_days)`;

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
