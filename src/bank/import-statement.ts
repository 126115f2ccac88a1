// Statement imports: loads bank statement files (OFX 1.x/2.x, CNAB 240) into bank_statements,
// bank_transactions and bank_import_issues. A file is known by the SHA-256 of its bytes: importing it
// again changes nothing (and says so). Lines are inserted ON CONFLICT DO NOTHING by (account_id, line_id),
// so an overlapping statement adds only the lines not seen before; a line whose id already names another
// line is kept out instead (line-ids.ts). The file is read under bank.limits (statement-limits.ts); rows
// go in through appenders (statement-rows.ts). One transaction per file.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { BankConfig } from '../config/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { ReconError, isReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { dateParam, instantParam, runWithParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { collidingLines, lineIdsFor, type KnownLines } from './line-ids.ts';
import { accountIdFor } from './match-account.ts';
import { readStatementBytes } from './read-statement.ts';
import type { ReadStatement, StatementRejection } from './read-result.ts';
import { insertImportIssues, insertStatementLines, readKnownLines } from './statement-rows.ts';
import type { StatementFormat } from './statement.ts';
import { checkStatementSize } from './statement-text.ts';

export interface StatementImportDeps {
  db: DuckDBConnection;
  clock: Clock;
  logger: Logger;
}

export interface StatementImportResult {
  file: string;
  statementId: string;
  format: StatementFormat;
  charset: string;
  accountId: string;
  /** The same bytes were imported before: nothing changed. */
  alreadyImported: boolean;
  linesRead: number;
  /** Lines new to the warehouse (lines an earlier, overlapping statement brought are not counted). */
  linesLoaded: number;
  linesRejected: number;
  /** The first rejected lines (bank_import_issues keeps all). */
  rejected: StatementRejection[];
}

const LISTED_REJECTIONS = 1000;

export async function importStatements(deps: StatementImportDeps, files: string[], bank: BankConfig, runId?: string): Promise<StatementImportResult[]> {
  const results: StatementImportResult[] = [];
  for (const file of files) results.push(await importStatementFile(deps, file, bank, runId));
  return results;
}

export async function importStatementFile(deps: StatementImportDeps, file: string, bank: BankConfig, runId?: string): Promise<StatementImportResult> {
  const { db, clock, logger } = deps;
  const bytes = readBounded(file, bank.limits.maxStatementBytes);
  const statementId = createHash('sha256').update(bytes).digest('hex');
  const earlier = await earlierImport(db, statementId);
  if (earlier) {
    logger.info({ id: 'statementImportedBefore', file, earlier: earlier.file });
    const result = { ...earlier, file, statementId, alreadyImported: true, linesLoaded: 0, linesRejected: 0, rejected: [] };
    logger.event('import.statement', eventFields(result));
    return result;
  }
  const read = readStatementBytes(file, bytes, bank.limits);
  const accountId = accountIdFor(file, read.statement.account, bank.accounts);
  const fitids = read.statement.lines.flatMap((l) => (l.fitid ? [l.fitid] : []));
  const allIds = lineIdsFor(read.statement.lines, await readKnownLines(db, accountId, fitids));
  const { lines, lineIds, lineNumbers, rejected } = keepOutColliding(read, allIds, await readKnownLines(db, accountId, allIds));
  const importedAt = clock.now();
  const name = basename(file);
  const rows = { accountId, file: name, statementId, importedAt };
  const result: StatementImportResult = {
    file,
    statementId,
    format: read.format,
    charset: read.charset,
    accountId,
    alreadyImported: false,
    linesRead: lines.length + rejected.length,
    linesLoaded: 0,
    linesRejected: rejected.length,
    rejected: rejected.slice(0, LISTED_REJECTIONS),
  };
  try {
    await withTransaction(db, async () => {
      await insertStatementLines(db, rows, lines, lineIds, lineNumbers);
      const counted = await runWithParams(db, 'SELECT count(*)::INTEGER AS n FROM bank_transactions WHERE statement_id = $statement_id', {
        statement_id: statementId,
      });
      result.linesLoaded = Number((await counted.getRowObjectsJS())[0]?.['n'] ?? 0);
      await insertImportIssues(db, rows, rejected);
      const { statement } = read;
      await runWithParams(
        db,
        `INSERT INTO bank_statements (statement_id, account_id, file, format, charset, period_start, period_end, closing_balance_cents,
                                      lines_read, lines_loaded, lines_rejected, run_id, imported_at)
         VALUES ($statement_id, $account_id, $file, $format, $charset, $period_start, $period_end, $closing, $read, $loaded, $rejected, $run_id, $imported_at)`,
        {
          statement_id: statementId,
          account_id: accountId,
          file: name,
          format: read.format,
          charset: read.charset,
          period_start: statement.periodStart === '' ? null : dateParam(statement.periodStart),
          period_end: statement.periodEnd === '' ? null : dateParam(statement.periodEnd),
          closing: statement.closingBalanceCents === undefined ? null : BigInt(statement.closingBalanceCents),
          read: result.linesRead,
          loaded: result.linesLoaded,
          rejected: result.linesRejected,
          run_id: runId ?? null,
          imported_at: instantParam(importedAt),
        },
      );
    });
  } catch (error) {
    if (isReconError(error)) throw error;
    throw new ReconError('warehouse', { id: 'statementImportFailed', file, said: (error as Error).message }, { cause: error });
  }
  logger.event('import.statement', eventFields(result));
  return result;
}

