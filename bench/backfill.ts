// `npm run bench -- --only backfill`: the reconcile and reports steps of a backfill of --nights nights
// (default 30, the history's last) of the recurring night's history (bench/recurring-night.ts: 1,000,000
// transactions over 30 days, card sales in installments, a busy day). Untimed first: the sandbox serves
// the history as of the morning after its last day, `recon sync` reads it all and `recon import` loads
// the cumulative export. Then bench/tasks/backfill-nights.ts runs the nights one after another in a
// process of its own and prints their seconds, CPU seconds and peak RSS, each step's sum and the
// reports' floor summed over the same nights. Prints one JSON line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NODE_FLAGS } from '../src/cli/node-flags.ts';
import { startSandbox } from '../src/sandbox/index.ts';
import { addDays } from '../src/shared/business-day.ts';
import { END, ZONE } from './tasks/common.ts';
import { n, task, type Result } from './measure.ts';
import { morningAfter, recurringHistory, writeCumulativeExport } from './recurring-night.ts';

/** Reconcile + reports of 30 nights of the 1M history, the target (seconds). */
export const BACKFILL_TARGET_SECONDS = 45;

export interface BackfillResult {
  nights: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  reportsFloorSeconds: number;
  target: number;
  ok: boolean;
  detail: Record<string, unknown>;
}

export async function measureBackfill(root: string, transactions: number, days: number, nights: number): Promise<BackfillResult> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('backfill: the build of bin/recon.js failed');
  if (!Number.isInteger(nights) || nights < 1 || nights > days)
    throw new Error(`backfill: --nights expects a whole number from 1 to the history's --days ${days}, got ${nights}`);
  const history = recurringHistory(transactions, days);
  const exports = join(root, 'exports');
  mkdirSync(exports, { recursive: true });
  const exportFile = join(exports, `orders-${END}.csv`);
  await writeCumulativeExport(history, END, exportFile);
  const sandbox = await startSandbox({ history, clock: { now: () => morningAfter(END) } });
  try {
    const config = join(root, 'backfill.config.json');
    const body = {
      timezone: ZONE,
      api: { baseUrl: sandbox.url },
      warehouse: { path: join(root, 'recon.duckdb') },
      orders: { preset: 'recon-sandbox', path: join(exports, 'orders-{date}.csv') },
      reports: { outDir: join(root, 'reports') },
    };
    writeFileSync(config, `${JSON.stringify(body)}\n`);
    const t0 = performance.now();
    await runRecon(['sync', '--date', END, '--lookback-days', String(days + 1), '--config', config], sandbox.apiKey);
    await runRecon(['import', '--date', END, exportFile, '--config', config], sandbox.apiKey);
    process.stderr.write(`  backfill: history synced and imported (untimed) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    const from = addDays(END, -(nights - 1));
    // With the flags recon runs with (its memory is the job's).
    const result: Result = await task('backfill-nights', ['--dir', root, '--from', from, '--to', END], NODE_FLAGS);
    const seconds = n(result, 'seconds');
    return {
      nights,
      seconds,
      cpuSeconds: n(result, 'cpuSeconds'),
      // The nights' own peak, before the floor was timed in the same process.
      peakRssMb: n(result, 'nightsPeakRssMb'),
      reportsFloorSeconds: n(result, 'reportsFloorSeconds'),
      target: BACKFILL_TARGET_SECONDS,
      ok: seconds < BACKFILL_TARGET_SECONDS,
      detail: {
        from,
        to: END,
        withFloorPeakRssMb: result.peakRssMb,
        steps: result['steps'],
        reportsFloorByReport: result['reportsFloorByReport'],
        perNight: result['perNight'],
      },
    };
  } finally {
    await sandbox.close();
  }
}

/** One recon command against the in-process sandbox (spawned, so that the sandbox goes on serving). */
function runRecon(args: string[], apiKey: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve('bin/recon.js'), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, RECON_API_KEY: apiKey },
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-2000)));
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`backfill: recon ${args[0]} exited with ${code}: ${err.trim().split('\n').pop()}`))));
  });
}
