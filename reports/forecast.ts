// The cash forecast report: what the card acquirer is expected to pay the merchant on each of the
// days after the night (settlement.horizonDays, default 90), from the paid card sales and the
// configured contract, and the installments due in the nearest days (settlement.linesDays, default 3)
// behind those figures. A forecast, labelled so on every sheet: the payments service lists no
// settlements, so nothing here is a record of money paid. Every line of the horizon (hundreds of
// thousands for a busy merchant) stays in the warehouse, `forecast_lines`, where the lines sheet's notes
// point: a report is sized to what a person reads, and a night no longer writes the whole book.
import type { NotesSpec, ReportDefinition } from '../src/report/types.ts';
import { RECEIVABLES_FORECAST_SQL, receivablesPerDaySql } from '../src/forecast/receivables-sql.ts';
import { FORECAST_LINE_COLUMNS, forecastLinesSql } from '../src/report/forecast-lines.ts';

/**
 * What the forecast covers, under every sheet (src/forecast/coverage.ts, bound as parameters): from which
 * sale date every sale is in it, and which days of the horizon are partial (or that none is).
 */
const COVERAGE_NOTES = `
  (10, CASE WHEN $forecast_complete_from = '' THEN 'forecastNoSync' ELSE 'forecastCompleteFrom' END, NULLIF($forecast_complete_from, '')),
  (11, CASE WHEN CAST($forecast_partial_through AS DATE) > $date THEN 'forecastPartialDays' ELSE 'forecastNoPartialDays' END,
    CASE WHEN CAST($forecast_partial_through AS DATE) > $date
      THEN strftime($date + 1, '%Y-%m-%d') || ' – ' || $forecast_partial_through END)`;

/** The last due day the lines sheet lists: D + settlement.linesDays, within the horizon. */
const LINES_UNTIL = '$date + least(CAST($lines_days AS INTEGER), CAST($horizon_days AS INTEGER))';

/**
 * Under the lines sheet: which days it lists, and the `recon sql` that lists every line of the night's
 * horizon (the night's contract spelled out, so it is the very forecast of the By day sheet).
 */
const LINES_NOTES = `,
  (6, 'forecastLinesShown', strftime($date + 1, '%Y-%m-%d') || ' – ' || strftime(${LINES_UNTIL}, '%Y-%m-%d')
    || ' (settlement.linesDays = ' || CAST($lines_days AS INTEGER) || ')'),
  (7, 'forecastAllLines', 'recon sql "SELECT * FROM forecast_lines(DATE ''' || strftime($date, '%Y-%m-%d') || ''', tz := ''' || $tz
    || ''', first_installment_days := ' || CAST($first_installment_days AS INTEGER) || ', per_installment := ' || CAST($per_installment AS VARCHAR)
    || ', horizon_days := ' || CAST($horizon_days AS INTEGER) || ')"; recon export --format parquet (forecast_lines/)')`;

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
      : LINES_NOTES
  },${COVERAGE_NOTES}
) AS notes(position, label, text_value)
ORDER BY position`,
});

export const forecast: ReportDefinition = {
  name: 'forecast',
  description:
    'Cash forecast: card receivables expected per day for the days after the night, and the installments due in the nearest days (a forecast: the service lists no settlements)',
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
      // The nearest days only: the whole horizon is one line per installment of a year of sales. And the
      // first of them only: a busy merchant's three days are tens of thousands of lines, all in the CSV.
      maxWorkbookRows: 10_000,
      // Printing the workbook prints the sums per day (the other sheet); this one prints its total and notes.
      printRows: 'totals',
      sql: forecastLinesSql('$base', `due_date <= ${LINES_UNTIL}`),
      columns: [...FORECAST_LINE_COLUMNS],
      totals: ['amount_cents'],
      notes: notes(false),
      whenEmpty: {
        message: 'forecastLines',
        sql: `SELECT CAST($date + 1 AS DATE) AS first_day, CAST(${LINES_UNTIL} AS DATE) AS last_day`,
        figures: { first_day: 'date', last_day: 'date' },
      },
    },
  ],
  csvSheet: 'Installments',
};
