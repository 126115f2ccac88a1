// `npm run bench`: the speed and memory evidence. Builds a sandbox history (1,000,000 transactions,
// ~200,000 operations, the matching orders export), then measures each step in its own child process
// (so peak RSS is that step's), as the median of --runs runs, prints a table and writes
// bench/results.json. Options: --transactions N --days N --runs N --large-rows N (default 10,000,000),
// --only sync (the sandbox, floor, ceiling and sync rows alone: a few minutes instead of half an hour),
// --only one-day (recon's one-day job against the pandas peer on a history synced once, untimed).
// A smaller history for a quick try: --transactions 100000 (orders and operations follow).
// --only reports (one sync, import and reconcile to build the day, then the reports row alone).
// --only import (one untimed sync, then the first import of the export against its floor and the re-imports).
// --only nightly-scale (the night on a 100k and a --large-rows warehouse, each warehouse built first by
// a process of its own; prints one JSON line; --built-dir DIR keeps the built warehouses and reuses them).
// --only busy-merchant (ten nights with a 60,000-sale and a 200,000-sale day, each `recon run nightly` in
// its own process, --runs times; prints one JSON line: bench/busy-merchant.ts).
// --only recurring-night (yesterday's night done untimed, then tonight's `recon run nightly` against the
// pandas peer doing the same night from the same sandbox and export; prints one JSON line:
// bench/recurring-night.ts). --only backfill (the reconcile and reports steps of --nights nights, default
// --days, of the same history, one after another, with the reports' floor; prints one JSON line:
// bench/backfill.ts). --keep leaves the bench's folder (its warehouses) in place and names it.
import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem, tmpdir, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { END, argValue } from './tasks/common.ts';
import { addDays } from '../src/shared/business-day.ts';
import { NODE_FLAGS } from '../src/cli/node-flags.ts';
import { medianOf, n, task, type Result, type Row } from './measure.ts';
import { measureOneDay } from './peer-rows.ts';
import { MIGRATIONS } from '../src/warehouse/migrations.ts';
import { measureBusyMerchant } from './busy-merchant.ts';
import { measureRecurringNight, recurringNightRow } from './recurring-night.ts';
import { BACKFILL_TARGET_SECONDS, measureBackfill } from './backfill.ts';

const transactions = Number(argValue('--transactions') ?? 1_000_000);
const days = Number(argValue('--days') ?? 30);
const runs = Number(argValue('--runs') ?? 3);
const largeRows = Number(argValue('--large-rows') ?? 10_000_000);
const ONLY = ['sync', 'one-day', 'reports', 'import', 'nightly-scale', 'busy-merchant', 'recurring-night', 'backfill'] as const;
const only = argValue('--only') as (typeof ONLY)[number] | undefined;
if (only !== undefined && !ONLY.includes(only)) throw new Error(`--only expects one of ${ONLY.map((o) => `"${o}"`).join(', ')}, got "${only}"`);
const builtDir = argValue('--built-dir');
const scale = ['--transactions', String(transactions), '--days', String(days)];
const root = mkdtempSync(join(tmpdir(), 'recon-bench-'));
const RUNNER = resolve('bin/run-ts.js');
// The warehouse the later steps start from: the last sync run's (or the one untimed sync of --only one-day).
const synced = join(root, `sync-${runs - 1}`);

