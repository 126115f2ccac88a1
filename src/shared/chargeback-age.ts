// The one definition of a chargeback's age, shared by the chargebacks workbook and CSV and the page:
// whole days since the chargeback (the dispute clock the acquirer runs), bucketed the same everywhere.
// Days since the sale are shown beside it, but never bucketed.

const DAY_MS = 86_400_000;

/** Buckets of days since the chargeback, oldest last; a bucket holds ages up to and including maxDays. */
export const CHARGEBACK_AGE_BUCKETS = [
  { key: '0-30d', maxDays: 30 },
  { key: '31-60d', maxDays: 60 },
  { key: '61-90d', maxDays: 90 },
  { key: '91-120d', maxDays: 120 },
  { key: '>120d', maxDays: Number.POSITIVE_INFINITY },
] as const;

export type ChargebackAgeBucket = (typeof CHARGEBACK_AGE_BUCKETS)[number]['key'];

const OLDEST: ChargebackAgeBucket = '>120d';

/** Whole days from `fromMs` to `asOfMs`, never negative. */
export function wholeDaysBetween(fromMs: number, asOfMs: number): number {
  return Math.max(0, Math.floor((asOfMs - fromMs) / DAY_MS));
}

export function chargebackAgeBucketOf(days: number): ChargebackAgeBucket {
  return CHARGEBACK_AGE_BUCKETS.find((b) => days <= b.maxDays)?.key ?? OLDEST;
}

/** The same in SQL: whole days between two TIMESTAMPTZ expressions, never negative. */
export function wholeDaysBetweenSql(fromExpr: string, asOfExpr: string): string {
  return `greatest(0, (epoch_ms(${asOfExpr}) - epoch_ms(${fromExpr})) // ${DAY_MS})`;
}

/** The same in SQL: the bucket key of an expression holding whole days. */
export function chargebackAgeBucketSql(daysExpr: string): string {
  const whens = CHARGEBACK_AGE_BUCKETS.filter((b) => Number.isFinite(b.maxDays)).map((b) => `WHEN ${daysExpr} <= ${b.maxDays} THEN '${b.key}'`);
  return `CASE ${whens.join(' ')} ELSE '${OLDEST}' END`;
}
