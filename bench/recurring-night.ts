// `npm run bench -- --only recurring-night`: the night a merchant runs every day, against the script it
// replaces. A --transactions history (default 1,000,000 over --days 30, card sales in installments, a
// busy promotion day) is served by the sandbox in this process over loopback; yesterday's night runs
// untimed (`recon run nightly` for D-1, reading the whole history and the cumulative export as of D-1),
// then tonight's is timed as cron runs it: `node bin/recon.js run nightly` for D in a process of its own
// (wall, CPU and peak RSS by /usr/bin/time), the shop's cumulative export of D holding the day's new
// orders and those edited on D. The peer (bench/peer/one_day.py) does the same night from the same inputs
// as a stateless script must: every listed payment fetched again from the same sandbox, several windows
// in flight, and the whole export read. Both pay for the network; the sandbox serves both alike.
// RECON_BENCH_MEMORY_LIMIT sets both nights' warehouse.memoryLimit (default: the config's default), to
// measure a night the default cap stops.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DateTime } from 'luxon';
import { generateHistory, orderRowsFor, startSandbox, writeOrdersExport } from '../src/sandbox/index.ts';
import type { SandboxHistory } from '../src/sandbox/model.ts';
import { NODE_FLAGS } from '../src/cli/node-flags.ts';
import { addDays, businessDayOf } from '../src/shared/business-day.ts';
import { END, ZONE } from './tasks/common.ts';
import { n, runJson, task, type Result, type Row } from './measure.ts';
import { compareCounts, nightSteps, type CountComparison, type NightCounts } from './recurring-night-figures.ts';

const PYTHON = '/usr/bin/python3';
const TIME = '/usr/bin/time';

export interface RecurringNightResult {
  recon: { seconds: number; peakRssMb: number };
  peer: { seconds: number };
  speedup: number;
  countsAgree: boolean;
  /** Everything else the bench's row and the next engineer want: CPU, steps, the export's news, the counts. */
  detail: Record<string, unknown>;
}

/** The history: `transactions` card sales over `days` days ending at END, one busy day a week before. */
export function recurringHistory(transactions: number, days: number): SandboxHistory {
  const busy = Math.min(days - 1, Math.max(0, days - 8));
  const perDay = Math.ceil(transactions / (days + 2));
  return generateHistory({ seed: 29, days, perDay, endDate: END, spikes: [{ dayOffset: busy, sales: 3 * perDay }] });
}

/** The shop's cumulative export as of `date`: every order created by the day's end, in its state then. */
export function writeCumulativeExport(history: SandboxHistory, date: string, path: string): Promise<void> {
  // The export without a date is every order as of the history's last day: as of an earlier day, it is
  // the same history seen as ending that day.
  return writeOrdersExport({ ...history, endDate: date }, path, { format: 'csv-br' });
}

