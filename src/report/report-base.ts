// A report's base query (ReportDefinition.base) run once per night. Sheets that are cuts of one costly
// query (the discrepancies' category sheets and CSV, the chargebacks' list and totals) would otherwise
// each run it again; instead the writer materialises it into a TEMP table of its own connection, the
// sheets read that table as `$base`, and the table is dropped when the report is written or has failed.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import type { Logger } from '../shared/log.ts';
import { runWithParams, sqlIdentifier } from '../warehouse/sql.ts';
import type { QueryParams } from './query-rows.ts';
import type { ReportDefinition } from './types.ts';

/** `$base` as a whole word: `$base_day` stays a parameter of that name. */
const BASE_REFERENCE = /\$base\b/;

type Db = Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'>;

/** The statements a report runs, with `$base` named; `drop()` (in `finally`) never throws. */
export interface ReportQueries {
  /** The SQL to run for a sheet or notes query: `$base` replaced by the base table's qualified name. */
  resolve(sql: string, label: ReportPart): string;
  /**
   * Runs a sheet's query (resolved) once into a TEMP table of its own and returns the SELECT that reads
   * its rows back in the query's order: for a sheet read more than once (the workbook's pass and each
   * CSV's COPY), so that its sort and joins run once. Dropped with the base.
   */
  keepRows(sql: string, params: QueryParams, label: ReportPart): Promise<string>;
  drop(): Promise<void>;
}

/**
 * Runs the definition's base query once into `temp.main."report_<name>"` (nothing when it declares no
 * base). The temp catalog is qualified in full: a warehouse table of the same name never shadows it.
 */
export async function materialiseBase(deps: { db: Db; logger: Logger }, definition: ReportDefinition, params: QueryParams): Promise<ReportQueries> {
  for (const sql of definition.setup ?? []) await deps.db.runAndReadAll(sql);
  const kept: string[] = [];
  const tableOf = (suffix: string) => `temp.main.${sqlIdentifier(`report_${definition.name}${suffix}`)}`;
  const dropAll = async (): Promise<void> => {
    for (const table of kept) {
      try {
        await deps.db.runAndReadAll(`DROP TABLE IF EXISTS ${table}`);
      } catch (cause) {
        // The connection is failing already; the table dies with it, and the first error is the one to report.
        deps.logger.warn({ id: 'reportBaseNotDropped', report: definition.name, table, said: (cause as Error).message });
      }
    }
  };
  // A sheet's rows kept once, in the query's order: DuckDB keeps insertion order when they are read
  // back without an ORDER BY (preserve_insertion_order, which writeReports turns on).
  const keepRows = async (sql: string, sheetParams: QueryParams, label: ReportPart): Promise<string> => {
    const table = tableOf('__rows');
    kept.push(table);
    try {
      await runWithParams(deps.db, `CREATE OR REPLACE TEMP TABLE ${table} AS\n${sql}`, sheetParams);
    } catch (cause) {
      throw new ReconError('report', { id: 'queryFailed', part: label, step: 'query', said: (cause as Error).message }, { cause });
    }
    return `SELECT * FROM ${table}`;
  };
  const base = definition.base;
  if (base === undefined) return { resolve: (sql, label) => refuseBaseReference(sql, label), keepRows, drop: dropAll };
  if (BASE_REFERENCE.test(base)) {
    throw new ReconError('report', { id: 'baseReadsItself', report: definition.name });
  }
  const table = tableOf('');
  kept.push(table);
  try {
    await runWithParams(deps.db, `CREATE OR REPLACE TEMP TABLE ${table} AS\n${base}`, params);
  } catch (cause) {
    await dropAll();
    throw new ReconError(
      'report',
      { id: 'queryFailed', part: { report: definition.name, base: true }, step: 'query', said: (cause as Error).message },
      { cause },
    );
  }
  return { resolve: (sql) => sql.replace(new RegExp(BASE_REFERENCE.source, 'g'), () => table), keepRows, drop: dropAll };
}

function refuseBaseReference(sql: string, label: ReportPart): string {
  if (BASE_REFERENCE.test(sql)) {
    throw new ReconError('report', { id: 'baseUndeclared', part: label });
  }
  return sql;
}
