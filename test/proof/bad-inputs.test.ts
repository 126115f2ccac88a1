// The bad-input corpus: every case of test/fixtures/bad/cases.json runs through the real
// CLI in its own folder, and must end with the expected exit code and message, no stack trace, never
// the API key, and nothing committed to the warehouse beyond the good rows a lenient import keeps.
// Most cases run the CLI's runCli inside this process (test/cli/in-process.ts, in the case's folder):
// a child process costs seconds of CPU to start before it reads a byte, which for 90 cases was most of
// the file's time. The cases whose point is the process run `node bin/recon.js` (AS_PROCESS).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import type { Loopback } from '../api/loopback.ts';
import { startBadService } from './bad-service.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { openMigratedCopy } from '../warehouse/migrated-copy.ts';
import { runRecon, STACK_FRAME } from './cli.ts';
import { writeDeepJson, writeHugeStringsParquet, writeStructAmountParquet, writeZipBomb } from '../imports/bad-files.ts';
import cases from '../fixtures/bad/cases.json' with { type: 'json' };

interface BadCase {
  name: string;
  kind: 'orders' | 'service' | 'config' | 'cli';
  args: string[];
  exit: number;
  stderr: string;
  stdout?: string;
  /** item_ids the run may commit to `orders` (a lenient import keeps the good rows); default none. */
  orders?: string[];
  /** customer_name expected per committed item_id (encoding cases). */
  names?: Record<string, string>;
  /** Behaviour of the tiny service (path prefix); unset = no service address configured. */
  service?: string;
  config?: Record<string, unknown>;
  /** Use this file's text as the config instead of the generated one. */
  configFile?: string;
  /** Leave RECON_API_KEY unset even though a service is configured. */
  noKey?: boolean;
  /** RECON_API_KEY's value instead of the right key (a key pasted wrong). */
  key?: string;
  /** warehouse: an empty migrated warehouse (w.duckdb) before the command, for `recon sql`. */
  generate?: 'single-line-200mb' | 'afile' | 'warehouse' | 'zip-bomb-xlsx' | 'parquet-huge-strings' | 'parquet-struct-amount' | 'deep-json' | 'held-warehouse';
  /** Paths that must not exist after the command (what a refused statement would have written). */
  absent?: string[];
  /** Paths that must exist after the command (the rows kept out, written for a person). */
  present?: string[];
}

const BAD = join(import.meta.dirname, '..', 'fixtures', 'bad');
const KEY = 'test_SECRETKEY1234567890abcdef';
const KEY_TAIL = KEY.slice('test_'.length);
const CASES = cases as BadCase[];

/**
 * Cases run as a child `node bin/recon.js`: the first of each kind (the entry's exit status and output,
 * as cron sees them), `recon sql` with nothing piped (it must not read the test runner's own stdin), and
 * the 200 MB line (what it costs is the process's, not the test runner's).
 */
const AS_PROCESS = new Set([
  ...new Map(CASES.map((c) => [c.kind, c.name] as const).reverse()).values(),
  ...CASES.filter((c) => (c.args[0] === 'sql' && c.args.length === 1) || c.generate === 'single-line-200mb').map((c) => c.name),
]);

let root: string;
let service: Loopback;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recon-bad-'));
  service = await startBadService();
});
afterAll(async () => {
  await service?.close();
  rmSync(root, { recursive: true, force: true });
});

function fill(text: string, dir: string): string {
  return text.replaceAll('{bad}', BAD).replaceAll('{tmp}', dir).replaceAll('{url}', service.url);
}

function merged(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const out = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = out[key];
    out[key] =
      typeof value === 'object' && value !== null && !Array.isArray(value) && typeof current === 'object' && current !== null
        ? merged(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** A 200 MB file that is a single line: written in 1 MiB blocks, never held in memory. */
function writeSingleLine(path: string, megabytes: number): void {
  const block = Buffer.alloc(1 << 20, 'x');
  const fd = openSync(path, 'w');
  try {
    for (let i = 0; i < megabytes; i++) writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
}

async function setUp(c: BadCase, dir: string): Promise<void> {
  const config: Record<string, unknown> = merged(
    {
      warehouse: { path: 'w.duckdb' },
      // The corpus pins the English sentences; the terminal shows them under en (under pt-BR it shows the
      // Portuguese ones, and only the JSON log keeps the English: test/cli/error-locale.test.ts).
      reports: { outDir: 'reports', locale: 'en' },
      orders: { preset: 'recon-sandbox' },
      api: { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 } },
      sync: { maxWindowAttempts: 2 },
      ...(c.service
        ? { api: { baseUrl: `${service.url}/${c.service}`, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1000 } } }
        : {}),
    },
    JSON.parse(fill(JSON.stringify(c.config ?? {}), dir)) as Record<string, unknown>,
  );
  if (c.configFile) copyFileSync(fill(c.configFile, dir), join(dir, 'recon.config.json'));
  else writeFileSync(join(dir, 'recon.config.json'), JSON.stringify(config, null, 2));
  if (c.generate === 'single-line-200mb') writeSingleLine(join(dir, 'huge.csv'), 200);
  if (c.generate === 'afile') writeFileSync(join(dir, 'afile'), 'a file where a folder is expected\n');
  // Bad files too big (or too binary) to commit are written here, by the helpers of test/imports.
  if (c.generate === 'zip-bomb-xlsx') await writeZipBomb(dir, 'bomb.xlsx');
  if (c.generate === 'parquet-huge-strings') await writeHugeStringsParquet(dir, 'huge.parquet');
  if (c.generate === 'parquet-struct-amount') await writeStructAmountParquet(dir, 'struct.parquet');
  if (c.generate === 'deep-json') writeDeepJson(dir, 'deep.json');
}

/** A child process that opens the warehouse and holds it until released (test/sync/hold-warehouse.ts). */
async function holdWarehouse(path: string): Promise<{ release(): Promise<void> }> {
  const root = join(import.meta.dirname, '..', '..');
  const child = spawn(process.execPath, [join(root, 'bin/run-ts.js'), join(root, 'test/sync/hold-warehouse.ts'), path], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready) => child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && ready()));
  return {
    release: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGKILL');
      }),
  };
}

