// `npm run bench`: the speed and memory evidence. Builds a sandbox history (1,000,000 transactions,
// ~200,000 operations, the matching orders export), then measures each step in its own child process
// (so peak RSS is that step's), as the median of --runs runs, prints a table and writes
// bench/results.json. Options: --transactions N --days N --runs N --large-rows N (default 10,000,000),
// --only sync (the sandbox, floor, ceiling and sync rows alone: a few minutes instead of half an hour),
// --only nightly-scale (the night on a 100k and a --large-rows warehouse, each warehouse built first by
// a process of its own; prints one JSON line; --built-dir DIR keeps the built warehouses and reuses them).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem, tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { argValue } from './tasks/common.ts';

const transactions = Number(argValue('--transactions') ?? 1_000_000);
const days = Number(argValue('--days') ?? 30);
const runs = Number(argValue('--runs') ?? 3);
const largeRows = Number(argValue('--large-rows') ?? 10_000_000);
const only = argValue('--only');
if (only !== undefined && only !== 'sync' && only !== 'nightly-scale') throw new Error(`--only expects "sync" or "nightly-scale", got "${only}"`);
const builtDir = argValue('--built-dir');
const scale = ['--transactions', String(transactions), '--days', String(days)];
const root = mkdtempSync(join(tmpdir(), 'recon-bench-'));
const RUNNER = resolve('bin/run-ts.js');

type Result = Record<string, number | Record<string, number>> & { peakRssMb: number };
/** A measured figure of a task's result (NaN when the task did not report it). */
const n = (r: Result, key: string): number => {
  const value = r[key];
  return typeof value === 'number' ? value : Number.NaN;
};

function task(name: string, args: string[]): Promise<Result> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [RUNNER, `bench/tasks/${name}.ts`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => (code === 0 ? done(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Result) : fail(new Error(`bench task ${name} exited with ${code}`))));
  });
}

async function medianOf(name: string, times: number, args: (i: number) => string[], key: string): Promise<Result> {
  const results: Result[] = [];
  for (let i = 0; i < times; i++) {
    results.push(await task(name, args(i)));
    process.stderr.write(`  ${name} run ${i + 1}/${times}: ${key} ${results.at(-1)?.[key]}\n`);
  }
  const sorted = [...results].sort((a, b) => n(a, key) - n(b, key));
  const median = sorted[Math.floor(sorted.length / 2)] as Result;
  return { ...median, peakRssMb: Math.max(...results.map((r) => r.peakRssMb)) };
}

function freshDir(name: string, from?: string): string {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (from && existsSync(join(from, 'recon.duckdb'))) copyFileSync(join(from, 'recon.duckdb'), join(dir, 'recon.duckdb'));
  return dir;
}

