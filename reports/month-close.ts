// The month's close ("Fechamento do mês"): one sheet, a block per tie-out summed over the nights of the
// month up to the report's night (docs/close.md), from the query the night page's month to date and
// `recon close --month` read (src/shared/close-month.ts), so the three state one sum. Its notes say
// which days it spans, how many nights it sums and which days no close was stored for. Written by
// `recon close --month` on request and by the nightly on the month's last night, into that night's folder.
import { MONTH_CLOSE_LINES_SQL, MONTH_MISSING_SPANS_SQL, MONTH_NIGHTS_SQL } from '../src/shared/close-month.ts';
import type { ReportDefinition } from '../src/report/types.ts';
import { CLOSE_COLUMNS, closeSheetSql } from './close-sheet.ts';

/** The month's span and its nights; a label is a key of the catalogues' `notes`. */
const MONTH_NOTES_SQL = `
SELECT * FROM (VALUES
  (1, 'monthFrom', strftime(date_trunc('month', CAST($date AS DATE)), '%Y-%m-%d'), NULL::TIMESTAMPTZ),
  (2, 'monthUpTo', strftime(CAST($date AS DATE), '%Y-%m-%d'), NULL),
  (3, 'monthNights', (SELECT CAST(count(*) AS VARCHAR) FROM (${MONTH_NIGHTS_SQL})), NULL),
  -- Runs of consecutive days, as the page and the terminal state them: 2026-11-01 – 2026-11-26.
  (4, 'monthMissing', (SELECT coalesce(string_agg(strftime(from_day, '%Y-%m-%d') || CASE WHEN to_day > from_day THEN ' – ' || strftime(to_day, '%Y-%m-%d') ELSE '' END, ', ' ORDER BY from_day), '—') FROM (${MONTH_MISSING_SPANS_SQL})), NULL)
) AS n(ord, label, text_value, instant_value)
ORDER BY ord`;

export const monthClose: ReportDefinition = {
  name: 'month-close',
  description: "The close's tie-outs summed over the month to the night",
  sheets: [
    {
      name: 'MonthClose',
      title: (m) => m.sheets.monthClose,
      sql: closeSheetSql(MONTH_CLOSE_LINES_SQL, 'month'),
      columns: CLOSE_COLUMNS,
      notes: { sql: MONTH_NOTES_SQL },
    },
  ],
  csvSheet: 'MonthClose',
};
