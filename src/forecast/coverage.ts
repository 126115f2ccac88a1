// How much of the forecast the warehouse can vouch for. The forecast adds up installments of sales up
// to a year old (12 installments, 30 days apart), but the warehouse holds a sale only if a sync read
// the day it was made: what the syncs read is recorded, window by window, in `sync_windows`. From
// those windows this module derives, once for every reader (the forecast report, the page, summary.json
// and the night's backfill of older sales), the earliest sale date from which every transaction is
// held, and which days of the horizon are therefore partial.
//
// Only plain `date_created` windows of the transactions listing count: they list every status of their
// range, and the sync commits them only with their rows (publish.ts). Sweeps (one status each) and
// look-ups by id do not. A gap in the windows (a night never run) is a gap in the sales.
import type { DuckDBConnection } from '@duckdb/node-api';
import { DateTime } from 'luxon';
import type { SettlementConfig } from '../config/schema.ts';
import { addDays, businessDayOf } from '../shared/business-day.ts';
import { MAX_INSTALLMENTS } from './receivables-sql.ts';

/** A half-open range of instants, UTC milliseconds. */
export interface InstantRange {
  startMs: number;
  endMs: number;
}

export interface ForecastCoverage {
  /** The earliest sale date (local) from which the warehouse holds every transaction up to the night's end; null when no sync read the night. */
  completeFrom: string | null;
  /** The earliest sale date the horizon needs: an older sale has no installment due after the night. */
  neededFrom: string;
  /** Horizon days (D+1 onwards, in order) that may lack installments of sales before `completeFrom`. */
  partialDays: string[];
  /** The last partial day, or the night itself when none is: a due date after it is complete. */
  partialThrough: string;
  /** The sale instants the horizon needs that no sync has read, oldest first (what a backfill reads). */
  missing: InstantRange[];
}

/**
 * The stretches of sale instants the committed transaction windows cover, merged where they touch or
 * overlap, oldest first. Few rows: a night adds one island at most, and most nights none.
 */
const COVERED_ISLANDS_SQL = `
WITH w AS (
  SELECT start_ms, end_ms FROM sync_windows
  WHERE stream = 'transactions' AND filter = 'date_created' AND end_ms > start_ms
), o AS (
  SELECT start_ms, end_ms,
    max(end_ms) OVER (ORDER BY start_ms, end_ms ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS reached
  FROM w
), g AS (
  SELECT start_ms, end_ms,
    sum(CASE WHEN reached IS NULL OR start_ms > reached THEN 1 ELSE 0 END) OVER (ORDER BY start_ms, end_ms ROWS UNBOUNDED PRECEDING) AS island
  FROM o
)
SELECT min(start_ms) AS start_ms, max(end_ms) AS end_ms FROM g GROUP BY island ORDER BY start_ms`;

type CoverageDb = Pick<DuckDBConnection, 'runAndReadAll'>;

export interface CoverageRequest {
  /** The night D. */
  date: string;
  zone: string;
  settlement: SettlementConfig;
}

/** The forecast's coverage on night D, from what the syncs have read so far. */
export async function readForecastCoverage(db: CoverageDb, request: CoverageRequest): Promise<ForecastCoverage> {
  const reader = await db.runAndReadAll(COVERED_ISLANDS_SQL);
  const islands = reader.getRowObjects().map((r) => ({ startMs: Number(r['start_ms']), endMs: Number(r['end_ms']) }));
  return coverageOf(islands, request);
}

/** The earliest sale date that can have an installment due on `dueDate` under the contract. */
export function earliestSaleFor(dueDate: string, settlement: SettlementConfig): string {
  const spread = settlement.perInstallment ? 30 * (MAX_INSTALLMENTS - 1) : 0;
  return addDays(dueDate, -(settlement.firstInstallmentDays + spread));
}

/**
 * Pure: the coverage of night D given the covered islands. The island that holds the night's last
 * instant says from when every sale is held; a horizon day is complete when every sale that could have
 * an installment due on it (sold from earliestSaleFor(day) on) lies on or after that date.
 */
export function coverageOf(islands: readonly InstantRange[], request: CoverageRequest): ForecastCoverage {
  const { date, zone, settlement } = request;
  const night = businessDayOf(date, zone);
  const neededFrom = earliestSaleFor(addDays(date, 1), settlement);
  const neededStartMs = businessDayOf(neededFrom, zone).startMs;
  const holding = islands.find((i) => i.startMs < night.endMs && i.endMs >= night.endMs);
  const coveredFromMs = holding?.startMs;
  const completeFrom = coveredFromMs === undefined ? null : firstWholeDate(coveredFromMs, zone);
  const partialDays: string[] = [];
  for (let n = 1; n <= settlement.horizonDays; n++) {
    const day = addDays(date, n);
    if (completeFrom === null || earliestSaleFor(day, settlement) < completeFrom) partialDays.push(day);
  }
  const missing = gapsOf(islands, { startMs: neededStartMs, endMs: coveredFromMs ?? night.endMs });
  return { completeFrom, neededFrom, partialDays, partialThrough: partialDays.at(-1) ?? date, missing };
}

/** The first local date that starts at or after `ms`: the first day wholly covered from `ms` on. */
function firstWholeDate(ms: number, zone: string): string {
  const at = DateTime.fromMillis(ms, { zone });
  const start = at.startOf('day');
  return (start.toMillis() === ms ? start : start.plus({ days: 1 })).toISODate() ?? '';
}

/** The parts of `range` no island covers, oldest first. */
export function gapsOf(islands: readonly InstantRange[], range: InstantRange): InstantRange[] {
  const gaps: InstantRange[] = [];
  let from = range.startMs;
  for (const island of [...islands].sort((a, b) => a.startMs - b.startMs)) {
    if (island.endMs <= from) continue;
    if (island.startMs >= range.endMs) break;
    if (island.startMs > from) gaps.push({ startMs: from, endMs: island.startMs });
    from = Math.max(from, island.endMs);
  }
  if (from < range.endMs) gaps.push({ startMs: from, endMs: range.endMs });
  return gaps;
}

/**
 * The coverage as the named parameters a report's SQL reads (bound for every report, like the
 * contract's): `$forecast_complete_from` (YYYY-MM-DD, '' when no sync read the night) and
 * `$forecast_partial_through` (the last partial day, or D: a due date after it is complete).
 */
export function coverageParams(coverage: ForecastCoverage): { forecast_complete_from: string; forecast_partial_through: string } {
  return { forecast_complete_from: coverage.completeFrom ?? '', forecast_partial_through: coverage.partialThrough };
}
