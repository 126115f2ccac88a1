// The nightly job: bank statement -> sync -> notifications -> price snapshot -> import the day's orders ->
// reconcile and triage (jobs/reconcile-night.ts) -> reports -> summary.json.
// It only wires the seams together; each step's logic lives in src/.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../src/config/schema.ts';
import type { PaymentsApi } from '../src/api/index.ts';
import { backfillListing, syncAll, type BackfillResult, type SyncResult } from '../src/sync/index.ts';
import { readForecastCoverage, type ForecastCoverage } from '../src/forecast/coverage.ts';
import { importOrders, precheckOrders, resolveOrdersConfig, tooManyKeptOut, type ImportResult } from '../src/imports/index.ts';
import { importNightStatement, statementFileFor, type NightStatement } from '../src/bank/night-statement.ts';
import type { ReconcileResult } from '../src/reconcile/reconcile.ts';
import { snapshotPrices, type FeesSnapshot } from '../src/fees/snapshot-prices.ts';
import { foldInbox, type FoldResult } from '../src/notify/fold.ts';
import { inboxPathFor } from '../src/notify/inbox.ts';
import type { OpenWorkbook, WriteReportsResult } from '../src/report/index.ts';
import { withRun } from '../src/warehouse/runs.ts';
import { refuseUnfinishedNight, yesterdayIn, businessDayOf } from '../src/shared/business-day.ts';
import type { Clock } from '../src/shared/clock.ts';
import { ReconError } from '../src/shared/errors.ts';
import { redactSecrets } from '../src/shared/redact.ts';
import type { Logger } from '../src/shared/log.ts';
import { newRunId } from '../src/shared/run-id.ts';
import { buildSummary, writeFailedSummary, writeSummary, type NightlySummary } from './summary.ts';
import { ordersRejected } from '../reports/kept-out.ts';
import { reconcileNight } from './reconcile-night.ts';
import { reportDirFor, writeNightReports } from './night-reports.ts';
import { composeFailedAlert, composeNightAlerts } from '../src/alerts/compose.ts';
import { messagesFor } from '../src/shared/locale/index.ts';
import { hasAlertChannels, sendAlerts } from '../src/alerts/send-alerts.ts';
import { journalBoundsOf } from '../src/triage/journal-read.ts';

export interface NightlyDeps {
  db: DuckDBConnection;
  api: PaymentsApi;
  clock: Clock;
  logger: Logger;
  /** How a report's workbook is opened; the real writer unless given (the ground-truth suites leave theirs empty). */
  openWorkbook?: OpenWorkbook | undefined;
}

export interface NightlyRequest {
  /** Business day; default yesterday in the configured zone. */
  date?: string | undefined;
  /** Order exports to import; default config.orders.path with {date} replaced. */
  orders?: string[] | undefined;
  strict?: boolean | undefined;
  /** The bank statement to import; default config.bank.statementPath with {date} replaced. */
  statement?: string | undefined;
  /** Where the run came from, for summary.json (e.g. "sandbox"). */
  source?: string | undefined;
}

export interface NightlyOutcome {
  summary: NightlySummary;
  summaryFile: string;
  reportDir: string;
  sync: SyncResult;
  imports: ImportResult;
  statement: NightStatement;
  fees: FeesSnapshot;
  notifications: FoldResult;
  reconcile: ReconcileResult;
  reports: WriteReportsResult;
  /** From which sale date the cash forecast is complete, and its partial days (after any backfill). */
  forecast: ForecastCoverage;
  /** The night's backfill of older sales, when the forecast needed one. */
  backfill: BackfillResult | undefined;
}

