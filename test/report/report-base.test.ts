// A report's base query runs once a night and its sheets are cuts of it: every statement writeReports
// sends is recorded through a wrapped connection (the real warehouse file underneath). Also: sheets left
// out when empty without a probe query, for definitions with and without a base, and the base table
// dropped whatever happens.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReports, type WriteReportsRequest } from '../../src/report/index.ts';
import type { ColumnSpec, ReportDefinition, SheetSpec } from '../../src/report/types.ts';
import { REPORTS } from '../../reports/index.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, DAY, ZONE, type Fixture } from './fixture.ts';

let fixture: Fixture;
let outNo = 0;

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

/** Writes the definitions through a connection that records every statement's SQL. */
async function write(definitions: readonly ReportDefinition[]): Promise<{ statements: string[]; dir: string; request: WriteReportsRequest }> {
  const connection = fixture.warehouse.connection;
  const statements: string[] = [];
  const db: Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'> = {
    prepare: (sql) => {
      statements.push(sql);
      return connection.prepare(sql);
    },
    runAndReadAll: (sql, ...rest) => {
      statements.push(sql);
      return connection.runAndReadAll(sql, ...rest);
    },
  };
  const request: WriteReportsRequest = {
    day: businessDayOf(DAY, ZONE),
    outDir: join(fixture.dir, `out-${++outNo}`),
    maskDocuments: true,
    csvDialect: 'rfc4180',
    locale: 'en',
    fileMode: '0600',
    definitions,
  };
  await writeReports({ db, logger: silentLogger }, request);
  return { statements, dir: join(request.outDir, DAY), request };
}

async function sheetNames(file: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook.worksheets.map((s) => s.name);
}

async function tempTables(): Promise<number> {
  const result = await fixture.warehouse.connection.runAndReadAll('SELECT count(*)::INTEGER FROM duckdb_tables() WHERE temporary');
  return Number(result.getRows()[0]?.[0]);
}

