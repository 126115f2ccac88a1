// Bank business days in Brazil: Monday to Friday, not a national holiday. The holidays come from the
// date-holidays library (types `public` and `bank`: Carnival Monday and Tuesday and Corpus Christi
// close the banks though they are no public holidays), computed once per year. Days are calendar
// dates (YYYY-MM-DD); no instant and no time zone enters here.
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';
import { ReconError } from '../shared/errors.ts';

const holidaysOfYear = new Map<number, ReadonlySet<string>>();
let calendar: Holidays | undefined;

function holidaysIn(year: number): ReadonlySet<string> {
  let days = holidaysOfYear.get(year);
  if (days === undefined) {
    calendar ??= new Holidays('BR');
    const list = calendar.getHolidays(year) || [];
    days = new Set(list.filter((h) => h.type === 'public' || h.type === 'bank').map((h) => h.date.slice(0, 10)));
    holidaysOfYear.set(year, days);
  }
  return days;
}

function dayOf(date: string): DateTime {
  const dt = DateTime.fromISO(date, { zone: 'UTC' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !dt.isValid) throw new ReconError('usage', `expected a date as YYYY-MM-DD, got "${date}"`);
  return dt;
}

/** Whether banks in Brazil open on that day: a weekday that is no national public or bank holiday. */
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