/** What the run left in the warehouse: committed orders and any row of the synced or derived tables. */
async function committed(
  dir: string,
): Promise<{ orders: Array<{ item_id: string; customer_name: string | null }>; others: number; keyInRuns: number } | undefined> {
  const path = join(dir, 'w.duckdb');
  if (!existsSync(path)) return undefined;
  const warehouse = await openWarehouse(path, { readOnly: true });
  try {
    const read = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
    const orders = (await read('SELECT item_id, customer_name FROM orders ORDER BY item_id')) as Array<{ item_id: string; customer_name: string | null }>;
    const [counts] = await read(
      `SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM operations) + (SELECT count(*) FROM findings) AS others,
              (SELECT count(*) FROM runs WHERE coalesce(error, '') LIKE '%${KEY_TAIL}%' OR CAST(args AS VARCHAR) LIKE '%${KEY_TAIL}%') AS key_in_runs`,
    );
    return { orders, others: Number(counts?.['others']), keyInRuns: Number(counts?.['key_in_runs']) };
  } finally {
    warehouse.close();
  }
}

describe(`bad-input corpus (${CASES.length} cases in test/fixtures/bad/cases.json)`, () => {
  it('has at least 30 cases, with unique names, covering orders, service responses, config and the command line', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
    expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(['orders', 'service', 'config', 'cli']));
  });

  it('runs a case of every kind, and those that need one, as a process of their own', () => {
    expect(new Set(CASES.filter((c) => AS_PROCESS.has(c.name)).map((c) => c.kind))).toEqual(new Set(['orders', 'service', 'config', 'cli']));
    expect(AS_PROCESS.size).toBeLessThan(CASES.length / 4);
  });

  it.concurrent.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const dir = mkdtempSync(join(root, 'case-'));
    mkdirSync(dir, { recursive: true });
    await setUp(c, dir);
    // A copy of the migrated template is that warehouse, without running every migration for 13 cases.
    if (c.generate === 'warehouse') (await openMigratedCopy(join(dir, 'w.duckdb'))).close();
    // Another process holding the warehouse (a night still running), until the command has ended.
    const holder = c.generate === 'held-warehouse' ? await holdWarehouse(join(dir, 'w.duckdb')) : undefined;
    const env: Record<string, string> = c.service && !c.noKey ? { RECON_API_KEY: c.key ?? KEY } : {};
    const args = c.args.map((a) => fill(a, dir));
    const result = AS_PROCESS.has(c.name) ? await runRecon(args, { cwd: dir, env }) : await runCliInProcess(args, { cwd: dir, env });
    if (holder) await holder.release();
    const shown = `exit ${result.code}\nstderr: ${result.stderr.slice(-2000)}\nstdout: ${result.stdout.slice(-1000)}`;

    expect(result.code, shown).toBe(c.exit);
    expect(result.stderr, shown).toMatch(new RegExp(c.stderr, 'm'));
    if (c.stdout !== undefined) expect(result.stdout, shown).toMatch(new RegExp(c.stdout, 'm'));
    expect(result.stderr).not.toMatch(STACK_FRAME);
    // In either locale: the terminal line is in reports.locale, the JSON log's error event in English.
    expect(result.stderr).not.toMatch(/unexpected error|erro inesperado/);
    // Messages stay readable: no case may dump its input (the 200 MB line) into the terminal.
    expect(result.stderr.length + result.stdout.length).toBeLessThan(64 * 1024);
    for (const output of [result.stdout, result.stderr]) expect(output).not.toContain(KEY_TAIL);
    for (const path of c.absent ?? []) expect(existsSync(fill(path, dir)), `${path} exists`).toBe(false);
    for (const path of c.present ?? []) expect(existsSync(fill(path, dir)), `${path} is missing`).toBe(true);

    const left = await committed(dir);
    if (left === undefined) return;
    expect(
      left.orders.map((o) => o.item_id),
      'orders committed',
    ).toEqual(c.orders ?? []);
    expect(left.others, 'transactions, operations or findings committed').toBe(0);
    expect(left.keyInRuns, 'the API key in the runs table').toBe(0);
    for (const [itemId, name] of Object.entries(c.names ?? {})) {
      expect(left.orders.find((o) => o.item_id === itemId)?.customer_name).toBe(name);
    }
  });
});