const count = (statements: string[], pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length;

describe('the nightly reports', () => {
  it("run each report's base query once, no statement twice, and drop the base tables", async () => {
    const { statements } = await write(REPORTS);
    // The findings with their customer: once, into the discrepancies' base table.
    expect(count(statements, /findings_with_customer/)).toBe(1);
    expect(statements.find((sql) => /findings_with_customer/.test(sql))).toMatch(/^CREATE OR REPLACE TEMP TABLE temp\.main\."report_discrepancies" AS/);
    // The open chargebacks feed both of their sheets from one run; the refunds of the day their one sheet.
    expect(count(statements, /FROM chargebacks_between\(/)).toBe(1);
    expect(count(statements, /FROM refunds_between\(/)).toBe(1);
    // No probe query: every statement is different (the category sheets differ by their category).
    expect(new Set(statements).size).toBe(statements.length);
    expect(await tempTables()).toBe(0);
  });
});

const COLUMNS: ColumnSpec[] = [
  { key: 'finding_key', header: 'findingKey', type: 'text' },
  { key: 'payment_amount_cents', header: 'paymentAmount', type: 'cents' },
];
const ofCategory = (category: string, from: string) =>
  `SELECT finding_key, payment_amount_cents FROM ${from} WHERE category = '${category}' ORDER BY finding_key`;
const RUN_FINDINGS = `findings WHERE run_id = $run_id AND business_date = $date`;

/** Two sheets with rows, one left out, one kept empty, and a CSV sheet that the workbook leaves out when empty. */
function definitionOver(from: string, base?: string): ReportDefinition {
  return {
    name: base === undefined ? 'plain' : 'based',
    description: 'test',
    ...(base === undefined ? {} : { base }),
    sheets: [
      { name: 'unmatched', sql: ofCategory('unmatched_payment', from), columns: COLUMNS, omitWhenEmpty: true, totals: ['payment_amount_cents'] },
      { name: 'missing', sql: ofCategory('missing_payment', from), columns: COLUMNS, omitWhenEmpty: true },
      { name: 'stale', sql: ofCategory('stale_review', from), columns: COLUMNS },
      { name: 'cashout', sql: ofCategory('cashout_failed', from), columns: COLUMNS, omitWhenEmpty: true },
      { name: 'csv', sql: ofCategory('order_status_behind', from), columns: COLUMNS, omitWhenEmpty: true },
    ],
    csvSheet: 'csv',
  };
}

describe.each([
  ['with a base', () => definitionOver('$base', `SELECT * FROM ${RUN_FINDINGS}`)],
  ['without a base (the earlier shape)', () => definitionOver(`(SELECT * FROM ${RUN_FINDINGS})`)],
])('a definition %s', (_, make) => {
  it('leaves empty omitWhenEmpty sheets out, keeps the others in order, and runs each sheet query once', async () => {
    const definition = make();
    const { statements, dir } = await write([definition]);
    expect(await sheetNames(join(dir, `${definition.name}.xlsx`))).toEqual(['unmatched', 'stale', 'cashout']);
    expect(readFileSync(join(dir, `${definition.name}.csv`), 'utf8')).toBe('finding_key,payment_amount_cents\r\n');
    for (const category of ['unmatched_payment', 'missing_payment', 'stale_review', 'cashout_failed']) {
      expect(count(statements, new RegExp(`category = '${category}'`))).toBe(1);
    }
    // The CSV sheet, once: with a base, into the table of its rows that the workbook's pass and the
    // CSV's COPY both read; without, streamed into both.
    const csvRuns = statements.filter((sql) => /category = 'order_status_behind'/.test(sql));
    expect(csvRuns).toHaveLength(1);
    expect(csvRuns[0]?.startsWith('CREATE OR REPLACE TEMP TABLE temp.main."report_based__rows"')).toBe(definition.base !== undefined);
    expect(count(statements, /^COPY[\s\S]*FROM temp\.main\."report_based__rows"/)).toBe(definition.base === undefined ? 0 : 1);
    expect(count(statements, /FROM findings WHERE/)).toBe(definition.base === undefined ? 5 : 1);
    expect(await tempTables()).toBe(0);
  });
});

describe('a sheet whose rows grow with the volume', () => {
  // Streamed: the CSV takes every row of the sheet's query. By COPY (a report with a base): the CSV is
  // DuckDB's, so the sheet stops reading at its cap and DuckDB counts the rest.
  const range = 'SELECT CAST(i AS VARCHAR) AS finding_key, CAST(i AS BIGINT) AS payment_amount_cents FROM range(7) t(i)';
  it.each([
    { csv: 'streamed', base: undefined, lines: `${range} ORDER BY i` },
    { csv: 'by COPY', base: range, lines: 'SELECT * FROM $base ORDER BY payment_amount_cents' },
  ])('stops the workbook at maxWorkbookRows with a note saying how many rows there were, and keeps every row in the CSV ($csv)', async ({ base, lines }) => {
    const definition: ReportDefinition = {
      name: 'cut',
      description: 'test',
      ...(base === undefined ? {} : { base }),
      sheets: [{ name: 'lines', sql: lines, columns: COLUMNS, maxWorkbookRows: 3, totals: ['payment_amount_cents'] }],
      csvSheet: 'lines',
    };
    const { dir, statements } = await write([definition]);
    // Counted by DuckDB only where no CSV streams from the sheet.
    expect(statements.filter((sql) => sql.startsWith('SELECT count(*)')).length).toBe(base === undefined ? 0 : 1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'cut.xlsx'));
    const texts = (workbook.worksheets[0]?.getSheetValues() ?? []).map((row) => (Array.isArray(row) ? row.slice(1).map(String).join('|') : ''));
    // Header, three rows, the totals of every row (0.00 + ... + 0.06, as the CSV's), then the note.
    expect(texts.filter((t) => /^\d\|/.test(t))).toEqual(['0|0', '1|0.01', '2|0.02']);
    expect(texts).toContain('Total|0.21');
    expect(texts.some((t) => t.includes('the first 3 of 7 rows; all of them are in cut.csv, and the total adds them all up'))).toBe(true);
    expect(readFileSync(join(dir, 'cut.csv'), 'utf8').trim().split('\r\n')).toHaveLength(8);
  });
});

describe('a sheet cut at its cap without totals', () => {
  it('says it shows the first rows and where all of them are, and promises no total', async () => {
    const definition: ReportDefinition = {
      name: 'untotalled',
      description: 'test',
      base: 'SELECT CAST(i AS VARCHAR) AS finding_key, CAST(i AS BIGINT) AS payment_amount_cents FROM range(7) t(i)',
      sheets: [{ name: 'lines', sql: 'SELECT * FROM $base ORDER BY payment_amount_cents', columns: COLUMNS, maxWorkbookRows: 3 }],
      csvSheet: 'lines',
    };
    const { dir } = await write([definition]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'untotalled.xlsx'));
    const texts = (workbook.worksheets[0]?.getSheetValues() ?? []).map((row) => (Array.isArray(row) ? row.slice(1).map(String).join('|') : ''));
    expect(texts.some((t) => t.endsWith('the first 3 of 7 rows; all of them are in untotalled.csv'))).toBe(true);
    expect(texts.some((t) => t.startsWith('Total'))).toBe(false);
  });
});

describe('the rows of a CSV sheet kept once', () => {
  it("come back in the sheet query's order, in the workbook and the CSV, across many row groups", async () => {
    // 300,000 rows (three of DuckDB's row groups) in a base stored in another order than the sheet's.
    const base = 'SELECT CAST(i AS VARCHAR) AS finding_key, CAST(i AS BIGINT) AS payment_amount_cents FROM range(300000) t(i) ORDER BY hash(i)';
    const definition: ReportDefinition = {
      name: 'ordered',
      description: 'test',
      base,
      sheets: [{ name: 'lines', sql: 'SELECT * FROM $base ORDER BY payment_amount_cents DESC', columns: COLUMNS, maxWorkbookRows: 1000 }],
      csvSheet: 'lines',
    };
    // A session left without insertion order (as a failed publish may leave it): the reports turn it on.
    await fixture.warehouse.connection.run('SET preserve_insertion_order = false');
    const { dir, statements } = await write([definition]);
    expect(statements).toContain("SET preserve_insertion_order = 'true'");
    const after = await fixture.warehouse.connection.runAndReadAll("SELECT current_setting('preserve_insertion_order') AS keep");
    expect(after.getRowObjects()[0]?.['keep']).toBe(false);
    await fixture.warehouse.connection.run('SET preserve_insertion_order = true');
    const amounts = readFileSync(join(dir, 'ordered.csv'), 'utf8')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => Number(line.split(',')[0]));
    expect(amounts).toHaveLength(300_000);
    expect(amounts.every((n, i) => n === 299_999 - i)).toBe(true);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'ordered.xlsx'));
    const first = (workbook.worksheets[0]?.getSheetValues() ?? []).slice(2, 6).map((row) => (Array.isArray(row) ? String(row[1]) : ''));
    expect(first).toEqual(['299999', '299998', '299997', '299996']);
    expect(await tempTables()).toBe(0);
  });
});

