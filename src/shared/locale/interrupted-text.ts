// What a backfill stopped by Ctrl-C says, in a locale's words (its catalogue's `interrupted`): which
// nights are done, which are not, and the command that goes on from the first night not done.
import type { Messages } from './index.ts';

export interface BackfillStopFacts {
  current?: string;
  done: string[];
  left: string[];
  dates: string[];
  resume?: string;
}

export function sayInterrupted(words: Messages['interrupted'], p: BackfillStopFacts): string {
  const parts = [words.stopped(p.current ? words.during(p.current) : ''), words.done(describeNights(p.done, p.dates, words))];
  if (p.left.length > 0) parts.push(words.notDone(describeNights(p.left, p.dates, words)));
  if (p.resume !== undefined) parts.push(words.resume(p.resume));
  return parts.join('; ');
}

/** `none of 3 nights`, `2026-11-20 (1 of 3 nights)`, `2026-11-20 to 2026-11-21, 2026-11-23 (3 of 4 nights)`. */
function describeNights(nights: readonly string[], dates: readonly string[], words: Messages['interrupted']): string {
  if (nights.length === 0) return words.none(dates.length);
  return words.some(spans(nights, dates, words).join(', '), nights.length, dates.length);
}

/** Consecutive nights of `dates` as `first to last`, a lone one as itself. */
function spans(nights: readonly string[], dates: readonly string[], words: Messages['interrupted']): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= dates.length; i++) {
    const inside = i < dates.length && nights.includes(dates[i] as string);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      out.push(i - 1 === start ? words.one(dates[start] as string) : words.span(dates[start] as string, dates[i - 1] as string));
      start = -1;
    }
  }
  return out;
}