/** The read lines without those whose id already names another line (line-ids.ts), which join the rejections. */
function keepOutColliding(read: ReadStatement, ids: string[], known: KnownLines) {
  const colliding = collidingLines(read.statement.lines, ids, known);
  if (colliding.size === 0) return { lines: read.statement.lines, lineIds: ids, lineNumbers: read.lineNumbers, rejected: read.rejected };
  const keep = (_: unknown, i: number) => !colliding.has(i);
  const rejected = [...read.rejected];
  for (const [i, kept] of colliding) rejected.push({ line: read.lineNumbers[i] ?? 0, ...kept, value: read.statement.lines[i]?.fitid });
  rejected.sort((x, y) => x.line - y.line);
  return { lines: read.statement.lines.filter(keep), lineIds: ids.filter(keep), lineNumbers: read.lineNumbers.filter(keep), rejected };
}

export function readBounded(file: string, maxBytes?: number): Buffer {
  try {
    checkStatementSize(file, statSync(file).size, maxBytes);
    return readFileSync(file);
  } catch (cause) {
    if (isReconError(cause)) throw cause;
    throw new ReconError(
      'input',
      { id: 'statementUnreadable', file, code: (cause as NodeJS.ErrnoException).code ?? 'error' },
      {
        cause,
      },
    );
  }
}

async function earlierImport(db: DuckDBConnection, statementId: string) {
  const result = await runWithParams(
    db,
    'SELECT file, format, charset, account_id, lines_read, lines_rejected FROM bank_statements WHERE statement_id = $statement_id',
    { statement_id: statementId },
  );
  const row = (await result.getRowObjectsJS())[0];
  if (row === undefined) return undefined;
  return {
    file: String(row['file']),
    format: row['format'] as StatementFormat,
    charset: String(row['charset']),
    accountId: String(row['account_id']),
    linesRead: Number(row['lines_read']),
    linesRejected: Number(row['lines_rejected']),
  };
}

function eventFields(result: StatementImportResult): Record<string, unknown> {
  return {
    file: result.file,
    statement_id: result.statementId,
    format: result.format,
    charset: result.charset,
    account_id: result.accountId,
    already_imported: result.alreadyImported,
    lines_read: result.linesRead,
    lines_loaded: result.linesLoaded,
    lines_rejected: result.linesRejected,
  };
}