function freshDir(name: string, from?: string): string {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (from && existsSync(join(from, 'recon.duckdb'))) copyFileSync(join(from, 'recon.duckdb'), join(dir, 'recon.duckdb'));
  // A warehouse closed without a checkpoint keeps its last commits in the write-ahead log beside it.
  if (from && existsSync(join(from, 'recon.duckdb.wal'))) copyFileSync(join(from, 'recon.duckdb.wal'), join(dir, 'recon.duckdb.wal'));
  // The raw rows' folder belongs to the warehouse file (docs/warehouse.md): copied with it.
  if (from && existsSync(join(from, 'recon.duckdb.raw'))) cpSync(join(from, 'recon.duckdb.raw'), join(dir, 'recon.duckdb.raw'), { recursive: true });
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

if (only === 'busy-merchant') {
  try {
    process.stdout.write(`${JSON.stringify(await measureBusyMerchant(root, runs))}\n`);
  } finally {
    if (process.argv.includes('--keep')) process.stderr.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

if (only === 'recurring-night') {
  try {
    const { detail, ...line } = await measureRecurringNight(join(root, 'recurring-night'), transactions, days);
    process.stderr.write(`  recurring-night: ${JSON.stringify(detail)}\n`);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    if (process.argv.includes('--keep')) process.stderr.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
  process.exit(0);
}

if (only === 'backfill') {
  try {
    const { detail, ...line } = await measureBackfill(join(root, 'backfill'), transactions, days, Number(argValue('--nights') ?? days));
    process.stderr.write(`  backfill: ${JSON.stringify(detail)}\n`);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  } finally {
    if (process.argv.includes('--keep')) process.stderr.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
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
  process.stderr.write(
    `  sandbox: ${n(served, 'transactions')} transactions, ${n(served, 'operations')} operations, ${n(served, 'orders')} orders in ${n(served, 'generateSeconds').toFixed(1)} s\n`,
  );
  const service = ['--url', served.url, '--key', served.apiKey];
  const none = { rows: [], results: {} };
  const syncSteps = only === 'one-day' || only === 'import' ? await syncOnce(service) : only === 'reports' ? none : await measureSync(service);
  const later =
    only === undefined ? await measureAfterSync() : only === 'reports' ? await measureReportsAlone(service) : only === 'import' ? await measureImports() : none;
  const oneDay = only === undefined || only === 'one-day' ? await measureOneDay({ runs, synced, ordersFile, freshDir }) : none;
  const recurring = only === undefined ? await measureRecurringNight(join(root, 'recurring-night'), transactions, days) : undefined;
  const rows = [
    { step: 'sandbox: generate the history', value: `${n(served, 'generateSeconds').toFixed(1)} s`, rss: served.peakRssMb, target: '', ok: true },
    ...syncSteps.rows,
    ...later.rows,
    ...oneDay.rows,
    ...(recurring ? [recurringNightRow(recurring)] : []),
  ];
  const machine = `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
  const table = [
    `| step | result | peak RSS | target | met |`,
    `|---|---|---|---|---|`,
    ...rows.map((r) => `| ${r.step} | ${r.value} | ${r.rss ? `${r.rss} MB` : ''} | ${r.target} | ${r.target ? (r.ok ? 'yes' : 'NO') : ''} |`),
  ].join('\n');
  process.stdout.write(`\nMachine: ${machine}\n\n${table}\n`);
  mkdirSync('bench', { recursive: true });
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({ date: new Date().toISOString(), machine, transactions, days, runs, served, ...syncSteps.results, ...later.results, ...oneDay.results, ...(recurring ? { recurringNight: recurring } : {}), table: rows }, null, 2)}\n`,
  );
} finally {
  server.kill('SIGTERM');
  if (process.argv.includes('--keep')) process.stderr.write(`kept ${root}\n`);
  else rmSync(root, { recursive: true, force: true });
}

/** --only one-day: the history synced once into the folder the one-day rows copy, neither timed nor shown. */
async function syncOnce(service: string[]): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  process.stderr.write(`  sync: once, untimed, for the ${only} rows\n`);
  await task('sync', [...scale, ...service, '--dir', freshDir(`sync-${runs - 1}`)]);
  return { rows: [], results: {} };
}

/** The floor, the ceiling of the sync's load path, and the sync itself. */
async function measureSync(service: string[]): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const floor = await medianOf('floor', runs, () => [...scale, ...service], 'rowsPerSecond');
  const ceiling = await medianOf(
    'ceiling',
    runs,
    (i) => [...scale, ...service, '--dir', freshDir(`ceiling-${i}`), '--server-pid', String(server.pid)],
    'boundRowsPerSecond',
  );
  const sync = await medianOf('sync', runs, (i) => [...scale, ...service, '--dir', freshDir(`sync-${i}`)], 'rowsPerSecond');
  const bound = n(ceiling, 'boundRowsPerSecond');
  const rate = n(sync, 'rowsPerSecond');
  const rows: Row[] = [
    {
      step: 'floor: fetch + JSON.parse every page',
      value: `${n(floor, 'rowsPerSecond')} rows/s (${n(floor, 'cpuSeconds').toFixed(1)} s CPU)`,
      rss: floor.peakRssMb,
      target: '',
      ok: true,
    },
    {
      step: 'receive only: fetch every page, neither parse nor keep',
      value: `${n(ceiling, 'receiveRowsPerSecond')} rows/s (${n(ceiling, 'receiveCpuSeconds').toFixed(1)} s CPU; the sandbox ${n(ceiling, 'serveCpuSeconds').toFixed(1)} s CPU)`,
      rss: n(ceiling, 'receivePeakRssMb'),
      target: '',
      ok: true,
    },
    {
      step: `store only: DuckDB bulk load of ${n(ceiling, 'loadRows')} staged rows`,
      value: `${n(ceiling, 'loadSeconds').toFixed(2)} s (${n(ceiling, 'loadCpuSeconds').toFixed(1)} s CPU)`,
      rss: ceiling.peakRssMb,
      target: '',
      ok: true,
    },
    {
      step: `ceiling of the load path: (serve + receive + store CPU) / ${cpus().length} cores`,
      value: `${bound} rows/s (${(bound / n(floor, 'rowsPerSecond')).toFixed(2)} x floor)`,
      rss: 0,
      target: '',
      ok: true,
    },
    {
      step: 'recon sync (whole history)',
      value: `${rate} rows/s (${(rate / n(floor, 'rowsPerSecond')).toFixed(2)} x floor; ${n(sync, 'cpuSeconds').toFixed(1)} s CPU)`,
      rss: sync.peakRssMb,
      target: '>= 0.5 x floor, < 512 MB',
      ok: rate >= 0.5 * n(floor, 'rowsPerSecond') && sync.peakRssMb < 512,
    },
    {
      step: `warehouse after the sync: bytes per transaction row (${n(sync, 'transactionRows')} rows)`,
      value: `${n(sync, 'bytesPerTransaction')} B (${(n(sync, 'warehouseBytes') / 2 ** 20).toFixed(0)} MiB)`,
      rss: 0,
      target: '< 150 B',
      ok: n(sync, 'bytesPerTransaction') < 150,
    },
  ];
  return { rows, results: { floor, ceiling, sync } };
}

/** The first import of the cumulative export against its floor, and the re-imports of it. */
async function measureImports(): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const importing = await medianOf('import', runs, (i) => ['--dir', freshDir(`import-${i}`, synced), '--orders', ordersFile], 'seconds');
  const again = await medianOf('import', runs, (i) => ['--dir', freshDir(`again-${i}`, synced), '--orders', ordersFile, '--again'], 'seconds');
  const againWhole = await medianOf(
    'import',
    runs,
    (i) => ['--dir', freshDir(`again-whole-${i}`, synced), '--orders', ordersFile, '--again', '--whole'],
    'seconds',
  );
  const importFloor = await medianOf('import-floor', runs, (i) => ['--dir', freshDir(`import-floor-${i}`, synced), '--orders', ordersFile], 'seconds');
  const overFloor = n(importing, 'seconds') / n(importFloor, 'seconds');
  const rows: Row[] = [
    {
      step: 'import floor: decode + DuckDB read_csv typing the same export',
      value: `${n(importFloor, 'seconds').toFixed(2)} s`,
      rss: importFloor.peakRssMb,
      target: '',
      ok: true,
    },
    {
      step: `import ${n(importing, 'rows')} orders (BR CSV)`,
      value: `${n(importing, 'seconds').toFixed(2)} s (${overFloor.toFixed(2)} x floor)`,
      rss: importing.peakRssMb,
      target: '<= 1.3 x floor, < 512 MB',
      ok: overFloor <= 1.3 && importing.peakRssMb < 512,
    },
    {
      step: `re-import the same export (${n(again, 'unchanged')} records skipped by their fingerprints)`,
      value: `${n(again, 'seconds').toFixed(2)} s`,
      rss: again.peakRssMb,
      target: '< 512 MB',
      ok: again.peakRssMb < 512,
    },
    {
      step: 're-import the same export, every record read (orders.incremental false: every order compared, none written again)',
      value: `${n(againWhole, 'seconds').toFixed(2)} s`,
      rss: againWhole.peakRssMb,
      target: '< 512 MB',
      ok: againWhole.peakRssMb < 512,
    },
  ];
  return { rows, results: { import: importing, importFloor, reimport: again, reimportWhole: againWhole } };
}

/** Import, reconcile + reports and the nightly job at two warehouse sizes. */
async function measureAfterSync(): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const imports = await measureImports();
  const loaded = join(root, `import-${runs - 1}`);
  const oneDay = await medianOf('reconcile', runs, (i) => ['--dir', freshDir(`day-${i}`, loaded)], 'seconds');
  const reports = await measureReports(join(root, `day-${runs - 1}`));
  // The nights as `recon run backfill` reconciles and reports them, one after another (bench/backfill.ts).
  const wholeHistory = await task('backfill-nights', ['--dir', freshDir('whole', loaded), '--from', addDays(END, -(days - 1)), '--to', END], NODE_FLAGS);
  const small = await measureNightlyScale(100_000, runs);
  const large = await measureNightlyScale(largeRows, 1);
  const rows: Row[] = [
    ...imports.rows,
    {
      step: 'reconcile + reports, one day',
      value: `${n(oneDay, 'seconds').toFixed(2)} s`,
      rss: oneDay.peakRssMb,
      target: '< 5 s, < 512 MB',
      ok: n(oneDay, 'seconds') < 5 && oneDay.peakRssMb < 512,
    },
    ...reports.rows,
    {
      step: `reconcile + reports, ${n(wholeHistory, 'nights')} nights one after another`,
      value: `${n(wholeHistory, 'seconds').toFixed(1)} s (${n(wholeHistory, 'cpuSeconds').toFixed(1)} s CPU; the reports' floor ${n(wholeHistory, 'reportsFloorSeconds').toFixed(1)} s)`,
      rss: n(wholeHistory, 'nightsPeakRssMb'),
      target: `< ${BACKFILL_TARGET_SECONDS} s, < 512 MB`,
      ok: n(wholeHistory, 'seconds') < BACKFILL_TARGET_SECONDS && n(wholeHistory, 'nightsPeakRssMb') < 512,
    },
    {
      step: 'nightly on a 100k warehouse',
      value: `${n(small, 'nightSeconds').toFixed(2)} s`,
      rss: small.peakRssMb,
      target: '< 512 MB',
      ok: small.peakRssMb < 512,
    },
    {
      step: `nightly on a ${(largeRows / 1e6).toFixed(0)}M warehouse`,
      value: `${n(large, 'nightSeconds').toFixed(2)} s (${(n(large, 'nightSeconds') / n(small, 'nightSeconds')).toFixed(2)} x)`,
      rss: large.peakRssMb,
      target: '< 1.5 x the 100k night, < 512 MB',
      ok: n(large, 'nightSeconds') < 1.5 * n(small, 'nightSeconds') && large.peakRssMb < 512,
    },
  ];
  return {
    rows,
    results: {
      ...imports.results,
      oneDay,
      ...reports.results,
      wholeHistory,
      nightly100k: small,
      nightlyLarge: large,
    },
  };
}

