// Imports one order export inside a transaction the caller owns: read (streaming) -> row rules -> stage
// (appender) -> set-based merge -> order_imports row. Throws ReconError('input') on an unusable file.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import { keptOutOf } from '../shared/locale/kept-out-text.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';
import { mergeStagedOrders, type ImportConflict } from './merge.ts';
import { rowLimitError } from './limits.ts';
import { isRejection, mappedColumnNames, orderFromCells, rowPlanFor, type OptionalColumn, type RowPlan, type RowRejection } from './order-rules.ts';
import { readCsvTable } from './read-csv.ts';
import { readJsonTable, readNdjsonTable } from './read-json.ts';
import { readParquetTable } from './read-parquet.ts';
import { readXlsxTable } from './read-xlsx.ts';
import { formatForFile, OPTIONAL_COLUMNS, type OrdersFormat, type ResolvedOrdersConfig } from './resolve-config.ts';
import { createStageTable, dropStageTable, openStager } from './stage.ts';
import {
  clearFingerprints,
  readingKeyOf,
  readStoredFingerprints,
  stagedItemSeenUnchanged,
  type StoredFingerprints,
  writeFingerprints,
} from './fingerprint-store.ts';
import { RecordFingerprint } from './record-fingerprint.ts';
import type { ReadOptions, TableReadResult, TableSink } from './table-sink.ts';

interface ImportRejection {
  file: string;
  line: number;
  /** The English reasons (the stored `reason`), written from `facts`. */
  reason: string;
  facts: readonly KeptOutFact[];
  item_id?: string;
  column?: string;
  value?: string;
}

export interface ImportFileResult {
  file: string;
  format: OrdersFormat;
  importId: string;
  sha256: string;
  /** Data rows in the file (header and blank lines excluded). */
  rowsRead: number;
  /** Distinct orders upserted into `orders`. */
  rowsLoaded: number;
  /** Extra copies of identical rows, folded into one order. */
  duplicatesIdentical: number;
  /** Line-item rows of an order already seen (presets such as shopify), not orders of their own. */
  continuationRows: number;
  /** Rows kept out by the row rules; all are in order_import_issues, the first ones in `rejected`. */
  rowsRejected: number;
  rejected: ImportRejection[];
  /** Rows of item_ids whose rows disagree; none of them is loaded. */
  conflictRows: number;
  /**
   * Records the last imported file loaded, here byte for byte again under the same reading: their
   * orders are loaded as they stand, without decoding them again (counted in rowsLoaded too).
   */
  rowsUnchanged: number;
  conflicts: ImportConflict[];
  seconds: number;
}

/** How many rejected rows a result lists in memory per file (the warehouse keeps all of them). */
const LISTED_REJECTIONS = 1000;

export interface ImportFileContext {
  db: DuckDBConnection;
  clock: Clock;
  logger: Logger;
  resolved: ResolvedOrdersConfig;
  runId: string | undefined;
  businessDate?: string | undefined;
  /** DuckDB's memory_limit while a Parquet file is read (warehouse.memoryLimit). */
  memoryLimit: string;
  /** orders.incremental: records unchanged since the last import are not read again. */
  incremental: boolean;
}

export async function importOrderFile(ctx: ImportFileContext, file: string): Promise<ImportFileResult> {
  const result = await importOnce(ctx, file, ctx.incremental ? await readStoredFingerprints(ctx.db, ctx.resolved.limits.maxRows) : undefined);
  if (result !== 'again') return result;
  // The file holds an item twice, once unchanged: the repeat rules need both records, so it is read whole.
  ctx.logger.event('import.read_whole', { file });
  return (await importOnce(ctx, file, undefined)) as ImportFileResult;
}

/**
 * One read of the file: with `stored`, records the last import loaded are skipped; 'again' when the file
 * holds one of them twice, or beside a changed record of its item (nothing of this read is kept then).
 */