export async function runNightly(deps: NightlyDeps, request: NightlyRequest, config: ReconConfig): Promise<NightlyOutcome> {
  // The wall time of the run, whatever the injected clock says (tests freeze it).
  const wallStart = performance.now();
  const zone = config.timezone;
  const date = request.date ?? yesterdayIn(zone, deps.clock.now());
  refuseUnfinishedNight(date, zone, config.sync.settleMinutes, deps.clock.now());
  const day = businessDayOf(date, zone);
  // What the import will need is checked before the sync sends a request: a config mistake found after
  // minutes of syncing costs a night.
  const files = ordersFilesFor(date, request.orders, config);
  const statementFile = statementFileFor(date, request.statement, config.bank);
  resolveOrdersConfig(config);
  const runId = newRunId('nightly', deps.clock.now());
  const startedAt = deps.clock.now();
  const reportDir = reportDirFor(config, date);
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
  // Every export's header and first rows against the config, before the first request: a wrong encoding,
  // delimiter, decimal or date format is named now, with the value that fits, not after the sync.
  await precheckOrders({ db: deps.db, config, warn: (message) => deps.logger.warn(message) }, files);
  // A file of an earlier stopped attempt would sit next to this run's reports and mislead.
  for (const ext of ['xlsx', 'csv', 'br.csv']) rmSync(join(reportDir, `${ordersRejected.name}.${ext}`), { force: true });
  let reconciled = false;
  // The instant the run ended, shared by its runs row and its summary.json.
  let finishedAt: number | undefined;
  const endNow = () => {
    finishedAt = deps.clock.now();
    timings['total'] = Math.round(performance.now() - wallStart) / 1000;
    return finishedAt;
  };
  const run = {
    kind: 'nightly',
    runId,
    clock: deps.clock,
    businessDate: date,
    args: { date, orders: files, strict: request.strict ?? false, ...(statementFile === undefined ? {} : { statement: statementFile }) },
    startedAtMs: startedAt,
    abandoned: 'its findings and reports, if any, are those of an earlier run',
    done: (night: NightlyOutcome) => ({
      outcome: outcomeOf(night.sync),
      finishedAtMs: finishedAt,
      counts: { findings: night.reconcile.totals, rows: night.sync.rows },
      timings,
    }),
    // Also once the done row could not be written: the night is then failed, as its summary says.
    failed: () => ({ finishedAtMs: endNow(), timings }),
  } as const;
  try {
    return await withRun(deps.db, run, async () => {
      // The statement first: it needs nothing of the sync, and a statement of an unknown account (a config
      // mistake) then stops the night before minutes of syncing.
      const statement = await timed('statement', () =>
        importNightStatement({ db: deps.db, clock: deps.clock, logger: deps.logger }, date, statementFile, config.bank, runId),
      );
      const sync = await timed('sync', () =>
        syncAll(
          { db: deps.db, http: deps.api, clock: deps.clock, logger: deps.logger },
          {
            runId: newRunId('sync', deps.clock.now()),
            day,
            lookbackDays: config.sync.lookbackDays,
            sweepDays: config.sync.sweepDays,
            args: { date, nightly: runId },
          },
          config,
        ),
      );
      // Sales older than the night's lookback that the forecast still counts installments of, read once
      // (by the first night, or the first after a gap) and then kept by each night's lookback.
      const coverageRequest = { date, zone, settlement: config.settlement };
      const backfill = await timed('backfill', async () => {
        const before = await readForecastCoverage(deps.db, coverageRequest);
        if (before.missing.length === 0) return undefined;
        return backfillListing(
          { db: deps.db, http: deps.api, clock: deps.clock, logger: deps.logger },
          { day, missing: before.missing, nightly: runId },
          config,
        );
      });
      const forecast = await readForecastCoverage(deps.db, coverageRequest);
      // The day's installment prices, before the reconcile run that checks the sales against them.
      // What recon receive kept since the last night (it never opens the warehouse; the night folds).
      const notifications = await timed('notifications', () => foldInbox({ db: deps.db, clock: deps.clock }, inboxPathFor(config.warehouse.path)));
      const fees = await timed('fees', () => snapshotPrices({ db: deps.db, http: deps.api, clock: deps.clock, logger: deps.logger }, day, config.fees));
      const imports = await timed('import', () =>
        importOrders({ db: deps.db, clock: deps.clock, logger: deps.logger }, { files, strict: request.strict, runId, businessDate: date }, config),
      );
      const tooMany = tooManyKeptOut(imports, config.orders.maxRejectedShare);
      if (tooMany) {
        const written = await timed('reports', () => writeNightReports(deps, config, { day, definitions: [ordersRejected] }));
        throw new ReconError('input', {
          id: 'tooManyKeptOut',
          ...tooMany,
          files: written.files.map((f) => relative(reportDir, f)),
          night: { reportDir },
        });
      }
      // The night's checks and the triage fold: one function, the same `recon reconcile` runs.
      const { reconcile, triage } = await reconcileNight({ db: deps.db, clock: deps.clock, logger: deps.logger }, { day }, config, {
        step: timed,
        reconciled: () => {
          reconciled = true;
        },
      });
      const reports = await timed('reports', () => writeNightReports(deps, config, { day, runId: reconcile.runId }));
      const ended = endNow();
      const summary = buildSummary({
        runId,
        day,
        startedAt,
        finishedAt: ended,
        outcome: outcomeOf(sync),
        source: request.source,
        timings,
        sync,
        imports,
        statement,
        fees,
        notifications,
        reconcile,
        reports,
        reportDir,
        triage: triage.summary,
        forecast,
        backfill,
      });
      // Only news alerts (new findings, newly overdue ones); an undeliverable alert is in the summary, not fatal.
      if (hasAlertChannels(config.alerts)) {
        const news = composeNightAlerts({
          night: date,
          rows: triage.rows,
          views: triage.views,
          pageUrl: config.alerts.pageUrl,
          messages: messagesFor(config.reports.locale),
        });
        summary.alerts = await timed('alerts', () =>
          sendAlerts({ logger: deps.logger, clock: deps.clock, env: process.env }, config.alerts, news, {
            journalPath: triage.journalPath,
            night: date,
            fileMode: config.warehouse.fileMode,
            journalMaxBytes: journalBoundsOf(config.triage).maxBytes,
          }),
        );
      }
      const summaryFile = await writeSummary(reportDir, summary, config.reports.fileMode);
      return { summary, summaryFile, reportDir, sync, imports, statement, fees, notifications, reconcile, reports, forecast, backfill };
    });
  } catch (error) {
    // Not started (the run row could not be written): there is no run to summarise.
    if (finishedAt === undefined) throw error;
    const message = error instanceof Error ? error.message : String(error);
    // Monitoring reads summary.json: a failed night says so there too (next to an earlier good run's figures).
    const failed = buildSummary({ runId, day, startedAt, finishedAt, outcome: 'failed', source: request.source, timings, reportDir, error: message });
    if (hasAlertChannels(config.alerts)) {
      const alert = composeFailedAlert(date, redactSecrets(message), messagesFor(config.reports.locale), config.alerts.pageUrl);
      failed.alerts = await sendAlerts({ logger: deps.logger, clock: deps.clock, env: process.env }, config.alerts, [alert], {
        journalPath: undefined,
        night: date,
        fileMode: config.warehouse.fileMode,
      });
    }
    // Once this run's findings are recorded, an earlier run's figures are no longer the night's.
    const write = reconciled ? writeSummary : writeFailedSummary;
    await write(reportDir, failed, config.reports.fileMode).catch(() => undefined);
    throw error;
  }
}

/** Rows the service listed that broke its interface are kept out: the night is done, but not clean. */
function outcomeOf(sync: SyncResult): 'done' | 'done_with_warnings' {
  return sync.rejected > 0 ? 'done_with_warnings' : 'done';
}

export { tooManyKeptOut } from '../src/imports/index.ts';

/** `--orders` wins; else the configured path with {date}. A missing file is an input error, not a silent skip. */
export function ordersFilesFor(date: string, explicit: string[] | undefined, config: ReconConfig): string[] {
  const files = explicit && explicit.length > 0 ? explicit : config.orders.path ? [config.orders.path.replaceAll('{date}', date)] : [];
  if (files.length === 0) {
    throw new ReconError('config', { id: 'noOrdersExport' });
  }
  for (const file of files) {
    if (!existsSync(file)) throw new ReconError('input', { id: 'ordersExportMissing', file, date });
  }
  return files;
}

/** A report folder that cannot be created is a setup problem: say so before syncing and importing anything. */
function checkReportFolder(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? (cause as Error).message;
    throw new ReconError('config', { id: 'outDirUncreatable', dir, code }, { cause });
  }
}
