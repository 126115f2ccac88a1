// The fees report: what the card sales cost in acquirer fees, per brand and installment count, for the
// business day and for the month to date. Sales, net value, charged amount, fees (charged - net), and
// the effective rate (fees / net) next to the pricing table's rate, so finance sees at a glance where a
// brand or an installment count costs more than agreed; the amount charged beyond the table's price and
// the sales no price could be had for (installment_prices, the night's snapshot) say how much of that
// is the fee check's findings. Rates are basis points (hundredths of a percent), computed in integers.
// With fees.check off there are no prices, and every sale would read as unpriced: the report is then
// one sheet saying the check is off (`check: 'fees'`), its CSV the header alone.
import type { ColumnSpec, EmptySheetSpec, ReportDefinition, SheetSpec } from '../src/report/types.ts';
import { CHARGED_SALE_SQL } from '../src/fees/sales.ts';

/**
 * The base: every charged sale from the month's first day to the day's end (the month of D in the
 * configured zone), with its business day, whether it is of D, and the price and rate of its own day's
 * snapshot (none when the night could not price it: an unknown brand, the call budget).
 */
const SALES_OF_MONTH = `
WITH s AS (
  SELECT t.card_brand, TRY_CAST(t.installments AS INTEGER) AS installments, t.net_value, t.authorized_amount,
         CAST(timezone($tz, t.date_created) AS DATE) AS sale_date, t.date_created >= $day_start AS of_day
  FROM transactions t
  WHERE t.date_created >= timezone($tz, CAST(date_trunc('month', $date) AS TIMESTAMP)) AND t.date_created < $day_end AND ${CHARGED_SALE_SQL}
)
SELECT s.*, p.amount AS table_amount, p.interest_rate AS table_rate
FROM s LEFT JOIN installment_prices p ON p.business_date = s.sale_date AND p.card_brand = s.card_brand
  AND p.installments = s.installments AND p.net_value = s.net_value`;

/** Half-up basis points of fees over net, in integers (a sum of fees never comes near overflow). */
const rateBp = (fees: string, net: string) => `CAST(CASE WHEN ${net} > 0 THEN (2 * ${fees} * 10000 + ${net}) // (2 * ${net}) END AS BIGINT)`;

const grouped = (where: string) => `
SELECT coalesce(card_brand, '(unknown)') AS card_brand, installments,
  count(*) AS sales,
  sum(net_value)::BIGINT AS net_value_cents,
  sum(authorized_amount)::BIGINT AS charged_cents,
  sum(authorized_amount - net_value)::BIGINT AS fees_cents,
  ${rateBp('sum(authorized_amount - net_value)', 'sum(net_value)')} AS effective_rate_bp,
  -- The table's rate on the latest day of the period that has one.
  CAST(arg_max(table_rate, sale_date) FILTER (WHERE table_rate IS NOT NULL) * 100 AS BIGINT) AS table_rate_bp,
  coalesce(sum(authorized_amount - table_amount), 0)::BIGINT AS over_table_cents,
  count(*) FILTER (WHERE table_amount IS NULL) AS unpriced_sales
FROM $base
WHERE ${where}
GROUP BY ALL`;

const COLUMNS: ColumnSpec[] = [
  { key: 'card_brand', header: 'cardBrand', type: 'text' },
  { key: 'installments', header: 'installments', type: 'integer' },
  { key: 'sales', header: 'sales', type: 'integer' },
  { key: 'net_value_cents', header: 'netValue', type: 'cents' },
  { key: 'charged_cents', header: 'charged', type: 'cents' },
  { key: 'fees_cents', header: 'fees', type: 'cents' },
  { key: 'effective_rate_bp', header: 'effectiveRateBp', type: 'rate' },
  { key: 'table_rate_bp', header: 'tableRateBp', type: 'rate' },
  { key: 'over_table_cents', header: 'overTable', type: 'cents' },
  { key: 'unpriced_sales', header: 'unpricedSales', type: 'integer' },
];
const TOTALS = ['sales', 'net_value_cents', 'charged_cents', 'fees_cents', 'over_table_cents', 'unpriced_sales'];

const sheet = (name: string, title: NonNullable<SheetSpec['title']>, where: string, whenEmpty: EmptySheetSpec): SheetSpec => ({
  name,
  title,
  sql: `${grouped(where)}\nORDER BY card_brand, installments`,
  columns: COLUMNS,
  totals: TOTALS,
  whenEmpty,
});

/** A day without sales points at the month's: its sales and net, the month sheet's totals. */
const NO_SALES_OF_DAY: EmptySheetSpec = {
  message: 'feesDay',
  sql: 'SELECT count(*) AS month_sales, coalesce(sum(net_value), 0)::BIGINT AS month_net_cents FROM $base',
  figures: { month_sales: 'integer', month_net_cents: 'cents' },
};

const NO_SALES_OF_MONTH: EmptySheetSpec = {
  message: 'feesMonth',
  sql: `SELECT CAST(date_trunc('month', $date) AS DATE) AS first_day`,
  figures: { first_day: 'date' },
};

export const fees: ReportDefinition = {
  name: 'fees',
  description: 'Card sales, net, charged, fees and the effective rate against the pricing table, per brand and installments, for the day and the month to date',
  base: SALES_OF_MONTH,
  sheets: [
    sheet('Day', (m) => m.sheets.feesDay, 'of_day', NO_SALES_OF_DAY),
    sheet('Month to date', (m) => m.sheets.feesMonth, 'true', NO_SALES_OF_MONTH),
    {
      // The CSV: both periods in one file, told apart by `period`.
      name: 'csv',
      sql: `SELECT 'day' AS period, * FROM (${grouped('of_day')})
UNION ALL
SELECT 'month_to_date', * FROM (${grouped('true')})
ORDER BY period, card_brand, installments`,
      columns: [{ key: 'period', header: 'period', type: 'text' }, ...COLUMNS],
      inWorkbook: false,
    },
  ],
  csvSheet: 'csv',
  check: 'fees',
};
