// Statement imports: loads bank statement files (OFX 1.x/2.x, CNAB 240) into bank_statements,
// bank_transactions and bank_import_issues. A file is known by the SHA-256 of its bytes: importing it
// again changes nothing (and says so). Lines are inserted ON CONFLICT DO NOTHING by (account_id, line_id),
// so an overlapping statement adds only the lines not seen before. One transaction per file.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { BankConfig } from '../config/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { ReconError, isReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { dateParam, instantParam, runWithParams, type SqlParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { lineIdsFor } from './line-ids.ts';
import { accountIdFor } from './match-account.ts';
import { readStatementBytes } from './read-statement.ts';
import type { StatementRejection } from './read-result.ts';
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
/** Rows per INSERT: a statement of thousands of lines takes a few statements, not thousands. */
const ROWS_PER_INSERT = 200;

export async function importStatements(deps: StatementImportDeps, files: string[], bank: BankConfig, runId?: string): Promise<StatementImportResult[]> {
  const results: StatementImportResult[] = [];
  for (const file of files) results.push(await importStatementFile(deps, file, bank, runId));
  return results;
}

export async function importStatementFile(deps: StatementImportDeps, file: string, bank: BankConfig, runId?: string): Promise<StatementImportResult> {
  const { db, clock, logger } = deps;
  const bytes = readBounded(file);
  const statementId = createHash('sha256').update(bytes).digest('hex');
  const earlier = await earlierImport(db, statementId);
  if (earlier) {
    logger.info(`${file}: this statement (the same bytes) was imported before, as ${earlier.file}; nothing changed`);
    const result = { ...earlier, file, statementId, alreadyImported: true, linesLoaded: 0, linesRejected: 0, rejected: [] };
    logger.event('import.statement', eventFields(result));
    return result;
  }
  const read = readStatementBytes(file, bytes);
  const accountId = accountIdFor(file, read.statement.account, bank.accounts);
  const lineIds = lineIdsFor(read.statement.lines, await knownFitids(db, accountId, read.statement.lines));
  const importedAt = clock.now();
  const name = basename(file);
  const result: StatementImportResult = {
    file,
    statementId,
    format: read.format,
    charset: read.charset,
    accountId,
    alreadyImported: false,
    linesRead: read.statement.lines.length + read.rejected.length,
    linesLoaded: 0,
    linesRejected: read.rejected.length,
    rejected: read.rejected.slice(0, LISTED_REJECTIONS),
  };
  try {
    await withTransaction(db, async () => {
      const lines = read.statement.lines;
      for (let start = 0; start < lines.length; start += ROWS_PER_INSERT) {
        const params: Record<string, SqlParams[string]> = {
          account_id: accountId,
          statement_file: name,
          statement_id: statementId,
          imported_at: instantParam(importedAt),
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
          params[`line${i}`] = read.lineNumbers[i] ?? null;
          rows.push(`($account_id, $id${i}, $on${i}, $cents${i}, $type${i}, $fitid${i}, $memo${i}, $statement_file, $statement_id, $line${i}, $imported_at)`);
        });
        await runWithParams(
          db,
          `INSERT INTO bank_transactions (account_id, line_id, posted_at, amount_cents, type, fitid, memo, statement_file, statement_id, line, imported_at)
           VALUES ${rows.join(', ')} ON CONFLICT DO NOTHING`,
          params,
        );
      }
      const counted = await runWithParams(db, 'SELECT count(*)::INTEGER AS n FROM bank_transactions WHERE statement_id = $statement_id', {
        statement_id: statementId,
      });
      result.linesLoaded = Number((await counted.getRowObjectsJS())[0]?.['n'] ?? 0);
      for (const rejection of read.rejected) {
        await runWithParams(
          db,
          `INSERT INTO bank_import_issues (statement_id, file, line, kind, reason, value) VALUES ($statement_id, $file, $line, 'rejected', $reason, $value)`,
          { statement_id: statementId, file: name, line: rejection.line, reason: rejection.reason, value: rejection.value ?? null },
        );
      }
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
    throw new ReconError('warehouse', `${file}: statement import failed and was rolled back: ${(error as Error).message}`, { cause: error });
  }
  logger.event('import.statement', eventFields(result));
  return result;
}

/** The lines the warehouse holds under the FITIDs of the file (line-ids.ts): their day and amount. */
async function knownFitids(db: DuckDBConnection, accountId: string, lines: readonly { fitid: string | undefined }[]) {
  const fitids = [...new Set(lines.map((l) => l.fitid).filter((f): f is string => f !== undefined && f !== ''))];
  const known = new Map<string, { postedOn: string; amountCents: number }>();
  if (fitids.length === 0) return known;
  const rows = await runWithParams(
    db,
    `SELECT line_id, strftime(posted_at, '%Y-%m-%d') AS posted_on, amount_cents FROM bank_transactions
     WHERE account_id = $account_id AND line_id IN (SELECT unnest(from_json($fitids, '["VARCHAR"]')))`,
    { account_id: accountId, fitids: JSON.stringify(fitids) },
  );
  for (const row of await rows.getRowObjectsJS()) {
    known.set(String(row['line_id']), { postedOn: String(row['posted_on']), amountCents: Number(row['amount_cents']) });
  }
  return known;
}

export function readBounded(file: string): Buffer {
  try {
    checkStatementSize(file, statSync(file).size);
    return readFileSync(file);
  } catch (cause) {
    if (isReconError(cause)) throw cause;
    throw new ReconError('input', `${file}: cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'}); expected a readable statement file`, {
      cause,
    });
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
