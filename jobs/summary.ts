// summary.json: one machine-readable record per night for monitoring (run id, windows, counts,
// amounts, timings, outcome). Everything but run_id, times and timings is stable across re-runs.
import { readFile, rename } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { makeFolderFor, writeExclusiveFile } from '../src/shared/exclusive-file.ts';
import type { BackfillResult, SyncResult } from '../src/sync/index.ts';
import type { ForecastCoverage } from '../src/forecast/coverage.ts';
import type { ImportResult } from '../src/imports/index.ts';
import { summaryOfStatement, type NightStatement } from '../src/bank/night-statement.ts';
import type { ReconcileResult } from '../src/reconcile/reconcile.ts';
import type { FeesSnapshot } from '../src/fees/snapshot-prices.ts';
import type { FoldResult } from '../src/notify/fold.ts';
import { type ReportOff, reportsOffSummary, type WriteReportsResult } from '../src/report/index.ts';
import type { BusinessDay } from '../src/shared/business-day.ts';
import { redactSecrets } from '../src/shared/redact.ts';
import type { RunOutcome } from '../src/warehouse/runs.ts';
import type { TriageSummary } from '../src/triage/night.ts';
import type { AlertsOutcome } from '../src/alerts/send-alerts.ts';

export interface NightlySummary {
  run_id: string;
  kind: 'nightly';
  date: string;
  timezone: string;
  outcome: RunOutcome;
  source: string;
  started_at: string;
  finished_at: string;
  window: { start: string; end: string };
  error?: string;
  sync?: {
    windows: number;
    pages: number;
    requests: number;
    retries: number;
    rereads: number;
    rows: SyncResult['rows'];
    /** Listed rows kept out of the warehouse because they broke the interface (in sync_rejects). */
    rejected: number;
    /** Transactions read again by id because a status sweep could no longer show them. */
    lookups: SyncResult['lookups'];
    data_fresh_until: { transactions: string; operations: string };
  };
  import?: { files: { file: string; rows_read: number; rows_loaded: number; rows_unchanged: number; rejected: number; conflicts: number }[] };
  /** The night's bank statement: not_configured, missing (the night went on), loaded or imported_before, with its line counts. */
  statement?: ReturnType<typeof summaryOfStatement>;
  /** The fee check's price snapshot: how many GET /v1/installments calls it took, and what it priced. */
  /** The notifications inbox folded into the warehouse: lines read, rows added, lines skipped. */
  notifications?: FoldResult;
  fees?: {
    check: FeesSnapshot['check'];
    calls: number;
    proportional_brands: string[];
    per_value_brands: string[];
    prices: number;
    sales: number;
    unpriced_sales: number;
  };
  findings?: {
    totals: ReconcileResult['totals'];
    by_category: ReconcileResult['counts'];
    matches: ReconcileResult['matches'];
    reconcile_run_id: string;
  };
  /** The day's close (docs/close.md): per tie-out its two sides, the lines that explain the difference and what is left unexplained. */
  close?: ReconcileResult['close'];
  reports?: string[];
  /** The reports written as "check off" (one sheet saying so, a header-only CSV): the check, the config key that turns it on, why. */
  reports_off?: Record<string, ReportOff>;
  /** The findings' triage after the journal was folded in: acknowledged, accepted, changed, overdue. */
  triage?: TriageSummary;
  /** Alerts sent after the night, and those that could not be delivered after retries (the night is not failed for them). */
  alerts?: AlertsOutcome;
  /**
   * What the cash forecast covers: every sale from `complete_from` on is in it (null: no sync read the
   * night); `needed_from` is the oldest sale date the horizon needs; `partial_days` the horizon's days
   * that may lack installments of older sales (empty when complete); `backfill` the night's read of
   * older sales, when it needed one.
   */
  forecast?: {
    complete_from: string | null;
    needed_from: string;
    partial_days: string[];
    backfill?: { runs: number; windows: number; pages: number; requests: number; transactions: BackfillResult['transactions']; beyond_reach: boolean };
  };
  timings: Record<string, number>;
  /**
   * The night was reconciled again (`recon reconcile`) after the run above: `findings`, `triage` and
   * `reports` are that reconcile run's; the sync, import and statement figures stay the night's.
   */
  reconciled_again?: { reconcile_run_id: string; at: string };
  /** A later run of the night that failed: the reports and figures above stay those of the good run. */
  last_attempt?: { run_id: string; at: string; outcome: 'failed'; error: string };
}

export interface SummaryInput {
  runId: string;
  day: BusinessDay;
  startedAt: number;
  finishedAt: number;
  outcome: RunOutcome;
  source: string | undefined;
  timings: Record<string, number>;
  reportDir: string;
  sync?: SyncResult;
  imports?: ImportResult;
  statement?: NightStatement;
  fees?: FeesSnapshot;
  notifications?: FoldResult;
  reconcile?: ReconcileResult;
  reports?: WriteReportsResult;
  triage?: TriageSummary;
  forecast?: ForecastCoverage;
  backfill?: BackfillResult | undefined;
  error?: string;
}

