// The statement import's writes and its one read of what the warehouse already holds: lines go into
// bank_transactions and kept-out lines into bank_import_issues in batches (one INSERT of many rows), never
// a statement per line, so a file of 20,000 rejected lines costs a hundred statements, not 20,000.
import type { DuckDBConnection } from '@duckdb/node-api';
import { dateParam, instantParam, runWithParams, type SqlParams } from '../warehouse/sql.ts';
import type { KnownLines } from './line-ids.ts';
import type { StatementRejection } from './read-result.ts';
import type { StatementLine } from './statement.ts';

/** Rows per INSERT: a statement of thousands of lines takes a few statements, not thousands. */
const ROWS_PER_INSERT = 200;
/** Issues carry three values a row, so more of them go in one INSERT. */
const ISSUES_PER_INSERT = 1000;

export interface StatementRowsContext {
  accountId: string;
  file: string;
  statementId: string;
  importedAt: number;
}

export async function insertStatementLines(
  db: DuckDBConnection,
  ctx: StatementRowsContext,
  lines: readonly StatementLine[],
  lineIds: readonly string[],
  lineNumbers: readonly number[],
): Promise<void> {
  for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
    const params: Record<string, SqlParams[string]> = {
      account_id: ctx.accountId,
      statement_file: ctx.file,
      statement_id: ctx.statementId,
      imported_at: instantParam(ctx.importedAt),
    };
    const rows: string[] = [];
    lines.slice(start, start + ROWS_PER_INSERT).forEach((line, offset) => {
      const i = start + offset;
      params[`id${i}`] = lineIds[i] as string;
      params[`on${i}`] = dateParam(line.postedOn);
      params[`cents${i}`] = BigInt(line.amountCents);
      params[`type${i}`] = line.type;
      params[`fitid${i}`] = line.fitid ?? null;
      params[`memo${i}`] = line.memo;
      params[`line${i}`] = lineNumbers[i] ?? null;
      rows.push(`($account_id, $id${i}, $on${i}, $cents${i}, $type${i}, $fitid${i}, $memo${i}, $statement_file, $statement_id, $line${i}, $imported_at)`);
    });
    await runWithParams(
      db,
      `INSERT INTO bank_transactions (account_id, line_id, posted_at, amount_cents, type, fitid, memo, statement_file, statement_id, line, imported_at)
       VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
      params,
    );
  }
}

/** Every kept-out line of the file, a batch of rows per INSERT. */
export async function insertImportIssues(db: DuckDBConnection, ctx: StatementRowsContext, rejected: readonly StatementRejection[]): Promise<void> {
  for (let start = 0; start < rejected.length; start += ISSUES_PER_INSERT) {
    const params: Record<string, SqlParams[string]> = { statement_id: ctx.statementId, file: ctx.file };
    const rows: string[] = [];
    rejected.slice(start, start + ISSUES_PER_INSERT).forEach((rejection, offset) => {
      const i = start + offset;
      params[`line${i}`] = rejection.line;
      params[`reason${i}`] = rejection.reason;
      params[`value${i}`] = rejection.value ?? null;
      rows.push(`($statement_id, $file, $line${i}, 'rejected', $reason${i}, $value${i})`);
    });
    await runWithParams(db, `INSERT INTO bank_import_issues (statement_id, file, line, kind, reason, value) VALUES ${rows.join(', ')}`, params);
  }
}

/** The lines the warehouse holds in this account under any of these ids: their day and amount. */
export async function readKnownLines(db: DuckDBConnection, accountId: string, ids: Iterable<string>): Promise<KnownLines> {
  const wanted = [...new Set(ids)].filter((id) => id !== '');
  const known = new Map<string, { postedOn: string; amountCents: number }>();
  if (wanted.length === 0) return known;
  const rows = await runWithParams(
    db,
    `SELECT line_id, strftime(posted_at, '%Y-%m-%d') AS posted_on, amount_cents FROM bank_transactions
     WHERE account_id = $account_id AND line_id IN (SELECT unnest(from_json($ids, '["VARCHAR"]')))`,
    { account_id: accountId, ids: JSON.stringify(wanted) },
  );
  for (const row of await rows.getRowObjectsJS()) {
    known.set(String(row['line_id']), { postedOn: String(row['posted_on']), amountCents: Number(row['amount_cents']) });
  }
  return known;
}
