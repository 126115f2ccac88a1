// The nightly job: sync -> import the day's orders -> reconcile -> reports -> summary.json.
// It only wires the seams together; each step's logic lives in src/.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../src/config/schema.ts';
import type { PaymentsApi } from '../src/api/index.ts';
import { syncAll, type SyncResult } from '../src/sync/index.ts';
import { importOrders, type ImportResult } from '../src/imports/index.ts';
import { reconcileDay, type ReconcileResult } from '../src/reconcile/reconcile.ts';
import { writeReports, type WriteReportsResult } from '../src/report/index.ts';
import { recordRunEnd, recordRunStart } from '../src/warehouse/runs.ts';
import { boundsOfDay, yesterdayIn } from '../src/shared/business-day.ts';
import type { Clock } from '../src/shared/clock.ts';
import { ReconError } from '../src/shared/errors.ts';
import type { Logger } from '../src/shared/log.ts';
import { newRunId } from '../src/shared/run-id.ts';
import { buildSummary, writeSummary, type NightlySummary } from './summary.ts';

export interface NightlyDeps {
  db: DuckDBConnection;
  api: PaymentsApi;
  clock: Clock;
  logger: Logger;
}

export interface NightlyRequest {
  /** Business day; default yesterday in the configured zone. */
  date?: string | undefined;
  /** Order exports to import; default config.orders.path with {date} replaced. */
  orders?: string[] | undefined;
  strict?: boolean | undefined;
  /** Where the run came from, for summary.json (e.g. "sandbox"). */
  source?: string | undefined;
}

export interface NightlyOutcome {
  summary: NightlySummary;
  summaryFile: string;
  reportDir: string;
  sync: SyncResult;
  imports: ImportResult;
  reconcile: ReconcileResult;
  reports: WriteReportsResult;
}

export async function runNightly(deps: NightlyDeps, request: NightlyRequest, config: ReconConfig): Promise<NightlyOutcome> {
  const zone = config.timezone;
  const date = request.date ?? yesterdayIn(zone, deps.clock.now());
  refuseUnfinishedNight(date, zone, config.sync.settleMinutes, deps.clock.now());
  const files = ordersFilesFor(date, request.orders, config);
  const runId = newRunId('nightly', deps.clock.now());
  const startedAt = deps.clock.now();
  const reportDir = join(config.reports.outDir, date);
  const timings: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    deps.logger.event('nightly.step', { run_id: runId, step, date });
    try {
      return await work();
    } finally {
      timings[step] = Math.round(performance.now() - t0) / 1000;
    }
  };

  checkReportFolder(reportDir);
  await recordRunStart(deps.db, { runId, kind: 'nightly', businessDate: date, args: { date, orders: files, strict: request.strict ?? false }, startedAtMs: startedAt });
  try {
    const sync = await timed('sync', () =>
      syncAll(
        { db: deps.db, http: deps.api, clock: deps.clock, logger: deps.logger },
        { runId: newRunId('sync', deps.clock.now()), date, lookbackDays: config.sync.lookbackDays, sweepDays: config.sync.sweepDays, args: { date, nightly: runId } },
        config,
      ),
    );
    const imports = await timed('import', () =>
      importOrders({ db: deps.db, clock: deps.clock, logger: deps.logger }, { files, strict: request.strict, runId, businessDate: date }, config),
    );
    const reconcile = await timed('reconcile', () =>
      reconcileDay({ db: deps.db, clock: deps.clock, logger: deps.logger }, { runId: newRunId('reconcile', deps.clock.now()), date, timezone: zone }, config.reconcile),
    );
    const reports = await timed('reports', () =>
      writeReports(
        { db: deps.db, logger: deps.logger },
        { date, runId: reconcile.runId, outDir: config.reports.outDir, timezone: zone, maskDocuments: config.reports.maskDocuments, csvDialect: config.reports.csvDialect, fileMode: config.reports.fileMode },
      ),
    );
    const finishedAt = deps.clock.now();
    timings['total'] = (finishedAt - startedAt) / 1000;
    const summary = buildSummary({ runId, date, zone, startedAt, finishedAt, outcome: 'done', source: request.source, timings, sync, imports, reconcile, reports, reportDir });
    const summaryFile = await writeSummary(reportDir, summary, config.reports.fileMode);
    await recordRunEnd(deps.db, { runId, outcome: 'done', finishedAtMs: finishedAt, counts: { findings: reconcile.totals, rows: sync.rows }, timings });
    return { summary, summaryFile, reportDir, sync, imports, reconcile, reports };
  } catch (error) {
    const finishedAt = deps.clock.now();
    const message = error instanceof Error ? error.message : String(error);
    await recordRunEnd(deps.db, { runId, outcome: 'failed', finishedAtMs: finishedAt, timings, error: message }).catch(() => undefined);
    // Monitoring reads summary.json: a failed night says so there too.
    const failed = buildSummary({ runId, date, zone, startedAt, finishedAt, outcome: 'failed', source: request.source, timings, reportDir, error: message });
    await writeSummary(reportDir, failed, config.reports.fileMode).catch(() => undefined);
    throw error;
  }
}

/** `--orders` wins; else the configured path with {date}. A missing file is an input error, not a silent skip. */
export function ordersFilesFor(date: string, explicit: string[] | undefined, config: ReconConfig): string[] {
  const files = explicit && explicit.length > 0 ? explicit : config.orders.path ? [config.orders.path.replaceAll('{date}', date)] : [];
  if (files.length === 0) {
    throw new ReconError('config', 'no orders export to reconcile against: set orders.path in the config (it may contain {date}) or pass --orders FILE');
  }
  for (const file of files) {
    if (!existsSync(file)) throw new ReconError('input', `orders export ${file} for ${date} does not exist; pass --orders FILE or check orders.path`);
  }
  return files;
}

/** A night that has not ended (plus the settle delay) would be reconciled on half its data and then
 * recorded as done, so backfill would skip it: refuse it instead. */
export function refuseUnfinishedNight(date: string, zone: string, settleMinutes: number, nowMs: number): void {
  const readyAt = boundsOfDay(date, zone).endMs + settleMinutes * 60_000;
  if (nowMs < readyAt) {
    throw new ReconError('usage', `the night of ${date} has not ended yet in ${zone}: run it after ${new Date(readyAt).toISOString()} (the end of the day plus sync.settleMinutes)`);
  }
}

/** A report folder that cannot be created is a setup problem: say so before syncing and importing anything. */
function checkReportFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    throw new ReconError('config', `reports.outDir: cannot create the report folder ${dir} (${code}); expected a writable folder (set reports.outDir or pass --out DIR)`, { cause });
  }
}