if (only === 'nightly-scale') {
  try {
    const small = await measureNightlyScale(100_000, runs);
    const large = await measureNightlyScale(largeRows, runs);
    process.stdout.write(`${JSON.stringify({ small, large })}\n`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

const ordersFile = join(root, 'orders.csv');
process.stderr.write(`recon bench: ${transactions} transactions over ${days} days, median of ${runs} runs, in ${root}\n`);
const server = spawn(process.execPath, [RUNNER, 'bench/tasks/serve.ts', ...scale, '--orders-out', ordersFile], { stdio: ['ignore', 'pipe', 'inherit'] });
const served = await new Promise<Result & { url: string; apiKey: string }>((done) => {
  createInterface({ input: server.stdout }).once('line', (line) => done(JSON.parse(line)));
});
try {
  process.stderr.write(`  sandbox: ${n(served, 'transactions')} transactions, ${n(served, 'operations')} operations, ${n(served, 'orders')} orders in ${n(served, 'generateSeconds').toFixed(1)} s\n`);
  const service = ['--url', served.url, '--key', served.apiKey];
  const syncSteps = await measureSync(service);
  const later = only === 'sync' ? { rows: [], results: {} } : await measureAfterSync();
  const rows = [
    { step: 'sandbox: generate the history', value: `${n(served, 'generateSeconds').toFixed(1)} s`, rss: served.peakRssMb, target: '', ok: true },
    ...syncSteps.rows,
    ...later.rows,
  ];
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
  const table = [
    `| step | result | peak RSS | target | met |`,
    `|---|---|---|---|---|`,
    ...rows.map((r) => `| ${r.step} | ${r.value} | ${r.rss ? `${r.rss} MB` : ''} | ${r.target} | ${r.target ? (r.ok ? 'yes' : 'NO') : ''} |`),
  ].join('\n');
  process.stdout.write(`\nMachine: ${machine}\n\n${table}\n`);
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), machine, transactions, days, runs, served, ...syncSteps.results, ...later.results, table: rows }, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}

interface Row {
  step: string;
  value: string;
  rss: number;
  target: string;
  ok: boolean;
}

/** The floor, the ceiling of the sync's load path, and the sync itself (issue 3's figures). */
async function measureSync(service: string[]): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const floor = await medianOf('floor', runs, () => [...scale, ...service], 'rowsPerSecond');
  const ceiling = await medianOf('ceiling', runs, (i) => [...scale, ...service, '--dir', freshDir(`ceiling-${i}`), '--server-pid', String(server.pid)], 'boundRowsPerSecond');
  const sync = await medianOf('sync', runs, (i) => [...scale, ...service, '--dir', freshDir(`sync-${i}`)], 'rowsPerSecond');
  const bound = n(ceiling, 'boundRowsPerSecond');
  const rate = n(sync, 'rowsPerSecond');
  const rows: Row[] = [
    { step: 'floor: fetch + JSON.parse every page', value: `${n(floor, 'rowsPerSecond')} rows/s`, rss: floor.peakRssMb, target: '', ok: true },
    { step: 'receive only: fetch every page, neither parse nor keep', value: `${n(ceiling, 'receiveRowsPerSecond')} rows/s (${n(ceiling, 'receiveCpuSeconds').toFixed(1)} s CPU; the sandbox ${n(ceiling, 'serveCpuSeconds').toFixed(1)} s CPU)`, rss: n(ceiling, 'receivePeakRssMb'), target: '', ok: true },
    { step: `store only: DuckDB bulk load of ${n(ceiling, 'loadRows')} staged rows`, value: `${n(ceiling, 'loadSeconds').toFixed(2)} s (${n(ceiling, 'loadCpuSeconds').toFixed(1)} s CPU)`, rss: ceiling.peakRssMb, target: '', ok: true },
    { step: `ceiling of the load path: (serve + receive + store CPU) / ${cpus().length} cores`, value: `${bound} rows/s (${(bound / n(floor, 'rowsPerSecond')).toFixed(2)} x floor)`, rss: 0, target: '', ok: true },
    { step: 'recon sync (whole history)', value: `${rate} rows/s (${(rate / n(floor, 'rowsPerSecond')).toFixed(2)} x floor)`, rss: sync.peakRssMb, target: '>= 250,000 rows/s, >= 0.8 x floor, < 256 MB', ok: rate >= 250_000 && rate >= 0.8 * n(floor, 'rowsPerSecond') && sync.peakRssMb < 256 },
  ];
  return { rows, results: { floor, ceiling, sync } };
}

