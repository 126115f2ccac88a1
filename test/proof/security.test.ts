// Security checks, end to end through child `recon` processes: a nightly on a chaotic
// sandbox with hostile data, then runs that fail (a 401 whose body echoes the key, a bad config, a
// sync with RECON_DEBUG). The key appears in no output, report, summary.json or warehouse byte or
// value; no report cell is a formula; documents are masked unless configured; files are 0600.
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { parse as parseCsv } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { generateHistory, startSandbox, writeOrdersExport, type RunningSandbox } from '../../src/sandbox/index.ts';
import { writeReports } from '../../src/report/index.ts';
import { REPORTS } from '../../reports/index.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import type { Loopback } from '../api/loopback.ts';
import { startBadService } from './bad-service.ts';
import { filesUnder } from './files-under.ts';
import { runRecon, STACK_FRAME, type CliResult } from './cli.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const KEY = 'test_SECRETKEY1234567890abcdef';
const KEY_TAIL = KEY.slice('test_'.length);
const DATE = '2026-03-18';
const ZONE = 'America/Sao_Paulo';
const CPF = '111.444.777-35';
const TRIGGERS = /^[=+\-@\t\r]/;
const HOSTILE_NAME = '=HYPERLINK("http://x","y")';

let root: string;
let sandbox: RunningSandbox;
let bad: Loopback;
const outputs: Array<{ label: string; result: CliResult }> = [];

async function xlsxCells(file: string): Promise<ExcelJS.Cell[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const cells: ExcelJS.Cell[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow({ includeEmpty: false }, (row) => row.eachCell({ includeEmpty: false }, (cell) => void cells.push(cell))));
  return cells;
}

function csvCells(file: string): string[] {
  // The `br` copy a pt-BR night writes beside each CSV is `;`-separated.
  const delimiter = file.endsWith('.br.csv') ? ';' : ',';
  const rows = parseCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { relax_column_count: true, delimiter }) as string[][];
  return rows.flat();
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'recon-security-'));
  const history = generateHistory({ seed: 41, days: 3, perDay: 60, endDate: DATE });
  sandbox = await startSandbox({ history, faults: 'chaos', faultSeed: 41 });
  bad = await startBadService();
  // A Pix cash-in whose customer name is a formula, on the business day.
  const noon = DateTime.fromISO(`${DATE}T12:00`, { zone: ZONE }).toMillis();
  sandbox.state.createCashIn({ itemId: 'PIX-EVIL-1', amountCents: 4_990, customerName: HOSTILE_NAME, document: '98765432100', atMs: noon });
  // The day's export plus orders (no payment: each becomes a finding) whose id and name are formulas.
  const orders = join(root, `orders-${DATE}.csv`);
  await writeOrdersExport(history, orders, { format: 'csv-br', date: DATE });
  const hostile = [
    ['=1+2', HOSTILE_NAME],
    ['+SUM(A1)', '+cmd|calc'],
    ['-2+3', '-cmd'],
    ['@SUM(A1)', '@cmd'],
    ['\tTAB-1', '\t=tab'],
    ['CR-1', '\r=cr'],
  ];
  const lines = hostile.map(([id, name]) => `"${id!.replaceAll('"', '""')}";"${name!.replaceAll('"', '""')}";${CPF};10,00;Pago;18/03/2026 10:00;;`);
  appendFileSync(orders, iconv.encode(`${lines.join('\r\n')}\r\n`, 'windows-1252'));
  writeFileSync(
    join(root, 'recon.config.json'),
    JSON.stringify({
      warehouse: { path: 'recon.duckdb' },
      reports: { outDir: 'reports' },
      orders: { preset: 'recon-sandbox', path: join(root, 'orders-{date}.csv') },
      api: { retry: { maxAttempts: 12, baseDelayMs: 1, maxDelayMs: 5 } },
    }),
  );
  writeFileSync(join(root, 'bad.config.json'), JSON.stringify({ warehouse: { path: 'recon.duckdb' }, api: { retyr: {} } }));

  const env = { RECON_API_KEY: KEY };
  const run = async (label: string, args: string[], extra: Record<string, string> = {}) => {
    const result = await runRecon(args, { cwd: root, env: { ...env, ...extra }, timeoutMs: 120_000 });
    outputs.push({ label, result });
    return result;
  };
  const night = await run('nightly on chaos', ['run', 'nightly', '--date', DATE], { RECON_BASE_URL: sandbox.url });
  expect(night.code, night.stderr.slice(-2000)).toBe(0);
  // Failures, into the same warehouse and report folder.
  // A refused key is a config error (exit 2) naming RECON_API_KEY, never the key.
  expect((await run('nightly on a 401', ['run', 'nightly', '--date', DATE], { RECON_BASE_URL: `${bad.url}/401` })).code).toBe(2);
  expect((await run('sync on a 401 with RECON_DEBUG', ['sync', '--date', DATE], { RECON_BASE_URL: `${bad.url}/401`, RECON_DEBUG: '1' })).code).toBe(2);
  expect((await run('bad config', ['run', 'nightly', '--date', DATE, '--config', 'bad.config.json'])).code).toBe(2);
  // Last, a good night again: the reports folder then holds a complete, successful night.
  expect((await run('nightly on chaos, again', ['run', 'nightly', '--date', DATE], { RECON_BASE_URL: sandbox.url })).code).toBe(0);
}, 180_000);

