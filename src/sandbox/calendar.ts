// Calendar helpers of the generator: time units and the business days of the history being built.
import type { BusinessDay } from '../shared/business-day.ts';
import type { Rng } from './rng.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

/** What the day generators need to know about the calendar. */
export interface DayContext {
  dates: string[];
  bounds: BusinessDay[];
  index: number;
}

/** A time inside shop hours (08:00-20:00 local) of day `index`; the index may be past the end. */
export function dayTime(b: { rng: Rng }, ctx: DayContext, index: number): number {
  const day = ctx.bounds[Math.min(index, ctx.bounds.length - 1)]!;
  return day.startMs + 8 * HOUR + Math.floor(b.rng.next() * 12 * HOUR);
}
