// How the bench measures: each step runs in its own child process (so its peak RSS is its own) and
// prints one JSON line last; a step's figure is the median of its runs, its memory the highest peak.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** What a measured process printed: figures, and nested ones (per-category counts) for some. */
export type Result = Record<string, unknown> & { peakRssMb: number };

/** One line of the bench table. */
export interface Row {
  step: string;
  value: string;
  rss: number;
  target: string;
  ok: boolean;
}

const RUNNER = resolve('bin/run-ts.js');

/** A figure of a result (NaN when the process did not report it as a number). */
export const n = (r: Result, key: string): number => {
  const value = r[key];
  return typeof value === 'number' ? value : Number.NaN;
};

/** Runs a command and resolves with the JSON object on the last line of its stdout. */
export function runJson(command: string, args: string[], label: string): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', fail);
    child.on('exit', (code) => {
      if (code !== 0) return fail(new Error(`bench ${label} exited with ${code}`));
      try {
        done(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Result);
      } catch (cause) {
        fail(new Error(`bench ${label} did not end with a JSON line`, { cause }));
      }
    });
  });
}

/** One bench task (bench/tasks/<name>.ts) in a fresh Node process, started with `nodeFlags`. */
export function task(name: string, args: string[], nodeFlags: readonly string[] = []): Promise<Result> {
  return runJson(process.execPath, [...nodeFlags, RUNNER, `bench/tasks/${name}.ts`, ...args], `task ${name}`);
}

/** The run with the median `key`, carrying the highest peak RSS of all the runs. */
export function medianResult(results: Result[], key: string): Result {
  const sorted = [...results].sort((a, b) => n(a, key) - n(b, key));
  const median = sorted[Math.floor(sorted.length / 2)] as Result;
  return { ...median, peakRssMb: Math.max(...results.map((r) => r.peakRssMb)) };
}

export async function medianOf(name: string, times: number, args: (i: number) => string[], key: string): Promise<Result> {
  const results: Result[] = [];
  for (let i = 0; i < times; i++) {
    results.push(await task(name, args(i)));
    process.stderr.write(`  ${name} run ${i + 1}/${times}: ${key} ${String(results.at(-1)?.[key])}\n`);
  }
  return medianResult(results, key);
}
