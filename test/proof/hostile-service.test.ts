// A hostile service through the real CLI: every mode ends within its bound with a clear message, the
// process stays under 512 MB, nothing of a failed run is committed, and no run of 6+ characters of the
// key's tail (the notification secret) appears in stdout, stderr (the JSON logs), summary.json, the
// warehouse or any file the run left, even for a key holding spaces and quotes. The modes that could grow
// memory (a huge total, endless halving, an endless body) run as processes of their own, whose peak
// resident set is the bound; the others fail on their first requests or list five rows, and run in this
// process (the same runCli, stdout and stderr captured), which saves loading every module once more.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import type { Loopback } from '../api/loopback.ts';
import { filesUnder } from './files-under.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { runRecon, STACK_FRAME } from './cli.ts';
import { ODD_IDS, startHostileService, type HostileMode } from './hostile-service.ts';

const KEY = `test_Hx9 "q'Zt2-Lm7 Pw4Rk8Vn3Jy6`;
const TAIL = KEY.slice('test_'.length);
const FRAGMENTS = Array.from({ length: TAIL.length - 5 }, (_, i) => TAIL.slice(i, i + 6));
const DATE = '2024-05-09';

let root: string;
let service: Loopback;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recon-hostile-'));
  service = await startHostileService();
});
afterAll(async () => {
  await service?.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every text value of every table in the warehouse, and whether anything was synced. */
async function warehouseOf(dir: string): Promise<{ text: string; synced: number }> {
  const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
  try {
    const read = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
    const tables = (await read(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE'`)).map((r) =>
      String(r['table_name']),
    );
    let text = '';
    for (const table of tables) text += JSON.stringify(await read(`SELECT * FROM "${table}"`), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    const [counts] = await read('SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM operations) AS n');
    return { text, synced: Number(counts?.['n']) };
  } finally {
    warehouse.close();
  }
}

interface Case {
  mode: HostileMode;
  exit: number;
  stderr: RegExp;
  /** Most requests the service may see, and most seconds the run may take (the cases run concurrently on two cores: 45 s, 60 s for the slow ones). */
  requests: number;
  seconds: number;
  /** api.timeoutMs of the run (default 1000). */
  timeoutMs?: number;
  /** Run as a process of its own, its peak resident set under 512 MB. */
  process?: true;
}

// The runs in this process take turns (they share its stdout, stderr and environment); each one's clock
// starts on its turn, so a run's bound does not count the runs it waited for.
let turns: Promise<unknown> = Promise.resolve();

/** `recon ARGS` in `dir`, as a process (with its peak resident set) or in this one. */
function recon(args: string[], dir: string, env: Record<string, string>, asProcess: boolean, seconds: number) {
  if (asProcess) return runRecon(args, { cwd: dir, env, timeoutMs: seconds * 1000 });
  const run = turns.then(async () => {
    const started = performance.now();
    const result = await runCliInProcess(args, { cwd: dir, env });
    return { ...result, peakRssMb: undefined, seconds: (performance.now() - started) / 1000 };
  });
  turns = run.catch(() => undefined);
  return run;
}

const cases: Case[] = [
  {
    mode: 'ignores-filter',
    exit: 1,
    stderr: /the total does not fall when the window is narrowed, so the service seems to ignore the date_\w+ filter \(GET \/v1\/\w+\?/,
    requests: 60,
    seconds: 45,
    process: true,
  },
  {
    mode: 'halves-forever',
    exit: 1,
    stderr: /more than 2000 windows \(sync\.maxWindows\)|will not split further/,
    requests: 5_000,
    seconds: 60,
    process: true,
  },
  { mode: 'trickle', exit: 1, stderr: /no complete answer within api\.timeoutMs \(1000 ms\) after 2 attempts/, requests: 40, seconds: 45 },
  // A long deadline: the body cap must end it, not the clock.
  { mode: 'endless-body', exit: 1, stderr: /more than api\.maxBodyBytes \(67108864\)/, requests: 40, seconds: 60, timeoutMs: 60_000, process: true },
  {
    mode: 'echo-json-401',
    exit: 2,
    stderr: /401 Unauthorized \(key \[redacted\]: invalid key "\[redacted\]" \(tail \[redacted\]\)\)/,
    requests: 40,
    seconds: 45,
  },
  { mode: 'echo-text-403', exit: 2, stderr: /403 Forbidden \(text\/plain, \d+ bytes\); check RECON_API_KEY/, requests: 40, seconds: 45 },
  { mode: 'echo-html-500', exit: 1, stderr: /500 Internal Server Error after 2 attempts/, requests: 40, seconds: 45 },
  { mode: 'echo-cut-401', exit: 2, stderr: /401 Unauthorized \(auth: /, requests: 40, seconds: 45 },
];

function setUp(name: string, timeoutMs = 1000): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'orders.csv'),
    'pedido;cliente;documento;valor_total;situacao;criado_em;transacao;observacao\r\nA;Ana;;10,00;Pago;09/05/2024 10:00;;\r\n',
  );
  writeFileSync(
    join(dir, 'recon.config.json'),
    JSON.stringify({
      warehouse: { path: 'w.duckdb' },
      reports: { outDir: 'reports' },
      orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
      api: { timeoutMs, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 } },
    }),
  );
  return dir;
}

describe('a hostile service', () => {
  it.concurrent.each(cases)(
    '$mode: ends within its bound with a clear message, bounded memory, nothing committed, no secret',
    async (c) => {
      const dir = setUp(c.mode, c.timeoutMs);
      const env = { RECON_API_KEY: KEY, RECON_BASE_URL: `${service.url}/${c.mode}` };
      const result = await recon(['run', 'nightly', '--date', DATE, '--orders', 'orders.csv'], dir, env, c.process === true, c.seconds);
      const shown = `exit ${result.code} after ${result.seconds.toFixed(1)} s\n${result.stderr.slice(-1500)}`;
      expect(result.code, shown).toBe(c.exit);
      expect(result.stderr, shown).toMatch(c.stderr);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.seconds).toBeLessThan(c.seconds);
      if (result.peakRssMb !== undefined) expect(result.peakRssMb).toBeLessThan(512);
      expect(service.requests.filter((r) => r.url.startsWith(`/${c.mode}/`)).length).toBeLessThanOrEqual(c.requests);

      const stored = await warehouseOf(dir);
      expect(stored.synced, 'rows committed by a failed run').toBe(0);
      const left = filesUnder(dir)
        .filter((f) => !f.endsWith('.duckdb'))
        .map((f) => readFileSync(f, 'latin1'));
      for (const text of [result.stdout, result.stderr, stored.text, ...left]) {
        for (const fragment of FRAGMENTS) expect(text.includes(fragment), `"${fragment}" leaked`).toBe(false);
      }
      const summary = JSON.parse(readFileSync(join(dir, 'reports', DATE, 'summary.json'), 'utf8'));
      expect(summary.outcome).toBe('failed');
      // The cases run at once, each a recon process: the bound is the run's, the test's own limit above it.
    },
    90_000,
  );

  it('odd-ids: lists ids made of escapes, quotes, control characters and 5,000 characters, stored exactly', async () => {
    const dir = setUp('odd-ids');
    const result = await runCliInProcess(['sync', '--date', DATE], { cwd: dir, env: { RECON_API_KEY: KEY, RECON_BASE_URL: `${service.url}/odd-ids` } });
    expect(result.code, result.stderr.slice(-1500)).toBe(0);
    const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
    try {
      const ids = (await warehouse.connection.runAndReadAll('SELECT transaction_id, item_id FROM transactions ORDER BY transaction_id')).getRowObjectsJS();
      expect(ids).toEqual([...ODD_IDS].sort().map((id) => ({ transaction_id: id, item_id: `${id}-item` })));
    } finally {
      warehouse.close();
    }
  });
});
