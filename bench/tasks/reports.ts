// Bench task: the reports of one reconciled day (every report in reports/index.ts, XLSX and `br` CSV),
// next to their floor measured in the same process: the same report queries, each run once, into bare
// CSV files with DuckDB's COPY (no workbook, no cell formatting). For a report with a base that is its
// base query once into a TEMP table, then every sheet and notes query over it; for one without, every
// sheet query. Both are timed --rounds times, alternating (a load spike on a shared machine then hits
// both), after one untimed round of each that warms DuckDB's buffers. Each report is also timed alone
// against its own floor (`byReport`: seconds, floor seconds and their ratio, the median of the rounds),
// since the target is every report within 1.5 x its floor. --dir names a folder whose recon.duckdb holds
// a reconciled day (--date, default the bench history's last).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readReportQueryParams, writeReports } from '../../src/report/index.ts';
import type { ReportDefinition } from '../../src/report/types.ts';
import { REPORTS } from '../../reports/index.ts';
import { businessDayOf, type BusinessDay } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import type { SqlParams } from '../../src/warehouse/sql.ts';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { END, ZONE, argValue, report } from './common.ts';
import { floorQueriesOf, timeFloor, type FloorQueries } from './report-floor.ts';

const dir = argValue('--dir') as string;
const rounds = Number(argValue('--rounds') ?? 5);
const day = businessDayOf(argValue('--date') ?? END, ZONE);
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
const db = warehouse.connection;

async function timeReports(out: string, runId: string, definitions: readonly ReportDefinition[] = REPORTS): Promise<number> {
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  await writeReports(
    { db, logger: silentLogger },
    { day, runId, outDir: out, maskDocuments: true, csvDialect: 'br', locale: 'pt-BR', fileMode: '0600', definitions, checksOff: [] },
  );
  return (performance.now() - t0) / 1000;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

try {
  const latest = await db.runAndReadAll(`SELECT run_id FROM reconcile_runs_latest WHERE business_date = $d::DATE`, { d: day.date });
  const runId = String(latest.getRows()[0]?.[0] ?? '');
  if (runId === '') throw new Error(`bench reports: expected a reconcile run of ${day.date} in ${dir}, found none; run the reconcile task on it first`);
  const params: SqlParams = await readReportQueryParams(db, day, runId, settlementSchema.parse({}));
  const floorReports = REPORTS.map((d) => floorQueriesOf(d, day.date, runId));
  const reportsOut = join(dir, 'bench-reports');
  const floorOut = join(dir, 'bench-floor');
  await timeReports(reportsOut, runId);
  await timeFloor(db, floorOut, floorReports, params);
  const recon: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < rounds; i++) {
    recon.push(await timeReports(reportsOut, runId));
    floor.push((await timeFloor(db, floorOut, floorReports, params)).seconds);
  }
  // The ratio of each round's pair (measured back to back) is steadier than the ratio of two medians.
  const ratio = median(recon.map((s, i) => s / (floor[i] ?? Number.NaN)));
  const byReport: Record<string, { seconds: number; floorSeconds: number; ratio: number }> = {};
  for (const [i, definition] of REPORTS.entries()) {
    const one = [floorReports[i] as FloorQueries];
    const mine: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < rounds; round++) {
      mine.push(await timeReports(reportsOut, runId, [definition]));
      bare.push((await timeFloor(db, floorOut, one, params)).seconds);
    }
    byReport[definition.name] = {
      seconds: median(mine),
      floorSeconds: median(bare),
      ratio: median(mine.map((s, k) => s / (bare[k] ?? Number.NaN))),
    };
  }
  report({
    date: day.date,
    findings: await findingsOf(day, runId),
    seconds: median(recon),
    floorSeconds: median(floor),
    ratio,
    minSeconds: Math.min(...recon),
    minFloorSeconds: Math.min(...floor),
    byReport,
    floorQueries: floorReports.reduce((n, r) => n + r.queries.length + (r.base === undefined ? 0 : 1), 0),
  });
} finally {
  warehouse.close();
}

/** The day's findings, for the table: the size of what the discrepancies report splits. */
async function findingsOf(of: BusinessDay, runId: string): Promise<number> {
  const result = await db.runAndReadAll(`SELECT count(*)::INTEGER FROM findings WHERE run_id = $r AND business_date = $d::DATE`, { r: runId, d: of.date });
  return Number(result.getRows()[0]?.[0] ?? 0);
}
