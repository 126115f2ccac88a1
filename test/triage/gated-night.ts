// Test harness of the "while a night runs" tests: a small sandbox history of two nights, a config in a
// temp folder, and a gate in front of the sandbox. While the gate is shut, a night's sync waits (holding
// the warehouse's write lock) whatever the machine's load, so a test acts at a known point of the night.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { addDays } from '../../src/shared/business-day.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { runCliInProcess } from '../cli/in-process.ts';

export const BIN = resolve('bin/recon.js');
const ZONE = 'America/Sao_Paulo';
export const NIGHT2 = '2026-03-20';
export const NIGHT1 = addDays(NIGHT2, -1);

interface NightChild {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves once the night has started its sync: it holds the warehouse. */
  holding: Promise<void>;
  log: () => string;
}

export interface GatedNights {
  root: string;
  config: string;
  /** Child processes to kill at the end (a test may add its own). */
  children: ChildProcess[];
  /** `recon run nightly --date D` as a child process, through the gate. */
  startNight(date: string): NightChild;
  /**
   * `recon run nightly --date D` through runCli in this process (test/cli/in-process.ts), through the gate:
   * for a night that only sets the scene, without a child's second of CPU to load. Its exit code.
   */
  runNightInProcess(date: string): Promise<number>;
  /** Shuts the gate: the nights' requests wait until the returned function opens it. */
  shutGate(): () => void;
  close(): Promise<void>;
}

export async function startGatedNights(prefix: string): Promise<GatedNights> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const history = generateHistory({ seed: 5, days: 6, perDay: 120, endDate: NIGHT2, discrepancyRate: 0.1 });
  const sandbox = await startSandbox({ history });
  const upstream = new URL(sandbox.url);
  let gate: Promise<void> = Promise.resolve();
  const proxy: Server = createServer((req, res) => {
    void gate.then(() => {
      const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    });
  });
  await new Promise<void>((ready) => proxy.listen(0, '127.0.0.1', ready));
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  for (const date of [NIGHT1, NIGHT2]) await writeOrdersExport(history, join(root, `orders-${date}.csv`), { format: 'csv-br', date });
  const config = join(root, 'recon.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      timezone: ZONE,
      warehouse: { path: 'recon.duckdb' },
      reports: { outDir: 'reports', locale: 'en' },
      orders: { preset: 'recon-sandbox', path: join(root, 'orders-{date}.csv') },
    }),
  );
  const children: ChildProcess[] = [];

  const startNight = (date: string): NightChild => {
    const child = spawn(process.execPath, [BIN, 'run', 'nightly', '--date', date, '--config', config], {
      env: { ...process.env, RECON_API_KEY: sandbox.apiKey, RECON_BASE_URL: proxyUrl },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    const holding = new Promise<void>((ready) =>
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('"step":"sync"')) ready();
      }),
    );
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    return { child, exited, holding, log: () => stderr };
  };

  const runNightInProcess = async (date: string): Promise<number> => {
    const run = await runCliInProcess(['run', 'nightly', '--date', date, '--config', config], {
      env: { RECON_API_KEY: sandbox.apiKey, RECON_BASE_URL: proxyUrl },
    });
    return run.code;
  };

  const shutGate = (): (() => void) => {
    let open = () => {};
    gate = new Promise<void>((opened) => {
      open = opened;
    });
    return open;
  };

  const close = async (): Promise<void> => {
    for (const child of children) child.kill('SIGKILL');
    proxy.closeAllConnections();
    proxy.close();
    await sandbox.close();
    rmSync(root, { recursive: true, force: true });
  };
  return { root, config, children, startNight, runNightInProcess, shutGate, close };
}

/** The Note and Noted by cells of a missing_payment finding in a night's discrepancies workbook. */
export async function noteInWorkbook(root: string, night: string, key: string): Promise<{ note: unknown; by: unknown }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(root, 'reports', night, 'discrepancies.xlsx'));
  const sheet = wb.getWorksheet('missing_payment');
  const headers = (sheet?.getRow(1).values as unknown[] | undefined)?.map(String) ?? [];
  const at = (name: string) => headers.indexOf(name);
  let found: ExcelJS.Row | undefined;
  sheet?.eachRow((row) => {
    if (row.getCell(at('Finding key')).value === key) found = row;
  });
  return { note: found?.getCell(at('Note')).value, by: found?.getCell(at('Noted by')).value };
}
