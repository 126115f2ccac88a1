// `recon sync` as a process: the lock held by another process, and SIGKILL at several points followed by
// a re-run that converges to the undisturbed content. Its configuration errors need no process:
// test/cli/refusals.test.ts. The undisturbed reference run and the re-run after the kills run in this
// process (runCliInProcess): only the killed runs and the lock's two holders need processes of their own.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { startFakeService, fakeTransaction, fakeCashIn, type FakeService } from './fake-service.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/recon.js');
const DAY = 86_400_000;
const KEY = 'test_cliSecretValue';
const children: ChildProcess[] = [];
const services: FakeService[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const s of services.splice(0)) await s.close();
});

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function runCli(args: string[], env: Record<string, string | undefined>, killWhen?: (child: ChildProcess) => void): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    killWhen?.(child);
    child.on('close', (code, signal) => done({ code, signal, stderr }));
  });
}

async function content(path: string) {
  const w = await openWarehouse(path);
  try {
    const q = async (sql: string) => (await w.connection.runAndReadAll(sql)).getRowObjectsJson();
    return {
      // Each row with its text as listed, not raw_key, which only says where the text is kept: a killed
      // run's publish that committed just before the kill numbers its files otherwise than one whole run.
      transactions: await q(
        'SELECT t.* EXCLUDE (first_seen_at, last_seen_at, first_seen_run, last_seen_run, raw_key), r.raw FROM transactions t JOIN transactions_raw r USING (transaction_id) ORDER BY transaction_id',
      ),
      history: await q('SELECT transaction_id, status FROM transaction_history ORDER BY ALL'),
      operations: await q(
        'SELECT o.* EXCLUDE (first_seen_at, last_seen_at, first_seen_run, last_seen_run, raw_key), r.raw FROM operations o JOIN operations_raw r USING (kind, operation_id) ORDER BY ALL',
      ),
    };
  } finally {
    w.close();
  }
}

async function service(latencyMs: number): Promise<FakeService> {
  const now = Date.now();
  const tx = Array.from({ length: 900 }, (_, i) =>
    fakeTransaction(`tx${i}`, now - 2 * DAY - i * 60_000, i % 9 === 0 ? { status: 'refunded', paid_amount: 0, refunded_amount: 10_000 } : {}),
  );
  const svc = await startFakeService(tx, [fakeCashIn('ci1', now - DAY)]);
  services.push(svc);
  if (latencyMs > 0) svc.beforeList = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, latencyMs);
  return svc;
}

function envFor(svc: FakeService, config: string): Record<string, string> {
  return { RECON_API_KEY: KEY, RECON_BASE_URL: svc.url, RECON_CONFIG: config };
}

function configFile(warehouse: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'recon-cfg-')), 'recon.config.json');
  writeFileSync(
    file,
    JSON.stringify({
      warehouse: { path: warehouse, lockWaitSeconds: 1 },
      sync: { pageSize: 50, windowPageBudget: 4, settleMinutes: 0 },
      api: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    }),
  );
  return file;
}

describe('recon sync (process)', () => {
  it('stops after warehouse.lockWaitSeconds with a clear message when another process holds the warehouse', async () => {
    const warehouse = join(mkdtempSync(join(tmpdir(), 'recon-lock-')), 'w.duckdb');
    // bin/run-ts.js runs the file in this very process (tsx's CLI would fork a grandchild that outlives a kill).
    const holder = spawn(process.execPath, [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'test/sync/hold-warehouse.ts'), warehouse], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(holder);
    await new Promise<void>((ready) => holder.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ready()));
    const svc = await service(0);
    const ran = await runCli(['sync'], envFor(svc, configFile(warehouse)));
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/is in use by another recon process \(PID \d+ \(node, since \d\d:\d\d UTC\)\); waited 1 s \(warehouse\.lockWaitSeconds\)/);
    expect(ran.stderr.match(/waiting for the warehouse/g)).toHaveLength(1);
    expect(ran.stderr).not.toContain(KEY);
  });

  it('converges after SIGKILL at several points to the content of an undisturbed run', async () => {
    const svc = await service(4);
    const reference = join(mkdtempSync(join(tmpdir(), 'recon-ref-')), 'w.duckdb');
    const clean = await runCliInProcess(['sync'], { env: envFor(svc, configFile(reference)) });
    expect(clean.stderr).toContain('"event":"sync.summary"');
    expect(clean.code).toBe(0);
    const expected = await content(reference);
    expect(expected.transactions).toHaveLength(900);

    const target = join(mkdtempSync(join(tmpdir(), 'recon-kill-')), 'w.duckdb');
    const config = configFile(target);
    for (const afterRequests of [3, 15, 40]) {
      const seen = svc.requests.length;
      const killed = await runCli(['sync'], envFor(svc, config), (child) => {
        const timer = setInterval(() => {
          if (svc.requests.length - seen >= afterRequests) {
            clearInterval(timer);
            child.kill('SIGKILL');
          }
        }, 2);
        child.on('close', () => clearInterval(timer));
      });
      expect(killed.signal).toBe('SIGKILL');
    }
    const rerun = await runCliInProcess(['sync'], { env: envFor(svc, config) });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await content(target)).toEqual(expected);
  });
});
