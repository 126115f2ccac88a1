// The cash forecast report: what the card acquirer is expected to pay the merchant on each of the
// days after the night (settlement.horizonDays, default 90), from the paid card sales and the
// configured contract, and the installments behind each figure. A forecast, labelled so on every
// sheet: the payments service lists no settlements, so nothing here is a record of money paid.
import type { NotesSpec, ReportDefinition } from '../src/report/types.ts';
import { RECEIVABLES_FORECAST_SQL, receivablesPerDaySql } from '../src/forecast/receivables-sql.ts';

/**
 * What the forecast covers, under every sheet (src/forecast/coverage.ts, bound as parameters): from which
 * sale date every sale is in it, and which days of the horizon are partial (or that none is).
 */
const COVERAGE_NOTES = `
  (10, CASE WHEN $forecast_complete_from = '' THEN 'forecastNoSync' ELSE 'forecastCompleteFrom' END, NULLIF($forecast_complete_from, '')),
  (11, CASE WHEN CAST($forecast_partial_through AS DATE) > $date THEN 'forecastPartialDays' ELSE 'forecastNoPartialDays' END,
    CASE WHEN CAST($forecast_partial_through AS DATE) > $date
      THEN strftime($date + 1, '%Y-%m-%d') || ' – ' || $forecast_partial_through END)`;

/**
 * Under every sheet: that it is a forecast, what its amounts are and what it covers; under the per-day
 * sheet also the days it spans and the contract it follows.
 */
const notes = (withContract: boolean): NotesSpec => ({
  sql: `
SELECT label, text_value, NULL::TIMESTAMPTZ AS instant_value
FROM (VALUES
  (1, 'forecastNotice', NULL),
  (2, 'forecastAmount', NULL)${
    withContract
      ? `,
  (3, 'forecastFrom', strftime($date + 1, '%Y-%m-%d')),
  (4, 'forecastTo', strftime($date + CAST($horizon_days AS INTEGER), '%Y-%m-%d')),
  (5, 'forecastContract', 'settlement.firstInstallmentDays = ' || CAST($first_installment_days AS INTEGER)
    || ', settlement.perInstallment = ' || CAST($per_installment AS VARCHAR))`
      : ''
  },${COVERAGE_NOTES}
) AS notes(position, label, text_value)
ORDER BY position`,
});

export const forecast: ReportDefinition = {
  name: 'forecast',
  description:
    'Cash forecast: card receivables expected per day for the days after the night, one line per installment (a forecast: the service lists no settlements)',
  base: RECEIVABLES_FORECAST_SQL,
  sheets: [
    {
      name: 'By day',
      title: (m) => m.sheets.forecastDay,
      // A day is partial when sales older than the covered ones may have installments due on it.
      sql: `SELECT *, due_date <= CAST($forecast_partial_through AS DATE) AS partial FROM (${receivablesPerDaySql('$base')})\nORDER BY due_date`,
      columns: [
        { key: 'due_date', header: 'dueDate', type: 'date' },
        { key: 'installments_due', header: 'installmentsDue', type: 'integer' },
        { key: 'amount_cents', header: 'expectedAmount', type: 'cents' },
        { key: 'partial', header: 'partialDay', type: 'boolean' },
      ],
      totals: ['installments_due', 'amount_cents'],
      notes: notes(true),
    },
    {
      name: 'Installments',
      title: (m) => m.sheets.forecastLines,
      // One line per installment grows with the merchant's sales: the workbook shows the nearest ones, the CSV all.
      maxWorkbookRows: 50_000,
      sql: `
SELECT transaction_id, item_id, card_brand, sold_at, installment, installments, due_date, amount_cents
FROM $base
ORDER BY due_date, transaction_id, installment`,
      columns: [
        { key: 'transaction_id', header: 'transaction', type: 'text' },
        { key: 'item_id', header: 'item', type: 'text' },
        { key: 'card_brand', header: 'cardBrand', type: 'text' },
        { key: 'sold_at', header: 'soldAt', type: 'instant' },
        { key: 'installment', header: 'installment', type: 'integer' },
        { key: 'installments', header: 'installments', type: 'integer' },
        { key: 'due_date', header: 'dueDate', type: 'date' },
        { key: 'amount_cents', header: 'expectedAmount', type: 'cents' },
      ],
      totals: ['amount_cents'],
      notes: notes(false),
      whenEmpty: {
        message: 'forecastLines',
        sql: 'SELECT CAST($date + 1 AS DATE) AS first_day, CAST($date + CAST($horizon_days AS INTEGER) AS DATE) AS last_day',
        figures: { first_day: 'date', last_day: 'date' },
      },
    },
  ],
  csvSheet: 'Installments',
};
