// What a backfill stopped by Ctrl-C says: which nights are done, which are not, and the exact command
// that goes on from the first night not done. Pure: the caller passes the command that runs recon.
import { ReconError } from '../shared/errors.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
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

/** The error a stopped backfill fails with: one line, the CLI's `recon: ...` line in reports.locale and the JSON log's `error` event in English. */
export function interruptedBackfill(stop: BackfillStop): ReconError {
  const done = stop.dates.filter((d) => stop.done.has(d));
  const left = stop.dates.filter((d) => !stop.done.has(d));
  const first = left[0];
  const sentence: ErrorSentence = {
    id: 'backfillInterrupted',
    ...(stop.current ? { current: stop.current } : {}),
    done,
    left,
    dates: [...stop.dates],
    ...(first === undefined ? {} : { resume: resumeCommand(stop.command, stop.args, first) }),
  };
  return new ReconError('interrupted', sentence, { details: { done, not_done: left } });
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
