// syncAll: one drift-proof sync run. Plans windows from the business date (split adaptively, quiet
// periods stay merged), reads and verifies them concurrently, re-checks every window's total at the
// end to catch late-visible rows, and publishes the whole run in one warehouse transaction.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { ReconError } from '../shared/errors.ts';
import { businessDateOf, yesterdayIn } from '../shared/business-day.ts';
import type { ReconConfig } from '../config/schema.ts';
import type { PaymentsApi } from '../api/index.ts';
import { recordRunEnd, recordRunStart } from '../warehouse/runs.ts';
import { describeWindow, keyOf, rangesForRun, splitWindow, type SyncWindow } from './windows.ts';
import { probeTotal, readWindow, type WindowRead } from './read-window.ts';
import { Stager } from './stage.ts';
import { publishRun, type RowCounts } from './publish.ts';
import { writeRawPages } from './raw-pages.ts';
import { limitMemory, readWatermark, stageDirFor } from './run-resources.ts';

export type { SyncWindow } from './windows.ts';
export type { RowCounts } from './publish.ts';

export interface SyncDeps {
  db: DuckDBConnection;
  http: PaymentsApi;
  clock: Clock;
  logger: Logger;
}

export interface SyncRequest {
  runId: string;
  /** Business date D (YYYY-MM-DD); default: yesterday in the configured zone. */
  date?: string | undefined;
  /** Explicit date_created range in ms (half-open), replacing the lookback range. */
  since?: number | undefined;
  until?: number | undefined;
  lookbackDays: number;
  sweepDays: number;
  /** Arguments recorded in the runs row. */
  args?: Record<string, unknown> | undefined;
  /** Kind recorded in the runs row; default "sync". */
  kind?: string | undefined;
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
}

