// The night's bank statement: `--statement FILE`, else bank.statementPath with {date} replaced by the
// business date (as orders.path). No statement configured: nothing to do. A statement configured but
// not there yet (banks publish late) is reported, not fatal: the night goes on without it, and the next
// night or `recon import` loads it. A statement that is there but unusable fails like an unusable export.
import { existsSync } from 'node:fs';
import type { BankConfig } from '../config/schema.ts';
import { importStatementFile, type StatementImportDeps, type StatementImportResult } from './import-statement.ts';

export type NightStatement =
  | { status: 'not_configured' }
  | { status: 'missing'; file: string }
  | { status: 'loaded' | 'imported_before'; file: string; result: StatementImportResult };

/** `--statement` wins; else bank.statementPath with {date}; undefined when neither is set. */
export function statementFileFor(date: string, explicit: string | undefined, bank: BankConfig): string | undefined {
  if (explicit !== undefined && explicit !== '') return explicit;
  return bank.statementPath?.replaceAll('{date}', date);
}

export async function importNightStatement(
  deps: StatementImportDeps,
  date: string,
  file: string | undefined,
  bank: BankConfig,
  runId: string,
): Promise<NightStatement> {
  if (file === undefined) return { status: 'not_configured' };
  if (!existsSync(file)) {
    deps.logger.warn({ id: 'statementMissing', file, date });
    deps.logger.event('import.statement.missing', { file, date });
    return { status: 'missing', file };
  }
  const result = await importStatementFile(deps, file, bank, runId);
  return { status: result.alreadyImported ? 'imported_before' : 'loaded', file, result };
}

/** The night's statement in summary.json (an additive key). */
export function summaryOfStatement(statement: NightStatement) {
  if (statement.status === 'not_configured') return { status: statement.status };
  if (statement.status === 'missing') return { status: statement.status, file: statement.file };
  const r = statement.result;
  return {
    status: statement.status,
    file: statement.file,
    format: r.format,
    charset: r.charset,
    account_id: r.accountId,
    lines_read: r.linesRead,
    lines_loaded: r.linesLoaded,
    lines_rejected: r.linesRejected,
  };
}
