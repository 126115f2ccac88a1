// The backfill of older sales: reads the stretches of `GET /v1/transactions` (by date_created) that no
// sync has read and the cash forecast needs (a sale pays installments for up to a year; the nightly
// re-reads only `lookbackDays`). It is no second sync: the stretches are cut into runs by the sync's own
// planner, and each run is an ordinary syncAll run of those windows alone (planned, read, verified and
// published in one transaction), newest first. A backfill killed mid-way keeps every run it published:
// the next night's coverage (src/forecast/coverage.ts, from `sync_windows`) starts where it stopped, and
// a stretch read twice is merged by id, so nothing is counted twice.
import pLimit from 'p-limit';
import { DateTime } from 'luxon';
import type { ReconConfig } from '../config/schema.ts';
import type { BusinessDay } from '../shared/business-day.ts';
import { newRunId } from '../shared/run-id.ts';
import { planRanges } from './plan-windows.ts';
import type { RowCounts } from './publish.ts';
import { budgetedApi } from './request-budget.ts';
import { syncAll, type SyncDeps } from './sync-all.ts';
import type { SyncWindow } from './windows.ts';

/**
 * A run of the backfill holds at most this many windows' worth of rows (sync.pageSize x
 * sync.windowPageBudget each, 50,000 on the defaults). One: a run is published in one transaction, and
 * a publish of about 150,000 new rows ran out of DuckDB's share of the default budget where one of
 * 60,000 fits; more runs cost a few planning probes each, never a row counted twice.
 */
const WINDOWS_PER_RUN = 1;

interface Range {
  startMs: number;
  endMs: number;
}

export interface BackfillRequest {
  /** The night whose sync it follows: its runs carry its business date. */
  day: BusinessDay;
  /** Sale instants the forecast needs that no sync has read, any order (ForecastCoverage.missing). */
  missing: readonly Range[];
  /** The nightly run it belongs to, recorded in each run's args. */
  nightly?: string | undefined;
  /** Most rows one run reads; default one window's worth (sync.pageSize x sync.windowPageBudget each). */
  rowsPerRun?: number | undefined;
}

export interface BackfillResult {
  /** Sync runs published (kind `backfill`). */
  runs: number;
  windows: number;
  pages: number;
  requests: number;
  transactions: RowCounts;
  /** The stretches read, oldest first. */
  read: Range[];
  /** What the forecast needs beyond sync.backfillDays: left unread, so its days stay partial. */
  beyondReach: Range[];
  seconds: number;
}

/** Reads the missing stretches within sync.backfillDays of the night, one published run at a time. */
export async function backfillListing(deps: SyncDeps, request: BackfillRequest, config: ReconConfig): Promise<BackfillResult> {
  const started = performance.now();
  const { sync } = config;
  const reachMs = DateTime.fromMillis(request.day.startMs, { zone: request.day.zone }).minus({ days: sync.backfillDays }).startOf('day').toMillis();
  const wanted = [...request.missing].sort((a, b) => a.startMs - b.startMs);
  const read = wanted.flatMap((r) => (r.endMs > Math.max(r.startMs, reachMs) ? [{ startMs: Math.max(r.startMs, reachMs), endMs: r.endMs }] : []));
  const beyondReach = wanted.flatMap((r) => (r.startMs < reachMs ? [{ startMs: r.startMs, endMs: Math.min(r.endMs, reachMs) }] : []));
  const result: BackfillResult = {
    runs: 0,
    windows: 0,
    pages: 0,
    requests: 0,
    transactions: { new: 0, changed: 0, unchanged: 0 },
    read,
    beyondReach,
    seconds: 0,
  };
  if (beyondReach.length > 0) {
    deps.logger.warn({
      id: 'forecastBeyondReach',
      from: dateOf(beyondReach[0]?.startMs ?? reachMs, request.day.zone),
      backfillDays: sync.backfillDays,
      reach: dateOf(reachMs, request.day.zone),
    });
  }
  if (read.length === 0) return result;

  // The sync's own planner cuts the stretches into runs of bounded rows; planning probes are budgeted as a run's are.
  const ranges: SyncWindow[] = read.map((r) => ({ stream: 'transactions', field: 'date_created', ...r }));
  const api = budgetedApi(deps.http, 2 * (sync.maxWindows + ranges.length), { kind: 'backfillPlanning', maxWindows: sync.maxWindows });
  const limits = {
    rowsPerWindow: request.rowsPerRun ?? WINDOWS_PER_RUN * sync.pageSize * sync.windowPageBudget,
    minWindowMs: sync.minWindowSeconds * 1000,
    maxWindows: sync.maxWindows,
  };
  const planned = await planRanges(api, ranges, limits, pLimit(sync.concurrency));
  // Newest first: each published run then extends the covered stretch the night's own sync began.
  const runs = planned.sort((a, b) => b.window.startMs - a.window.startMs);
  const total = runs.reduce((n, r) => n + r.total, 0);
  deps.logger.info({
    id: 'backfillPlanned',
    from: dateOf(read[0]?.startMs ?? 0, request.day.zone),
    to: dateOf((read.at(-1)?.endMs ?? 1) - 1, request.day.zone),
    transactions: total,
    runs: runs.length,
  });
  let done = 0;
  for (const [i, { window }] of runs.entries()) {
    const run = await syncAll(
      deps,
      {
        runId: newRunId('backfill', deps.clock.now()),
        day: request.day,
        since: window.startMs,
        until: window.endMs,
        lookbackDays: 0,
        sweepDays: 0,
        kind: 'backfill',
        transactionsOnly: true,
        args: { date: request.day.date, since: iso(window.startMs), until: iso(window.endMs), ...(request.nightly ? { nightly: request.nightly } : {}) },
      },
      config,
    );
    result.runs++;
    result.windows += run.windows;
    result.pages += run.pages;
    result.requests += run.requests;
    for (const key of ['new', 'changed', 'unchanged'] as const) result.transactions[key] += run.transactions[key];
    done += run.transactions.new + run.transactions.changed + run.transactions.unchanged;
    deps.logger.event('sync.backfill.run', {
      run_id: run.runId,
      since: iso(window.startMs),
      until: iso(window.endMs),
      position: i + 1,
      count: runs.length,
      transactions: run.transactions,
    });
    deps.logger.info({ id: 'backfillRunDone', from: dateOf(window.startMs, request.day.zone), position: i + 1, runs: runs.length, done, transactions: total });
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function dateOf(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? '';
}
