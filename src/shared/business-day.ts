// Business days live in the configured time zone; instants are UTC milliseconds. luxon does the calendar.
import { DateTime } from 'luxon';
import { ReconError } from './errors.ts';

/**
 * One business day, made once from the date and the configured zone (businessDayOf) and passed down,
 * so no step parses the date again or pairs it with another zone.
 */
export interface BusinessDay {
  /** The business date, YYYY-MM-DD. */
  readonly date: string;
  /** The IANA zone the day is reckoned in. */
  readonly zone: string;
  /** First millisecond of the day in the zone (inclusive). */
  readonly startMs: number;
  /** First millisecond of the next day in the zone (exclusive). */
  readonly endMs: number;
}

export function parseBusinessDate(date: string, zone: string): DateTime {
  const dt = DateTime.fromISO(date, { zone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !dt.isValid) {
    throw new ReconError('usage', { id: 'dateFormat', got: date });
  }
  return dt.startOf('day');
}

export function businessDayOf(date: string, zone: string): BusinessDay {
  const start = parseBusinessDate(date, zone);
  return Object.freeze({ date, zone, startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis() });
}

export function businessDateOf(epochMs: number, zone: string): string {
  return DateTime.fromMillis(epochMs, { zone }).toISODate() ?? '';
}

/** A night that has not ended (plus the settle delay) would be reconciled on half its data and then
 * recorded as done, so backfill would skip it: refuse it instead. */
export function refuseUnfinishedNight(date: string, zone: string, settleMinutes: number, nowMs: number): void {
  const readyAt = businessDayOf(date, zone).endMs + settleMinutes * 60_000;
  if (nowMs < readyAt) {
    throw new ReconError('usage', { id: 'nightNotEnded', date, zone, readyAtMs: readyAt });
  }
}

/** Yesterday in the zone, relative to the clock: the default night a nightly run reconciles. */
export function yesterdayIn(zone: string, nowMs: number): string {
  return DateTime.fromMillis(nowMs, { zone }).minus({ days: 1 }).toISODate() ?? '';
}

/**
 * The calendar date `days` after `date`. Counting calendar days is the same in every zone, so it is plain
 * UTC arithmetic: luxon's in a named zone asks Intl for an offset at every step, and the forecast's
 * coverage counts a horizon of days several times a night.
 */
export function addDays(date: string, days: number): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const ms = parts ? Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])) : Number.NaN;
  // Date.UTC rolls 2026-02-31 over into March: a date is valid when it reads back as itself.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) {
    throw new ReconError('usage', { id: 'dateFormat', got: date });
  }
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/** Inclusive list of business dates from..to. */
export function datesBetween(from: string, to: string, zone: string): string[] {
  const out: string[] = [];
  let d = parseBusinessDate(from, zone);
  const end = parseBusinessDate(to, zone);
  if (end < d) throw new ReconError('usage', { id: 'fromAfterTo', from, to });
  while (d <= end) {
    out.push(d.toISODate() ?? '');
    d = d.plus({ days: 1 });
  }
  return out;
}

export function isValidZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}
