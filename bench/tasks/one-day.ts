// Bench task: recon's one-day job on a warehouse that already holds the synced history, as the nightly
// job runs it after its sync: import the day's orders export (marked as the night's), stop when too
// many rows were kept out, reconcile the day, write every report. Timed from opening the warehouse to
// the last report file; prints the findings per category so the bench can hold the peer's against them.
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load.ts';
import { importOrders } from '../../src/imports/index.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { writeReports } from '../../src/report/index.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { systemClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { newRunId } from '../../src/shared/run-id.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { tooManyKeptOut } from '../../jobs/nightly.ts';
import { REPORTS } from '../../reports/index.ts';
import { END, ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const file = argValue('--orders') as string;
const config = parseConfig({ timezone: ZONE, orders: { preset: 'recon-sandbox' }, reports: { outDir: join(dir, 'reports') } }, 'bench');
const day = businessDayOf(END, ZONE);
const deps = { clock: systemClock, logger: silentLogger };

const t0 = performance.now();
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { resources: config.warehouse });
try {
  const db = warehouse.connection;
  const imports = await importOrders({ ...deps, db }, { files: [file], runId: newRunId('nightly', Date.now()), businessDate: END }, config);
  const tooMany = tooManyKeptOut(imports, config.orders.maxRejectedShare);
  if (tooMany) throw new Error(`one-day: ${tooMany}`);
  const t1 = performance.now();
  const reconciled = await reconcileDay({ ...deps, db }, { runId: newRunId('reconcile', Date.now()), day }, config.reconcile);
  const t2 = performance.now();
  // One report at a time, so the row can say what each costs (wall and this process's CPU seconds: the
  // machine is shared, and the CPU time is what the report itself spent).
  const reportCounts: Record<string, number> = {};
  const reportSecondsBy: Record<string, number> = {};
  const reportCpuSecondsBy: Record<string, number> = {};
  for (const definition of REPORTS) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const one = await writeReports(
      { db, logger: silentLogger },
      {
        day,
        runId: reconciled.runId,
        outDir: config.reports.outDir,
        maskDocuments: config.reports.maskDocuments,
        csvDialect: config.reports.csvDialect,
        locale: config.reports.locale,
        fileMode: config.reports.fileMode,
        definitions: [definition],
      },
    );
    const spent = process.cpuUsage(cpu);
    reportSecondsBy[definition.name] = (performance.now() - wall) / 1000;
    reportCpuSecondsBy[definition.name] = (spent.user + spent.system) / 1e6;
    Object.assign(reportCounts, one.counts);
  }
  const t3 = performance.now();
  // A fresh night has no previous run: every finding is new, none is carried or resolved.
  const counts = Object.fromEntries(Object.entries(reconciled.counts).map(([category, c]) => [category, c.new + c.open]));
  report({
    seconds: (t3 - t0) / 1000,
    importSeconds: (t1 - t0) / 1000,
    reconcileSeconds: (t2 - t1) / 1000,
    reportSeconds: (t3 - t2) / 1000,
    reportSecondsBy,
    reportCpuSecondsBy,
    orders: imports.totals.rowsLoaded,
    keptOut: imports.totals.rowsRejected + imports.totals.conflictRows,
    reportRows: { refunds: reportCounts['refunds'] ?? 0, chargebacks: reportCounts['chargebacks'] ?? 0 },
    counts,
  });
} finally {
  warehouse.close();
}
