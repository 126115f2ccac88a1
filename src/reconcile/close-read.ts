// The night's close as stored in close_lines (close-sql.ts), read back in the one shape summary.json,
// the terminal's line, the workbook and the page all state it in (shared/close.ts).
import { type CloseLine, type CloseResult, TIE_OUTS, type TieOut, type TieOutName } from '../shared/close.ts';

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
