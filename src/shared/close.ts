// The day's close as every seam sees it (docs/close.md): the tie-outs' names and order, a tie-out's
// shape (what summary.json states, the terminal prints, the page and the workbook show) and when a
// tie-out is shown to a person at all.

/** The tie-outs in the order they are shown. */
export const TIE_OUTS = ['sales', 'refunds', 'cash'] as const;
export type TieOutName = (typeof TIE_OUTS)[number];

/** The lines of a tie-out that are timing, not a finding. */
export const CLOSE_TIMING_LINES = ['other_day', 'tolerance'] as const;

/** A line of a tie-out: how many items and how many cents (a side's sum, or the differences a line explains). */
interface CloseLine {
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

/** A row of close_lines (or their sums over nights): a tie-out's line, its items and cents. */
export interface CloseLineRow {
  tieout: unknown;
  line: unknown;
  items: unknown;
  amount_cents: unknown;
}

/**
 * The tie-outs in their one shape from close_lines rows (a night's, or a month's sums): the sides, the
 * explaining lines largest first, what nothing explains; a line absent is zero.
 */
export function tieOutsOfLines(rows: readonly CloseLineRow[]): CloseResult {
  const lineOf = (row: CloseLineRow): CloseLine => ({ items: Number(row.items), amount_cents: Number(row.amount_cents) });
  const tieOut = (name: TieOutName): TieOut => {
    const own = rows.filter((r) => r.tieout === name);
    const of = (line: string) => own.filter((r) => r.line === line).map(lineOf)[0] ?? { items: 0, amount_cents: 0 };
    const [shop, service, unexplained] = [of('shop'), of('service'), of('unexplained')];
    const explained = own
      .filter((r) => !['shop', 'service', 'unexplained'].includes(String(r.line)))
      .map((r) => ({ line: String(r.line), ...lineOf(r) }))
      .sort((a, b) => Math.abs(b.amount_cents) - Math.abs(a.amount_cents) || a.line.localeCompare(b.line));
    return { shop, service, difference_cents: service.amount_cents - shop.amount_cents, explained, unexplained, closes: unexplained.items === 0 };
  };
  return Object.fromEntries(TIE_OUTS.map((name) => [name, tieOut(name)])) as CloseResult;
}

/** The tie-outs' order (TIE_OUTS) as an SQL expression over a `tieout` column. */
export const TIE_OUT_ORDER_SQL = `CASE tieout ${TIE_OUTS.map((name, i) => `WHEN '${name}' THEN ${i}`).join(' ')} ELSE ${TIE_OUTS.length} END`;
