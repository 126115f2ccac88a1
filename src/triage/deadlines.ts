// Deadlines: a finding is due reconcile.slaDays[category] calendar days after the night it was first
// seen (dates in the configured zone); past that date, and neither resolved nor accepted, it is overdue.
import { addDays } from '../shared/business-day.ts';

export function dueDateOf(firstSeen: string, slaDays: number): string {
  return addDays(firstSeen, slaDays);
}

/** Whole days from `from` to `to` (YYYY-MM-DD, calendar dates): the age of a finding first seen on `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
