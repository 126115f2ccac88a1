// What a backfill stopped by Ctrl-C says: which nights are done, which are not, and the exact command
// that goes on from the first night not done. Pure: the caller passes the command that runs recon.
import { ReconError } from '../shared/errors.ts';

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

/** The error a stopped backfill fails with: one line, as the CLI's `recon: ...` line and the JSON log's `error` event. */
export function interruptedBackfill(stop: BackfillStop): ReconError {
  const done = stop.dates.filter((d) => stop.done.has(d));
  const left = stop.dates.filter((d) => !stop.done.has(d));
  const during = stop.current ? ` during the night of ${stop.current} (left unfinished: the next run marks it abandoned and runs it again)` : '';
  const parts = [`interrupted (Ctrl-C)${during}`, `done: ${describeNights(done, stop.dates)}`];
  const first = left[0];
  if (first !== undefined) {
    parts.push(`not done: ${describeNights(left, stop.dates)}`);
    parts.push(`resume with: ${resumeCommand(stop.command, stop.args, first)}`);
  }
  return new ReconError('interrupted', parts.join('; '), { details: { done, not_done: left } });
}

/** `none of 3 nights`, `2026-11-20 (1 of 3 nights)`, `2026-11-20 to 2026-11-21, 2026-11-23 (3 of 4 nights)`. */
function describeNights(nights: readonly string[], dates: readonly string[]): string {
  const of = `${dates.length} night${dates.length === 1 ? '' : 's'}`;
  if (nights.length === 0) return `none of ${of}`;
  return `${spans(nights, dates).join(', ')} (${nights.length} of ${of})`;
}

/** Consecutive nights of `dates` as `first to last`, a lone one as itself. */
function spans(nights: readonly string[], dates: readonly string[]): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= dates.length; i++) {
    const inside = i < dates.length && nights.includes(dates[i] as string);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      out.push(i - 1 === start ? (dates[start] as string) : `${dates[start]} to ${dates[i - 1]}`);
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

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
