// Hostile text a person reads through another program, end to end: a note and an actor name carrying a
// right-to-left override, ANSI escapes (ESC, CSI as C1) and a terminal-title sequence, and a customer
// name with the same, go through the real CLI (`recon reconcile`, `recon findings note`) into the
// journal, the reports and the page. Every output a person reads shows them inert (the one rule of
// src/shared/display-text.ts): the page (HTML), the XLSX and CSV reports read back, `recon findings list`
// and `recon sql` in every format. Nothing is lost: the journal keeps the note as typed and the JSON
// outputs parse back to the exact values. A stray future-dated folder in reports/ does not take the
// page's actions away from the real latest night. Each CLI run is bounded (60 s, 640 MB peak RSS): the
// nights, the note, a table of each command and the error run as processes of their own; the other
// formats of the same commands run in this process (the same runCli, stdout and stderr captured as
// bytes), which spares loading every module for each.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { configSchema } from '../../src/config/schema.ts';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { escapeHtml } from '../../src/serve/html.ts';
import { safeText } from '../../src/shared/display-text.ts';
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { insertOrders, insertTransactions } from '../reconcile/fixtures.ts';
import { get, optionsFor } from '../serve/http.ts';
import { rawControlsIn } from '../shared/raw-controls.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { runRecon, STACK_FRAME, type CliResult } from './cli.ts';

const ZONE = 'America/Sao_Paulo';
const DATE = '2026-03-10';
const STRAY = '2099-01-01';
const FORGED = '2098-12-31';
const RLO = '\u202e';
const PDF = '\u202c';
const ESC = '\u001b';
const CSI = '\u009b';
/** Reads as "R$ 100,00" reversed, clears the screen, sets the terminal's title, turns text red. */
const NOTE = `pago ${RLO}00,001 R$${PDF} ${ESC}[2J${ESC}]0;pwn\u0007${CSI}31m ok`;
const ACTOR = `bia${RLO}gnp.exe${ESC}[0m`;
const CUSTOMER = `Ana ${RLO}avliS${PDF}${CSI}2J${ESC}[5m`;
const SECONDS = 60;
const PEAK_MB = 640;

let dir: string;
let configFile: string;
let reportsDir: string;
let warehousePath: string;
let key: string;
let server: RunningServer;
const runs: Array<{ label: string; result: CliResult }> = [];

async function recon(label: string, ...args: string[]): Promise<CliResult> {
  const result = await runRecon([...args, '--config', configFile], { cwd: dir });
  runs.push({ label, result });
  return expectDone(label, result);
}

/** The same command run in this process: its output, not its cost, is the point. */
async function reconHere(label: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return expectDone(label, await runCliInProcess([...args, '--config', configFile], { cwd: dir }));
}

function expectDone<T extends { code: number; stderr: string }>(label: string, result: T): T {
  expect(result.stderr, label).not.toMatch(STACK_FRAME);
  expect(result.code, `${label}: ${result.stderr}`).toBe(0);
  return result;
}

