// Crash safety of the whole nightly job: a child `recon run nightly` killed with SIGKILL at a spread of
// points (during the sync, the import, the reconciliation and the reports), then run again, converges
// to the same warehouse content and byte-identical CSV reports as an undisturbed run. The undisturbed
// run and each re-run go through runCli in this process (test/cli/in-process.ts): what is killed is a
// real child; what runs after it is an ordinary run, and a child cost a second of CPU to load. A second
// job started while one holds the warehouse stopping with a clear message is
// test/warehouse/second-run.test.ts (two real processes, the second naming the first's PID and
// warehouse.lockWaitSeconds, the first then done).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory, startSandbox, writeOrdersExport, type RunningSandbox } from '../../src/sandbox/index.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';

const BIN = resolve('bin/recon.js');
const DATE = '2026-03-20';
let root: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recon-crash-'));
  const history = generateHistory({ seed: 21, days: 8, perDay: 150, endDate: DATE });
  // Latency keeps the sync busy long enough to be killed in the middle of it.
  sandbox = await startSandbox({ history, faults: { latency: 1, latencyMs: 15 } });
  await writeOrdersExport(history, join(root, `orders-${DATE}.csv`), { format: 'csv-br', date: DATE });
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});

function setup(name: string): { dir: string; config: string } {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'recon.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      warehouse: { path: 'recon.duckdb' },
      reports: { outDir: 'reports' },
      orders: { preset: 'recon-sandbox', path: join(root, 'orders-{date}.csv') },
    }),
  );
  return { dir, config };
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the nightly job in a child; with `killOn`, SIGKILLs it as soon as a log line matches. */
function nightly(config: string, killOn?: RegExp): Promise<Exit> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, 'run', 'nightly', '--date', DATE, '--config', config], {
      env: { ...process.env, RECON_API_KEY: sandbox.apiKey, RECON_BASE_URL: sandbox.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (killOn?.test(stderr)) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => done({ code, signal, stderr }));
  });
}

/** The nightly job through runCli in this process: an ordinary run, nothing to kill. */
const nightlyInProcess = (config: string) =>
  runCliInProcess(['run', 'nightly', '--date', DATE, '--config', config], { env: { RECON_API_KEY: sandbox.apiKey, RECON_BASE_URL: sandbox.url } });

async function contentOf(dir: string): Promise<Record<string, unknown>> {
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { readOnly: true });
  try {
    const q = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJson();
    return {
      transactions: await q(
        `SELECT transaction_id, item_id, status, net_value, paid_amount, refunded_amount, CAST(date_updated AS VARCHAR) u FROM transactions ORDER BY ALL`,
      ),
      history: await q(`SELECT transaction_id, status FROM transaction_history ORDER BY ALL`),
      operations: await q(`SELECT kind, operation_id, status, amount_cents, paid_amount_cents, paid_off_amount_cents FROM operations ORDER BY ALL`),
      orders: await q(`SELECT item_id, status, amount_cents, CAST(created_at AS VARCHAR) c FROM orders ORDER BY ALL`),
      findings: await q(`SELECT finding_key, state, reason FROM findings_latest WHERE business_date = DATE '${DATE}' ORDER BY ALL`),
    };
  } finally {
    warehouse.close();
  }
}

async function nightlyRuns(dir: string): Promise<Record<string, unknown>[]> {
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { readOnly: true });
  try {
    return (await warehouse.connection.runAndReadAll(`SELECT outcome, error FROM runs WHERE kind = 'nightly' ORDER BY started_at`)).getRowObjectsJS();
  } finally {
    warehouse.close();
  }
}

const reports = (dir: string) => ['discrepancies', 'refunds', 'chargebacks'].map((r) => readFileSync(join(dir, 'reports', DATE, `${r}.csv`), 'utf8'));

describe('the nightly job under SIGKILL', () => {
  let reference: { content: Record<string, unknown>; reports: string[] };

  beforeAll(async () => {
    const { dir, config } = setup('undisturbed');
    const exit = await nightlyInProcess(config);
    expect(exit.code, exit.stderr).toBe(0);
    reference = { content: await contentOf(dir), reports: reports(dir) };
  }, 120_000);

  it.each([
    ['early in the sync', /"event":"sync\.window/],
    ['at the import', /"step":"import"/],
    ['at the reconciliation', /"step":"reconcile"/],
    ['while writing reports', /"step":"reports"/],
  ])(
    'converges after being killed %s',
    async (name, killOn) => {
      const { dir, config } = setup(name.replace(/\W+/g, '-'));
      const killed = await nightly(config, killOn);
      expect(killed.signal).toBe('SIGKILL');
      const rerun = await nightlyInProcess(config);
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(await contentOf(dir)).toEqual(reference.content);
      expect(reports(dir)).toEqual(reference.reports);
      // The killed run's row says what happened to it; the re-run's says done.
      expect(await nightlyRuns(dir)).toEqual([
        { outcome: 'failed', error: expect.stringMatching(/^abandoned: the process ended before the run finished/) },
        { outcome: 'done', error: null },
      ]);
    },
    120_000,
  );
});