afterAll(async () => {
  await sandbox?.close();
  await bad?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the API key never leaves the environment', () => {
  it('is in no stdout or stderr (JSON logs included), and no failure shows a stack trace without RECON_DEBUG', () => {
    expect(outputs).toHaveLength(5);
    for (const { label, result } of outputs) {
      for (const text of [result.stdout, result.stderr]) {
        expect(text, label).not.toContain(KEY_TAIL);
      }
      if (!label.includes('RECON_DEBUG')) expect(result.stderr, label).not.toMatch(STACK_FRAME);
    }
    // The JSON logs are really there (non-TTY stderr) and the failures say what failed.
    expect(outputs[0]!.result.stderr).toMatch(/"event":"nightly.step"/);
    expect(outputs[1]!.result.stderr).toMatch(/401 Unauthorized \(authentication: invalid key \[redacted\]\)/);
  });

  it('is in no byte of any file written: reports, summary.json, the warehouse and its WAL', () => {
    // Everything but the test's own inputs (the configs and the orders export in the root folder).
    const inputs = new Set(['recon.config.json', 'bad.config.json', `orders-${DATE}.csv`].map((f) => join(root, f)));
    const files = filesUnder(root).filter((f) => !inputs.has(f));
    expect(files.some((f) => f.endsWith('summary.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('recon.duckdb'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const needle of [KEY_TAIL, Buffer.from(KEY_TAIL, 'utf16le')]) expect(bytes.includes(needle), file).toBe(false);
    }
    const summary = JSON.parse(readFileSync(join(root, 'reports', DATE, 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(summary['outcome']).toBe('done');
  });

  it('is in no cell of any XLSX report (read back through exceljs)', async () => {
    const workbooks = filesUnder(join(root, 'reports')).filter((f) => f.endsWith('.xlsx'));
    // Every workbook the night wrote, whichever reports the catalogue holds.
    const summary = JSON.parse(readFileSync(join(root, 'reports', DATE, 'summary.json'), 'utf8')) as { reports: string[] };
    expect(workbooks.map((f) => basename(f)).sort()).toEqual(summary.reports.filter((f) => f.endsWith('.xlsx')).sort());
    expect(workbooks.length).toBeGreaterThanOrEqual(5);
    for (const file of workbooks) {
      for (const cell of await xlsxCells(file)) expect(String(cell.text ?? cell.value), file).not.toContain(KEY_TAIL);
    }
  });

  it('is in no VARCHAR or JSON value of any warehouse table, though the failed runs are recorded', async () => {
    const warehouse = await openWarehouse(join(root, 'recon.duckdb'), { readOnly: true });
    try {
      const read = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
      const columns = (await read(
        `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
         WHERE t.table_type = 'BASE TABLE' AND (c.data_type = 'VARCHAR' OR c.data_type = 'JSON')`,
      )) as Array<{ table_name: string; column_name: string }>;
      expect(columns.length).toBeGreaterThan(30);
      const checks = columns.map(
        (c) =>
          `SELECT '${c.table_name}.${c.column_name}' AS col, count(*) AS n FROM "${c.table_name}" WHERE CAST("${c.column_name}" AS VARCHAR) LIKE '%${KEY_TAIL}%'`,
      );
      const hits = (await read(checks.join(' UNION ALL '))).filter((r) => Number(r['n']) > 0);
      expect(hits).toEqual([]);
      const failed = await read(`SELECT kind, error FROM runs WHERE outcome = 'failed' AND error LIKE '%401 Unauthorized%'`);
      expect(failed.length).toBeGreaterThanOrEqual(2);
    } finally {
      warehouse.close();
    }
  });
});

describe('reports', () => {
  const reportFiles = () => filesUnder(join(root, 'reports', DATE)).filter((f) => /\.(csv|xlsx)$/.test(f));

  it('hold no formula cell and no text a spreadsheet would run, in CSV and XLSX; the hostile values are there, neutralised', async () => {
    const seen: string[] = [];
    for (const file of reportFiles()) {
      if (file.endsWith('.csv')) {
        for (const value of csvCells(file)) {
          expect(value, file).not.toMatch(TRIGGERS);
          seen.push(value);
        }
      } else {
        for (const cell of await xlsxCells(file)) {
          expect(cell.type, file).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula, file).toBeUndefined();
          if (typeof cell.value === 'string') {
            expect(cell.value, file).not.toMatch(TRIGGERS);
            seen.push(cell.value);
          }
        }
      }
    }
    for (const hostile of ['=1+2', '+SUM(A1)', '-2+3', '@SUM(A1)', HOSTILE_NAME, '+cmd|calc']) expect(seen).toContain(`'${hostile}`);
  });

  it('mask CPFs by default, and show them when reports.maskDocuments is false', async () => {
    const csv = readFileSync(join(root, 'reports', DATE, 'discrepancies.csv'), 'utf8');
    expect(csv).toContain('***.444.777-**');
    expect(csv).not.toContain(CPF);
    expect(csv).not.toContain(CPF.replace(/\D/g, ''));
    expect(csv).not.toContain('98765432100');
    const workbookText = (await xlsxCells(join(root, 'reports', DATE, 'discrepancies.xlsx'))).map((c) => String(c.value)).join('\n');
    expect(workbookText).toContain('***.444.777-**');
    expect(workbookText).not.toContain(CPF);

    const outDir = join(root, 'unmasked');
    const warehouse = await openWarehouse(join(root, 'recon.duckdb'), { readOnly: true });
    try {
      await writeReports(
        { db: warehouse.connection, logger: silentLogger },
        { day: businessDayOf(DATE, ZONE), outDir, maskDocuments: false, csvDialect: 'rfc4180', locale: 'en', fileMode: '0640', definitions: REPORTS },
      );
    } finally {
      warehouse.close();
    }
    expect(readFileSync(join(outDir, DATE, 'discrepancies.csv'), 'utf8')).toContain(CPF);
    for (const file of filesUnder(join(outDir, DATE))) expect((statSync(file).mode & 0o777).toString(8), file).toBe('640');
  });
});

describe('file modes', () => {
  it('creates every report, summary.json and the warehouse readable by the owner only (0600) by default', () => {
    const files = [...filesUnder(join(root, 'reports', DATE)), join(root, 'recon.duckdb')];
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const file of files) expect((statSync(file).mode & 0o777).toString(8), file).toBe('600');
  });

  it('uses warehouse.fileMode when configured otherwise', async () => {
    const dir = join(root, 'mode');
    mkdirSync(dir);
    const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { fileMode: '0640' });
    warehouse.close();
    expect((statSync(join(dir, 'w.duckdb')).mode & 0o777).toString(8)).toBe('640');
  });
});
