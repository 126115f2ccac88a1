// A close as a sheet (docs/close.md): per tie-out its two sides, their difference, the lines that
// explain it (largest first) and what nothing explains (always shown, zero when it closes); a tie-out
// with nothing on either side is left out (isTieOutShown). One shape for the night's "Fechamento" in the
// discrepancies workbook and the month's "Fechamento do mês", from whichever lines they sum.
import { TIE_OUT_ORDER_SQL, shownTieOutsSql } from '../src/shared/close.ts';
import type { ColumnSpec } from '../src/report/types.ts';

/**
 * The sheet's rows from `lines`, a query of close_lines' columns tieout, line, items, amount_cents. A side
 * is named for the period it sums: the day's (sales.shop) or the month's (sales.shop.month).
 */
export function closeSheetSql(lines: string, period: 'day' | 'month' = 'day'): string {
  const side = period === 'month' ? ` || '.month'` : '';
  return `
WITH a AS (${lines}),
l AS (SELECT tieout, line, items, amount_cents FROM a WHERE tieout IN (${shownTieOutsSql('a')})),
t AS (SELECT DISTINCT tieout FROM l)
SELECT tieout, line, items, amount_cents FROM (
  -- A side is named with its tie-out (sales.shop): what the shop and the service say differs per tie-out.
  SELECT tieout, CASE WHEN line IN ('shop', 'service') THEN tieout || '.' || line${side} ELSE line END AS line, items, amount_cents,
         CASE line WHEN 'shop' THEN 0 WHEN 'service' THEN 1 WHEN 'unexplained' THEN 4 ELSE 3 END AS o FROM l
  UNION ALL
  SELECT tieout, 'difference', NULL, sum(CASE line WHEN 'service' THEN amount_cents WHEN 'shop' THEN -amount_cents ELSE 0 END), 2 FROM l GROUP BY tieout
  UNION ALL
  SELECT tieout, 'unexplained', 0, 0, 4 FROM t WHERE NOT EXISTS (SELECT 1 FROM l WHERE l.tieout = t.tieout AND l.line = 'unexplained'))
ORDER BY ${TIE_OUT_ORDER_SQL}, tieout, o, abs(amount_cents) DESC, line`;
}

/** The close sheet's columns: the tie-out and the line in the locale's words, items, the amount. */
export const CLOSE_COLUMNS: ColumnSpec[] = [
  { key: 'tieout', header: 'tieout', type: 'text', display: 'closeLine' },
  { key: 'line', header: 'closeLine', type: 'text', display: 'closeLine', width: 40 },
  { key: 'items', header: 'items', type: 'integer' },
  { key: 'amount_cents', header: 'closeAmount', type: 'cents' },
];
