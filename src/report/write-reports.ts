// Renders report definitions (reports/) into `<outDir>/<date>/<name>.xlsx` and `.csv`. A report's base
// query runs once into a TEMP table its sheets read (report-base.ts); each sheet's query is streamed
// once into the workbook, and a sheet left out when empty is only added at its first row, so no query
// runs twice to find out. In a report with a base, the CSV sheet's rows are kept once in a TEMP table
// that the workbook's pass and each CSV file's DuckDB COPY (csv-copy.ts) read: cheaper than formatting its
// rows in JavaScript; otherwise the CSV sheet's rows go to every file in the workbook's pass. Files are written under a temporary
// name and renamed when complete, so a reader never sees half a report. An empty sheet says why in one
// sentence (SheetSpec.whenEmpty); a report whose check is off is that sentence alone (ReportDefinition.check).
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { settlementSchema } from '../config/bank-schema.ts';
import type { SettlementConfig } from '../config/schema.ts';
import { settlementParams } from '../forecast/receivables-sql.ts';
import { coverageParams, readForecastCoverage } from '../forecast/coverage.ts';
import type { BusinessDay } from '../shared/business-day.ts';
import { makeFolderFor } from '../shared/exclusive-file.ts';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { dateParam, instantParam, runWithParams, sqlIdentifier } from '../warehouse/sql.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import { ONE_THREAD, withDuckdbSettings } from '../warehouse/with-settings.ts';
import { CsvFileWriter } from './csv-writer.ts';
import { copiesForPeople, copyCsv } from './csv-copy.ts';
import { rowChunksOf, type QueryParams } from './query-rows.ts';
import { readNotes } from './notes.ts';
import { materialiseBase, type ReportQueries } from './report-base.ts';
import { XlsxFileWriter, type OpenWorkbook, type SheetWriter, type WorkbookWriter } from './xlsx-writer.ts';
import type { ColumnSpec, CsvDialect, ReportCheck, ReportDefinition, ReportParams, SheetSpec } from './types.ts';
import { composeEmptySentence } from './empty-sentence.ts';
import { type Locale, messagesFor } from '../shared/locale/index.ts';

export interface WriteReportsRequest {
  /** The night the reports are of. */
  day: BusinessDay;
  /** A reconcile run id; when absent or not a reconcile run, the latest reconcile run of the date. */
  runId?: string | undefined;
  outDir: string;
  maskDocuments: boolean;
  csvDialect: CsvDialect;
  /** The language of the workbooks (sheet names, headers, labels, reasons); CSVs keep their keys and values. */
  locale: Locale;
  /** Octal text, e.g. "0600". */
  fileMode: string;
  /** The reports to write (the job passes reports/index.ts REPORTS). */
  definitions: readonly ReportDefinition[];
  /** The card settlement contract the forecast follows (the config's `settlement`; its defaults when absent). */
  settlement?: SettlementConfig | undefined;
  /**
   * The checks that are off this night (checksOffOf(config)): a report that shows one is written as one
   * sheet saying so, with a header-only CSV. Absent: every check is taken as on.
   */
  checksOff?: readonly ReportCheck[] | undefined;
  /**
   * Who writes the CSVs: DuckDB's COPY (default; csv-copy.ts, the same bytes) or the streaming writer
   * (csv-writer.ts), which the tests hold the COPY against.
   */
  csvWriter?: 'copy' | 'stream' | undefined;
}

export interface WriteReportsResult {
  /** Absolute paths of the files written, in order. */
  files: string[];
  /** Rows per report's CSV (`refunds`), and per workbook sheet (`refunds/Refunds`). */
  counts: Record<string, number>;
  /** The reconcile run the findings came from; null when the date has none. */
  reconcileRunId: string | null;
  /** The reports written as "check off", by name, with the check. */
  off: Record<string, ReportCheck>;
}

type Db = Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'>;

/**
 * The named parameters every report's SQL may use for night `day` and reconcile run `runId`: the one
 * place they are built (the bench's floor binds the same). What the forecast covers is the page's and
 * summary.json's figure too: read by the one function.
 */
export async function readReportQueryParams(db: Db, day: BusinessDay, runId: string, settlement: SettlementConfig): Promise<QueryParams> {
  const coverage = await readForecastCoverage(db, { date: day.date, zone: day.zone, settlement });
  return {
    date: dateParam(day.date),
    run_id: runId,
    tz: day.zone,
    day_start: instantParam(day.startMs),
    day_end: instantParam(day.endMs),
    ...settlementParams(settlement),
    // How many days of the forecast's lines the report lists (reports/forecast.ts).
    lines_days: settlement.linesDays,
    ...coverageParams(coverage),
  };
}

/** What writing reports uses: the warehouse, the logger, and how a workbook is opened (the real writer by default). */
export interface ReportWriteDeps {
  db: Db;
  logger: Logger;
  openWorkbook?: OpenWorkbook | undefined;
}

