// Both processes real: `recon serve` (a child process) takes an acknowledgement through HTTP while a
// nightly job (another child, `recon run nightly`) holds the warehouse. The POST answers at once (the
// journal never needs the warehouse), the page shows it at once, the note survives, and the workbook
// that night writes shows it.
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
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { get, send } from './http.ts';

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
  root = mkdtempSync(join(tmpdir(), 'recon-page-ack-night-'));
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

/** `recon serve` on a free loopback port; resolves with its address once it listens. */
function startServe(): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--config', config], {
    cwd: root,
    env: { ...process.env, RECON_SERVE_TOKEN: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise<string>((ready, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /recon serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (match?.[1]) ready(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`recon serve exited with ${code}: ${out}`)));
  });
}

it('acknowledges on the page while a night runs; the note is in that night’s workbook', async () => {
  const first = startNight(NIGHT1);
  expect(await first.exited).toBe(0);
  const url = await startServe();
  const page = await get(url, `/nights/${NIGHT1}`);
  const cookie = String(page.headers['set-cookie']).split(';')[0]!;
  const key = /<tr data-category="missing_payment" data-state="new"[^>]* data-key="([^"]+)"/.exec(page.text)?.[1];
  expect(key).toBeDefined();
  const panel = await get(url, `/nights/${NIGHT1}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  const csrf = /name="csrf" value="([^"]+)"/.exec(panel.text)?.[1] ?? '';

  let open = () => {};
  gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const second = startNight(NIGHT2);
  await second.holding;
  const body = new URLSearchParams({ action: 'ack', key: key!, note: 'credit note 456 issued', actor: 'bia', csrf, back: NIGHT1 }).toString();
  const ack = await send(url, '/findings/actions', body, { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie, Origin: url });
  // The night was still syncing when the page answered: it had not folded the journal yet.
  expect(second.child.exitCode).toBeNull();
  expect(second.log()).not.toContain('"step":"triage"');
  expect(ack.status).toBe(303);
  const { events } = await readJournal(journalPathFor(join(root, 'recon.duckdb')));
  expect(events.at(-1)).toMatchObject({ action: 'ack', key, by: 'bia', via: 'page', note: 'credit note 456 issued' });
  // The page shows it at once, from the journal and the last night's findings, while the night still runs.
  const meanwhile = await get(url, `/nights/${NIGHT1}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  expect(meanwhile.text).toContain('id="warehouse-notice">the warehouse is busy');
  expect(meanwhile.text).toContain('credit note 456 issued');
  expect(meanwhile.text).toMatch(/data-state="acknowledged"[^>]* data-key="missing_payment:/);
  expect(second.child.exitCode).toBeNull();
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
  expect(found?.getCell(at('Note')).value).toBe('credit note 456 issued');
  expect(found?.getCell(at('Noted by')).value).toBe('bia');
  // And the page, reading the journal again, shows it on the new night.
  const after = await get(url, `/nights/${NIGHT2}?finding=${encodeURIComponent(key!)}`, { Cookie: cookie });
  expect(after.text).toContain('credit note 456 issued');
}, 120_000);