describe('failures', () => {
  it('a sheet that reads $base in a report without a base fails saying what to fix, and writes nothing', async () => {
    const definition: ReportDefinition = { ...definitionOver('$base'), name: 'unbased' };
    const error = await write([definition]).catch((e: unknown) => e);
    expect(isReconError(error, 'report')).toBe(true);
    expect((error as Error).message).toMatch(/sheet unmatched: expected the report to declare a base .* got none; fix: add `base` to the unbased definition/);
    expect(readdirSync(join(fixture.dir, `out-${outNo}`, DAY))).toEqual([]);
  });

  it('a failing sheet still drops the base table and leaves no partial files', async () => {
    const based = definitionOver('$base', `SELECT * FROM ${RUN_FINDINGS}`);
    const definition: ReportDefinition = {
      ...based,
      sheets: [...(based.sheets as SheetSpec[]), { name: 'broken', sql: 'SELECT nope FROM $base', columns: COLUMNS }],
    };
    const error = await write([definition]).catch((e: unknown) => e);
    expect(isReconError(error, 'report')).toBe(true);
    expect((error as Error).message).toContain('report based, sheet broken: query failed');
    expect(await tempTables()).toBe(0);
    expect(existsSync(join(fixture.dir, `out-${outNo}`, DAY, 'based.xlsx.partial'))).toBe(false);
    expect(readdirSync(join(fixture.dir, `out-${outNo}`, DAY))).toEqual([]);
  });

  it('a failing base query fails the report naming it', async () => {
    const error = await write([definitionOver('$base', 'SELECT * FROM no_such_table')]).catch((e: unknown) => e);
    expect(isReconError(error, 'report')).toBe(true);
    expect((error as Error).message).toMatch(/^report based, base query: query failed: .*no_such_table/);
    expect(await tempTables()).toBe(0);
  });
});
