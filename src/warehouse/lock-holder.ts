// Who holds the warehouse: DuckDB's lock conflict names the holder's PID; /proc says what that process
// is ("recon run nightly") and since when, so a second run can say whom it waits for. Where /proc is
// missing (not Linux) or the process is gone, only the PID is named.
import { readFileSync } from 'node:fs';
import type { LockHolder } from '../shared/locale/error-params-run.ts';

/** The PID in DuckDB's "Conflicting lock is held in /usr/bin/node (PID 1234)", if any. */
export function lockHolderPid(message: string): number | undefined {
  const pid = /PID (\d+)/.exec(message)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

/** The holder as facts, for the locked error's sentence and the warning of a wait: its PID, and its command and start when /proc tells. */
export function lockHolderOf(pid: number): LockHolder {
  const command = commandOf(pid);
  const since = startOf(pid);
  return { pid, ...(command === undefined ? {} : { command }), ...(since === undefined ? {} : { sinceMs: since.getTime() }) };
}

/** "recon run nightly" for `node bin/recon.js run nightly --date ...`; else the program's own name. */
function commandOf(pid: number): string | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const at = argv.findIndex((arg) => /(^|\/)recon(\.js)?$/.test(arg));
    if (at === -1) return argv[0]?.split('/').at(-1);
    const words = [];
    for (const arg of argv.slice(at + 1)) {
      if (arg.startsWith('-') || words.length === 2) break;
      words.push(arg);
    }
    return ['recon', ...words].join(' ');
  } catch {
    return undefined;
  }
}

/** When the process started: its start in clock ticks after boot (/proc/PID/stat) plus the boot time. */
function startOf(pid: number): Date | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(boot)) return undefined;
    // USER_HZ is 100 on every Linux the project runs on (getconf CLK_TCK).
    return new Date((boot + ticks / 100) * 1000);
  } catch {
    return undefined;
  }
}
