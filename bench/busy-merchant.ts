// `npm run bench -- --only busy-merchant`: a stress bench of memory, not a timed test. Ten nights of a
// sandbox merchant with a 100-day backlog, 1,500 sales a day and two promotions (a 60,000-sale day on
// the third night, a 200,000-sale day on the sixth), each night `node bin/recon.js run nightly` in a
// process of its own under the default config (warehouse.memoryLimit 512MB), so its peak RSS is the
// night's alone (/usr/bin/time, else the child's VmHWM read while it runs). The whole series runs
// --runs times (default 3) on fresh warehouses, and one JSON line sums it up:
// {"nights": N, "failed": F, "peakRssMb": M, "slowestNightSeconds": S}. Target: 0 failed, every night
// under 512 MB. The sandbox is served by this process, its clock set to 02:30 after each night.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DateTime } from 'luxon';
import { generateHistory, startSandbox, writeOrdersExport } from '../src/sandbox/index.ts';
import type { SandboxHistory } from '../src/sandbox/model.ts';
import { NODE_FLAGS } from '../src/cli/node-flags.ts';
import { datesBetween } from '../src/shared/business-day.ts';
import { END, ZONE } from './tasks/common.ts';

const BACKLOG_DAYS = 100;
const NIGHTS = 10;
const PER_DAY = 1500;
/** The promotions, by night (1-based): the sales of that night's day. */
const BUSY_NIGHTS = [
  { night: 3, sales: 60_000 },
  { night: 6, sales: 200_000 },
];
const TIME = '/usr/bin/time';

export interface BusyMerchantResult {
  nights: number;
  failed: number;
  peakRssMb: number;
  slowestNightSeconds: number;
}

interface Night {
  date: string;
  code: number;
  seconds: number;
  peakRssMb: number;
  /** The highest RSS sampled in each step of the night (sampled every 50 ms, so a little under the peak). */
  stepRssMb: Record<string, number>;
  error: string;
}

/** The busy merchant's world: the sandbox history every run of the series (and replay-night.ts) serves. */
export function busyMerchantHistory(): SandboxHistory {
  return generateHistory({
    seed: 26,
    days: BACKLOG_DAYS + NIGHTS,
    perDay: PER_DAY,
    endDate: END,
    spikes: BUSY_NIGHTS.map((b) => ({ dayOffset: BACKLOG_DAYS + b.night - 1, sales: b.sales })),
  });
}

/** Runs the series `runs` times in `root`; reports each night on stderr and returns the summary. */
export async function measureBusyMerchant(root: string, runs: number): Promise<BusyMerchantResult> {
  const t0 = performance.now();
  const history = busyMerchantHistory();
  const nights = datesBetween(history.startDate, END, ZONE).slice(-NIGHTS);
  process.stderr.write(
    `busy-merchant: ${history.transactions.length} transactions, ${history.operations.length} operations over ${history.days} days in ${((performance.now() - t0) / 1000).toFixed(1)} s; nights ${nights[0]} .. ${nights.at(-1)}\n`,
  );
  const exports = join(root, 'exports');
  for (const date of nights) await writeOrdersExport(history, join(exports, `orders-${date}.csv`), { format: 'csv-br', date });
  let now = 0;
  const sandbox = await startSandbox({ history, clock: { now: () => now } });
  // RECON_BENCH_MEMORY_LIMIT sets warehouse.memoryLimit (default: the config's), to run the same nights
  // under more or less pressure.
  const memoryLimit = process.env['RECON_BENCH_MEMORY_LIMIT'];
  const all: Night[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const dir = join(root, `run-${run}`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const config = join(dir, 'recon.config.json');
      writeFileSync(
        config,
        `${JSON.stringify({
          timezone: ZONE,
          api: { baseUrl: sandbox.url },
          warehouse: { path: join(dir, 'recon.duckdb'), ...(memoryLimit === undefined ? {} : { memoryLimit }) },
          orders: { preset: 'recon-sandbox', path: join(exports, 'orders-{date}.csv') },
          reports: { outDir: join(dir, 'reports') },
        })}\n`,
      );
      for (const date of nights) {
        now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2, minutes: 30 }).toMillis();
        const night = await runNight(date, config, sandbox.apiKey, dir);
        all.push(night);
        process.stderr.write(
          `  run ${run} night ${date}: exit ${night.code}, ${night.seconds.toFixed(1)} s, peak ${night.peakRssMb} MB (${Object.entries(night.stepRssMb)
            .map(([s, mb]) => `${s} ${mb}`)
            .join(', ')})${night.error ? `: ${night.error}` : ''}\n`,
        );
      }
    }
  } finally {
    await sandbox.close();
  }
  return {
    nights: all.length,
    failed: all.filter((n) => n.code !== 0 || n.peakRssMb >= 512).length,
    peakRssMb: Math.max(...all.map((n) => n.peakRssMb)),
    slowestNightSeconds: Math.round(Math.max(...all.map((n) => n.seconds)) * 10) / 10,
  };
}

