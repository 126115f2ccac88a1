// Bench task: reconcile plus all reports of the history's last day (its every night, as a backfill runs
// them: backfill-nights.ts).
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
const day = businessDayOf(END, ZONE);
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
try {
  const t0 = performance.now();
  const result = await reconcileDay(
    { db: warehouse.connection, clock: systemClock, logger: silentLogger },
    { runId: newRunId('reconcile', Date.now()), day },
    config.reconcile,
  );
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
  report({ findings: result.totals.new + result.totals.open, seconds: (performance.now() - t0) / 1000 });
} finally {
  warehouse.close();
}
