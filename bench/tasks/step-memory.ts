// Bench task: each statement's DuckDB peak on the promotion world (a 100-day backlog, 1,500 sales a
// day, a 60,000-sale third night; five nights of the nightly job, in this process). A second connection
// on the same instance samples duckdb_memory() every few milliseconds while the job's connection works;
// each sample is charged to the statement running then (its SQL's first words). Prints, per night, the
// statements with the highest peaks, then one JSON line: the night's peak and each statement's.
// --memory-limit SIZE opens the warehouse under another budget (e.g. 8GB: what each statement would hold
// uncapped); the default is the default budget. --busy N, --backlog DAYS and --per-day N shape the world
// (a 200,000-sale day over a short backlog reproduces a promotion night and its re-read in minutes).
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBPreparedStatement } from '@duckdb/node-api';
import { DateTime } from 'luxon';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runNightly } from '../../jobs/nightly.ts';
import { END, ZONE, argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const memoryLimit = argValue('--memory-limit') ?? '512MB';
const NIGHTS = Number(argValue('--nights') ?? 5);
// --skip N: the warehouse in --dir already holds the first N nights (a copy kept from an earlier run).
const SKIP = Number(argValue('--skip') ?? 0);
const BACKLOG = Number(argValue('--backlog') ?? 100);
const history = generateHistory({
  seed: 26,
  days: BACKLOG + NIGHTS,
  perDay: Number(argValue('--per-day') ?? 1500),
  endDate: END,
  spikes: [{ dayOffset: BACKLOG + 2, sales: Number(argValue('--busy') ?? 60_000) }],
});
const nights = datesBetween(history.startDate, END, ZONE).slice(-NIGHTS);
let now = 0;
const clock = { now: () => now };
const sandbox = await startSandbox({ history, clock });
const api = createPaymentsApi({
  baseUrl: sandbox.url,
  apiKey: sandbox.apiKey,
  timeoutMs: 60_000,
  retry: { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 100, maxRetryAfterMs: 2000 },
});
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { resources: { memoryLimit } });
const sampler = await warehouse.instance.connect();
const config = parseConfig(
  { timezone: ZONE, orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') }, reports: { outDir: join(dir, 'reports') } },
  'bench',
);

/** The statement running now on the job's connection, and the peak DuckDB memory seen per statement. */
let current = 'idle';
let peaks = new Map<string, number>();
/** At each statement's peak, the memory by DuckDB's tag (TRANSACTION is what an open transaction pins). */
let tagsAtPeak = new Map<string, string>();
const labelOf = (sql: unknown) =>
  String(sql)
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'?'")
    .trim()
    .slice(0, 90);

/** The job's connection, with every statement labelled while it runs. */
const watched = new Proxy(warehouse.connection, {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver);
    if (typeof value !== 'function') return value;
    if (!['run', 'runAndReadAll', 'runAndRead', 'stream', 'streamAndReadAll', 'prepare', 'createAppender'].includes(String(name))) return value.bind(target);
    return async (...args: unknown[]) => {
      const before = current;
      current = name === 'createAppender' ? `appender ${String(args[0])}` : labelOf(args[0]);
      try {
        const result = await value.apply(target, args);
        // A prepared statement runs later: label its runs by its SQL too.
        if (name === 'prepare') return labelled(result as DuckDBPreparedStatement, labelOf(args[0]));
        return result;
      } catch (error) {
        process.stderr.write(`  FAILED ${current}: ${(error as Error).message.slice(0, 200)}\n`);
        throw error;
      } finally {
        current = before === 'idle' ? 'idle' : before;
      }
    };
  },
}) as DuckDBConnection;

function labelled(prepared: DuckDBPreparedStatement, label: string): DuckDBPreparedStatement {
  return new Proxy(prepared, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (!['run', 'runAndReadAll', 'stream'].includes(String(name))) return value.bind(target);
      return async (...args: unknown[]) => {
        current = label;
        try {
          return await value.apply(target, args);
        } catch (error) {
          process.stderr.write(`  FAILED ${label}: ${(error as Error).message.slice(0, 200)}\n`);
          throw error;
        } finally {
          current = 'idle';
        }
      };
    },
  });
}

let sampling = true;
async function sample(): Promise<void> {
  while (sampling) {
    // At the cap the sampler's own query may find no memory: that sample is skipped, never the job's.
    const reader = await sampler
      .runAndReadAll(
        "SELECT sum(memory_usage_bytes)::BIGINT AS used, string_agg(tag || ' ' || round(memory_usage_bytes / 2 ** 20, 1), ', ' ORDER BY memory_usage_bytes DESC) FILTER (WHERE memory_usage_bytes >= 2 ** 20) AS tags FROM duckdb_memory()",
      )
      .catch(() => undefined);
    if (reader === undefined) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    const row = reader.getRowObjects()[0] ?? {};
    const used = Number(row['used'] ?? 0);
    const label = current;
    if (used > (peaks.get(label) ?? -1)) {
      peaks.set(label, used);
      tagsAtPeak.set(label, String(row['tags'] ?? ''));
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}
const sampling$ = sample();

const mib = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
const results: Record<string, unknown>[] = [];
try {
  for (const date of nights.slice(SKIP)) {
    await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
    now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2, minutes: 30 }).toMillis();
    peaks = new Map();
    tagsAtPeak = new Map();
    const t0 = performance.now();
    const night = await runNightly({ db: watched, api, clock, logger: silentLogger }, { date }, config);
    const top = [...peaks.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
    process.stderr.write(`night ${date} (${((performance.now() - t0) / 1000).toFixed(1)} s, ${JSON.stringify(night.summary.timings)}):\n`);
    for (const [label, bytes] of top) process.stderr.write(`  ${String(mib(bytes)).padStart(7)} MiB  ${label}\n             [${tagsAtPeak.get(label)}]\n`);
    results.push({ date, peakMiB: mib(Math.max(0, ...peaks.values())), top: Object.fromEntries(top.map(([l, b]) => [l, mib(b)])) });
  }
} finally {
  sampling = false;
  await sampling$;
  sampler.closeSync();
  warehouse.close();
  await api.close();
  await sandbox.close();
}
report({ memoryLimit, nights: results });