export async function writeReports(deps: ReportWriteDeps, request: WriteReportsRequest): Promise<WriteReportsResult> {
  const { day } = request;
  const reconcileRunId = await reconcileRunFor(deps.db, day.date, request.runId);
  const params = await readReportQueryParams(deps.db, day, reconcileRunId ?? '', request.settlement ?? settlementSchema.parse({}));
  const reportParams: ReportParams = { date: day.date, locale: request.locale, runId: reconcileRunId ?? '', timezone: day.zone };
  const dir = join(request.outDir, day.date);
  const mode = parseInt(request.fileMode, 8);
  try {
    makeFolderFor(dir, mode);
  } catch (cause) {
    throw new ReconError('report', { id: 'reportFolder', dir, said: (cause as Error).message }, { cause });
  }
  const result: WriteReportsResult = { files: [], counts: {}, reconcileRunId, off: {} };
  // On one DuckDB thread, as the reconcile: a report's joins over a promotion day then fit the share. In
  // insertion order: a CSV sheet's kept rows (ReportQueries.keepRows) are read back in the order its
  // query wrote them, whatever the session was left with.
  await withDuckdbSettings(deps.db, { ...ONE_THREAD, preserve_insertion_order: 'true' }, async () => {
    for (const definition of request.definitions) {
      if (definition.needsReconcileRun && reconcileRunId === null) {
        throw new ReconError('report', { id: 'reportNeedsReconcile', report: definition.name, date: day.date });
      }
      const sheets = typeof definition.sheets === 'function' ? definition.sheets(reportParams) : definition.sheets;
      const off = definition.check !== undefined && request.checksOff?.includes(definition.check) ? definition.check : undefined;
      if (off) result.off[definition.name] = off;
      const written = await writeOneReport(deps, { definition, sheets, dir, mode, params, request, off }, result.counts);
      result.files.push(...written);
    }
  });
  return result;
}

async function reconcileRunFor(db: Db, date: string, runId: string | undefined): Promise<string | null> {
  if (runId) {
    const given = await db.runAndReadAll(`SELECT run_id FROM runs WHERE run_id = $id AND kind = 'reconcile'`, { id: runId });
    if (given.currentRowCount > 0) return runId;
  }
  const latest = await db.runAndReadAll(`SELECT run_id FROM reconcile_runs_latest WHERE business_date = $d::DATE`, { d: date });
  const value = latest.getRows()[0]?.[0];
  return typeof value === 'string' ? value : null;
}

interface OneReport {
  definition: ReportDefinition;
  sheets: SheetSpec[];
  dir: string;
  mode: number;
  params: QueryParams;
  request: WriteReportsRequest;
  /** The check that is off, when the report is written as the sentence saying so. */
  off: ReportCheck | undefined;
}