export function buildSummary(input: SummaryInput): NightlySummary {
  const { day } = input;
  const iso = (ms: number) => new Date(ms).toISOString();
  const summary: NightlySummary = {
    run_id: input.runId,
    kind: 'nightly',
    date: day.date,
    timezone: day.zone,
    outcome: input.outcome,
    source: input.source ?? 'service',
    started_at: iso(input.startedAt),
    finished_at: iso(input.finishedAt),
    window: { start: iso(day.startMs), end: iso(day.endMs) },
    timings: input.timings,
  };
  if (input.error !== undefined) summary.error = redactSecrets(input.error);
  if (input.sync) {
    const s = input.sync;
    summary.sync = {
      windows: s.windows,
      pages: s.pages,
      requests: s.requests,
      retries: s.retries,
      rereads: s.rereads,
      rows: s.rows,
      rejected: s.rejected,
      lookups: s.lookups,
      data_fresh_until: { transactions: iso(s.freshness.transactionsUntilMs), operations: iso(s.freshness.operationsUntilMs) },
    };
  }
  if (input.imports) {
    summary.import = {
      files: input.imports.files.map((f) => ({
        file: f.file,
        rows_read: f.rowsRead,
        rows_loaded: f.rowsLoaded,
        rows_unchanged: f.rowsUnchanged,
        rejected: f.rowsRejected,
        conflicts: f.conflicts.length,
      })),
    };
  }
  if (input.statement) summary.statement = summaryOfStatement(input.statement);
  if (input.notifications) summary.notifications = input.notifications;
  if (input.fees) {
    const f = input.fees;
    summary.fees = {
      check: f.check,
      calls: f.calls,
      proportional_brands: f.proportional,
      per_value_brands: f.perValue,
      prices: f.prices,
      sales: f.sales,
      unpriced_sales: f.unpriced,
    };
  }
  if (input.reconcile) {
    summary.findings = {
      totals: input.reconcile.totals,
      by_category: input.reconcile.counts,
      matches: input.reconcile.matches,
      reconcile_run_id: input.reconcile.runId,
    };
    summary.close = input.reconcile.close;
  }
  if (input.reports) {
    summary.reports = input.reports.files.map((f) => relative(input.reportDir, f));
    summary.reports_off = reportsOffSummary(input.reports.off);
  }
  if (input.triage) summary.triage = input.triage;
  if (input.forecast) summary.forecast = forecastSummaryOf(input.forecast, input.backfill);
  return summary;
}

function forecastSummaryOf(coverage: ForecastCoverage, backfill: BackfillResult | undefined): NonNullable<NightlySummary['forecast']> {
  const out: NonNullable<NightlySummary['forecast']> = {
    complete_from: coverage.completeFrom,
    needed_from: coverage.neededFrom,
    partial_days: coverage.partialDays,
  };
  if (backfill) {
    const { runs, windows, pages, requests, transactions } = backfill;
    out.backfill = { runs, windows, pages, requests, transactions, beyond_reach: backfill.beyondReach.length > 0 };
  }
  return out;
}

/**
 * summary.json of a failed run. A failed re-run never hides the good reports of an earlier run of the
 * night: when summary.json holds a finished run, it is kept and gains `last_attempt`.
 */
export async function writeFailedSummary(dir: string, failed: NightlySummary, fileMode: string): Promise<string> {
  const earlier = await readSummary(dir);
  if (earlier === undefined || earlier.outcome === 'failed') return writeSummary(dir, failed, fileMode);
  const lastAttempt = { run_id: failed.run_id, at: failed.finished_at, outcome: 'failed' as const, error: failed.error ?? 'failed' };
  return writeSummary(dir, { ...earlier, last_attempt: lastAttempt }, fileMode);
}

/**
 * summary.json after `recon reconcile` rewrote the night's findings and reports: the findings, triage
 * and reports of the new reconcile run replace those of the earlier run, the night's other figures stay.
 * A night that has no summary.json yet gets one of the reconcile alone.
 */
export async function writeReconciledSummary(dir: string, again: NightlySummary, fileMode: string): Promise<string> {
  const earlier = await readSummary(dir);
  const reconciledAgain = { reconcile_run_id: again.findings?.reconcile_run_id ?? again.run_id, at: again.finished_at };
  if (earlier === undefined) return writeSummary(dir, { ...again, reconciled_again: reconciledAgain }, fileMode);
  const merged: NightlySummary = { ...earlier, reconciled_again: reconciledAgain };
  if (again.findings) merged.findings = again.findings;
  if (again.close) merged.close = again.close;
  if (again.triage) merged.triage = again.triage;
  if (again.reports) merged.reports = again.reports;
  if (again.reports_off) merged.reports_off = again.reports_off;
  return writeSummary(dir, merged, fileMode);
}

async function readSummary(dir: string): Promise<NightlySummary | undefined> {
  try {
    const parsed = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as Partial<NightlySummary>;
    return typeof parsed.outcome === 'string' && typeof parsed.run_id === 'string' ? (parsed as NightlySummary) : undefined;
  } catch {
    return undefined;
  }
}

export async function writeSummary(dir: string, summary: NightlySummary, fileMode: string): Promise<string> {
  makeFolderFor(dir, parseInt(fileMode, 8));
  const file = join(dir, 'summary.json');
  // Through a partial file recon creates itself and a rename: a link planted as summary.json (or its
  // partial file) is replaced, never written through or chmodded (shared/exclusive-file.ts).
  const partial = `${file}.partial`;
  writeExclusiveFile(partial, `${JSON.stringify(summary, null, 2)}\n`, parseInt(fileMode, 8));
  await rename(partial, file);
  return file;
}
