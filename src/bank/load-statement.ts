// Puts a Statement's lines into the warehouse (bank_statements, bank_transactions) as an import would,
// for the built-in sandbox's nights and the bank rules' tests: once per (account, line_id), so loading
// the same or an overlapping statement again adds nothing. The real import of OFX and CNAB 240 files
// (src/imports) reads the bytes, the charset and the bank's quirks; this takes a Statement as it is.
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { runWithParams } from '../warehouse/sql.ts';
import type { Statement, StatementLine } from './statement.ts';

export interface LoadedStatement {
  statementId: string;
  linesLoaded: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The bank's FITID, or one made from the line's content and its occurrence among identical lines. */
function lineIdsOf(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  const fitids = new Map<string, number>();
  for (const l of lines) if (l.fitid) fitids.set(l.fitid, (fitids.get(l.fitid) ?? 0) + 1);
  return lines.map((l) => {
    if (l.fitid && fitids.get(l.fitid) === 1) return l.fitid;
    const content = JSON.stringify([l.postedOn, l.amountCents, l.memo, l.documentNumber ?? '']);
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    return `syn:${sha256(`${content}#${n}`).slice(0, 32)}`;
  });
}

export async function loadStatementLines(
  db: Pick<DuckDBConnection, 'prepare'>,
  accountId: string,
  statement: Statement,
  importedAtMs: number,
): Promise<LoadedStatement> {
  const file = `statement-${accountId}-${statement.periodStart}-${statement.periodEnd}.json`;
  const statementId = sha256(JSON.stringify(statement));
  const importedAt = new Date(importedAtMs).toISOString();
  const ids = lineIdsOf(statement.lines);
  const before = await countLines(db, accountId);
  for (const [i, line] of statement.lines.entries()) {
    await runWithParams(
      db,
      `INSERT INTO bank_transactions (account_id, line_id, posted_at, amount_cents, type, fitid, memo, statement_file, statement_id, line, imported_at)
       VALUES ($account, $line_id, CAST($posted AS DATE), $amount, $type, $fitid, $memo, $file, $statement_id, $line, CAST($at AS TIMESTAMPTZ))
       ON CONFLICT DO NOTHING`,
      {
        account: accountId,
        line_id: ids[i] ?? '',
        posted: line.postedOn,
        amount: BigInt(line.type === 'debit' ? -Math.abs(line.amountCents) : Math.abs(line.amountCents)),
        type: line.type,
        fitid: line.fitid ?? null,
        memo: line.memo,
        file,
        statement_id: statementId,
        line: i + 1,
        at: importedAt,
      },
    );
  }
  const linesLoaded = (await countLines(db, accountId)) - before;
  await runWithParams(
    db,
    `INSERT INTO bank_statements (statement_id, account_id, file, format, charset, period_start, period_end, closing_balance_cents,
       lines_read, lines_loaded, lines_rejected, run_id, imported_at)
     VALUES ($statement_id, $account, $file, 'sandbox', 'utf-8', CAST($start AS DATE), CAST($end AS DATE), $closing, $read, $loaded, 0, NULL,
       CAST($at AS TIMESTAMPTZ))
     ON CONFLICT DO NOTHING`,
    {
      statement_id: statementId,
      account: accountId,
      file,
      start: statement.periodStart,
      end: statement.periodEnd,
      closing: statement.closingBalanceCents === undefined ? null : BigInt(statement.closingBalanceCents),
      read: BigInt(statement.lines.length),
      loaded: BigInt(linesLoaded),
      at: importedAt,
    },
  );
  return { statementId, linesLoaded };
}

async function countLines(db: Pick<DuckDBConnection, 'prepare'>, accountId: string): Promise<number> {
  const rows = await (
    await runWithParams(db, 'SELECT count(*) AS n FROM bank_transactions WHERE account_id = $account', { account: accountId })
  ).getRowObjects();
  return Number(rows[0]?.['n'] ?? 0);
}