export async function syncAll(deps: SyncDeps, request: SyncRequest, config: ReconConfig): Promise<SyncResult> {
  const started = performance.now();
  const nowMs = deps.clock.now();
  const zone = config.timezone;
  const date = request.date ?? (request.until !== undefined ? businessDateOf(request.until - 1, zone) : yesterdayIn(zone, nowMs));
  // We hold the warehouse lock, so a sync still "running" is one that was killed: say so.
  await deps.db.run(
    "UPDATE runs SET outcome = 'failed', error = 'abandoned: the process ended before the run finished; nothing of it was published' WHERE kind = $1 AND outcome = 'running'",
    [request.kind ?? 'sync'],
  );
  await recordRunStart(deps.db, { runId: request.runId, kind: request.kind ?? 'sync', businessDate: date, args: request.args ?? { date }, startedAtMs: nowMs });
  const stageDir = await stageDirFor(deps.db, request.runId);
  const restoreMemoryLimit = await limitMemory(deps.db, config.warehouse.memoryLimit);
  try {
    const result = await syncInto(deps, request, config, { date, nowMs, stageDir, started });
    deps.logger.event('sync.done', { ...result });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordRunEnd(deps.db, { runId: request.runId, outcome: 'failed', finishedAtMs: deps.clock.now(), error: message }).catch(() => undefined);
    throw error;
  } finally {
    await restoreMemoryLimit();
    await rm(stageDir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
  }
}

/**
 * Like Promise.all, but on the first failure it stops queued work and waits for the work in flight
 * to finish before rejecting, so nothing keeps writing into a staging folder being removed.
 */
async function allOrFirstError<T>(tasks: Array<() => Promise<T>>, limit: LimitFunction): Promise<T[]> {
  let failed = false;
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      limit(async () => {
        if (failed) throw new Error('cancelled after an earlier failure');
        try {
          return await task();
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    ),
  );
  const firstFailure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && !(s.reason instanceof Error && s.reason.message === 'cancelled after an earlier failure'));
  if (firstFailure) throw firstFailure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

interface RunContext {
  date: string;
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
    date: ctx.date,
    zone: config.timezone,
    nowMs: ctx.nowMs,
    settleMinutes: sync.settleMinutes,
    lookbackDays: request.lookbackDays,
    sweepDays: request.sweepDays,
    sinceMs: request.since,
    untilMs: request.until,
    operationsWatermarkMs: watermark,
    pastDayMs: config.reconcile.boundaryMinutes * 60_000,
  });
  const limit = pLimit(sync.concurrency);
  const budget = sync.pageSize * sync.windowPageBudget;
  let fileNo = 0;
  const progress = deps.logger.progress('sync rows');

  const planned = (await Promise.all(plan.ranges.map((range) => planWindows(deps.http, range, budget, limit)))).flat();
  const read = async (window: SyncWindow): Promise<WindowRead> => {
    stager.throwIfFailed();
    const result = await readWindow({ api: deps.http, logger: deps.logger }, window, {
      pageSize: sync.pageSize,
      maxAttempts: sync.maxWindowAttempts,
      operationsAmountUnit: sync.operationsAmountUnit,
      file: join(ctx.stageDir, `w${++fileNo}.ndjson`),
      onPage: (rows) => progress.tick(rows),
    });
    // Loaded in the background (DuckDB works on its own threads) while the next pages are fetched.
    void stager.stageWindow(result);
    deps.logger.event('sync.window.verified', { window: describeWindow(window), total: result.total, pages: result.pages, attempts: result.attempts });
    return result;
  };
  const reads = await allOrFirstError(planned.map((window) => () => read(window)), limit);
  const rereads = await verifyFinal(deps, reads, read, limit, sync.maxWindowAttempts);
  progress.stop();
  await stager.drain();

  const updated = plan.ranges.find((r) => r.stream === 'operations' && r.field === 'date_updated');
  const watermarks: Record<string, number> = updated ? { 'operations:date_updated': updated.endMs } : {};
  const rawPagesFile = sync.rawPagesDir ? await writeRawPages(sync.rawPagesDir, request.runId, reads) : undefined;
  const after = deps.http.counters();
  const counters = { requests: after.requests - before.requests, retries: after.retries - before.retries };
  const pages = reads.reduce((n, r) => n + r.pages, 0);
  const summary = (counts: { transactions: RowCounts; operations: RowCounts }) => ({
    windows: reads.length,
    pages,
    transactions: counts.transactions,
    operations: counts.operations,
    requests: counters.requests,
    retries: counters.retries,
    rereads,
  });
  const counts = await publishRun(deps.db, {
    runId: request.runId,
    nowMs: ctx.nowMs,
    windows: reads,
    staged: { transactions: stager.staged('transactions'), operations: stager.staged('operations') },
    watermarks,
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
    date: ctx.date,
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
  };
}

/** Splits a range in halves until each part holds at most `budget` rows (by a count=1 probe). */
async function planWindows(api: PaymentsApi, range: SyncWindow, budget: number, limit: LimitFunction): Promise<SyncWindow[]> {
  const total = await limit(() => probeTotal(api, range));
  const halves = total > budget ? splitWindow(range) : undefined;
  if (!halves) return [range];
  const parts = await Promise.all(halves.map((half) => planWindows(api, half, budget, limit)));
  return parts.flat();
}

/**
 * The final pass: re-probe every window's total; a window whose total moved (a late-visible row, a
 * status change into a sweep) is read again. Repeats until a pass finds nothing, bounded.
 */
async function verifyFinal(
  deps: SyncDeps,
  reads: WindowRead[],
  read: (window: SyncWindow) => Promise<WindowRead>,
  limit: LimitFunction,
  maxRounds: number,
): Promise<number> {
  let rereads = 0;
  for (let round = 1; ; round++) {
    const totals = await allOrFirstError(reads.map((r) => () => probeTotal(deps.http, r.window)), limit);
    const moved = reads.map((r, i) => ({ index: i, read: r, now: totals[i] ?? r.total })).filter((m) => m.now !== m.read.total);
    if (moved.length === 0) return rereads;
    if (round > maxRounds) {
      const first = moved[0]!;
      throw new ReconError('drift', `${describeWindow(first.read.window)}: total still moving after ${maxRounds} verification passes (${first.read.total} read, now ${first.now}); run again later`);
    }
    for (const m of moved) deps.logger.event('sync.window.moved', { window: keyOf(m.read.window), read: m.read.total, now: m.now });
    const again = await allOrFirstError(moved.map((m) => () => read(m.read.window)), limit);
    moved.forEach((m, i) => {
      const fresh = again[i]!;
      reads[m.index] = { ...fresh, attempts: fresh.attempts + m.read.attempts };
    });
    rereads += moved.length;
  }
}

function sumCounts(a: RowCounts, b: RowCounts): RowCounts {
  return { new: a.new + b.new, changed: a.changed + b.changed, unchanged: a.unchanged + b.unchanged };
}
