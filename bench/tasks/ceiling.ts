// Bench task: the ceiling of the sync's current load path on this machine, measured part by part.
// (1) "receive": fetch every page of the same day windows as the floor but neither parse nor keep
// them: the cost of moving the bytes alone, with the sandbox's own CPU for serving them. (2) "load":
// the transactions' rows, staged as the sync stages them (NDJSON cut out of the bodies), bulk-loaded
// into a fresh warehouse's `transactions` table by the sync's own SQL (typed columns by read_json
// plus the raw text): DuckDB's cost of storing the rows, without the sync's verification, history or
// merge. The bound divides the three CPU costs by the cores: this load path cannot go faster.
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import pLimit from 'p-limit';
import { DateTime } from 'luxon';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { parseConfig } from '../../src/config/load.ts';
import { withTransaction } from '../../src/warehouse/transaction.ts';
import { rowLinesBytes } from '../../src/sync/stage-file.ts';
import { fileRowsSql } from '../../src/sync/stage.ts';
import { SEEN_COLUMNS, TRANSACTIONS_TABLE } from '../../src/shared/tables.ts';
import type { WindowRead } from '../../src/sync/read-window.ts';
import { END, ZONE, argValue, report, scaleFromArgs } from './common.ts';

const { days } = scaleFromArgs();
const url = argValue('--url') as string;
const apiKey = argValue('--key') as string;
const dir = argValue('--dir') as string;
const serverPid = Number(argValue('--server-pid'));
const first = DateTime.fromISO(END, { zone: ZONE }).minus({ days: days + 1 });
const windows = Array.from({ length: days + 2 }, (_, d) => [first.plus({ days: d }).toMillis(), first.plus({ days: d + 1 }).toMillis()] as const);

const s0 = readServerCpuSeconds();
const t0 = performance.now();
const c0 = process.cpuUsage();
const received = await fetchAll();
const receiveSeconds = (performance.now() - t0) / 1000;
const receiveCpuSeconds = cpuSecondsSince(c0);
const serveCpuSeconds = readServerCpuSeconds() - s0;
const receivePeakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
if (Number.isNaN(serveCpuSeconds))
  process.stderr.write(`ceiling: cannot read the sandbox's CPU from /proc/${serverPid}/stat (Linux only); the bound is unknown\n`);

// Staged exactly as the sync stages them, one NDJSON file per window (not timed).
const stageDir = join(dir, 'stage');
mkdirSync(stageDir, { recursive: true });
const staged = new Map<number, WindowRead>();
await fetchAll((day, body, rows) => {
  const lines = rowLinesBytes(body, 'transactions', rows);
  if (!lines) throw new Error(`ceiling: a page of day ${day} cannot be cut into NDJSON lines as the sync would`);
  const file = join(stageDir, `d${day}.ndjson`);
  const read = staged.get(day) ?? {
    window: { stream: 'transactions', field: 'date_created', startMs: 0, endMs: 1 },
    total: 0,
    rows: 0,
    pages: 0,
    attempts: 1,
    file,
    rejected: 0,
  };
  // One request at a time per window, so a day's pages arrive (and are appended) in order.
  appendFileSync(file, read.rows > 0 ? Buffer.concat([Buffer.from('\n'), lines]) : lines);
  staged.set(day, { ...read, total: read.total + rows, rows: read.rows + rows });
});
const reads = [...staged.values()];
const loadRows = reads.reduce((n, r) => n + r.rows, 0);
if (loadRows !== received.transactions) throw new Error(`ceiling: staged ${loadRows} transactions, received ${received.transactions}`);

// The process's memory budget, so the load behaves as it does inside a sync.
const warehouse = await openWarehouse(join(dir, 'ceiling.duckdb'), { resources: parseConfig({}, 'bench').warehouse });
let loadSeconds = 0;
let loadCpuSeconds = 0;
try {
  const db = warehouse.connection;
  const columns = Object.keys(TRANSACTIONS_TABLE.columns).join(', ');
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  await withTransaction(db, async () => {
    for (const read of reads) {
      await db.run(`INSERT INTO transactions (${columns}, ${SEEN_COLUMNS.join(', ')})
        SELECT ${columns}, now(), now(), 'ceiling', 'ceiling' FROM (${fileRowsSql(read)})`);
    }
  });
  loadSeconds = (performance.now() - t1) / 1000;
  loadCpuSeconds = cpuSecondsSince(c1);
} finally {
  warehouse.close();
  rmSync(stageDir, { recursive: true, force: true });
}

// The transactions' load cost, scaled to every row listed (operations cost about the same per row).
const storeCpuSeconds = (loadCpuSeconds * received.rows) / loadRows;
const boundRowsPerSecond = Math.round(received.rows / ((serveCpuSeconds + receiveCpuSeconds + storeCpuSeconds) / cpus().length));
report({
  rows: received.rows,
  megabytes: Math.round(received.bytes / 2 ** 20),
  receiveSeconds,
  receiveCpuSeconds,
  receiveRowsPerSecond: Math.round(received.rows / receiveSeconds),
  receivePeakRssMb,
  serveCpuSeconds,
  loadRows,
  loadSeconds,
  loadCpuSeconds,
  boundRowsPerSecond,
});

/** Fetches every page of every day window; `keep` sees each transactions page with its row count. */
async function fetchAll(keep?: (day: number, body: Buffer, rows: number) => void): Promise<{ rows: number; transactions: number; bytes: number }> {
  const pool = new Pool(url, { connections: 4 });
  const limit = pLimit(4);
  const counted = { rows: 0, transactions: 0, bytes: 0 };
  try {
    await Promise.all(
      windows.flatMap(([lo, hi], day) =>
        (['transactions', 'operations'] as const).map((stream) =>
          limit(async () => {
            for (let page = 1, pages = 1; page <= pages; page++) {
              const path = `/v1/${stream}?date_created=%3E%3D${lo}&date_created=%3C${hi}&count=1000&page=${page}`;
              const res = await pool.request({ path, method: 'GET', headers: { api_key: apiKey } });
              const body = Buffer.from(await res.body.arrayBuffer());
              if (res.statusCode !== 200) throw new Error(`ceiling: GET ${path}: ${res.statusCode}`);
              // The sandbox's envelope starts {"total":N,...}: the page count without parsing the rows.
              const total = /^\{"total":(\d+)/.exec(body.subarray(0, 40).toString('latin1'))?.[1];
              if (total === undefined) throw new Error(`ceiling: GET ${path}: the body does not start with {"total":N`);
              pages = Math.ceil(Number(total) / 1000);
              const rows = Math.max(0, Math.min(1000, Number(total) - (page - 1) * 1000));
              counted.bytes += body.length;
              counted.rows += rows;
              if (stream === 'transactions') {
                counted.transactions += rows;
                if (rows > 0) keep?.(day, body, rows);
              }
            }
          }),
        ),
      ),
    );
  } finally {
    await pool.close();
  }
  return counted;
}

/** CPU seconds the sandbox process has used so far (Linux /proc; NaN elsewhere). */
function readServerCpuSeconds(): number {
  try {
    const stat = readFileSync(`/proc/${serverPid}/stat`, 'utf8');
    // After the command name's closing parenthesis: field 3 (state) onwards; utime and stime are
    // fields 14 and 15, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function cpuSecondsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}
