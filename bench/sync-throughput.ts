// Sync throughput on a large sandbox history (not a test): `node bin/run-ts.js bench/sync-throughput.ts main [rows] [repeats]`.
// The sandbox runs in its own process (as the real service would); the floor (fetch + JSON.parse of the
// same listing, nothing kept) and the full sync each run in a fresh child so peak RSS is their own.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Pool } from 'undici';
import pLimit from 'p-limit';
import { DateTime } from 'luxon';
import { startSandbox } from '../src/sandbox/index.ts';
import { createPaymentsApi } from '../src/api/index.ts';
import { parseConfig } from '../src/config/load.ts';
import { silentLogger } from '../src/shared/log.ts';
import { openWarehouse } from '../src/warehouse/open.ts';
import { syncAll } from '../src/sync/index.ts';
import { businessDayOf } from '../src/shared/business-day.ts';

const ZONE = 'America/Sao_Paulo';
const END = '2024-05-09';
const mode = process.argv[2] ?? 'main';
const rows = Number(process.argv[3] ?? 1_000_000);
const days = 50;
const now = DateTime.fromISO(END, { zone: ZONE }).plus({ days: 1, hours: 3 }).toMillis();

if (mode === 'serve') {
  const sandbox = await startSandbox({
    port: 0,
    seed: 1,
    days,
    perDay: Math.ceil(rows / days),
    endDate: END,
    faults: 'none',
    clock: { now: () => now },
    discrepancyRate: 0,
  });
  process.stdout.write(`${JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey, listed: sandbox.state.listedTransactions().length })}\n`);
} else if (mode === 'floor') {
  const [url, apiKey] = [process.argv[4]!, process.argv[5]!];
  const pool = new Pool(url, { connections: 8 });
  const limit = pLimit(4);
  const start = DateTime.fromISO(END, { zone: ZONE }).minus({ days: days + 1 });
  const t0 = performance.now();
  let count = 0;
  await Promise.all(
    Array.from({ length: days + 2 }, (_, d) =>
      limit(async () => {
        const lo = start.plus({ days: d }).toMillis();
        const hi = start.plus({ days: d + 1 }).toMillis();
        for (let page = 1; ; page++) {
          const res = await pool.request({
            path: `/v1/transactions?date_created=%3E%3D${lo}&date_created=%3C${hi}&count=1000&page=${page}`,
            method: 'GET',
            headers: { api_key: apiKey },
          });
          const body = JSON.parse(await res.body.text()) as { transactions: unknown[] };
          count += body.transactions.length;
          if (body.transactions.length < 1000) break;
        }
      }),
    ),
  );
  const seconds = (performance.now() - t0) / 1000;
  await pool.close();
  process.stdout.write(`${JSON.stringify({ rows: count, seconds, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
} else if (mode === 'sync') {
  const [url, apiKey] = [process.argv[4]!, process.argv[5]!];
  const config = parseConfig({ sync: { settleMinutes: 10 } }, 'bench');
  const api = createPaymentsApi({ baseUrl: url, apiKey, timeoutMs: 60_000, retry: config.api.retry });
  const warehouse = await openWarehouse(join(mkdtempSync(join(tmpdir(), 'recon-bench-')), 'w.duckdb'));
  try {
    const result = await syncAll(
      { db: warehouse.connection, http: api, clock: { now: () => now }, logger: silentLogger },
      { runId: 'bench', day: businessDayOf(END, config.timezone), lookbackDays: days + 1, sweepDays: 180 },
      config,
    );
    const total = result.transactions.new + result.operations.new;
    process.stdout.write(
      `${JSON.stringify({ rows: total, seconds: result.seconds, windows: result.windows, pages: result.pages, maxRssMb: process.resourceUsage().maxRSS / 1024, cpuSeconds: cpuSecondsOf(process.resourceUsage()) })}\n`,
    );
  } finally {
    warehouse.close();
    await api.close();
  }
} else {
  const self = resolve(import.meta.dirname, 'sync-throughput.ts');
  const runner = resolve(import.meta.dirname, '../bin/run-ts.js');
  const child = (args: string[]) => spawn(process.execPath, ['--max-old-space-size=4096', runner, self, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const firstLine = (p: ReturnType<typeof child>) =>
    new Promise<Record<string, unknown>>((ok, fail) => {
      let out = '';
      p.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) ok(JSON.parse(out.split('\n')[0]!) as Record<string, unknown>);
      });
      p.on('exit', (code) => code !== 0 && fail(new Error(`child exited ${code}`)));
    });
  const repeats = Math.max(1, Number(process.argv[4] ?? 1));
  const server = child(['serve', String(rows)]);
  try {
    const t0 = performance.now();
    const info = await firstLine(server);
    console.log(`sandbox: ${info['listed']} listed transactions, generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const floors: Array<Record<string, unknown>> = [];
    const syncs: Array<Record<string, unknown>> = [];
    // Alternated, so that a burst of load elsewhere on the machine hits both.
    for (let i = 0; i < repeats; i++) {
      const floor = await firstLine(child(['floor', String(rows), String(info['url']), String(info['apiKey'])]));
      const sync = await firstLine(child(['sync', String(rows), String(info['url']), String(info['apiKey'])]));
      floors.push(floor);
      syncs.push(sync);
      const rate = (r: Record<string, unknown>) => Math.round(Number(r['rows']) / Number(r['seconds']));
      console.log(
        `run ${i + 1}: floor ${rate(floor)} rows/s (${Number(floor['seconds']).toFixed(2)} s, ${Number(floor['maxRssMb']).toFixed(0)} MB), sync ${rate(sync)} rows/s (${Number(sync['seconds']).toFixed(2)} s, ${Number(sync['cpuSeconds']).toFixed(1)} s CPU, ${Number(sync['maxRssMb']).toFixed(0)} MB), load ${loadavg()[0]!.toFixed(2)}`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const floorRate = median(floors.map((f) => Number(f['rows']) / Number(f['seconds'])));
    const syncRate = median(syncs.map((f) => Number(f['rows']) / Number(f['seconds'])));
    const sync = syncs[0]!;
    const floor = floors[0]!;
    console.log(
      `floor (fetch + JSON.parse): ${floor['rows']} rows, median ${Math.round(floorRate)} rows/s, peak RSS ${median(floors.map((f) => Number(f['maxRssMb']))).toFixed(0)} MB`,
    );
    console.log(
      `sync (end to end):          ${sync['rows']} rows, median ${Math.round(syncRate)} rows/s, ${sync['windows']} windows, ${sync['pages']} pages, peak RSS ${median(syncs.map((f) => Number(f['maxRssMb']))).toFixed(0)} MB`,
    );
    console.log(
      `sync / floor = ${(syncRate / floorRate).toFixed(2)} (targets: >= 250000 rows/s, >= 0.8, < 256 MB); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    server.kill();
  }
}

/** CPU time of this process (main thread, DuckDB's threads, GC): what a change saves even on a loaded host. */
function cpuSecondsOf(usage: NodeJS.ResourceUsage): number {
  return (usage.userCPUTime + usage.systemCPUTime) / 1e6;
}
