// Both processes real: a nightly job (a child `recon run nightly`) holds the warehouse while another
// child `recon findings ack` acknowledges a finding. The acknowledgement succeeds at once (from the
// journal and the last night's snapshot), survives, and shows in the workbook that very night writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays } from '../../src/shared/business-day.ts';
import { generateHistory, startSandbox, writeOrdersExport, type RunningSandbox } from '../../src/sandbox/index.ts';
import { runRecon } from '../proof/cli.ts';

const BIN = resolve('bin/recon.js');
const ZONE = 'America/Sao_Paulo';
const NIGHT2 = '2026-03-20';
const NIGHT1 = addDays(NIGHT2, -1, ZONE);
let root: string;
let sandbox: RunningSandbox;
let config: string;
const children: ChildProcess[] = [];
// A gate in front of the sandbox: while shut, the night's sync waits (holding the warehouse) until the
// acknowledgement is done, whatever the machine's load.
let proxy: Server;
let proxyUrl = '';
let gate: Promise<void> = Promise.resolve();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recon-ack-night-'));
  const history = generateHistory({ seed: 5, days: 6, perDay: 120, endDate: NIGHT2, discrepancyRate: 0.1 });
  sandbox = await startSandbox({ history });
  const upstream = new URL(sandbox.url);
  proxy = createServer((req, res) => {
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
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  for (const date of [NIGHT1, NIGHT2]) await writeOrdersExport(history, join(root, `orders-${date}.csv`), { format: 'csv-br', date });
  config = join(root, 'recon.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      timezone: ZONE,
      warehouse: { path: 'recon.duckdb' },
      reports: { outDir: 'reports', locale: 'en' },
      orders: { preset: 'recon-sandbox', path: join(root, 'orders-{date}.csv') },
    }),
  );
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  proxy?.closeAllConnections();
  proxy?.close();
  await sandbox?.close();
  rmSync(root, { recursive: true, force: true });
});

function startNight(date: string): { child: ChildProcess; exited: Promise<number | null>; holding: Promise<void>; log: () => string } {
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
}

it('acknowledges while a night runs; the note is in that night’s workbook', async () => {
  const first = startNight(NIGHT1);
  expect(await first.exited).toBe(0);
  const listed = await runRecon(['findings', 'list', '--state', 'new', '--category', 'missing_payment', '--format', 'json', '--config', config], { cwd: root });
  expect(listed.code).toBe(0);
  const key: string = JSON.parse(listed.stdout)[0].finding_key;

  let open = () => {};
  gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const second = startNight(NIGHT2);
  await second.holding;
  const ack = await runRecon(['findings', 'ack', key, '--note', 'credit note 123 issued', '--by', 'ana', '--config', config], { cwd: root });
  // The night was still syncing when the acknowledgement returned: it had not folded the journal yet.
  expect(second.child.exitCode).toBeNull();
  expect(second.log()).not.toContain('"step":"triage"');
  expect(ack.stderr).toContain('a recon job is writing the warehouse right now');
  expect(ack).toMatchObject({ code: 0, stdout: 'ack: 1 finding recorded in the triage journal.\n' });
  open();
  expect(await second.exited).toBe(0);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(root, 'reports', NIGHT2, 'discrepancies.xlsx'));
  const sheet = wb.getWorksheet('missing_payment')!;
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  const at = (name: string) => headers.indexOf(name);
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(at('Finding key')).value === key) found = row;
  });
  expect(found?.getCell(at('Note')).value).toBe('credit note 123 issued');
  expect(found?.getCell(at('Noted by')).value).toBe('ana');
});
