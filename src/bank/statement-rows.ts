// The statement import's writes and its one read of what the warehouse already holds: lines go into
// bank_transactions and kept-out lines into bank_import_issues through appenders, never a statement per
// line (20,000 rejected lines were 20,000 INSERTs, 23 s) nor one of thousands of parameters (which DuckDB
// binds slowly: 20 INSERTs of 1,000 rows took 14 s).
import type { DuckDBConnection } from '@duckdb/node-api';
import { keptOutJson } from '../shared/locale/kept-out-text.ts';
import { dateParam, instantParam, runWithParams } from '../warehouse/sql.ts';
import type { KnownLines } from './line-ids.ts';
import type { StatementRejection } from './read-result.ts';
import type { StatementLine } from './statement.ts';

/** Stage of a file's lines inside its transaction, so they reach bank_transactions in one INSERT. */
const STAGE_TABLE = 'recon_statement_stage';

export interface StatementRowsContext {
  accountId: string;
  file: string;
  statementId: string;
  importedAt: number;
}

/**
 * The file's lines, through an appender into a stage table, then one INSERT ... ON CONFLICT DO NOTHING
 * (an appender cannot skip the lines an overlapping statement brought before). The stage table is
 * created and dropped inside the file's transaction, so it is never committed.
 */
export async function insertStatementLines(
  db: DuckDBConnection,
  ctx: StatementRowsContext,
  lines: readonly StatementLine[],
  lineIds: readonly string[],
  lineNumbers: readonly number[],
): Promise<void> {
  if (lines.length === 0) return;
  await db.run(
    `CREATE OR REPLACE TABLE main.${STAGE_TABLE} (line_id VARCHAR NOT NULL, posted_at DATE NOT NULL, amount_cents BIGINT NOT NULL,
       type VARCHAR NOT NULL, fitid VARCHAR, memo VARCHAR, line INTEGER)`,
  );
  const appender = await db.createAppender(STAGE_TABLE, 'main');
  try {
    lines.forEach((line, i) => {
      appender.appendVarchar(lineIds[i] as string);
      appender.appendDate(dateParam(line.postedOn));
      appender.appendBigInt(BigInt(line.amountCents));
      appender.appendVarchar(line.type);
      if (line.fitid === undefined) appender.appendNull();
      else appender.appendVarchar(line.fitid);
      appender.appendVarchar(line.memo);
      appender.appendInteger(lineNumbers[i] ?? 0);
      appender.endRow();
    });
  } finally {
    appender.closeSync();
  }
  await runWithParams(
    db,
    `INSERT INTO bank_transactions (account_id, line_id, posted_at, amount_cents, type, fitid, memo, statement_file, statement_id, line, imported_at)
     SELECT $account_id, line_id, posted_at, amount_cents, type, fitid, memo, $statement_file, $statement_id, line, $imported_at
     FROM main.${STAGE_TABLE} ORDER BY line ON CONFLICT DO NOTHING`,
    { account_id: ctx.accountId, statement_file: ctx.file, statement_id: ctx.statementId, imported_at: instantParam(ctx.importedAt) },
  );
  await db.run(`DROP TABLE main.${STAGE_TABLE}`);
}

/** Every kept-out line of the file, through one appender (in the file's transaction: a rollback leaves none). */
export async function insertImportIssues(db: DuckDBConnection, ctx: StatementRowsContext, rejected: readonly StatementRejection[]): Promise<void> {
  if (rejected.length === 0) return;
  const appender = await db.createAppender('bank_import_issues');
  try {
    for (const rejection of rejected) {
      appender.appendVarchar(ctx.statementId);
      appender.appendVarchar(ctx.file);
      appender.appendInteger(rejection.line);
      appender.appendVarchar('rejected');
      appender.appendVarchar(rejection.reason);
      if (rejection.value === undefined) appender.appendNull();
      else appender.appendVarchar(rejection.value);
      appender.appendVarchar(keptOutJson(rejection.facts));
      appender.endRow();
    }
  } finally {
    appender.closeSync();
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
