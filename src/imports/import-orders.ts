// Order imports: loads shop order exports (CSV, XLSX, JSON/NDJSON, Parquet) into the warehouse's
// `orders` (upserted by item_id, latest import wins) with history, and reports what was kept out.
// One transaction per file, so a crash leaves each file imported or not; a strict run uses one
// transaction for all files and fails on any bad row or conflict with nothing committed.
import { accessSync, constants, statSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../config/schema.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
import type { Clock } from '../shared/clock.ts';
import { ReconError, isReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { isOutOfMemory } from '../warehouse/memory-limit.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { importOrderFile, type ImportFileContext, type ImportFileResult } from './import-file.ts';
import { resolveOrdersConfig } from './resolve-config.ts';

export { resolveOrdersConfig } from './resolve-config.ts';

export interface ImportDeps {
  db: DuckDBConnection;
  clock: Clock;
  logger: Logger;
}

export interface ImportRequest {
  files: string[];
  /** Any rejected row or conflict fails the whole run and nothing is committed. */
  strict?: boolean | undefined;
  /** Recorded in order_imports.run_id. */
  runId?: string;
  /** The night whose export this is: stored in order_imports.business_date, which puts the orders it touched in that night's scope. */
  businessDate?: string;
}

interface ImportTotals {
  files: number;
  rowsRead: number;
  rowsLoaded: number;
  duplicatesIdentical: number;
  continuationRows: number;
  rowsRejected: number;
  conflicts: number;
  conflictRows: number;
}

export interface ImportResult {
  files: ImportFileResult[];
  totals: ImportTotals;
}

export async function importOrders(deps: ImportDeps, request: ImportRequest, config: ReconConfig): Promise<ImportResult> {
  if (request.files.length === 0) throw new ReconError('usage', { id: 'importNoOrderFiles' });
  const resolved = resolveOrdersConfig(config);
  checkReadable(request.files);
  const ctx: ImportFileContext = {
    ...deps,
    resolved,
    runId: request.runId,
    businessDate: request.businessDate,
    memoryLimit: config.warehouse.memoryLimit,
    incremental: config.orders.incremental,
  };
  const files: ImportFileResult[] = [];
  // The warehouse was opened under warehouse.memoryLimit: staging and the merge spill to DuckDB's temp
  // folder beyond DuckDB's share of it instead of growing the process.
  const memoryLimit = config.warehouse.memoryLimit;
  if (request.strict) {
    await inTransaction(deps.db, memoryLimit, request.files.join(', '), async () => {
      for (const file of request.files) {
        const result = await importOrderFile(ctx, file);
        failOnBadRows(result, resolved.timezone);
        files.push(result);
      }
    });
  } else {
    for (const file of request.files) {
      files.push(await inTransaction(deps.db, memoryLimit, file, () => importOrderFile(ctx, file)));
    }
  }
  return { files, totals: totalsOf(files) };
}

/**
 * The file's (or a strict run's) transaction. A failure of the work is explained before it is rethrown:
 * DuckDB's Out of Memory names warehouse.memoryLimit, anything else says it was rolled back.
 */
async function inTransaction<T>(db: DuckDBConnection, memoryLimit: string, files: string, work: () => Promise<T>): Promise<T> {
  return withTransaction(db, async () => {
    try {
      return await work();
    } catch (error) {
      throw importError(error, memoryLimit, files);
    }
  });
}

function importError(error: unknown, memoryLimit: string, files: string): unknown {
  if (isReconError(error)) return error;
  if (isOutOfMemory(error)) {
    return new ReconError('input', { id: 'importMemory', files, memoryLimit }, { cause: error });
  }
  return new ReconError('warehouse', { id: 'orderImportFailed', said: (error as Error).message }, { cause: error });
}

function failOnBadRows(result: ImportFileResult, zone: string): void {
  if (result.rowsRejected === 0 && result.conflicts.length === 0) return;
  // The rows' reasons with their facts: the error says them in the reader's locale, the log in English.
  const lines = [
    ...result.rejected.slice(0, 10).map((r) => ({ lines: [r.line], reason: r.reason, facts: r.facts })),
    ...result.conflicts.slice(0, 10).map((c) => ({ lines: c.lines, reason: c.reason, facts: c.facts })),
  ];
  throw new ReconError(
    'input',
    { id: 'strictRejected', file: result.file, rejected: result.rowsRejected, conflicts: result.conflicts.length, lines, zone },
    { details: { file: result.file, rejected: result.rowsRejected, conflicts: result.conflicts.length } },
  );
}

/** Each file exists, is a file and can be read: an input error naming every one that cannot, before any is opened. */
export function checkReadable(files: string[]): void {
  const problems: ErrorSentence[] = [];
  for (const file of files) {
    try {
      accessSync(file, constants.R_OK);
      if (!statSync(file).isFile()) problems.push({ id: 'notAFile', file });
    } catch (cause) {
      problems.push({ id: 'fileUnreadable', file, code: (cause as NodeJS.ErrnoException).code ?? 'error' });
    }
  }
  if (problems.length > 0) throw new ReconError('input', { id: 'unreadableExports', problems });
}

function totalsOf(files: ImportFileResult[]): ImportTotals {
  const totals: ImportTotals = {
    files: files.length,
    rowsRead: 0,
    rowsLoaded: 0,
    duplicatesIdentical: 0,
    continuationRows: 0,
    rowsRejected: 0,
    conflicts: 0,
    conflictRows: 0,
  };
  for (const f of files) {
    totals.rowsRead += f.rowsRead;
    totals.rowsLoaded += f.rowsLoaded;
    totals.duplicatesIdentical += f.duplicatesIdentical;
    totals.continuationRows += f.continuationRows;
    totals.rowsRejected += f.rowsRejected;
    totals.conflicts += f.conflicts.length;
    totals.conflictRows += f.conflictRows;
  }
  return totals;
}