export async function measureRecurringNight(root: string, transactions: number, days: number): Promise<RecurringNightResult> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('recurring-night: the build of bin/recon.js failed');
  const t0 = performance.now();
  const history = recurringHistory(transactions, days);
  const tonight = END;
  const yesterday = addDays(END, -1);
  const exports = join(root, 'exports');
  mkdirSync(exports, { recursive: true });
  await writeCumulativeExport(history, yesterday, join(exports, `orders-${yesterday}.csv`));
  await writeCumulativeExport(history, tonight, join(exports, `orders-${tonight}.csv`));
  const news = exportNews(history, tonight);
  process.stderr.write(
    `recurring-night: ${history.transactions.length} transactions, ${history.operations.length} operations, ${history.orders.length} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s; tonight's export: ${news.exported} orders, ${news.created} new, ${news.edited} edited\n`,
  );
  let now = 0;
  const memoryLimit = process.env['RECON_BENCH_MEMORY_LIMIT'];
  const sandbox = await startSandbox({ history, clock: { now: () => now } });
  try {
    const config = (name: string, sync: Record<string, number>) => {
      const path = join(root, `${name}.config.json`);
      const body = {
        timezone: ZONE,
        api: { baseUrl: sandbox.url },
        warehouse: { path: join(root, 'recon.duckdb'), ...(memoryLimit === undefined ? {} : { memoryLimit }) },
        orders: { preset: 'recon-sandbox', path: join(exports, 'orders-{date}.csv') },
        reports: { outDir: join(root, 'reports') },
        sync,
      };
      writeFileSync(path, `${JSON.stringify(body)}\n`);
      return path;
    };
    // Yesterday's night reads the whole history (a warehouse that ran every night knows it); tonight's
    // runs on the defaults, as the merchant's cron does.
    now = morningAfter(yesterday);
    const first = await runNight(yesterday, config('yesterday', { lookbackDays: days + 1 }), sandbox.apiKey, root);
    if (first.code !== 0) throw new Error(`recurring-night: yesterday's night exited with ${first.code}: ${first.error}`);
    process.stderr.write(`  yesterday's night (untimed): ${first.seconds.toFixed(1)} s\n`);
    now = morningAfter(tonight);
    const tonightConfig = config('tonight', {});
    const night = await runNight(tonight, tonightConfig, sandbox.apiKey, root);
    if (night.code !== 0) throw new Error(`recurring-night: tonight's night exited with ${night.code}: ${night.error}`);
    const summary = JSON.parse(readFileSync(join(root, 'reports', tonight, 'summary.json'), 'utf8')) as NightSummary;
    const steps = nightSteps(summary.timings, readFileSync(join(root, `night-${tonight}.log`), 'utf8'));
    const peer = await runPeer(sandbox, history, exports, join(root, 'peer'));
    // A floor that cannot be measured leaves the night's figures as they are.
    const pages = await fetchNightPages(sandbox, tonightConfig, root).catch((error: unknown) => {
      process.stderr.write(`  recurring-night: tonight's pages not fetched bare: ${(error as Error).message}\n`);
      return undefined;
    });
    const comparison = compareCounts(summary.findings?.by_category ?? {}, (peer['counts'] ?? {}) as Record<string, number>);
    const speedup = n(peer, 'seconds') / night.seconds;
    return {
      recon: { seconds: round(night.seconds), peakRssMb: night.peakRssMb },
      peer: { seconds: round(n(peer, 'seconds')) },
      speedup: round(speedup),
      countsAgree: comparison.agree,
      detail: {
        transactions: history.transactions.length,
        orders: history.orders.length,
        export: news,
        reconCpuSeconds: round(night.cpuSeconds),
        reconSteps: steps,
        peerCpuSeconds: round(n(peer, 'cpuSeconds')),
        peerSteps: { fetchAndRead: round(n(peer, 'readSeconds')), rules: round(n(peer, 'reconcileSeconds')), reports: round(n(peer, 'reportSeconds')) },
        peerPeakRssMb: peer.peakRssMb,
        // The pages tonight's sync read, fetched bare: no night that reads them can take less.
        ...(pages === undefined
          ? {}
          : {
              pagesFloor: { pages: n(pages, 'pages'), seconds: round(n(pages, 'seconds')), cpuSeconds: round(n(pages, 'cpuSeconds')) },
              speedupCeiling: round(n(peer, 'seconds') / n(pages, 'seconds')),
            }),
        peerOrdersChanged: n(peer, 'ordersChanged'),
        counts: comparison,
      },
    };
  } finally {
    await sandbox.close();
  }
}

/** What tonight's cumulative export brings: its rows, the orders created on the day, and the older ones edited on it. */
function exportNews(history: SandboxHistory, date: string): { exported: number; created: number; edited: number } {
  const day = businessDayOf(date, ZONE);
  const ofDay = orderRowsFor(history, date);
  const created = ofDay.filter((r) => r.criadoEmMs >= day.startMs).length;
  const exported = history.orders.filter((o) => o.createdMs < day.endMs).length;
  return { exported, created, edited: ofDay.length - created };
}

/** 02:30 the morning after `date`, when cron starts the night. */
export function morningAfter(date: string): number {
  return DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2, minutes: 30 }).toMillis();
}

const round = (x: number) => Math.round(x * 100) / 100;

interface NightSummary {
  timings: Record<string, number>;
  findings?: { by_category?: Record<string, NightCounts> };
}

/** The peer on tonight's export and yesterday's (to tell the edits), the payments fetched from the sandbox. */
async function runPeer(sandbox: { url: string; apiKey: string }, history: SandboxHistory, exports: string, out: string): Promise<Result> {
  const since = businessDayOf(history.startDate, ZONE).startMs;
  const [orders, previous] = [END, addDays(END, -1)].map((date) => join(exports, `orders-${date}.csv`)) as [string, string];
  const args = ['bench/peer/one_day.py', '--date', END, '--zone', ZONE, '--orders', orders, '--previous-orders', previous];
  args.push('--url', sandbox.url, '--key', sandbox.apiKey);
  return runJson(PYTHON, [...args, '--since-ms', String(since), '--out', out], 'peer');
}

