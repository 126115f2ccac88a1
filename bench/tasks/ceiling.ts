// Bench task: the sync's ceiling on this machine, measured part by part. (1) "receive": fetch every
// page of the same day windows as the floor but neither parse nor keep them: the cost of moving the
// bytes alone. (2) "load": the transactions' rows, staged as the sync stages them (NDJSON cut out of
// the bodies), bulk-loaded into a fresh warehouse's `transactions` table by the sync's own SQL (typed
// columns by read_json plus the raw text): DuckDB's cost of storing the rows, with no checks at all.
// The parent adds the sandbox's own CPU for serving the pages, and divides by the cores: no sync that
// stores typed rows and raw JSON can run faster end to end than that bound.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import pLimit from 'p-limit';
import { DateTime } from 'luxon';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { parseConfig } from '../../src/config/load.ts';
import { limitMemory } from '../../src/sync/run-resources.ts';
import { rowLinesBytes } from '../../src/sync/stage-file.ts';
import { fileRowsSql } from '../../src/sync/stage.ts';
import type { WindowRead } from '../../src/sync/read-window.ts';
import { END, ZONE, argValue, report, scaleFromArgs } from './common.ts';

const { days } = scaleFromArgs();
const url = argValue('--url') as string;
const apiKey = argValue('--key') as string;
const dir = argValue('--dir') as string;
const first = DateTime.fromISO(END, { zone: ZONE }).minus({ days: days + 1 });
const windows = Array.from({ length: days + 2 }, (_, d) => [first.plus({ days: d }).toMillis(), first.plus({ days: d + 1 }).toMillis()] as const);

const cpuSeconds = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** Fetches every page of every day window; `keep` sees each transactions body (or nothing is kept). */
async function fetchAll(keep?: (day: number, body: Buffer) => void): Promise<{ rows: number; bytes: number }> {
  const pool = new Pool(url, { connections: 4 });
  const limit = pLimit(4);
  let rows = 0;
  let bytes = 0;
  try {
    await Promise.all(
      windows.flatMap(([lo, hi], day) =>
        (['transactions', 'operations'] as const).map((stream) =>
          limit(async () => {
            for (let page = 1, pages = 1; page <= pages; page++) {
              const res = await pool.request({ path: `/v1/${stream}?date_created=%3E%3D${lo}&date_created=%3C${hi}&count=1000&page=${page}`, method: 'GET', headers: { api_key: apiKey } });
              const body = Buffer.from(await res.body.arrayBuffer());
              bytes += body.length;
              // The sandbox's envelope starts {"total":N,...}: the page count without parsing the rows.
              const total = Number(/^\{"total":(\d+)/.exec(body.subarray(0, 40).toString('latin1'))?.[1] ?? 0);
              pages = Math.ceil(total / 1000);
              rows += Math.min(1000, total - (page - 1) * 1000);
              if (stream === 'transactions') keep?.(day, body);
            }
          }),
        ),
      ),
    );
  } finally {
    await pool.close();
  }
  return { rows, bytes };
}

/** CPU seconds the sandbox process has used so far (Linux /proc; NaN elsewhere). */
const serverPid = Number(argValue('--server-pid'));
function serverCpuSeconds(): number {
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const s0 = serverCpuSeconds();
const t0 = performance.now();
const c0 = process.cpuUsage();
const received = await fetchAll();
const receiveSeconds = (performance.now() - t0) / 1000;
const receiveCpuSeconds = cpuSeconds(c0);
const serveCpuSeconds = serverCpuSeconds() - s0;

// Staged exactly as the sync stages them: one NDJSON file per window (not timed).
const stageDir = join(dir, 'stage');
mkdirSync(stageDir, { recursive: true });
const staged = new Map<number, WindowRead>();
await fetchAll((day, body) => {
  const rows = Number(/^\{"total":(\d+)/.exec(body.subarray(0, 40).toString('latin1'))?.[1] ?? 0) > 0 ? countRows(body) : 0;
  const lines = rows > 0 ? rowLinesBytes(body, 'transactions', rows) : undefined;
  if (!lines || lines.length === 0) return;
  const file = join(stageDir, `d${day}.ndjson`);
  const read = staged.get(day) ?? { window: { stream: 'transactions', field: 'date_created', startMs: 0, endMs: 1 }, total: 0, rows: 0, pages: 0, attempts: 1, file };
  // Pages of a day arrive in order (one request at a time per window), so appending keeps them in order.
  appendFileSync(file, read.rows > 0 ? Buffer.concat([Buffer.from('\n'), lines]) : lines);
  staged.set(day, { ...read, total: read.total + rows, rows: read.rows + rows });
});
const reads = [...staged.values()];
const loadRows = reads.reduce((n, r) => n + r.rows, 0);

const warehouse = await openWarehouse(join(dir, 'ceiling.duckdb'));
let loadSeconds = 0;
let loadCpuSeconds = 0;
try {
  const db = warehouse.connection;
  // The sync's own memory cap, so the load behaves as it does inside a sync.
  await limitMemory(db, parseConfig({}, 'bench').warehouse.memoryLimit);
  const columns = 'transaction_id, item_id, status, authorization_code, nsu, date_created, date_updated, net_value, authorized_amount, paid_amount, refunded_amount, installments, card_holder_name, card_brand, card_first_digits, card_last_digits, acquirer_status_code, acquirer_status_message, raw';
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await db.run('BEGIN TRANSACTION');
  for (const read of reads) {
    await db.run(`INSERT INTO transactions (${columns}, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
      SELECT ${columns}, now(), now(), 'ceiling', 'ceiling' FROM (${fileRowsSql(read)})`);
  }
  await db.run('COMMIT');
  loadSeconds = (performance.now() - t1) / 1000;
  loadCpuSeconds = cpuSeconds(c1);
} finally {
  warehouse.close();
  rmSync(stageDir, { recursive: true, force: true });
}

report({
  rows: received.rows,
  megabytes: Math.round(received.bytes / 2 ** 20),
  receiveSeconds,
  receiveCpuSeconds,
  receiveRowsPerSecond: Math.round(received.rows / receiveSeconds),
  serveCpuSeconds,
  loadRows,
  loadSeconds,
  loadCpuSeconds,
});

/** Rows in a transactions body: its `},{` boundaries plus one (the staging proof checks the rest). */
function countRows(body: Buffer): number {
  let n = 1;
  for (let i = body.indexOf('},{'); i >= 0; i = body.indexOf('},{', i + 3)) n++;
  return n;
}

