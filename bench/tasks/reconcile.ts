// Bench task: reconcile plus all reports, for the last day of the history (every day of it, as a
// backfill runs them: backfill-nights.ts).
import { join } from 'node:path';
import { parseConfig } from '../../src/config/load.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { writeReports } from '../../src/report/index.ts';
import { REPORTS } from '../../reports/index.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { systemClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { newRunId } from '../../src/shared/run-id.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { END, ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const config = parseConfig({ timezone: ZONE }, 'bench');
const dates = [END];
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
try {
  const t0 = performance.now();
  let findings = 0;
  for (const date of dates) {
    const day = businessDayOf(date, ZONE);
    const result = await reconcileDay(
      { db: warehouse.connection, clock: systemClock, logger: silentLogger },
      { runId: newRunId('reconcile', Date.now()), day },
      config.reconcile,
    );
    findings += result.totals.new + result.totals.open;
    await writeReports(
      { db: warehouse.connection, logger: silentLogger },
      {
        day,
        runId: result.runId,
        outDir: join(dir, 'reports'),
        maskDocuments: true,
        csvDialect: 'rfc4180',
        locale: 'pt-BR',
        fileMode: '0600',
        definitions: REPORTS,
      },
    );
  }
  report({ days: dates.length, findings, seconds: (performance.now() - t0) / 1000 });
} finally {
  warehouse.close();
}