/** Tonight's sync windows (the last sync run's, from the warehouse), fetched bare by bench/tasks/night-pages.ts. */
function fetchNightPages(sandbox: { url: string; apiKey: string }, config: string, root: string): Promise<Result> {
  const query = `SELECT stream, filter, start_ms, end_ms, pages FROM sync_windows
    WHERE run_id = (SELECT max_by(run_id, started_at) FROM runs WHERE kind = 'sync') AND filter <> 'transaction_id'`;
  const listed = spawnSync(process.execPath, ['bin/recon.js', 'sql', '--config', config, '--format', 'json', query], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`recurring-night: reading tonight's sync windows failed: ${listed.stderr.slice(0, 300)}`);
  const file = join(root, 'night-windows.json');
  writeFileSync(file, listed.stdout);
  // Tonight's config is the default one, so the sync's pages held the default sync.pageSize rows.
  return task('night-pages', ['--url', sandbox.url, '--key', sandbox.apiKey, '--windows', file, '--page-size', '1000']);
}

interface Night {
  code: number;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  error: string;
}

/** One `recon run nightly` as cron starts it, timed by /usr/bin/time; its JSON log kept as night-<date>.log. */
function runNight(date: string, config: string, apiKey: string, dir: string): Promise<Night> {
  if (!existsSync(TIME)) throw new Error(`recurring-night needs ${TIME} for the night's CPU seconds and peak RSS`);
  const timeOut = join(dir, `time-${date}.txt`);
  const recon = [...NODE_FLAGS, resolve('bin/recon.js'), 'run', 'nightly', '--date', date, '--config', config];
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(TIME, ['-f', '%U %S %M', '-o', timeOut, process.execPath, ...recon], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, RECON_API_KEY: apiKey },
    });
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      writeFileSync(join(dir, `night-${date}.log`), log);
      const [user, system, kb] = (readFileSync(timeOut, 'utf8').trim().split('\n').pop() ?? '').split(' ').map(Number);
      const lines = log.trim().split('\n');
      done({
        code: code ?? 1,
        seconds,
        cpuSeconds: (user ?? 0) + (system ?? 0),
        peakRssMb: Math.round((kb ?? 0) / 1024),
        error: code === 0 ? '' : (lines.filter((l) => !l.startsWith('{')).pop() ?? lines.pop() ?? '').slice(0, 300),
      });
    });
  });
}

/** The full bench's row: tonight's night against the peer, with where recon's seconds went. */
export function recurringNightRow(result: RecurringNightResult): Row {
  const { steps, reports } = result.detail['reconSteps'] as ReturnType<typeof nightSteps>;
  const counts = result.detail['counts'] as CountComparison;
  const floor = result.detail['pagesFloor'] as { seconds: number } | undefined;
  const spent = (figures: Record<string, number>) =>
    Object.entries(figures)
      .map(([name, s]) => `${name} ${s.toFixed(2)}`)
      .join(', ');
  const agreement = counts.agree
    ? `counts agree (${counts.compared.length} categories, ${counts.findings} findings)`
    : `COUNTS DIFFER: ${counts.differ.map((d) => `${d.category} recon ${d.recon} / peer ${d.peer}`).join(', ')}`;
  return {
    step: "recurring night: tonight's recon run nightly (sync, cumulative export, reconcile, reports) against the peer",
    value: `recon ${result.recon.seconds.toFixed(1)} s (cpu ${String(result.detail['reconCpuSeconds'])} s; ${spent(steps)}; reports: ${spent(reports)}), peer ${result.peer.seconds.toFixed(1)} s: ${result.speedup.toFixed(2)} x${floor === undefined ? '' : ` (the pages tonight's sync read take ${String(floor.seconds)} s bare: at most ${String(result.detail['speedupCeiling'])} x)`}; ${agreement}`,
    rss: result.recon.peakRssMb,
    target: '>= 5 x, counts agree, < 512 MB',
    ok: result.speedup >= 5 && counts.agree && result.recon.peakRssMb < 512,
  };
}
