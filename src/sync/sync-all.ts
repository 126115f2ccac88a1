// syncAll: one drift-proof sync run. Plans windows from the business date (split adaptively, quiet
// periods stay merged), reads and verifies them concurrently, re-checks every window's total at the
// end to catch late-visible rows, and publishes the whole run in one warehouse transaction.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { businessDateOf, businessDayOf, yesterdayIn, type BusinessDay } from '../shared/business-day.ts';
import type { ReconConfig } from '../config/schema.ts';
import type { PaymentsApi } from '../api/index.ts';
import { withRun, type RunKind } from '../warehouse/runs.ts';
import { describeWindow, rangesForRun, type SyncWindow } from './windows.ts';
import { readWindow, type WindowRead } from './read-window.ts';
import { Stager } from './stage.ts';
import { publishRun, type RowCounts } from './publish.ts';
import { writeRawPages } from './raw-pages.ts';
import { narrowDuckdbMemory, readWatermark, stageDirFor } from './run-resources.ts';
import { allOrFirstError, verifyFinal } from './run-windows.ts';
import { planRanges } from './plan-windows.ts';
import { budgetedApi } from './request-budget.ts';
import type { RejectsSource } from './rejects.ts';
import { lookUpLeavers, type LookupCounts, type LookupResult } from './lookups.ts';

/** A run that reads no sweep looks nothing up: what it could not observe is not its to judge. */
const NO_LOOKUPS: LookupResult = { read: undefined, vanished: [], counts: { read: 0, changed: 0, vanished: 0 } };

export interface SyncDeps {
  db: DuckDBConnection;
  http: PaymentsApi;
  clock: Clock;
  logger: Logger;
}

export interface SyncRequest {
  runId: string;
  /** Business day D; default: yesterday in the configured zone (or the day --until ends in). */
  day?: BusinessDay | undefined;
  /** Explicit date_created range in ms (half-open), replacing the lookback range. */
  since?: number | undefined;
  until?: number | undefined;
  lookbackDays: number;
  sweepDays: number;
  /** Arguments recorded in the runs row. */
  args?: Record<string, unknown> | undefined;
  /** Kind recorded in the runs row; default "sync". */
  kind?: RunKind | undefined;
  /**
   * Read only the transactions created in [since, until): a run of the backfill of older sales
   * (backfill-listing.ts), without sweeps, operations or look-ups by id, which the night's own run does.
   */
  transactionsOnly?: boolean | undefined;
}

export interface SyncResult {
  runId: string;
  date: string;
  windows: number;
  pages: number;
  rows: RowCounts;
  transactions: RowCounts;
  operations: RowCounts;
  retries: number;
  requests: number;
  /** Windows read again because they drifted or their total moved in the final verification pass. */
  rereads: number;
  seconds: number;
  freshness: { transactionsUntilMs: number; operationsUntilMs: number };
  rawPagesFile?: string | undefined;
  /**
   * Listed rows kept out of the warehouse this run (broken rows, in sync_rejects); a row listed by two
   * windows is kept out by each. The run is still done.
   */
  rejected: number;
  /** Transactions read again by id because a status sweep could no longer show them (lookups.ts). */
  lookups: LookupCounts;
}