async function writeOneReport(deps: ReportWriteDeps, job: OneReport, counts: Record<string, number>): Promise<string[]> {
  const { definition, sheets, dir, mode, params, request, off } = job;
  const csvSheet = sheets.find((s) => s.name === job.definition.csvSheet);
  if (!csvSheet)
    throw new ReconError('report', {
      id: 'csvSheetUnknown',
      report: definition.name,
      csvSheet: String(definition.csvSheet),
      sheets: sheets.map((s) => s.name),
    });
  const csvPicks = csvPicksOf(csvSheet, definition.name, csvSheet.csvColumns);
  const brPicks = csvPicksOf(csvSheet, definition.name, csvSheet.peopleCsvColumns ?? csvSheet.csvColumns);
  const xlsxPath = join(dir, `${definition.name}.xlsx`);
  const csvPath = join(dir, `${definition.name}.csv`);
  // Under pt-BR the page offers the CSV as a Portuguese spreadsheet opens it: the `br` rendering,
  // written beside the machine file when that one is RFC 4180.
  const brPath = request.csvDialect === 'rfc4180' && request.locale === 'pt-BR' ? join(dir, `${definition.name}.br.csv`) : undefined;
  const paths = brPath ? [xlsxPath, csvPath, brPath] : [xlsxPath, csvPath];
  const partial = (path: string) => `${path}.partial`;
  let queries: ReportQueries | undefined;
  let xlsx: WorkbookWriter | undefined;
  const csvs: SheetCsv[] = [];
  let copiedRows: number | undefined;
  let done = false;
  try {
    xlsx = await (deps.openWorkbook ?? XlsxFileWriter.open)(partial(xlsxPath), mode);
    const csvOptions = { maskDocuments: request.maskDocuments, timezone: request.day.zone, mode };
    const csvColumns = csvPicks.map((i) => csvSheet.columns[i] as ColumnSpec);
    // The machine CSV by COPY where the CSV sheet is a cut of the base table (a scan to run again); a CSV
    // sheet that reads the warehouse itself is streamed in the workbook's pass, so no warehouse query
    // runs twice. The `.br.csv` people read is streamed where it shows values in the locale's words
    // (labels, reasons), which COPY does not write. A report whose check is off writes its CSVs' header alone.
    const byCopy = request.csvWriter !== 'stream' && !off && definition.base !== undefined;
    if (!byCopy) csvs.push({ file: await CsvFileWriter.open(partial(csvPath), csvColumns, { ...csvOptions, dialect: request.csvDialect }), picks: csvPicks });
    const brColumns = brPicks.map((i) => csvSheet.columns[i] as ColumnSpec);
    const people = messagesFor(request.locale);
    // The copy for people by COPY too when it shows no value in the locale's words (copiesForPeople).
    const brByCopy = brPath !== undefined && byCopy && copiesForPeople(brColumns);
    if (brPath && !brByCopy) {
      csvs.push({ file: await CsvFileWriter.open(partial(brPath), brColumns, { ...csvOptions, dialect: 'br', people }), picks: brPicks });
    }
    if (off) {
      // No query runs: its figures would read as answers (every sale "unpriced", no payout anywhere).
      const messages = messagesFor(request.locale);
      xlsx.addSentenceSheet(messages.sheets.checkOff, messages.checksOff[off].sentence, { day: request.day.date, messages });
    } else {
      queries = await materialiseBase(deps, definition, params);
      const label = { report: definition.name, sheet: csvSheet.name };
      // The CSV sheet is read by the workbook's pass and by each COPY: its rows are kept once, so that its
      // sort and joins run once (a sheet past its cap also counts them there).
      const csvRows = byCopy && csvSheet.inWorkbook !== false ? await queries.keepRows(queries.resolve(csvSheet.sql, label), params, label) : undefined;
      for (const sheet of sheets) {
        const read = { sheet, report: definition.name, queries, params, request, xlsx, csvs: sheet === csvSheet ? csvs : [] };
        await writeSheet(deps.db, sheet === csvSheet && csvRows !== undefined ? { ...read, sql: csvRows } : read, counts);
      }
      if (byCopy) {
        const sql = csvRows ?? queries.resolve(csvSheet.sql, label);
        const options = { dialect: request.csvDialect, maskDocuments: request.maskDocuments, timezone: request.day.zone };
        copiedRows = await copyCsv(deps.db, { sql, params, columns: csvColumns, options, path: partial(csvPath), mode, label });
        if (brPath && brByCopy) {
          const br = { ...options, dialect: 'br' as const, people };
          await copyCsv(deps.db, { sql, params, columns: brColumns, options: br, path: partial(brPath), mode, label });
        }
      }
    }
    await xlsx.commit();
    for (const csv of csvs) await csv.file.close();
    // The partial files got their mode when they were created (never chmod by path: that follows a
    // link); rename replaces whatever entry holds the final name, a link included, without following it.
    for (const path of paths) renameSync(partial(path), path);
    done = true;
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('report', { id: 'reportWriteFailed', report: definition.name, dir, said: (cause as Error).message }, { cause });
  } finally {
    xlsx?.abort();
    for (const csv of csvs) await csv.file.close().catch(() => undefined);
    await queries?.drop();
    if (!done) for (const path of paths) rmSync(partial(path), { force: true });
  }
  const rows = copiedRows ?? csvs[0]?.file.rowCount ?? 0;
  counts[definition.name] = rows;
  deps.logger.event('report.written', { report: definition.name, rows, files: paths, ...(off ? { off } : {}) });
  // The `br` copy is a view of the CSV for people, not one of the night's files (summary.json lists those).
  return [xlsxPath, csvPath];
}

/** Indexes of the CSV sheet's columns the CSV writes, in its order (SheetSpec.csvColumns). */
function csvPicksOf(sheet: SheetSpec, report: string, keys: readonly string[] | undefined): number[] {
  if (!keys) return sheet.columns.map((_, i) => i);
  return keys.map((key) => {
    const index = sheet.columns.findIndex((c) => c.key === key);
    if (index < 0) throw new ReconError('report', { id: 'csvColumnUnknown', report, key, sheet: sheet.name });
    return index;
  });
}

/** A CSV the CSV sheet streams into, with the indexes of the sheet's columns it writes. */
interface SheetCsv {
  file: CsvFileWriter;
  picks: readonly number[];
}

interface OneSheet {
  sheet: SheetSpec;
  report: string;
  queries: ReportQueries;
  params: QueryParams;
  request: WriteReportsRequest;
  xlsx: WorkbookWriter;
  /** For the CSV sheet: the CSV, and its `br` copy when one is written; none for any other sheet. */
  csvs: readonly SheetCsv[];
  /** The sheet's rows as kept once (ReportQueries.keepRows), read instead of its query. */
  sql?: string | undefined;
}

