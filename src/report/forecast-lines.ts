// The cash forecast's installment lines as a person downloads them: the columns and the order of the
// forecast report's lines sheet and CSV (reports/forecast.ts), which the page's download of every line
// of a night's horizon (src/serve/forecast-lines-download.ts) writes too, so both files read alike.
import type { ColumnSpec } from './types.ts';
import { RECEIVABLES_FORECAST_SQL } from '../forecast/receivables-sql.ts';

/** The name the night page downloads every line of the horizon by: /nights/<date>/forecast-lines.csv. */
export const FORECAST_LINES_FILE = 'forecast-lines.csv';

/** One installment per row, as forecast.csv holds them. */
export const FORECAST_LINE_COLUMNS: readonly ColumnSpec[] = [
  { key: 'transaction_id', header: 'transaction', type: 'text' },
  { key: 'item_id', header: 'item', type: 'text' },
  { key: 'card_brand', header: 'cardBrand', type: 'text' },
  { key: 'sold_at', header: 'soldAt', type: 'instant' },
  { key: 'installment', header: 'installment', type: 'integer' },
  { key: 'installments', header: 'installments', type: 'integer' },
  { key: 'due_date', header: 'dueDate', type: 'date' },
  { key: 'amount_cents', header: 'expectedAmount', type: 'cents' },
];

/**
 * The lines of `from` (a table, or the forecast's SQL in parentheses), optionally only those `where`
 * holds, in the order a person reads them: by due day, then sale and installment.
 */
export function forecastLinesSql(from: string, where?: string): string {
  return `
SELECT ${FORECAST_LINE_COLUMNS.map((c) => c.key).join(', ')}
FROM ${from}${where === undefined ? '' : `\nWHERE ${where}`}
ORDER BY due_date, transaction_id, installment`;
}

/** Every line of the night's horizon (parameters as RECEIVABLES_FORECAST_SQL's). */
export const ALL_FORECAST_LINES_SQL = forecastLinesSql(`(${RECEIVABLES_FORECAST_SQL})`);