async function importOnce(ctx: ImportFileContext, file: string, stored: StoredFingerprints | undefined): Promise<ImportFileResult | 'again'> {
  const { db, clock, logger, resolved } = ctx;
  const started = performance.now();
  const format = formatForFile(file, resolved);
  const importId = newImportId(clock.now());
  const importedAtMs = clock.now();
  const optional = OPTIONAL_COLUMNS.filter((key) => resolved.columns[key]) as OptionalColumn[];
  const result: ImportFileResult = {
    file,
    format,
    importId,
    sha256: '',
    rowsRead: 0,
    rowsLoaded: 0,
    duplicatesIdentical: 0,
    continuationRows: 0,
    rowsRejected: 0,
    rejected: [],
    conflictRows: 0,
    conflicts: [],
    rowsUnchanged: 0,
    seconds: 0,
  };
  const seed = stored?.seed ?? newSeed();
  const fingerprint = new RecordFingerprint(seed);
  // Set at the header: whether records are fingerprinted, and skipped when the last import stored them.
  let readingKey: string | undefined;
  let skipping: StoredFingerprints | undefined;
  // The line whose text `fingerprint` holds, hashed whole and not stored: its cells come to row() next.
  let lineHashed = 0;
  await createStageTable(db, optional);
  let staged = 0;
  try {
    const stager = await openStager(db, optional, { importId, file });
    let read: TableReadResult;
    const progress = logger.progress({ id: 'importProgress', file: basename(file) }, { total: statSync(file).size, unit: 'bytes' });
    try {
      let plan: RowPlan | undefined;
      let previousItemId: string | undefined;
      const reject = (found: RowRejection) => {
        result.rowsRejected++;
        const rejection: ImportRejection = { file, ...found };
        if (result.rejected.length < LISTED_REJECTIONS) result.rejected.push(rejection);
        stager.reject(rejection);
      };
      // A file-level limit: past it the file is refused whole, so nothing of it is half-imported.
      const countRecord = () => {
        if (++result.rowsRead > resolved.limits.maxRows) throw rowLimitError(file, resolved.limits);
      };
      // A CSV line without quotes, hashed as its text: skipped when stored, else its cells come to row() next.
      const takeLine = (text: string, line: number): boolean => {
        if (readingKey === undefined) return false;
        fingerprint.computeLine(text);
        if (!skipping?.set.see(fingerprint.hi, fingerprint.lo)) {
          lineHashed = line;
          return false;
        }
        countRecord();
        result.rowsUnchanged++;
        return true;
      };
      const sink: TableSink = {
        header(names) {
          plan = rowPlanFor(names, resolved, file, { checkFieldCount: format === 'csv' });
          // A continuation row reads by the record before it, which a skipped record would not be.
          if (ctx.incremental && !plan.skipContinuationRows) {
            readingKey = readingKeyOf({ format, header: names, config: resolved });
            skipping = stored?.readingKey === readingKey ? stored : undefined;
          }
          return plan.lengths.fieldAt;
        },
        // Offered only when records are fingerprinted: a full read splits every line as it always did.
        ...(ctx.incremental ? { line: takeLine } : {}),
        row(cells, line) {
          countRecord();
          let hashed = lineHashed === line;
          lineHashed = 0;
          if (!hashed && readingKey !== undefined && fingerprint.compute(cells)) {
            hashed = true;
            if (skipping?.set.see(fingerprint.hi, fingerprint.lo)) {
              result.rowsUnchanged++;
              return;
            }
          }
          const outcome = orderFromCells(plan as RowPlan, cells, line, previousItemId);
          if (outcome === undefined) {
            result.continuationRows++;
            return;
          }
          // Continuation rows follow their order's first row even when that row was kept out.
          if (outcome.item_id !== undefined) previousItemId = outcome.item_id;
          if (isRejection(outcome)) {
            reject(outcome);
            return;
          }
          staged++;
          stager.add(outcome, hashed ? fingerprint : undefined);
        },
        invalid(facts, line) {
          countRecord();
          reject({ line, ...keptOutOf(facts) });
        },
      };
      let lastBytes = 0;
      const onBytes = (bytes: number) => {
        progress.tick(bytes - lastBytes);
        lastBytes = bytes;
      };
      read = await readOrdersTable({ ...ctx, warn: (sentence) => logger.warn(sentence) }, file, format, sink, onBytes);
    } catch (error) {
      // The reader's error is the one to report; closing the appenders of a failed file may fail too.
      progress.stop();
      try {
        stager.close();
      } catch {
        /* the transaction is rolled back by the caller */
      }
      throw error;
    }
    progress.stop();
    stager.close();
    result.sha256 = read.sha256;
    if (skipping && (skipping.set.repeated || (await stagedItemSeenUnchanged(db, skipping)))) {
      await db.run('DELETE FROM order_import_issues WHERE import_id = $import_id', { import_id: importId });
      return 'again';
    }
    if (result.rowsRead === 0) logger.warn({ id: 'ordersNoRows', file });
    const merged = await mergeStagedOrders(db, optional, { importId, file, importedAtMs }, staged);
    // An unchanged record's order is in `orders` as that record reads: loaded, as the merge would leave it.
    result.rowsLoaded = merged.rowsLoaded + result.rowsUnchanged;
    result.duplicatesIdentical = merged.duplicatesIdentical;
    result.conflicts = merged.conflicts;
    result.conflictRows = merged.conflictRows;
    await db.run(
      `INSERT INTO order_imports (import_id, run_id, file, format, business_date, sha256, rows_read, rows_loaded, rows_rejected, conflicts, imported_at)
       VALUES ($import_id, $run_id, $file, $format, CAST($business_date AS DATE), $sha256, $rows_read, $rows_loaded, $rows_rejected, $conflicts,
               make_timestamptz($imported_ms::BIGINT * 1000))`,
      {
        import_id: importId,
        run_id: ctx.runId ?? null,
        file,
        format,
        business_date: ctx.businessDate ?? null,
        sha256: read.sha256,
        rows_read: result.rowsRead,
        rows_loaded: result.rowsLoaded,
        rows_rejected: result.rowsRejected,
        conflicts: result.conflicts.length,
        imported_ms: importedAtMs,
      },
    );
    if (readingKey === undefined) await clearFingerprints(db);
    else await writeFingerprints(db, { importId, readingKey, seed, used: skipping });
  } finally {
    await dropStageTable(db);
  }
  result.seconds = (performance.now() - started) / 1000;
  logger.event('import.file', {
    file,
    business_date: ctx.businessDate ?? null,
    format,
    import_id: importId,
    rows_read: result.rowsRead,
    rows_loaded: result.rowsLoaded,
    duplicates_identical: result.duplicatesIdentical,
    rows_rejected: result.rowsRejected,
    rows_unchanged: result.rowsUnchanged,
    conflicts: result.conflicts.length,
    seconds: result.seconds,
  });
  return result;
}