/** One night in a process of its own: its exit code, wall seconds, peak RSS (whole and by step) and last error line. */
function runNight(date: string, config: string, apiKey: string, dir: string): Promise<Night> {
  // Started as the README's cron line starts it (src/cli/node-flags.ts).
  const recon = [...NODE_FLAGS, resolve('bin/recon.js'), 'run', 'nightly', '--date', date, '--config', config];
  const timed = existsSync(TIME);
  const timeOut = join(dir, `time-${date}.txt`);
  const [command, args] = timed ? [TIME, ['-f', '%M', '-o', timeOut, process.execPath, ...recon]] : [process.execPath, recon];
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RECON_API_KEY: apiKey } });
    let err = '';
    let hwmKb = 0;
    // The step the night is in (its JSON log's nightly.step events; the sync's publish after its reads'
    // last progress line), so that each RSS sample is charged to a step.
    let step = 'start';
    const stepRssKb = new Map<string, number>();
    const poll = setInterval(() => {
      const pid = timed ? firstChildOf(child.pid) : child.pid;
      const status = pid === undefined ? '' : readProc(`/proc/${pid}/status`);
      stepRssKb.set(step, Math.max(stepRssKb.get(step) ?? 0, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)));
      // Without /usr/bin/time: the child's high-water mark, read while it lives.
      if (!timed) hwmKb = Math.max(hwmKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
    }, 50);
    const log = createWriteStream(join(dir, `night-${date}.log`), { mode: 0o600 });
    const lines = createInterface({ input: child.stderr });
    lines.on('line', (line) => {
      log.write(`${line}\n`);
      err = `${err}${line}\n`.slice(-4000);
      if (!line.startsWith('{')) return;
      let event: { event?: string; step?: string; label?: string; finished?: boolean };
      try {
        event = JSON.parse(line);
      } catch {
        return;
      }
      if (event.event === 'nightly.step' && event.step) step = event.step;
      else if (event.event === 'progress' && event.label === 'sync' && event.finished) step = 'sync:publish';
    });
    child.on('error', fail);
    // 'close', not 'exit': the child's stderr may still hold lines when it exits, the last error among them.
    child.on('close', (code) => {
      clearInterval(poll);
      log.end();
      if (timed) hwmKb = Number(readFileSync(timeOut, 'utf8').trim().split('\n').pop() ?? 0);
      const all = err.trim().split('\n');
      const lastError = code === 0 ? '' : (all.filter((l) => !l.startsWith('{')).pop() ?? all.pop() ?? '');
      done({
        date,
        code: code ?? 1,
        seconds: (performance.now() - started) / 1000,
        peakRssMb: Math.round(hwmKb / 1024),
        stepRssMb: Object.fromEntries([...stepRssKb].map(([s, kb]) => [s, Math.round(kb / 1024)])),
        error: lastError.slice(0, 300),
      });
    });
  });
}

function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The process /usr/bin/time started (its only child). */
function firstChildOf(pid: number | undefined): number | undefined {
  const children = pid === undefined ? '' : readProc(`/proc/${pid}/task/${pid}/children`).trim();
  return children === '' ? undefined : Number(children.split(' ')[0]);
}