/** The reports of one reconciled day next to their floor (bench/tasks/reports.ts), from the day's folder. */
async function measureReports(reconciled: string): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  const reports = await medianOf('reports', runs, (i) => ['--dir', freshDir(`reports-${i}`, reconciled)], 'seconds');
  const ratio = n(reports, 'ratio');
  const rows: Row[] = [
    {
      step: `reports, one day (${n(reports, 'findings')} findings; floor: each report's queries once into a bare CSV)`,
      value: `${n(reports, 'seconds').toFixed(2)} s (floor ${n(reports, 'floorSeconds').toFixed(2)} s, ${ratio.toFixed(2)} x)`,
      rss: reports.peakRssMb,
      target: '<= 1.5 x floor',
      ok: ratio <= 1.5,
    },
    ...Object.entries((reports['byReport'] ?? {}) as Record<string, { seconds: number; floorSeconds: number; ratio: number }>).map(([name, r]) => ({
      step: `reports, one day: ${name} alone`,
      value: `${r.seconds.toFixed(2)} s (floor ${r.floorSeconds.toFixed(2)} s, ${r.ratio.toFixed(2)} x)`,
      rss: 0,
      target: '<= 1.5 x floor',
      ok: r.ratio <= 1.5,
    })),
  ];
  return { rows, results: { reports } };
}

