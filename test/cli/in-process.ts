// Runs the CLI inside the test process, as bin/recon.js does (runCli's return value is the exit status),
// for tests that need only the exit code and what was written to stdout and stderr: no child process and
// no TypeScript loader to start, so a run takes milliseconds instead of a second.
//
// stdout, stderr, the environment and process.exitCode belong to the whole process, so runs are queued
// one at a time (tests may be concurrent), and everything touched is put back in `finally`. Like
// test/proof/cli.ts, the run sees no RECON_* variable and no locale variable (LC_ALL, LC_MESSAGES, LANG)
// unless the caller sets it, and no terminal.
// Tests whose point is a real process (signals, exit on SIGKILL, peak RSS, locks held by another
// process, stdin pipes) keep using test/proof/cli.ts.
import { runCli } from '../../src/cli/main.ts';
import { LOCALE_VARIABLES } from '../proof/cli.ts';

export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `recon ARGS` in this process. `cwd`: the folder the run starts in (where it looks for
 * ./recon.config.json and resolves relative paths), as a child's cwd would be; put back afterwards.
 */
export function runCliInProcess(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<InProcessResult> {
  const run = queue.then(() => runNow(args, options.env ?? {}, options.cwd));
  queue = run.catch(() => undefined);
  return run;
}

type Write = typeof process.stdout.write;

async function runNow(args: string[], env: Record<string, string>, cwd: string | undefined): Promise<InProcessResult> {
  const out: string[] = [];
  const err: string[] = [];
  const savedCwd = process.cwd();
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  const savedWrites = [process.stdout.write, process.stderr.write] as const;
  const savedTty = [Object.getOwnPropertyDescriptor(process.stdout, 'isTTY'), Object.getOwnPropertyDescriptor(process.stderr, 'isTTY')] as const;
  try {
    for (const name of Object.keys(process.env)) if (name.startsWith('RECON_') || LOCALE_VARIABLES.includes(name)) delete process.env[name];
    Object.assign(process.env, env);
    // A fresh process starts without an exit code; runCli returns one a command set.
    process.exitCode = undefined;
    if (cwd !== undefined) process.chdir(cwd);
    Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true, writable: true });
    Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true, writable: true });
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    const code = await runCli(args);
    return { code, stdout: out.join(''), stderr: err.join('') };
  } finally {
    [process.stdout.write, process.stderr.write] = savedWrites;
    restoreProperty(process.stdout, 'isTTY', savedTty[0]);
    restoreProperty(process.stderr, 'isTTY', savedTty[1]);
    for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
    Object.assign(process.env, savedEnv);
    process.exitCode = savedExitCode;
    process.chdir(savedCwd);
  }
}

function capture(into: string[]): Write {
  return ((chunk: string | Uint8Array, encodingOrDone?: BufferEncoding | ((error?: Error | null) => void), done?: (error?: Error | null) => void) => {
    into.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
    if (callback) queueMicrotask(() => callback(null));
    return true;
  }) as Write;
}

function restoreProperty(target: object, name: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, name, descriptor);
  else delete (target as Record<string, unknown>)[name];
}
