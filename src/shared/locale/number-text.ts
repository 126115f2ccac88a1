// The digits of exact numbers as text, the one grouping code every locale's formatter builds on:
// integer cents and counts in, text out, never a float in between. Pure.
import { DateTime } from 'luxon';
import { formatWallClock, wallClockOf } from '../zone-clock.ts';

export interface Separators {
  group: string;
  decimal: string;
}

/** 1234567n with group "." -> "1.234.567"; the sign kept in front. */
export function groupedWhole(n: bigint, group: string): string {
  const negative = n < 0n;
  const digits = String(negative ? -n : n).replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${digits}`;
}

/** Cents as grouped reais: 123456n -> "1.234,56" ({ group: ".", decimal: "," }), -10n -> "-0,10". */
export function groupedCents(cents: bigint, separators: Separators): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${groupedWhole(abs / 100n, separators.group)}${separators.decimal}${String(abs % 100n).padStart(2, '0')}`;
}

/** Hundredths as a decimal: 349n -> "3,49"; used for basis points as percent. */
export function hundredthsText(value: bigint, decimal: string): string {
  return groupedCents(value, { group: '', decimal });
}

/** A whole number from a bigint or a JS number (rounded toward zero). */
export function bigOf(n: bigint | number): bigint {
  return typeof n === 'bigint' ? n : BigInt(Math.trunc(n));
}

/** Money with the symbol in front of the digits and the sign in front of the symbol: "-R$ 0,10". */
export function moneyText(cents: bigint, separators: Separators, sign: 'negative' | 'always'): string {
  const abs = cents < 0n ? -cents : cents;
  const prefix = cents < 0n ? '-' : sign === 'always' ? '+' : '';
  return `${prefix}R$ ${groupedCents(abs, separators)}`;
}

/**
 * Days already written, by format and day: a report writes the same few days in thousands of cells,
 * and luxon parses and formats each one anew (about 0.1 s of a busy night's reports). Bounded: cleared
 * when full.
 */
const DAY_TEXTS = new Map<string, string>();
const DAY_TEXTS_MAX = 4096;

/** An ISO day in `format`, or the text itself when it is no date. */
export function dayText(isoDate: string, format: string): string {
  const key = `${format}\u0000${isoDate}`;
  const known = DAY_TEXTS.get(key);
  if (known !== undefined) return known;
  const dt = DateTime.fromISO(isoDate, { zone: 'UTC' });
  const text = dt.isValid ? dt.toFormat(format) : isoDate;
  if (DAY_TEXTS.size >= DAY_TEXTS_MAX) DAY_TEXTS.clear();
  DAY_TEXTS.set(key, text);
  return text;
}

/** An instant in the zone's wall clock in `format`, or the text itself when it cannot be read. */
export function instantText(at: number | string, zone: string, format: string): string {
  if (typeof at === 'number') {
    const local = wallClockOf(at, zone);
    const text = local === undefined ? undefined : formatWallClock(local, format);
    if (text !== undefined) return text;
  }
  const dt = typeof at === 'number' ? DateTime.fromMillis(at, { zone }) : DateTime.fromISO(at, { zone });
  return dt.isValid ? dt.toFormat(format) : String(at);
}

/** "1 min 05 s", "2 h 03 min" (to the nearest second); `short` writes a time under a minute. */
export function durationText(ms: number, short: (seconds: number) => string): string {
  // 59.96 s would round to "60,0 s": from there on it reads as minutes.
  if (ms < 59_950) return short(ms / 1000);
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Tenths of a second, exact in text: 13049 ms -> "13" + decimal + "0". */
export function tenthsOfSeconds(seconds: number, decimal: string): string {
  const tenths = Math.round(seconds * 10);
  return `${Math.trunc(tenths / 10)}${decimal}${tenths % 10}`;
}
