// What a backfill stopped by Ctrl-C says: which nights are done, which are not, and the exact command
// that goes on from the first night not done. Pure: the caller passes the command that runs recon.
import { ReconError } from '../shared/errors.ts';
import type { Messages } from '../shared/locale/index.ts';
import { shellWord } from '../shared/shell-word.ts';

export interface BackfillStop {
  /** Every night of the backfill, in order. */
  dates: readonly string[];
  /** Nights finished, now or by an earlier run (which the backfill skips). */
  done: ReadonlySet<string>;
  /** The night under way when stopped, if one was. */
  current?: string | undefined;
  /** How this install runs recon, e.g. `npm exec recon --` (see own-command.ts). */
  command: string;
  /** The arguments after `recon run backfill`, as given. */
  args: readonly string[];
}

/** The error a stopped backfill fails with: one line (in reports.locale), as the CLI's `recon: ...` line and the JSON log's `error` event. */
export function interruptedBackfill(stop: BackfillStop, messages: Messages): ReconError {
  const words = messages.interrupted;
  const done = stop.dates.filter((d) => stop.done.has(d));
  const left = stop.dates.filter((d) => !stop.done.has(d));
  const parts = [words.stopped(stop.current ? words.during(stop.current) : ''), words.done(describeNights(done, stop.dates, words))];
  const first = left[0];
  if (first !== undefined) {
    parts.push(words.notDone(describeNights(left, stop.dates, words)));
    parts.push(words.resume(resumeCommand(stop.command, stop.args, first)));
  }
  return new ReconError('interrupted', parts.join('; '), { details: { done, not_done: left } });
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

/** The same command with `--from` the first night not done; every other flag (--to, --force, --sandbox, ...) kept. */
export function resumeCommand(command: string, args: readonly string[], from: string): string {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--from') i++;
    else if (!arg.startsWith('--from=')) kept.push(arg);
  }
  return [command, 'run', 'backfill', '--from', from, ...kept.map(shellWord)].join(' ');
}
