// Runs the real CLI as a user does: a child `node bin/recon.js`, an environment without any RECON_*
// variable unless the caller sets it, stdout and stderr captured. Nor any locale variable (LC_ALL,
// LC_MESSAGES, LANG): the language of an error before a config is read is the environment's, and a
// test's expectations must not depend on the machine's.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'recon.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The child's peak resident memory as last polled from /proc (0 where /proc is missing). */
  peakRssMb: number;
  seconds: number;
}

/** VmHWM (peak RSS) of a running process, in MB; 0 when it cannot be read. */
function peakRssOf(pid: number | undefined): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The variables POSIX programs take their language from, as recon's CLI reads them before a config. */
export const LOCALE_VARIABLES = ['LC_ALL', 'LC_MESSAGES', 'LANG'];

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('RECON_') && !LOCALE_VARIABLES.includes(name)) env[name] = value;
  return { ...env, ...extra };
}

export function runRecon(
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number; stdin?: string | undefined },
): Promise<CliResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let peakRssMb = 0;
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: options.cwd, env: cleanEnv(options.env), timeout: options.timeoutMs ?? 60_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        clearInterval(poll);
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, stdout, stderr, peakRssMb, seconds: (performance.now() - started) / 1000 });
      },
    );
    const poll = setInterval(() => (peakRssMb = Math.max(peakRssMb, peakRssOf(child.pid))), 50);
    // A command that reads a pipe (`recon sql` without a query) gets this text, then end of input.
    child.stdin?.end(options.stdin ?? '');
  });
}

/** A V8 stack frame line ("    at fn (file:line:col)"): users must never see one. */
export const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/** A real `recon receive` on an ephemeral port in `cwd`, resolved once it prints its address; `output` is all it wrote. */
export function startReceive(cwd: string, apiKey: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'receive', '--port', '0'], { cwd, env: cleanEnv({ RECON_API_KEY: apiKey }) });
  let out = '';
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`recon receive did not start: ${out}`)), 20_000);
    child.stdout!.on('data', () => {
      const url = /recon receive: (http:\/\/\S+?)\/ /.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output: () => out });
      }
    });
  });
}
