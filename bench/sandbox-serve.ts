// Throughput of the sandbox's listing (not a test). Builds a 1,000,000-transaction history (30 days x
// 33,334), serves it on loopback, and reads every business day's date_created window with count=1000
// pages from a worker thread: a keep-alive undici Pool, 4 windows in flight, either discarding the
// bodies ("discard": what the server can give) or JSON.parse-ing them ("parse": a client that reads).
// Each full pass is larger than the server's page cache, so every page is built afresh. Prints
// generation time, heap and RSS, in-process page building, and the median of the passes per mode.
// Run: node --expose-gc bin/run-ts.js bench/sandbox-serve.ts [perDay] [days] [passes]
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { businessDayOf, datesBetween } from '../src/shared/business-day.ts';
import { generateHistory, startSandbox, SandboxState } from '../src/sandbox/index.ts';
import { transactionsPageBytes } from '../src/sandbox/listing.ts';
import { parseListingQuery } from '../src/sandbox/query.ts';

const perDay = Number(process.argv[2] ?? 33_334);
const days = Number(process.argv[3] ?? 30);
const passes = Number(process.argv[4] ?? 3);
const END = '2025-03-31';
const NOW = Date.parse('2025-04-01T05:00:00Z');

const t0 = performance.now();
const history = generateHistory({ seed: 1, days, perDay, endDate: END });
const genMs = performance.now() - t0;
globalThis.gc?.();
const afterGenerate = process.memoryUsage();

// In-process page building (no HTTP): every page of the whole listing once.
const state = new SandboxState(history, { now: () => NOW });
const listed = state.listingIndex().listable.length;
const t1 = performance.now();
for (let page = 1; page <= Math.ceil(listed / 1000); page++) {
  transactionsPageBytes(state, parseListingQuery(new URLSearchParams(`count=1000&page=${page}`), ['count', 'page'], ['date_created']));
}
const inProcessRowsPerSecond = Math.round(listed / ((performance.now() - t1) / 1000));

const sandbox = await startSandbox({ history, port: 0, clock: { now: () => NOW } });
const windows = datesBetween(history.startDate, history.endDate, history.timezone).map((d) => businessDayOf(d, history.timezone));

const clientCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require('undici');
(async () => {
  const { url, key, windows, inFlight, mode } = workerData;
  const pool = new Pool(url, { connections: inFlight, pipelining: 1, keepAliveTimeout: 60_000 });
  let next = 0, rows = 0, bytes = 0, requests = 0;
  const started = performance.now();
  async function lane() {
    while (next < windows.length) {
      const w = windows[next++];
      for (let page = 1; ; page++) {
        const path = '/v1/transactions?count=1000&page=' + page + '&date_created=%3E%3D' + w.startMs + '&date_created=%3C' + w.endMs;
        const res = await pool.request({ path, method: 'GET', headers: { api_key: key } });
        if (res.statusCode !== 200) throw new Error('HTTP ' + res.statusCode + ' on ' + path);
        requests++;
        let n;
        if (mode === 'parse') {
          const text = await res.body.text();
          bytes += text.length;
          n = JSON.parse(text).transactions.length;
        } else {
          let head = '';
          for await (const chunk of res.body) {
            if (head.length < 64) head += chunk.subarray(0, 64).toString('latin1');
            bytes += chunk.length;
          }
          const total = Number(/"total":(\\d+)/.exec(head)[1]);
          n = Math.max(0, Math.min(1000, total - (page - 1) * 1000));
        }
        rows += n;
        if (n < 1000) break;
      }
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  parentPort.postMessage({ rows, bytes, requests, seconds });
})().catch((e) => { throw e; });
`;

function pass(mode: 'discard' | 'parse'): Promise<{ rows: number; bytes: number; requests: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(clientCode, { eval: true, workerData: { url: sandbox.url, key: sandbox.apiKey, windows, inFlight: 4, mode } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const results: Record<string, { rowsPerSecond: number[]; mbPerSecond: number[]; rows: number }> = {};
const loadBefore = loadavg()[0]!;
try {
  for (let i = 0; i < passes; i++) {
    for (const mode of ['discard', 'parse'] as const) {
      const r = await pass(mode);
      results[mode] ??= { rowsPerSecond: [], mbPerSecond: [], rows: r.rows };
      const entry = results[mode];
      entry.rowsPerSecond.push(Math.round(r.rows / r.seconds));
      entry.mbPerSecond.push(+(r.bytes / 1e6 / r.seconds).toFixed(1));
    }
  }
} finally {
  await sandbox.close();
}

console.log(
  JSON.stringify(
    {
      transactions: history.transactions.length,
      operations: history.operations.length,
      orders: history.orders.length,
      generateSeconds: +(genMs / 1000).toFixed(2),
      heapAfterGenerateMb: Math.round(afterGenerate.heapUsed / 1e6),
      rssAfterGenerateMb: Math.round(afterGenerate.rss / 1e6),
      rssAtEndMb: Math.round(process.memoryUsage().rss / 1e6),
      inProcessRowsPerSecond,
      http: Object.fromEntries(
        Object.entries(results).map(([mode, r]) => [
          mode,
          { rows: r.rows, medianRowsPerSecond: median(r.rowsPerSecond), rowsPerSecond: r.rowsPerSecond, medianMbPerSecond: median(r.mbPerSecond) },
        ]),
      ),
      loadAverage1m: { before: +loadBefore.toFixed(2), after: +loadavg()[0]!.toFixed(2) },
    },
    null,
    2,
  ),
);
