// The night's close as stored in close_lines (close-sql.ts), read back in the one shape summary.json,
// the terminal's line, the workbook and the page all state it in.
import { TIE_OUTS, type TieOutName } from './close-tieouts.ts';

/** The lines of a tie-out besides the categories of findings. */
export const CLOSE_TIMING_LINES = ['other_day', 'tolerance'] as const;

/** A line of a tie-out: how many items and how many cents (a side's sum, or the differences a line explains). */
interface CloseLine {
  items: number;
  amount_cents: number;
}

/** A tie-out of the night as summary.json, the CLI and the reports state it. */
export interface TieOut {
  /** What the shop's export says. */
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

type ReadAll = { runAndReadAll(sql: string, params?: Record<string, string>): Promise<{ getRowObjects(): Record<string, unknown>[] }> };

/** The night's tie-outs as stored in close_lines: the one reading summary.json, the CLI and the reports share. */
export async function readClose(db: ReadAll, runId: string): Promise<CloseResult> {
  const rows = (await db.runAndReadAll(`SELECT tieout, line, items, amount_cents FROM close_lines WHERE run_id = $run_id`, { run_id: runId })).getRowObjects();
  const lineOf = (row: Record<string, unknown>): CloseLine => ({ items: Number(row['items']), amount_cents: Number(row['amount_cents']) });
  const tieOut = (name: TieOutName): TieOut => {
    const own = rows.filter((r) => r['tieout'] === name);
    const of = (line: string) => own.filter((r) => r['line'] === line).map(lineOf)[0] ?? { items: 0, amount_cents: 0 };
    const [shop, service, unexplained] = [of('shop'), of('service'), of('unexplained')];
    const explained = own
      .filter((r) => !['shop', 'service', 'unexplained'].includes(String(r['line'])))
      .map((r) => ({ line: String(r['line']), ...lineOf(r) }))
      .sort((a, b) => Math.abs(b.amount_cents) - Math.abs(a.amount_cents) || a.line.localeCompare(b.line));
    return { shop, service, difference_cents: service.amount_cents - shop.amount_cents, explained, unexplained, closes: unexplained.items === 0 };
  };
  return Object.fromEntries(TIE_OUTS.map((name) => [name, tieOut(name)])) as CloseResult;
}