/** Every line on its own: no raw control, tab or line break inside it, no bidi formatting. */
function expectInertLines(text: string, label: string): void {
  for (const line of text.split('\n')) expect(rawControlsIn(line, { breaks: false }), `${label}: ${JSON.stringify(line)}`).toEqual([]);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-hostile-text-'));
  configFile = join(dir, 'recon.config.json');
  warehousePath = join(dir, 'recon.duckdb');
  reportsDir = join(dir, 'reports');
  writeFileSync(configFile, JSON.stringify({ timezone: ZONE, warehouse: { path: warehousePath }, reports: { outDir: reportsDir } }));
  const warehouse = await openWarehouse(warehousePath);
  try {
    const db = warehouse.connection;
    // A paid order with no payment (a finding to note) and an order paid short, the customer's name hostile.
    await insertOrders(db, [
      { item_id: 'A', created: '2026-03-10T14:00:00Z' },
      { item_id: 'C', amount: 500, created: '2026-03-10T15:00:00Z' },
    ]);
    await insertTransactions(db, [{ transaction_id: 't1', item_id: 'C', net_value: 400, created: '2026-03-10T15:01:00Z' }]);
    await db.run('UPDATE orders SET customer_name = $name', { name: CUSTOMER });
  } finally {
    warehouse.close();
  }
  await recon('reconcile', 'reconcile', '--date', DATE);
  const listed = JSON.parse((await reconHere('list json (before)', 'findings', 'list', '--format', 'json')).stdout) as Array<{ finding_key: string }>;
  key = listed.find((f) => f.finding_key.endsWith(':A'))?.finding_key ?? '';
  expect(key).not.toBe('');
  await recon('note', 'findings', 'note', key, '--note', NOTE, '--by', ACTOR);
  // The night's reports again, now with the note (the triage fold writes it into the workbook and CSV).
  await recon('reconcile again', 'reconcile', '--date', DATE);
  // A stray empty future-dated folder, and one holding a copy of the real night's summary.json.
  mkdirSync(join(reportsDir, STRAY), { mode: 0o700 });
  mkdirSync(join(reportsDir, FORGED), { mode: 0o700 });
  copyFileSync(join(reportsDir, DATE, 'summary.json'), join(reportsDir, FORGED, 'summary.json'));
  const config = configSchema.parse({ timezone: ZONE, warehouse: { path: warehousePath }, reports: { outDir: reportsDir } });
  server = await startReportServer(optionsFor({ dir, config }));
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('hostile text in notes, actor names and customer names', () => {
  it('is kept as typed in the journal: nothing lost', async () => {
    const { events } = await readJournal(journalPathFor(warehousePath));
    expect(events.some((e) => e.note === NOTE && e.by === ACTOR)).toBe(true);
  });

  it('is inert on the page: overrides removed, controls shown escaped, the note isolated; the actions stay on the real latest night', async () => {
    const night = await get(server.url, `/nights/${DATE}?finding=${encodeURIComponent(key)}`);
    expect(night.status).toBe(200);
    expect(rawControlsIn(night.text, { breaks: true })).toEqual([]);
    expect(night.text).toContain(`<bdi>${escapeHtml(safeText(NOTE, 'page'))}</bdi>`);
    expect(night.text).toContain(escapeHtml(safeText(ACTOR, 'page')));
    expect(night.text).toContain(escapeHtml(safeText(CUSTOMER, 'page')));
    expect(safeText(NOTE, 'page')).toContain('\\x1b[2J');
    // The finding's panel and its form: the stray folders did not make this night "not the latest".
    expect(night.text).toContain('id="finding-panel"');
    expect(night.text).toContain('id="finding-form"');
    // The name a person gave, back from the cookie into the visible "your name" field: shown by the rule too.
    const named = await get(server.url, `/nights/${DATE}?finding=${encodeURIComponent(key)}`, { Cookie: `recon_actor=${encodeURIComponent(ACTOR)}` });
    expect(rawControlsIn(named.text, { breaks: true })).toEqual([]);
    expect(named.text).toContain(`value="${escapeHtml(safeText(ACTOR, 'page'))}"`);
    const home = await get(server.url, '/');
    expect(home.status).toBe(200);
    expect(rawControlsIn(home.text, { breaks: true })).toEqual([]);
  });

  it('a stray future-dated folder is listed but offers no actions', async () => {
    for (const stray of [STRAY, FORGED]) {
      const page = await get(server.url, `/nights/${stray}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('id="bulk-form"');
      expect(page.text).not.toContain('id="finding-form"');
    }
  });

  it('is inert in the XLSX and CSV reports read back, the formula guard kept', async () => {
    const files = readdirSync(join(reportsDir, DATE));
    const workbooks = files.filter((f) => f.endsWith('.xlsx'));
    const csvs = files.filter((f) => f.endsWith('.csv'));
    expect(workbooks).toContain('discrepancies.xlsx');
    expect(csvs).toContain('discrepancies.csv');
    const seen: string[] = [];
    for (const file of workbooks) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(reportsDir, DATE, file));
      workbook.eachSheet((sheet) =>
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            const text = typeof cell.value === 'string' ? cell.value : '';
            expect(rawControlsIn(text, { breaks: true }), `${file} ${cell.address}`).toEqual([]);
            seen.push(text);
          }),
        ),
      );
    }
    for (const file of csvs) {
      const text = readFileSync(join(reportsDir, DATE, file), 'utf8').replace(/^\uFEFF/, '');
      expect(rawControlsIn(text, { breaks: true }), file).toEqual([]);
      seen.push(...(parseCsv(text, { relax_column_count: true, delimiter: file.endsWith('.br.csv') ? ';' : ',' }) as string[][]).flat());
    }
    for (const value of [NOTE, ACTOR, CUSTOMER]) expect(seen).toContain(safeText(value, 'file'));
  });

  it('is inert in `recon findings list` as a table, CSV and JSON; the JSON parses back to the exact note', async () => {
    const table = await recon('list table', 'findings', 'list', '--format', 'table');
    expectInertLines(table.stdout, 'list table');
    expect(table.stdout).toContain(safeText(NOTE, 'line'));

    const csv = await reconHere('list csv', 'findings', 'list', '--format', 'csv');
    expect(rawControlsIn(csv.stdout, { breaks: true })).toEqual([]);
    const rows = parseCsv(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    const noted = rows.find((r) => r['finding_key'] === key);
    expect(noted?.['note']).toBe(safeText(NOTE, 'file'));
    expect(noted?.['noted_by']).toBe(safeText(ACTOR, 'file'));

    const json = await reconHere('list json', 'findings', 'list', '--format', 'json');
    expect(rawControlsIn(json.stdout, { breaks: true })).toEqual([]);
    const items = JSON.parse(json.stdout) as Array<{ finding_key: string; note: string; noted_by: string }>;
    expect(items.find((i) => i.finding_key === key)).toMatchObject({ note: NOTE, noted_by: ACTOR });
  });

  it('is inert in `recon sql` as a table, CSV and JSON, column names included; the JSON parses back exactly', async () => {
    const header = `nome${RLO}${ESC}[1m`;
    const query = `SELECT customer_name AS "${header}", chr(27) || '[31m' || chr(155) || 'x' || chr(8238) || 'y' AS junk FROM orders WHERE item_id = 'A'`;
    const table = await recon('sql table', 'sql', query, '--format', 'table');
    expectInertLines(table.stdout, 'sql table');
    expect(table.stdout).toContain(safeText(CUSTOMER, 'line'));
    expect(table.stdout).toContain(safeText(header, 'line'));

    const csv = await reconHere('sql csv', 'sql', query, '--format', 'csv');
    expect(rawControlsIn(csv.stdout, { breaks: true })).toEqual([]);
    expect(parseCsv(csv.stdout) as string[][]).toEqual([
      [safeText(header, 'file'), 'junk'],
      [safeText(CUSTOMER, 'file'), '[31mxy'],
    ]);

    const json = await reconHere('sql json', 'sql', query, '--format', 'json');
    expect(rawControlsIn(json.stdout, { breaks: true })).toEqual([]);
    expect(JSON.parse(json.stdout)).toEqual([{ [header]: CUSTOMER, junk: `${ESC}[31m${CSI}x${RLO}y` }]);
  });

  it('is inert in an error message on stderr that quotes it (the sentence and the JSON log line)', async () => {
    const result = await runRecon(['sql', 'SELECT CAST(customer_name AS INTEGER) AS n FROM orders', '--config', configFile], { cwd: dir });
    runs.push({ label: 'sql error', result });
    expect(result.code).not.toBe(0);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    expectInertLines(result.stderr, 'sql error');
    expect(result.stderr).toContain('\\x9b2J');
  });

  it('costs each CLI process less than 60 s and 640 MB', () => {
    expect(runs.map((r) => r.label).sort()).toEqual(['list table', 'note', 'reconcile', 'reconcile again', 'sql error', 'sql table']);
    for (const { label, result } of runs) {
      expect(result.seconds, label).toBeLessThan(SECONDS);
      expect(result.peakRssMb, label).toBeLessThan(PEAK_MB);
    }
  });
});