/** Import, reconcile + reports and the nightly job at two warehouse sizes (issue 6's figures). */
async function measureAfterSync(): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const synced = join(root, `sync-${runs - 1}`);
  const importing = await medianOf('import', runs, (i) => ['--dir', freshDir(`import-${i}`, synced), '--orders', ordersFile], 'seconds');
  const again = await medianOf('import', runs, (i) => ['--dir', freshDir(`again-${i}`, synced), '--orders', ordersFile, '--again'], 'seconds');
  const loaded = join(root, `import-${runs - 1}`);
  const oneDay = await medianOf('reconcile', runs, (i) => [...scale, '--dir', freshDir(`day-${i}`, loaded)], 'seconds');
  const wholeHistory = await medianOf('reconcile', 1, () => [...scale, '--dir', freshDir('whole', loaded), '--whole'], 'seconds');
  const small = await measureNightlyScale(100_000, runs);
  const large = await measureNightlyScale(largeRows, 1);
  const rows: Row[] = [
    { step: `import ${n(importing, 'rows')} orders (BR CSV)`, value: `${n(importing, 'seconds').toFixed(2)} s`, rss: importing.peakRssMb, target: '< 5 s, < 512 MB', ok: n(importing, 'seconds') < 5 && importing.peakRssMb < 512 },
    { step: 're-import the same export (every order replaced)', value: `${n(again, 'seconds').toFixed(2)} s`, rss: again.peakRssMb, target: '< 512 MB', ok: again.peakRssMb < 512 },
    { step: 'reconcile + reports, one day', value: `${n(oneDay, 'seconds').toFixed(2)} s`, rss: oneDay.peakRssMb, target: '< 5 s, < 512 MB', ok: n(oneDay, 'seconds') < 5 && oneDay.peakRssMb < 512 },
    { step: `reconcile + reports, ${n(wholeHistory, 'days')} days`, value: `${n(wholeHistory, 'seconds').toFixed(1)} s`, rss: wholeHistory.peakRssMb, target: '< 512 MB', ok: wholeHistory.peakRssMb < 512 },
    { step: 'nightly on a 100k warehouse', value: `${n(small, 'nightSeconds').toFixed(2)} s`, rss: small.peakRssMb, target: '< 512 MB', ok: small.peakRssMb < 512 },
    { step: `nightly on a ${(largeRows / 1e6).toFixed(0)}M warehouse`, value: `${n(large, 'nightSeconds').toFixed(2)} s (${(n(large, 'nightSeconds') / n(small, 'nightSeconds')).toFixed(2)} x)`, rss: large.peakRssMb, target: '< 1.5 x the 100k night, < 512 MB', ok: n(large, 'nightSeconds') < 1.5 * n(small, 'nightSeconds') && large.peakRssMb < 512 },
  ];
  return { rows, results: { import: importing, reimport: again, oneDay, wholeHistory, nightly100k: small, nightlyLarge: large } };
}

/**
 * The night on a warehouse of `rows` old transactions: the warehouse is built by one process (or
 * reused from --built-dir), then each measured night runs in a process of its own on a fresh copy, so
 * its peak RSS is the night's alone.
 */
async function measureNightlyScale(rows: number, times: number): Promise<Result> {
  const built = builtDir ? resolve(builtDir, `warehouse-${rows}`) : join(root, `built-${rows}`);
  // Written once the build finished: a build cut short is built again, never measured.
  const marker = join(built, 'built.json');
  let buildSeconds = Number.NaN;
  if (!existsSync(marker)) {
    rmSync(built, { recursive: true, force: true });
    mkdirSync(built, { recursive: true });
    process.stderr.write(`  nightly-scale: building a warehouse of ${rows} transactions in ${built}\n`);
    buildSeconds = n(await task('nightly-scale', ['--step', 'build', '--dir', built, '--warehouse-rows', String(rows)]), 'buildSeconds');
    writeFileSync(marker, `${JSON.stringify({ rows, buildSeconds, builtAt: new Date().toISOString() })}\n`);
  }
  const night = await medianOf('nightly-scale', times, (i) => ['--step', 'night', '--dir', freshDir(`night-${rows}-${i}`, built), '--warehouse-rows', String(rows)], 'nightSeconds');
  const timings = night['steps'];
  const steps = typeof timings === 'object' ? Object.entries(timings).map(([step, seconds]) => `${step} ${seconds} s`).join(', ') : '';
  process.stderr.write(`  nightly-scale: ${rows} rows: night ${n(night, 'nightSeconds').toFixed(2)} s (${steps}), peak ${night.peakRssMb} MB\n`);
  return { ...night, ...(Number.isNaN(buildSeconds) ? {} : { buildSeconds }) };
}
