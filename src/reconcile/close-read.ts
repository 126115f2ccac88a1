// The night's close as stored in close_lines (close-sql.ts), read back in the one shape summary.json,
// the terminal's line, the workbook and the page all state it in (shared/close.ts).
import { type CloseLineRow, type CloseResult, tieOutsOfLines } from '../shared/close.ts';

type ReadAll = { runAndReadAll(sql: string, params?: Record<string, string>): Promise<{ getRowObjects(): Record<string, unknown>[] }> };

/** The night's tie-outs as stored in close_lines: the one reading summary.json, the CLI and the reports share. */
export async function readClose(db: ReadAll, runId: string): Promise<CloseResult> {
  const rows = (await db.runAndReadAll(`SELECT tieout, line, items, amount_cents FROM close_lines WHERE run_id = $run_id`, { run_id: runId })).getRowObjects();
  return tieOutsOfLines(rows as unknown as CloseLineRow[]);
}
