// The reports' floor, shared by the reports and the backfill tasks: the same report queries, each run
// once, into bare CSV files with DuckDB's COPY (no workbook, no cell formatting). For a report with a
// base, that is its base query once into a TEMP table, then every sheet and notes query over it; for one
// without, every sheet query. No report engine can write a night's reports in less.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReportDefinition } from '../../src/report/types.ts';
import { runWithParams, sqlLiteral, type SqlParams } from '../../src/warehouse/sql.ts';
import { ONE_THREAD, withDuckdbSettings } from '../../src/warehouse/with-settings.ts';
import { ZONE } from './common.ts';

export interface FloorQueries {
  name: string;
  base: string | undefined;
  /** Sheet and notes queries; `$base` names the base's table. */
  queries: string[];
}

export function floorQueriesOf(definition: ReportDefinition, date: string, runId: string): FloorQueries {
  const sheets = typeof definition.sheets === 'function' ? definition.sheets({ date, locale: 'pt-BR', runId, timezone: ZONE }) : definition.sheets;
  return {
    name: definition.name,
    base: definition.base,
    queries: [...sheets.map((s) => s.sql), ...sheets.flatMap((s) => (s.notes ? [s.notes.sql] : []))],
  };
}

/**
 * Seconds of the floor of `reports` into folder `out` (emptied first), and of each report. The TEMP
 * tables their setup makes (the night's triage) must be on the connection: writeReports made them.
 */
export async function timeFloor(
  db: DuckDBConnection,
  out: string,
  reports: readonly FloorQueries[],
  params: SqlParams,
): Promise<{ seconds: number; byReport: Record<string, number> }> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const byReport: Record<string, number> = {};
  // On one DuckDB thread, as writeReports runs the same queries: on two, the refunds query's hash tables
  // alone need 100-125 MiB and failed about one run in three under the default 122 MiB share.
  return withDuckdbSettings(db, ONE_THREAD, async () => {
    const t0 = performance.now();
    let file = 0;
    for (const { name, base, queries } of reports) {
      const r0 = performance.now();
      if (base !== undefined) await runWithParams(db, `CREATE OR REPLACE TEMP TABLE floor_base AS ${base}`, params);
      for (const sql of queries) {
        const query = sql.replace(/\$base\b/g, 'temp.main.floor_base');
        await runWithParams(db, `COPY (${query}) TO ${sqlLiteral(join(out, `${++file}.csv`))} (HEADER, DELIMITER ';')`, params);
      }
      await db.run('DROP TABLE IF EXISTS temp.main.floor_base');
      byReport[name] = (performance.now() - r0) / 1000;
    }
    return { seconds: (performance.now() - t0) / 1000, byReport };
  });
}
