// Bench task: the reconcile and reports steps of a backfill's nights, --from D1 to --to D2, one night
// after another in one process, as `recon run backfill` runs them after each night's sync and import
// (the same functions: reconcileNight, then writeNightReports), on the default config. The warehouse
// (--dir's recon.duckdb; the reports go to --dir's reports/) holds the whole history synced and the
// export imported, and no night reconciled yet. Prints the seconds, CPU
// seconds (every thread of the process: DuckDB's too) and peak RSS of the nights, each step's sum, and
// then, timed after the last night over the runs just made, the reports' floor (report-floor.ts) night
// by night: the queries of the reports each night wrote (not those written as "check off", which run
// none; the month's close on its last night), what no engine writing each night's reports apart can go
// under. The floor's discrepancies join the last night's triage table, which is as large as any.
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load.ts';
import { checksOffOf, readReportQueryParams } from '../../src/report/index.ts';
import { businessDayOf, datesBetween } from '../../src/shared/business-day.ts';
import { systemClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { reconcileNight } from '../../jobs/reconcile-night.ts';
import { nightReportDefinitions, writeNightReports } from '../../jobs/night-reports.ts';
import { ZONE, argValue, report } from './common.ts';
import { floorQueriesOf, timeFloor } from './report-floor.ts';

const from = argValue('--from') as string;
const to = argValue('--to') as string;
const dir = argValue('--dir') as string;
const config = parseConfig({ timezone: ZONE, warehouse: { path: join(dir, 'recon.duckdb') }, reports: { outDir: join(dir, 'reports') } }, 'bench');
const warehouse = await openWarehouse(config.warehouse.path, { fileMode: config.warehouse.fileMode, resources: config.warehouse });
const db = warehouse.connection;
const round = (x: number) => Math.round(x * 100) / 100;

try {
  const dates = datesBetween(from, to, config.timezone);
  const steps: Record<string, number> = { reconcile: 0, triage: 0, reports: 0 };
  const nights: { date: string; seconds: number; findings: number }[] = [];
  const runs: { date: string; runId: string }[] = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const date of dates) {
    const day = businessDayOf(date, config.timezone);
    const n0 = performance.now();
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const s0 = performance.now();
      try {
        return await work();
      } finally {
        steps[name] = (steps[name] ?? 0) + (performance.now() - s0) / 1000;
      }
    };
    const deps = { db, clock: systemClock, logger: silentLogger };
    const night = await reconcileNight(deps, { day }, config, { step });
    await step('reports', () => writeNightReports(deps, config, { day, runId: night.reconcile.runId }));
    const { totals } = night.reconcile;
    nights.push({ date, seconds: round((performance.now() - n0) / 1000), findings: totals.new + totals.open + totals.resolved });
    runs.push({ date, runId: night.reconcile.runId });
    process.stderr.write(`  backfill night ${date}: ${(performance.now() - n0) / 1000} s\n`);
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  // The floor of each night's reports, over the findings the nights above wrote.
  const off = checksOffOf(config);
  let floorSeconds = 0;
  const floorByReport: Record<string, number> = {};
  for (const { date, runId } of runs) {
    const day = businessDayOf(date, config.timezone);
    const params = await readReportQueryParams(db, day, runId, config.settlement);
    const floor = await timeFloor(
      db,
      join(config.reports.outDir, 'bench-floor'),
      nightReportDefinitions(date)
        .filter((d) => d.check === undefined || !off.includes(d.check))
        .map((d) => floorQueriesOf(d, date, runId)),
      params,
    );
    floorSeconds += floor.seconds;
    for (const [name, s] of Object.entries(floor.byReport)) floorByReport[name] = (floorByReport[name] ?? 0) + s;
  }
  report({
    nights: dates.length,
    seconds: round(seconds),
    cpuSeconds: round((cpu.user + cpu.system) / 1e6),
    nightsPeakRssMb: peakRssMb,
    steps: Object.fromEntries(Object.entries(steps).map(([k, v]) => [k, round(v)])),
    reportsFloorSeconds: round(floorSeconds),
    reportsFloorByReport: Object.fromEntries(Object.entries(floorByReport).map(([k, v]) => [k, round(v)])),
    perNight: nights,
  });
} finally {
  warehouse.close();
}