/** What a reader needs besides the file: the import's own, and the pre-check's (check-orders.ts). */
export interface OrdersReadContext {
  /** Parquet is read through DuckDB (a TEMP table). */
  db: DuckDBConnection;
  resolved: ResolvedOrdersConfig;
  memoryLimit: string;
  warn(sentence: LogSentence): void;
}

/** Streams one export through the reader of its format into the sink. */
export function readOrdersTable(
  ctx: OrdersReadContext,
  file: string,
  format: OrdersFormat,
  sink: TableSink,
  onBytes?: (bytes: number) => void,
): Promise<TableReadResult> {
  const { resolved } = ctx;
  const options: ReadOptions = { limits: resolved.limits, warn: ctx.warn, ...(onBytes ? { onBytes } : {}) };
  switch (format) {
    case 'csv':
      return readCsvTable(
        file,
        { ...options, ...resolved.csv, skipRows: resolved.skipRows, preset: resolved.preset, wanted: mappedColumnNames(resolved) },
        sink,
      );
    case 'xlsx':
      return readXlsxTable(file, { ...options, sheet: resolved.sheet, preset: resolved.preset, wanted: mappedColumnNames(resolved) }, sink);
    case 'json':
      return readJsonTable(file, options, sink);
    case 'ndjson':
      return readNdjsonTable(file, options, sink);
    case 'parquet':
      return readParquetTable(ctx.db, file, { ...options, memoryLimit: ctx.memoryLimit }, sink);
  }
}

/** A fresh seed for a file whose fingerprints replace every stored one. */
function newSeed(): { hi: number; lo: number } {
  const bytes = randomBytes(8);
  return { hi: bytes.readUInt32LE(0), lo: bytes.readUInt32LE(4) };
}

function newImportId(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:.]/g, '').replace('T', '-').replace('Z', '');
  return `imp-${stamp}-${randomBytes(3).toString('hex')}`;
}
