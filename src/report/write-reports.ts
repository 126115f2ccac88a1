// Renders report definitions (reports/) into `<outDir>/<date>/<name>.xlsx` and `.csv`. Each sheet's
// query is streamed once; the CSV sheet's rows go to both files in the same pass. Files are written
// under a temporary name and renamed when complete, so a reader never sees half a report.
import { chmodSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { BusinessDay } from '../shared/business-day.ts';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { dateParam, instantParam } from '../warehouse/sql.ts';
import { CsvFileWriter } from './csv-writer.ts';
import { hasRows, rowChunksOf, type QueryParams } from './query-rows.ts';
import { readNotes } from './notes.ts';
import { XlsxFileWriter } from './xlsx-writer.ts';
import type { CsvDialect, ReportDefinition, ReportParams, SheetSpec } from './types.ts';

export interface WriteReportsRequest {
  /** The night the reports are of. */
  day: BusinessDay;
  /** A reconcile run id; when absent or not a reconcile run, the latest reconcile run of the date. */
  runId?: string | undefined;
  outDir: string;
  maskDocuments: boolean;
  csvDialect: CsvDialect;
  /** Octal text, e.g. "0600". */
  fileMode: string;
  /** The reports to write (the job passes reports/index.ts REPORTS). */
  definitions: readonly ReportDefinition[];
}

export interface WriteReportsResult {
  /** Absolute paths of the files written, in order. */
  files: string[];
  /** Rows per report's CSV (`refunds`), and per workbook sheet (`refunds/Refunds`). */
  counts: Record<string, number>;
  /** The reconcile run the findings came from; null when the date has none. */
  reconcileRunId: string | null;
}

type Db = Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'>;

export async function writeReports(deps: { db: Db; logger: Logger }, request: WriteReportsRequest): Promise<WriteReportsResult> {
  const { day } = request;
  const reconcileRunId = await reconcileRunFor(deps.db, day.date, request.runId);
  const params: QueryParams = {
    date: dateParam(day.date),
    run_id: reconcileRunId ?? '',
    tz: day.zone,
    day_start: instantParam(day.startMs),
    day_end: instantParam(day.endMs),
  };
  const reportParams: ReportParams = { date: day.date, runId: reconcileRunId ?? '', timezone: day.zone };
  const dir = join(request.outDir, day.date);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    throw new ReconError('report', `cannot create report folder ${dir}: ${(cause as Error).message}`, { cause });
  }
  const mode = parseInt(request.fileMode, 8);
  const result: WriteReportsResult = { files: [], counts: {}, reconcileRunId };
  for (const definition of request.definitions) {
    if (definition.needsReconcileRun && reconcileRunId === null) {
      throw new ReconError(
        'report',
        `report ${definition.name} for ${day.date}: expected a reconcile run of that date, found none; run \`recon reconcile --date ${day.date}\` first`,
      );
    }
    const sheets = typeof definition.sheets === 'function' ? definition.sheets(reportParams) : definition.sheets;
    const written = await writeOneReport(deps, { definition, sheets, dir, mode, params, request }, result.counts);
    result.files.push(...written);
  }
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
}

async function writeOneReport(deps: { db: Db; logger: Logger }, job: OneReport, counts: Record<string, number>): Promise<string[]> {
  const { definition, sheets, dir, mode, params, request } = job;
  const csvSheet = sheets.find((s) => s.name === job.definition.csvSheet);
  if (!csvSheet)
    throw new ReconError(
      'report',
      `report ${definition.name}: csvSheet "${definition.csvSheet}" is not one of its sheets (${sheets.map((s) => s.name).join(', ')})`,
    );
  const xlsxPath = join(dir, `${definition.name}.xlsx`);
  const csvPath = join(dir, `${definition.name}.csv`);
  const partial = (path: string) => `${path}.partial`;
  const cellOptions = { timezone: request.day.zone, maskDocuments: request.maskDocuments };
  let xlsx: XlsxFileWriter | undefined;
  let csv: CsvFileWriter | undefined;
  let done = false;
  try {
    xlsx = await XlsxFileWriter.open(partial(xlsxPath), mode);
    csv = await CsvFileWriter.open(partial(csvPath), csvSheet.columns, { dialect: request.csvDialect, maskDocuments: request.maskDocuments, mode });
    for (const sheet of sheets) {
      const label = `report ${definition.name}, sheet ${sheet.name}`;
      const inWorkbook = sheet.inWorkbook !== false && !(sheet.omitWhenEmpty && !(await hasRows(deps.db, sheet.sql, params, label)));
      const toCsv = sheet === csvSheet;
      if (!inWorkbook && !toCsv) continue;
      const sheetWriter = inWorkbook ? xlsx.addSheet(sheet.name, sheet.columns, { ...cellOptions, totals: sheet.totals ?? [] }) : undefined;
      for await (const rows of rowChunksOf(deps.db, sheet.sql, params, sheet.columns, label)) {
        sheetWriter?.writeRows(rows);
        await sheetWriter?.drain();
        if (toCsv) await csv.writeRows(rows);
      }
      if (sheetWriter) {
        sheetWriter.finish(sheet.notes ? await readNotes(deps.db, sheet.notes, params, label) : []);
        counts[`${definition.name}/${sheet.name}`] = sheetWriter.rowCount;
      }
    }
    await xlsx.commit();
    await csv.close();
    for (const path of [xlsxPath, csvPath]) {
      chmodSync(partial(path), mode);
      renameSync(partial(path), path);
    }
    done = true;
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('report', `report ${definition.name}: writing ${dir} failed: ${(cause as Error).message}`, { cause });
  } finally {
    xlsx?.abort();
    await csv?.close().catch(() => undefined);
    if (!done) for (const path of [xlsxPath, csvPath]) rmSync(partial(path), { force: true });
  }
  counts[definition.name] = csv.rowCount;
  deps.logger.event('report.written', { report: definition.name, rows: csv.rowCount, files: [xlsxPath, csvPath] });
  return [xlsxPath, csvPath];
}
