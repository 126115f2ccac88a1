// Pure shaping of the three charts' data: findings per category per night (from summary.json),
// open chargebacks by card brand and age bucket, refunds per business day. No I/O; exact cents.
import { DateTime } from 'luxon';
import { CHARGEBACK_AGE_BUCKETS, chargebackAgeBucketOf, wholeDaysBetween } from '../shared/chargeback-age.ts';
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { en } from '../shared/locale/en.ts';
import type { Night } from './nights.ts';

export interface StackedBar {
  label: string;
  segments: { key: string; value: number; title: string }[];
}

/** Active (new + open) findings per category for each of the last `limit` nights with a summary, oldest first. */
export function findingsPerCategory(nights: readonly Night[], limit = 30): { bars: StackedBar[]; keys: string[] } {
  const withFindings = nights
    .filter((n) => n.summary?.findings)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(-limit);
  const seen = new Set<string>();
  const bars = withFindings.map((night) => {
    const byCategory = night.summary?.findings?.by_category ?? {};
    const segments = Object.entries(byCategory)
      .map(([key, c]) => ({ key, value: c.new + c.open, title: `${night.date} ${key}: ${c.new + c.open} active (${c.new} new, ${c.open} open)` }))
      .filter((s) => s.value > 0);
    for (const s of segments) seen.add(s.key);
    return { label: night.date, segments };
  });
  const known = FINDING_CATEGORIES.filter((c) => seen.has(c));
  const other = [...seen].filter((c) => !(FINDING_CATEGORIES as readonly string[]).includes(c)).sort();
  return { bars, keys: [...known, ...other] };
}

// The buckets and the age are the chargebacks report's own (src/shared/chargeback-age.ts): days since
// the chargeback; the page labels them in its locale (English unless told).

export function ageBucketOf(days: number): string {
  return en.ageBuckets[chargebackAgeBucketOf(days)];
}

/** Open chargebacks by brand (bars) and days since the chargeback (segments), with their amounts. */
export function chargebacksByBrandAndAge(
  rows: readonly { brand: string; chargedBackMs: number; amountCents: bigint }[],
  nowMs: number,
  formatCents: (cents: bigint) => string,
  labels: Readonly<Record<(typeof CHARGEBACK_AGE_BUCKETS)[number]['key'], string>> = en.ageBuckets,
): { bars: StackedBar[]; keys: string[] } {
  const buckets = CHARGEBACK_AGE_BUCKETS.map((b) => ({ key: labels[b.key], maxDays: b.maxDays }));
  const cells = new Map<string, Map<string, { count: number; cents: bigint }>>();
  for (const row of rows) {
    const days = wholeDaysBetween(row.chargedBackMs, nowMs);
    const bucket = labels[chargebackAgeBucketOf(days)];
    const byBucket = cells.get(row.brand) ?? new Map<string, { count: number; cents: bigint }>();
    const cell = byBucket.get(bucket) ?? { count: 0, cents: 0n };
    cell.count += 1;
    cell.cents += row.amountCents;
    byBucket.set(bucket, cell);
    cells.set(row.brand, byBucket);
  }
  const bars = [...cells.keys()].sort().map((brand) => ({
    label: brand,
    segments: buckets.flatMap((b) => {
      const cell = cells.get(brand)?.get(b.key);
      return cell ? [{ key: b.key, value: cell.count, title: `${brand}, ${b.key}: ${cell.count} open, ${formatCents(cell.cents)}` }] : [];
    }),
  }));
  return { bars, keys: buckets.map((b) => b.key) };
}

export interface RefundDay {
  date: string;
  count: number;
  cents: bigint;
}

/** Refunds per business day for the `days` days ending on `endDate` (every day present, zeros included). */
export function refundsPerDay(rows: readonly { refundedMs: number; amountCents: bigint }[], zone: string, endDate: string, days = 30): RefundDay[] {
  const end = DateTime.fromISO(endDate, { zone }).startOf('day');
  const out: RefundDay[] = [];
  const index = new Map<string, RefundDay>();
  for (let i = days - 1; i >= 0; i--) {
    const day: RefundDay = { date: end.minus({ days: i }).toISODate() ?? '', count: 0, cents: 0n };
    out.push(day);
    index.set(day.date, day);
  }
  for (const row of rows) {
    const day = index.get(DateTime.fromMillis(row.refundedMs, { zone }).toISODate() ?? '');
    if (!day) continue;
    day.count += 1;
    day.cents += row.amountCents;
  }
  return out;
}

/** The instant range [start, end) of refundsPerDay's days, for the query. */
export function refundWindow(zone: string, endDate: string, days = 30): { startMs: number; endMs: number } {
  const end = DateTime.fromISO(endDate, { zone }).startOf('day').plus({ days: 1 });
  return { startMs: end.minus({ days }).toMillis(), endMs: end.toMillis() };
}
