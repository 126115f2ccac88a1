// `recon reconcile --date D`: the night's checks run again over what the warehouse holds (no sync, no
// import, no request to the service), then the night's reports and summary.json rewritten from the new
// run, so the workbook, the page and `recon findings` show the same findings. Alerts stay the
// nightly's: a person re-reconciling is told on the terminal.
import type { ReconConfig } from '../src/config/schema.ts';
import type { WriteReportsResult } from '../src/report/index.ts';
import { businessDayOf, refuseUnfinishedNight } from '../src/shared/business-day.ts';
import { reportDirFor, writeNightReports } from './night-reports.ts';
import { reconcileNight, type ReconciledNight, type ReconcileNightDeps } from './reconcile-night.ts';
import { buildSummary, writeReconciledSummary } from './summary.ts';

export interface ReconciledAgain extends ReconciledNight {
  reports: WriteReportsResult;
  reportDir: string;
  summaryFile: string;
}

export async function reconcileAgain(
  deps: ReconcileNightDeps,
  request: { date: string; source?: string | undefined },
  config: ReconConfig,
): Promise<ReconciledAgain> {
  const { date } = request;
  refuseUnfinishedNight(date, config.timezone, config.sync.settleMinutes, deps.clock.now());
  const day = businessDayOf(date, config.timezone);
  const startedAt = deps.clock.now();
  const wallStart = performance.now();
  const timings: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      timings[step] = Math.round(performance.now() - t0) / 1000;
    }
  };
  const night = await reconcileNight(deps, { day }, config, { step: timed });
  const reports = await timed('reports', () => writeNightReports(deps, config, { day, runId: night.reconcile.runId }));
  timings['total'] = Math.round(performance.now() - wallStart) / 1000;
  const reportDir = reportDirFor(config, date);
  const summary = buildSummary({
    // Kept only when the night has no summary.json yet: the run in `runs` that made the night's findings.
    runId: night.reconcile.runId,
    day,
    startedAt,
    finishedAt: deps.clock.now(),
    outcome: 'done',
    source: request.source,
    timings,
    reportDir,
    reconcile: night.reconcile,
    reports,
    triage: night.triage.summary,
  });
  const summaryFile = await writeReconciledSummary(reportDir, summary, config.reports.fileMode);
  return { ...night, reports, reportDir, summaryFile };
}