export async function syncAll(deps: SyncDeps, request: SyncRequest, config: ReconConfig): Promise<SyncResult> {
  const started = performance.now();
  const nowMs = deps.clock.now();
  const zone = config.timezone;
  const day = request.day ?? businessDayOf(request.until !== undefined ? businessDateOf(request.until - 1, zone) : yesterdayIn(zone, nowMs), zone);
  const date = day.date;
  // We hold the warehouse lock, so a sync still "running" is one that was killed: say so. The end of a
  // run that succeeds is written by its publish, in the transaction that commits its rows.
  const run = {
    kind: request.kind ?? 'sync',
    runId: request.runId,
    clock: deps.clock,
    businessDate: date,
    args: request.args ?? { date },
    startedAtMs: nowMs,
  } as const;
  return withRun(deps.db, { ...run, abandoned: 'nothing of it was published', done: 'recorded by work' }, async () => {
    const stageDir = await stageDirFor(deps.db, request.runId);
    // The warehouse was opened under warehouse.memoryLimit: staging and the merge spill to disk beyond
    // DuckDB's share of it, narrowed for the run, instead of growing the process.
    const restoreMemory = await narrowDuckdbMemory(deps.db);
    try {
      const result = await syncInto(deps, request, config, { day, nowMs, stageDir, started });
      deps.logger.event('sync.done', { ...result });
      return result;
    } finally {
      await restoreMemory().catch(() => undefined);
      await rm(stageDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
    }
  });
}

interface RunContext {
  day: BusinessDay;
  nowMs: number;
  stageDir: string;
  started: number;
}

async function syncInto(deps: SyncDeps, request: SyncRequest, config: ReconConfig, ctx: RunContext): Promise<SyncResult> {
  const before = deps.http.counters();
  const stager = new Stager(deps.db, request.runId);
  await stager.clearAbandoned();
  try {
    return await readAndPublish(deps, request, config, ctx, stager, before);
  } finally {
    // Loads still queued read files in the staging folder, which the caller removes next.
    await stager.settle();
  }
}

async function readAndPublish(
  deps: SyncDeps,
  request: SyncRequest,
  config: ReconConfig,
  ctx: RunContext,
  stager: Stager,
  before: { requests: number; retries: number },
): Promise<SyncResult> {
  const { sync } = config;
  const watermark = await readWatermark(deps.db, 'operations', 'date_updated');
  const plan = rangesForRun({
    day: ctx.day,
    nowMs: ctx.nowMs,
    settleMinutes: sync.settleMinutes,
    lookbackDays: request.lookbackDays,
    sweepDays: request.sweepDays,
    sinceMs: request.since,
    untilMs: request.until,
    operationsWatermarkMs: watermark,
    pastDayMs: config.reconcile.boundaryMinutes * 60_000,
    transactionsOnly: request.transactionsOnly,
  });
  const limit = pLimit(sync.concurrency);
  let fileNo = 0;
  const progress = deps.logger.progress({ id: 'syncProgress' }, { unit: 'rows' });

  // Planning probes at most twice per window it may plan; the plan then sets the run's budget.
  const api = budgetedApi(deps.http, 2 * (sync.maxWindows + plan.ranges.length), { kind: 'planning', maxWindows: sync.maxWindows });
  const limits = { rowsPerWindow: sync.pageSize * sync.windowPageBudget, minWindowMs: sync.minWindowSeconds * 1000, maxWindows: sync.maxWindows };
  const plannedWithTotals = await planRanges(api, plan.ranges, limits, limit);
  const planned = plannedWithTotals.map((p) => p.window);
  // The service's counts of the planned windows: the rows the pages will bring, unless the listing moves.
  progress.tick(
    0,
    plannedWithTotals.reduce((n, p) => n + p.total, 0),
  );
  const pagesImplied = plannedWithTotals.reduce((n, p) => n + Math.max(1, Math.ceil(p.total / sync.pageSize)), 0);
  const sentSoFar = deps.http.counters().requests - before.requests;
  api.allow(sentSoFar + Math.ceil(sync.requestBudgetFactor * (pagesImplied + planned.length)) + 2 * sync.maxIdLookups, {
    kind: 'plan',
    factor: sync.requestBudgetFactor,
    pages: pagesImplied,
    windows: planned.length,
    probes: sentSoFar,
  });
  const read = async (window: SyncWindow): Promise<WindowRead> => {
    stager.throwIfFailed();
    const n = ++fileNo;
    const result = await readWindow({ api, logger: deps.logger }, window, {
      pageSize: sync.pageSize,
      maxAttempts: sync.maxWindowAttempts,
      operationsAmountUnit: sync.operationsAmountUnit,
      file: join(ctx.stageDir, `w${n}.ndjson`),
      rejectsFile: join(ctx.stageDir, `w${n}.rejects.ndjson`),
      onPage: (rows) => progress.tick(rows),
    });
    // Loaded in the background (DuckDB works on its own threads) while the next pages are fetched.
    void stager.stageWindow(result);
    deps.logger.event('sync.window.verified', {
      window: describeWindow(window),
      total: result.total,
      pages: result.pages,
      attempts: result.attempts,
      rejected: result.rejected,
    });
    if (result.rejected > 0) {
      const first = result.firstRejected === undefined ? {} : { first: result.firstRejected };
      deps.logger.warn({ id: 'syncRowsKeptOut', window: describeWindow(window), rows: result.rejected, ...first });
    }
    return result;
  };
  const reads = await allOrFirstError(
    planned.map((window) => () => read(window)),
    limit,
  );
  const rereads = await verifyFinal({ http: api, logger: deps.logger }, reads, read, limit, sync.maxWindowAttempts);
  progress.stop();
  await stager.drain();
  const lookups = request.transactionsOnly
    ? NO_LOOKUPS
    : await lookUpLeavers(
        { db: deps.db, api, logger: deps.logger },
        { sweptRange: plan.sweptRange, reads, stageDir: ctx.stageDir, limit, maxAttempts: sync.maxWindowAttempts, maxIdLookups: sync.maxIdLookups },
      );
  if (lookups.read) {
    void stager.stageWindow(lookups.read);
    await stager.drain();
  }
  const staged = lookups.read ? [...reads, lookups.read] : reads;

  const updated = plan.ranges.find((r) => r.stream === 'operations' && r.field === 'date_updated');
  const watermarks: Record<string, number> = updated ? { 'operations:date_updated': updated.endMs } : {};
  const rawPagesFile = sync.rawPagesDir ? await writeRawPages(sync.rawPagesDir, request.runId, staged) : undefined;
  const after = deps.http.counters();
  const counters = { requests: after.requests - before.requests, retries: after.retries - before.retries };
  const pages = reads.reduce((n, r) => n + r.pages, 0);
  const rejects: RejectsSource[] = staged.flatMap((r) =>
    r.rejected > 0 && r.rejectsFile ? [{ window: r.window, file: r.rejectsFile, rows: r.rejected }] : [],
  );
  const rejected = staged.reduce((n, r) => n + r.rejected, 0);
  const summary = (counts: { transactions: RowCounts; operations: RowCounts }) => ({
    windows: reads.length,
    pages,
    transactions: counts.transactions,
    operations: counts.operations,
    requests: counters.requests,
    retries: counters.retries,
    rereads,
    rejected,
    lookups: lookups.counts,
  });
  const counts = await publishRun(deps.db, {
    runId: request.runId,
    nowMs: ctx.nowMs,
    windows: reads,
    staged: { transactions: stager.staged('transactions'), operations: stager.staged('operations') },
    rejects,
    vanished: lookups.vanished,
    watermarks,
    logger: deps.logger,
    runEnd: (c) => ({
      runId: request.runId,
      outcome: 'done',
      finishedAtMs: deps.clock.now(),
      counts: summary(c),
      timings: { seconds: (performance.now() - ctx.started) / 1000 },
    }),
  });
  const rows = sumCounts(counts.transactions, counts.operations);
  return {
    runId: request.runId,
    date: ctx.day.date,
    windows: reads.length,
    pages,
    rows,
    transactions: counts.transactions,
    operations: counts.operations,
    retries: counters.retries,
    requests: counters.requests,
    rereads,
    seconds: (performance.now() - ctx.started) / 1000,
    freshness: { transactionsUntilMs: plan.transactionsUntilMs, operationsUntilMs: plan.operationsUntilMs },
    rawPagesFile,
    rejected,
    lookups: lookups.counts,
  };
}

function sumCounts(a: RowCounts, b: RowCounts): RowCounts {
  return { new: a.new + b.new, changed: a.changed + b.changed, unchanged: a.unchanged + b.unchanged };
}
