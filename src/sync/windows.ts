// Which listing windows a run reads. Pure: derived from the business date, the zone, the settle delay
// and stored watermarks, never from the wall clock alone, so a re-run of a past date reads the same
// windows. Every window is half-open [startMs, endMs) on one date field, optionally with a status.
import { DateTime } from 'luxon';
import type { BusinessDay } from '../shared/business-day.ts';
import type { QueryParams } from '../api/index.ts';

type Stream = 'transactions' | 'operations';
type DateField = 'date_created' | 'date_updated';

export interface SyncWindow {
  stream: Stream;
  field: DateField;
  /** Status filter of a sweep (`refunded`, `chargeback`, `review`); undefined for plain date windows. */
  status?: string | undefined;
  startMs: number;
  endMs: number;
  /** The run's re-reads of single transactions by id (lookups.ts), staged as one batch: no date range. */
  lookups?: true | undefined;
}

/** The batch of a run's look-ups by id, as a window for staging and for sync_rejects. */
export const LOOKUPS_WINDOW: SyncWindow = { stream: 'transactions', field: 'date_created', startMs: 0, endMs: 0, lookups: true };

export const SWEEP_STATUSES = ['refunded', 'chargeback', 'review'] as const;

export interface RangeRequest {
  /** Business day D of the run. */
  day: BusinessDay;
  nowMs: number;
  settleMinutes: number;
  lookbackDays: number;
  sweepDays: number;
  /** Explicit date_created range (replaces the lookback range). */
  sinceMs?: number | undefined;
  untilMs?: number | undefined;
  /** Stored date_updated watermark of the operations stream (exclusive end of the last run's window). */
  operationsWatermarkMs?: number | undefined;
  /**
   * How far past the end of D the date_created windows reach (the reconciliation's boundary), so that a
   * payment at 00:02 for an order placed at 23:58 is in the warehouse when D is reconciled.
   */
  pastDayMs?: number | undefined;
  /**
   * Only the transactions listed by date_created in [sinceMs, untilMs): a backfill of older sales
   * (backfill-listing.ts). No status sweep, no operations, so no watermark moves.
   */
  transactionsOnly?: boolean | undefined;
}

export interface RunRanges {
  ranges: SyncWindow[];
  /**
   * The date_created range in which every transaction held in a swept status was listed: by its status
   * sweep, or by the run's date_created window, which lists every status (sweeps skip that part).
   */
  sweptRange: { startMs: number; endMs: number };
  /** Latest instant any listing may cover: now minus the settle delay. */
  settledUntilMs: number;
  transactionsUntilMs: number;
  operationsUntilMs: number;
}

/** The unsplit ranges of a run: lookback re-read, status sweeps, operations incremental + re-read. */
export function rangesForRun(request: RangeRequest): RunRanges {
  const settledUntilMs = request.nowMs - request.settleMinutes * 60_000;
  const day = DateTime.fromMillis(request.day.startMs, { zone: request.day.zone });
  const endOfDayMs = request.day.endMs;
  const lookbackStart = startOfDaysBefore(day, request.lookbackDays);
  const createdStart = request.sinceMs ?? lookbackStart;
  const createdEnd = Math.min(request.untilMs ?? endOfDayMs + (request.pastDayMs ?? 0), settledUntilMs);
  const sweepEnd = Math.min(endOfDayMs, settledUntilMs, request.untilMs ?? Number.POSITIVE_INFINITY);
  const sweepStart = startOfDaysBefore(day, request.sweepDays);

  const ranges: SyncWindow[] = [];
  const push = (w: SyncWindow) => {
    if (w.endMs > w.startMs) ranges.push(w);
  };
  push({ stream: 'transactions', field: 'date_created', startMs: createdStart, endMs: createdEnd });
  if (request.transactionsOnly) {
    const none = { startMs: createdStart, endMs: createdStart };
    return { ranges, sweptRange: none, settledUntilMs, transactionsUntilMs: createdEnd, operationsUntilMs: createdEnd };
  }
  // The date_created window already lists every status in its range: a sweep reads only what lies outside.
  const sweepPieces = withoutRange({ startMs: sweepStart, endMs: sweepEnd }, { startMs: createdStart, endMs: createdEnd });
  for (const status of SWEEP_STATUSES) for (const piece of sweepPieces) push({ stream: 'transactions', field: 'date_created', status, ...piece });
  push({ stream: 'operations', field: 'date_created', startMs: createdStart, endMs: createdEnd });
  // Operations change state (pending -> fulfilled) long after creation: read everything updated since
  // the last run. The first run starts at the sweep horizon.
  const updatedStart = request.operationsWatermarkMs ?? sweepStart;
  push({ stream: 'operations', field: 'date_updated', startMs: updatedStart, endMs: settledUntilMs });
  return {
    ranges,
    sweptRange: { startMs: sweepStart, endMs: sweepEnd },
    settledUntilMs,
    transactionsUntilMs: createdEnd,
    operationsUntilMs: Math.max(createdEnd, settledUntilMs),
  };
}

type Range = { startMs: number; endMs: number };

/** The parts of `range` outside `cut` (none, one or two), each non-empty. */
function withoutRange(range: Range, cut: Range): Range[] {
  if (cut.endMs <= cut.startMs || cut.endMs <= range.startMs || cut.startMs >= range.endMs) return [range];
  const pieces = [
    { startMs: range.startMs, endMs: cut.startMs },
    { startMs: cut.endMs, endMs: range.endMs },
  ];
  return pieces.filter((p) => p.endMs > p.startMs);
}

function startOfDaysBefore(day: DateTime, days: number): number {
  return day.minus({ days }).startOf('day').toMillis();
}

/** Two halves of a window; a window of one millisecond cannot be split. */
export function splitWindow(window: SyncWindow): [SyncWindow, SyncWindow] | undefined {
  if (window.endMs - window.startMs < 2) return undefined;
  const middle = window.startMs + Math.floor((window.endMs - window.startMs) / 2);
  return [
    { ...window, endMs: middle },
    { ...window, startMs: middle },
  ];
}

/** The query filters of a window: never an empty value, bounds as `>=start` and `<end`. */
export function filtersOf(window: SyncWindow): QueryParams {
  const filters: Array<readonly [string, string]> = [
    [window.field, `>=${window.startMs}`],
    [window.field, `<${window.endMs}`],
  ];
  if (window.status) filters.push(['status', window.status]);
  return filters;
}

/** Stable name of a window, used as its staging key and in logs. */
export function keyOf(window: SyncWindow): string {
  if (window.lookups) return `${window.stream}:transaction_id:lookups`;
  return `${window.stream}:${filterNameOf(window)}:${window.startMs}-${window.endMs}`;
}

/** The `sync_windows.filter` text: date_created, date_updated, status=refunded, ... (transaction_id for look-ups) */
export function filterNameOf(window: SyncWindow): string {
  if (window.lookups) return 'transaction_id';
  return window.status ? `status=${window.status}` : window.field;
}

/** Human form for messages: transactions status=refunded [2024-01-01T03:00:00.000Z, ...). */
export function describeWindow(window: SyncWindow): string {
  const iso = (ms: number) => DateTime.fromMillis(ms, { zone: 'utc' }).toISO();
  if (window.lookups) return `${window.stream} looked up by transaction_id`;
  return `${window.stream} ${filterNameOf(window)} [${iso(window.startMs)}, ${iso(window.endMs)})`;
}
