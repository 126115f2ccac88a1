// The close's month to date (docs/close.md): each tie-out summed over the nights the warehouse holds from
// the 1st of a night's month to the night, in SQL over the close_lines those nights stored, never over
// a report file. One query for every reader: the night page, the "Fechamento do mês" workbook and
// `recon close --month` all state these sums, so they agree by construction.
import { addDays } from './business-day.ts';
import { type CloseLineRow, type CloseResult, tieOutsOfLines } from './close.ts';

type ReadAll = { runAndReadAll(sql: string, params?: Record<string, string>): Promise<{ getRowObjects(): Record<string, unknown>[] }> };

/** The first day of $date's month, and $date: the days the month to date spans (business dates, in the zone). */
const FIRST_DAY = `CAST(date_trunc('month', CAST($date AS DATE)) AS DATE)`;
const UP_TO = `CAST($date AS DATE)`;

/**
 * The nights of the month to $date that stored a close: each day's latest reconcile run (a night run
 * again counts once, as it reads now), when that run wrote close_lines. A day reconciled before the
 * close existed, or never reconciled, is missing.
 */
export const MONTH_NIGHTS_SQL = `
SELECT r.business_date, r.run_id FROM reconcile_runs_latest r
WHERE r.business_date BETWEEN ${FIRST_DAY} AND ${UP_TO}
  AND r.run_id IN (SELECT run_id FROM close_lines WHERE business_date BETWEEN ${FIRST_DAY} AND ${UP_TO})`;

/** Each tie-out's lines summed over the month's nights: columns tieout, line, items, amount_cents. */
export const MONTH_CLOSE_LINES_SQL = `
SELECT c.tieout, c.line, CAST(sum(c.items) AS BIGINT) AS items, CAST(sum(c.amount_cents) AS BIGINT) AS amount_cents
FROM close_lines c
JOIN (${MONTH_NIGHTS_SQL}) n ON n.run_id = c.run_id AND n.business_date = c.business_date
GROUP BY c.tieout, c.line`;

/** The days of the month to $date with no close stored (column `day`, in order). */
const MONTH_MISSING_DAYS_SQL = `
SELECT CAST(g.d AS DATE) AS day
FROM generate_series(CAST(${FIRST_DAY} AS TIMESTAMP), CAST(${UP_TO} AS TIMESTAMP), INTERVAL 1 DAY) AS g(d)
WHERE CAST(g.d AS DATE) NOT IN (SELECT business_date FROM (${MONTH_NIGHTS_SQL}))
ORDER BY day`;

/** The missing days as runs of consecutive days (columns from_day, to_day, in order): 1-26 reads as one span. */
export const MONTH_MISSING_SPANS_SQL = `
SELECT min(day) AS from_day, max(day) AS to_day
FROM (SELECT day, day - CAST(row_number() OVER (ORDER BY day) AS INTEGER) AS run FROM (${MONTH_MISSING_DAYS_SQL}))
GROUP BY run ORDER BY from_day`;

/** A run of consecutive days, both ends included (YYYY-MM-DD). */
interface DaySpan {
  from: string;
  to: string;
}

export interface MonthClose {
  /** YYYY-MM. */
  month: string;
  /** The month's first day and the last day summed (YYYY-MM-DD). */
  from: string;
  upTo: string;
  /** The days whose close is summed, in order. */
  nights: string[];
  /** The days from `from` to `upTo` with no close stored (never reconciled, or before the close existed). */
  missing: string[];
  /** The same days as runs of consecutive days, as a person reads them (01/11 a 26/11). */
  missingSpans: DaySpan[];
  /** The tie-outs summed over `nights`: the sides, the explaining lines, what nothing explains. */
  close: CloseResult;
}

const dayText = (value: unknown): string => String(value).slice(0, 10);

/** Every day of a span, in order. */
function daysOf(span: DaySpan): string[] {
  const days = [span.from];
  while (days[days.length - 1]! < span.to) days.push(addDays(days[days.length - 1]!, 1));
  return days;
}

/** The month to date of night `upTo` (YYYY-MM-DD): the one reading the page, the workbook and the CLI share. */
export async function readMonthClose(db: ReadAll, upTo: string): Promise<MonthClose> {
  const params = { date: upTo };
  const lines = (await db.runAndReadAll(MONTH_CLOSE_LINES_SQL, params)).getRowObjects() as unknown as CloseLineRow[];
  const nights = (await db.runAndReadAll(`SELECT business_date FROM (${MONTH_NIGHTS_SQL}) ORDER BY business_date`, params)).getRowObjects();
  const spans = (await db.runAndReadAll(MONTH_MISSING_SPANS_SQL, params))
    .getRowObjects()
    .map((r) => ({ from: dayText(r['from_day']), to: dayText(r['to_day']) }));
  return {
    month: upTo.slice(0, 7),
    from: `${upTo.slice(0, 7)}-01`,
    upTo,
    nights: nights.map((r) => dayText(r['business_date'])),
    missing: spans.flatMap(daysOf),
    missingSpans: spans,
    close: tieOutsOfLines(lines),
  };
}

/** The latest day of `month` (YYYY-MM; of any month when absent) whose night stored a close, or undefined when none did. */
export async function readLastClosedNight(db: ReadAll, month?: string): Promise<string | undefined> {
  const rows = (
    await db.runAndReadAll(
      `SELECT max(r.business_date) AS day FROM reconcile_runs_latest r
       WHERE strftime(r.business_date, '%Y-%m-%d') LIKE $days AND r.run_id IN (SELECT run_id FROM close_lines)`,
      { days: month === undefined ? '%' : `${month}-%` },
    )
  ).getRowObjects();
  const day = rows[0]?.['day'];
  return day === null || day === undefined ? undefined : dayText(day);
}

/** Whether night `date` (YYYY-MM-DD, a day in the configured zone) is its month's last calendar day. */
export function isMonthsLastNight(date: string): boolean {
  return addDays(date, 1).endsWith('-01');
}