/** `--only reports`: one untimed sync, import and reconcile of the last day, then the reports row. */
async function measureReportsAlone(service: string[]): Promise<{ rows: Row[]; results: Record<string, Result> }> {
  await task('sync', [...scale, ...service, '--dir', freshDir('sync-0')]);
  await task('import', ['--dir', freshDir('import-0', join(root, 'sync-0')), '--orders', ordersFile]);
  await task('reconcile', ['--dir', freshDir('day-0', join(root, 'import-0'))]);
  process.stderr.write('  built and reconciled the last day\n');
  return measureReports(join(root, 'day-0'));
}

/**
 * The night on a warehouse of `rows` old transactions: the warehouse is built by one process (or
 * reused from --built-dir), then each measured night runs in a process of its own on a fresh copy, so
 * its peak RSS is the night's alone.
 */
async function measureNightlyScale(rows: number, times: number): Promise<Result> {
  // Named by the schema version too: a warehouse built by an earlier recon is built again, not migrated
  // inside the measured night.
  const name = `warehouse-${rows}-v${MIGRATIONS.at(-1)?.version ?? 0}`;
  const built = builtDir ? resolve(builtDir, name) : join(root, name);
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
  const night = await medianOf(
    'nightly-scale',
    times,
    (i) => ['--step', 'night', '--dir', freshDir(`night-${rows}-${i}`, built), '--warehouse-rows', String(rows)],
    'nightSeconds',
  );
  const timings = night['steps'];
  const steps =
    typeof timings === 'object' && timings !== null
      ? Object.entries(timings)
          .map(([step, seconds]) => `${step} ${seconds} s`)
          .join(', ')
      : '';
  process.stderr.write(`  nightly-scale: ${rows} rows: night ${n(night, 'nightSeconds').toFixed(2)} s (${steps}), peak ${night.peakRssMb} MB\n`);
  return { ...night, ...(Number.isNaN(buildSeconds) ? {} : { buildSeconds }) };
}
