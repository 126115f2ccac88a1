// Throughput of the sandbox's listing: builds a 1,000,000-transaction history (30 days x 33,334), serves
// it on loopback, and pages through all of it with count=1000 from a worker thread (undici, keep-alive,
// 4 requests in flight) that parses every page. Prints generation time, heap, rows/s and MB/s.
// Run: node bin/run-ts.js bench/sandbox-serve.ts [perDay] [days]
import { Worker } from 'node:worker_threads';
import { generateHistory, startSandbox } from '../src/sandbox/index.ts';

const perDay = Number(process.argv[2] ?? 33_334);
const days = Number(process.argv[3] ?? 30);

const t0 = performance.now();
const history = generateHistory({ seed: 1, days, perDay, endDate: '2025-03-31' });
const genMs = performance.now() - t0;
globalThis.gc?.();
const heapMb = process.memoryUsage().heapUsed / 1e6;
const sandbox = await startSandbox({ history, port: 0 });
// Warm the listing index (built once per state version).
await fetch(`${sandbox.url}/v1/transactions?count=1`, { headers: { api_key: sandbox.apiKey } }).then((r) => r.text());

const clientCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { Pool } = require('undici');
(async () => {
  const { url, key, pages, inFlight } = workerData;
  const pool = new Pool(url, { connections: inFlight, pipelining: 1 });
  let next = 1, rows = 0, bytes = 0;
  const started = performance.now();
  async function lane() {
    while (next <= pages) {
      const page = next++;
      const res = await pool.request({ path: '/v1/transactions?count=1000&page=' + page, method: 'GET', headers: { api_key: key } });
      const text = await res.body.text();
      bytes += Buffer.byteLength(text);
      rows += JSON.parse(text).transactions.length;
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  parentPort.postMessage({ rows, bytes, seconds });
})();
`;

const total = history.transactions.length;
const result = await new Promise<{ rows: number; bytes: number; seconds: number }>((resolve, reject) => {
  const worker = new Worker(clientCode, { eval: true, workerData: { url: sandbox.url, key: sandbox.apiKey, pages: Math.ceil(total / 1000), inFlight: 4 } });
  worker.once('message', resolve);
  worker.once('error', reject);
});
await sandbox.close();

const rss = process.memoryUsage().rss / 1e6;
console.log(
  JSON.stringify(
    {
      transactions: total,
      operations: history.operations.length,
      orders: history.orders.length,
      generateSeconds: +(genMs / 1000).toFixed(2),
      heapAfterGenerateMb: Math.round(heapMb),
      rssMb: Math.round(rss),
      rowsServed: result.rows,
      seconds: +result.seconds.toFixed(2),
      rowsPerSecond: Math.round(result.rows / result.seconds),
      mbPerSecond: +(result.bytes / 1e6 / result.seconds).toFixed(1),
    },
    null,
    2,
  ),
);
