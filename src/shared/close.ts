// The day's close as every seam sees it (docs/close.md): the tie-outs' names and order, a tie-out's
// shape (what summary.json states, the terminal prints, the page and the workbook show) and when a
// tie-out is shown to a person at all.

/** The tie-outs in the order they are shown. */
export const TIE_OUTS = ['sales', 'refunds', 'cash'] as const;
export type TieOutName = (typeof TIE_OUTS)[number];

/** The lines of a tie-out that are timing, not a finding. */
export const CLOSE_TIMING_LINES = ['other_day', 'tolerance'] as const;

/** A line of a tie-out: how many items and how many cents (a side's sum, or the differences a line explains). */
export interface CloseLine {
  items: number;
  amount_cents: number;
}

/** A tie-out of the night as summary.json, the CLI and the reports state it. */
export interface TieOut {
  /** What the shop says (its exports; for cash, its bank). */
  shop: CloseLine;
  /** What the service did. */
  service: CloseLine;
  /** service − shop. */
  difference_cents: number;
  /** The lines that explain the difference (a finding category, other_day, tolerance), largest first. */
  explained: (CloseLine & { line: string })[];
  /** What no rule explains: zero when the day closes (its rows in close_residue). */
  unexplained: CloseLine;
  /** Every centavo of the difference explained. */
  closes: boolean;
}

export type CloseResult = Record<TieOutName, TieOut>;

/**
 * Whether a person is shown the tie-out: it has items on either side. A night with nothing to tie out
 * (no payout whose window ended, a bank check that is off) says nothing of it; summary.json keeps it.
 */
export function isTieOutShown(t: Pick<TieOut, 'shop' | 'service'>): boolean {
  return t.shop.items + t.service.items > 0;
}

/** isTieOutShown in SQL over close_lines rows (`lines`): the tie-outs that have items on either side. */
export function shownTieOutsSql(lines: string): string {
  return `SELECT tieout FROM ${lines} WHERE line IN ('shop', 'service') GROUP BY tieout HAVING sum(items) > 0`;
}

/** The tie-outs' order (TIE_OUTS) as an SQL expression over a `tieout` column. */
export const TIE_OUT_ORDER_SQL = `CASE tieout ${TIE_OUTS.map((name, i) => `WHEN '${name}' THEN ${i}`).join(' ')} ELSE ${TIE_OUTS.length} END`;