/** A spreadsheet opens 1,048,576 rows: the header, a totals row and up to a dozen notes stay below it. */
const SPREADSHEET_MAX_ROWS = 1_048_576 - 16;

/** Streams one sheet's query once into its workbook sheet and, for the CSV sheet, the CSV. */
async function writeSheet(db: Db, job: OneSheet, counts: Record<string, number>): Promise<void> {
  const { sheet, queries, params, request } = job;
  const toCsv = job.csvs.length > 0;
  const label = { report: job.report, sheet: sheet.name };
  const inWorkbook = sheet.inWorkbook !== false;
  if (!inWorkbook && !toCsv) return;
  const messages = messagesFor(request.locale);
  let sheetWriter: SheetWriter | undefined;
  // Added at the first row (or at the end when it must appear empty): the sheets stay in their order.
  const openSheet = (): SheetWriter =>
    (sheetWriter ??= job.xlsx.addSheet(sheet.title?.(messages) ?? sheet.name, sheet.columns, {
      timezone: request.day.zone,
      maskDocuments: request.maskDocuments,
      messages,
      totals: sheet.totals ?? [],
      ...(sheet.printColumns ? { printColumns: sheet.printColumns } : {}),
      ...(sheet.printRows ? { printRows: sheet.printRows } : {}),
      day: request.day.date,
    }));
  const cap = Math.min(sheet.maxWorkbookRows ?? SPREADSHEET_MAX_ROWS, SPREADSHEET_MAX_ROWS);
  const sql = job.sql ?? queries.resolve(sheet.sql, label);
  let total = 0;
  for await (const rows of rowChunksOf(db, sql, params, sheet.columns, label)) {
    if (rows.length === 0) continue;
    const room = cap - total;
    total += rows.length;
    if (inWorkbook && room > 0) {
      const writer = openSheet();
      writer.writeRows(room >= rows.length ? rows : rows.slice(0, room));
      await writer.drain();
    }
    for (const csv of job.csvs) await csv.file.writeRows(rows.map((row) => csv.picks.map((i) => row[i] ?? null)));
    // Past the cap, a sheet no CSV streams from needs only how many rows there are: DuckDB counts them,
    // instead of every row being turned into JavaScript values to be dropped.
    if (!toCsv && total > cap) {
      total = await countRows(db, sql, params, label);
      break;
    }
  }
  if (inWorkbook && !sheet.omitWhenEmpty) openSheet();
  if (sheetWriter) {
    const notes = sheet.notes ? await readNotes(db, { sql: queries.resolve(sheet.notes.sql, label) }, params, label) : [];
    if (total > cap) {
      const totalled = (sheet.totals ?? []).length > 0;
      notes.unshift({ label: 'rowsCut', text: messages.rowsCut(cap, total, `${job.report}.csv`, totalled), instantMs: null });
      // The totals row adds up every row, as the CSV's: the first rows' sums would read as the whole's.
      if (totalled) sheetWriter.setTotals(await sumRows(db, sql, params, sheet.totals ?? [], label));
    }
    const empty =
      total === 0 && sheet.whenEmpty
        ? await composeEmptySentence(db, sheet.whenEmpty, sheet.whenEmpty.sql === undefined ? undefined : queries.resolve(sheet.whenEmpty.sql, label), {
            day: request.day.date,
            params,
            messages,
            label,
          })
        : undefined;
    sheetWriter.finish(notes, empty);
    counts[`${job.report}/${sheet.name}`] = sheetWriter.rowCount;
  }
}

/** The sums of a sheet's totals columns over every row its query returns (a sheet cut at its cap). */
async function sumRows(db: Db, sql: string, params: QueryParams, keys: readonly string[], label: ReportPart): Promise<Map<string, bigint>> {
  try {
    const sums = keys.map((key) => `coalesce(sum(${sqlIdentifier(key)}), 0)::HUGEINT AS ${sqlIdentifier(key)}`).join(', ');
    const result = await runWithParams(db, `SELECT ${sums} FROM (${sql}) AS sheet_rows`, params);
    const row = (await result.getRows())[0] ?? [];
    return new Map(keys.map((key, i) => [key, BigInt(String(row[i] ?? 0))]));
  } catch (cause) {
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'rows', said: (cause as Error).message }, { cause });
  }
}

/** How many rows a sheet's query returns (the note under a sheet cut at its cap names it). */
async function countRows(db: Db, sql: string, params: QueryParams, label: ReportPart): Promise<number> {
  try {
    const counted = await runWithParams(db, `SELECT count(*)::BIGINT AS n FROM (${sql}) AS sheet_rows`, params);
    return Number((await counted.getRows())[0]?.[0] ?? 0);
  } catch (cause) {
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'rows', said: (cause as Error).message }, { cause });
  }
}
