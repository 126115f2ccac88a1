// Bank business days in Brazil: Monday to Friday, not a national holiday. The holidays come from the
// date-holidays library (types `public` and `bank`: Carnival Monday and Tuesday and Corpus Christi
// close the banks though they are no public holidays), computed once per year, and the last weekday of
// the year: the CMN (Resolução 2.932/2002, art. 2º, carried into Resolução CMN 4.880/2020) gives the
// banks no business with the public on the year's last business day, and FEBRABAN announces each year
// that no clearing (compensação, TED) settles on it: 31 December, or the Friday before when it falls on
// a weekend (docs/bank.md). Days are calendar dates (YYYY-MM-DD); no instant and no time zone enters
// here.
import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';
import { DateTime } from 'luxon';
import { ReconError } from '../shared/errors.ts';

const holidaysOfYear = new Map<number, ReadonlySet<string>>();
let calendar: Holidays | undefined;

function holidaysIn(year: number): ReadonlySet<string> {
  let days = holidaysOfYear.get(year);
  if (days === undefined) {
    // Required on first use (its every country's rules take 0.4 s of CPU to load), by the runs that count
    // bank days, not by every run of the CLI.
    calendar ??= new (createRequire(import.meta.url)('date-holidays') as typeof Holidays)('BR');
    const list = calendar.getHolidays(year) || [];
    const closed = new Set(list.filter((h) => h.type === 'public' || h.type === 'bank').map((h) => h.date.slice(0, 10)));
    closed.add(lastWeekdayOfYear(year, closed));
    days = closed;
    holidaysOfYear.set(year, days);
  }
  return days;
}

/** The year's last weekday that is no holiday: the day without clearing that closes the year. */
function lastWeekdayOfYear(year: number, holidays: ReadonlySet<string>): string {
  let dt = DateTime.fromObject({ year, month: 12, day: 31 }, { zone: 'UTC' });
  while (dt.weekday > 5 || holidays.has(dt.toISODate() ?? '')) dt = dt.minus({ days: 1 });
  return dt.toISODate() ?? '';
}

function dayOf(date: string): DateTime {
  const dt = DateTime.fromISO(date, { zone: 'UTC' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !dt.isValid) throw new ReconError('usage', { id: 'dateFormat', got: date });
  return dt;
}

/** Whether banks in Brazil settle on that day: a weekday that is no national public or bank holiday, nor the year's last weekday. */
export function isBankBusinessDay(date: string): boolean {
  const dt = dayOf(date);
  return dt.weekday <= 5 && !holidaysIn(dt.year).has(date);
}

/**
 * The n-th bank business day after `date` (n >= 1), or before it (n <= -1); n = 0 gives `date` itself,
 * whatever day it is. A payout of day P is expected by addBankBusinessDays(P, settleDays).
 */
export function addBankBusinessDays(date: string, n: number): string {
  let dt = dayOf(date);
  const step = n < 0 ? -1 : 1;
  for (let left = Math.abs(n); left > 0; ) {
    dt = dt.plus({ days: step });
    if (isBankBusinessDay(dt.toISODate() ?? '')) left--;
  }
  return dt.toISODate() ?? '';
}
