// Every workbook of a real sandbox night, read back with exceljs as a reader's spreadsheet would show
// it: sheet names and headers from the catalogue, every number and date column at least as wide as its
// longest formatted value (no ###), Sim/Não, local date formats, print setup (the printed columns
// first, the header and footer in the locale's words), and the Summary's amount
// at stake equal to the page's. The same night in English, and the CSV keys, pinned; every `.br.csv` in
// Portuguese words (headers and values). The night ran with
// fees.check off and no bank account (the config's defaults): its fees and payouts workbooks are one
// sheet saying so, and the page says the same; the English copy is written with every check on.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { REPORTS } from '../../reports/index.ts';
import { writeReports } from '../../src/report/index.ts';
import type { ColumnSpec, SheetSpec } from '../../src/report/types.ts';
import { headerOf } from '../../src/report/display-values.ts';
import { columnLetterOf, orderColumnsForPrint } from '../../src/report/print-layout.ts';
import { BRL_FORMAT, displayLength } from '../../src/report/xlsx-layout.ts';
import { startReportServer } from '../../src/serve/server.ts';
import { formatEn } from '../../src/shared/locale/format-en.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { TIE_OUTS, isTieOutShown } from '../../src/shared/close.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { type Locale, messagesFor } from '../../src/shared/locale/index.ts';
import { englishReasonOf, factsOfJson, renderReason } from '../../src/shared/locale/localize.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { triageNight } from '../../src/triage/night.ts';
import { NIGHTS, runTwoNights, ZONE, type TwoNights } from '../serve/fixture.ts';
import { get, optionsFor } from '../serve/http.ts';

const NIGHT = NIGHTS[1];
let run: TwoNights;
let englishDir: string;
/** The pt-BR reports of the night written again with every check on, so every `.br.csv` has rows. */
let portugueseDir: string;

beforeAll(async () => {
  run = await runTwoNights();
  englishDir = join(run.dir, 'en');
  portugueseDir = join(run.dir, 'pt-BR');
  const warehouse = await openWarehouse(run.config.warehouse.path);
  try {
    // As the nightly does before its reports: the night's triage (deadlines included) for the base to join.
    const summary = JSON.parse(readFileSync(join(run.config.reports.outDir, NIGHT, 'summary.json'), 'utf8')) as { findings: { reconcile_run_id: string } };
    const day = businessDayOf(NIGHT, ZONE);
    await triageNight(
      { db: warehouse.connection, clock: { now: () => Date.now() }, logger: silentLogger },
      { runId: summary.findings.reconcile_run_id, day, fileMode: '0600', slaDays: run.config.reconcile.slaDays },
    );
    await writeReports(
      { db: warehouse.connection, logger: silentLogger },
      { day: businessDayOf(NIGHT, ZONE), outDir: englishDir, maskDocuments: true, csvDialect: 'rfc4180', locale: 'en', fileMode: '0600', definitions: REPORTS },
    );
    await writeReports(
      { db: warehouse.connection, logger: silentLogger },
      {
        day: businessDayOf(NIGHT, ZONE),
        outDir: portugueseDir,
        maskDocuments: true,
        csvDialect: 'rfc4180',
        locale: 'pt-BR',
        fileMode: '0600',
        definitions: REPORTS,
      },
    );
  } finally {
    warehouse.close();
  }
}, 240_000);
afterAll(() => rmSync(run.dir, { recursive: true, force: true }));

const dirOf = (locale: Locale) => (locale === 'pt-BR' ? join(run.config.reports.outDir, NIGHT) : join(englishDir, NIGHT));

async function workbook(locale: Locale, name: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(dirOf(locale), `${name}.xlsx`));
  return wb;
}

/** The sheet spec a workbook sheet was written from, found by its name in the locale. */
function specOf(report: string, sheetName: string, locale: Locale): SheetSpec {
  const definition = REPORTS.find((r) => r.name === report)!;
  const sheets = typeof definition.sheets === 'function' ? definition.sheets({ date: NIGHT, locale, runId: '', timezone: ZONE }) : definition.sheets;
  const spec = sheets.find((s) => s.inWorkbook !== false && (s.title?.(messagesFor(locale)) ?? s.name) === sheetName);
  if (!spec) throw new Error(`${report}: no sheet spec is named ${sheetName} in ${locale}`);
  return spec;
}

/** The spec's columns in the sheet's order: the printed ones first (SheetSpec.printColumns). */
function sheetColumnsOf(spec: SheetSpec): ColumnSpec[] {
  return orderColumnsForPrint(spec.name, spec.columns, spec.printColumns).order.map((i) => spec.columns[i] as ColumnSpec);
}

/** A workbook of a report whose check was off: its one sheet says so (and has no spec to check against). */
const isCheckOff = (wb: ExcelJS.Workbook, locale: Locale) => wb.worksheets.length === 1 && wb.worksheets[0]?.name === messagesFor(locale).sheets.checkOff;

const cellValue = (cell: ExcelJS.Cell): string | number | Date | null => {
  const v = cell.value;
  return v === null || v === undefined ? null : (v as string | number | Date);
};

/** What type a cell shows as, from its format (a note's value sits in a column of another type). */
function shownType(cell: ExcelJS.Cell, column: ColumnSpec): ColumnSpec['type'] {
  const v = cell.value;
  if (v instanceof Date) return cell.numFmt?.includes('h') ? 'instant' : 'date';
  if (typeof v === 'number') return cell.numFmt === BRL_FORMAT ? 'cents' : 'integer';
  return typeof v === 'string' || column.type === 'boolean' ? 'text' : column.type;
}

describe.each(['pt-BR', 'en'] as const)('the workbooks of a sandbox night in %s', (locale) => {
  const m = messagesFor(locale);

  it.each(REPORTS.map((r) => r.name))('%s: sheet names and headers come from the catalogue; print setup for the accountant', async (report) => {
    const wb = await workbook(locale, report);
    expect(wb.worksheets.length).toBeGreaterThan(0);
    const known = [...Object.values(m.sheets), ...Object.values(m.categories)];
    for (const sheet of wb.worksheets) {
      expect(known).toContain(sheet.name);
      expect(sheet.pageSetup).toMatchObject({ paperSize: 9, orientation: 'landscape', printTitlesRow: '1:1' });
      // Fitted to the page's width, or (printed columns too wide for 8 pt) at the scale that keeps 8 pt.
      if (sheet.pageSetup.fitToPage) {
        expect(sheet.pageSetup.fitToWidth).toBe(1);
        expect([0, 1]).toContain(sheet.pageSetup.fitToHeight);
      } else expect(sheet.pageSetup.scale).toBe(73);
      expect(sheet.headerFooter.oddHeader).toBe(`&L&"-,Bold"${sheet.name}&R${m.print.night(NIGHT)}`);
      expect(sheet.headerFooter.oddFooter).toBe(`&C${m.print.pages}`);
      if (isCheckOff(wb, locale)) continue;
      const spec = specOf(report, sheet.name, locale);
      const columns = sheetColumnsOf(spec);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(columns.map((c) => headerOf(c, m)));
      // The print area covers the printed columns; a sheet that prints its totals only starts under its rows.
      const printed = columnLetterOf(spec.printColumns?.length ?? spec.columns.length);
      expect(sheet.pageSetup.printArea).toMatch(new RegExp(`^A\\$?\\d+:${printed}\\$?\\d+$`));
      if (spec.printRows === 'totals') expect(sheet.pageSetup.printArea).not.toMatch(/^A\$?1:/);
    }
  });

  it.each(REPORTS.map((r) => r.name))('%s: no number or date column is narrower than its longest formatted value', async (report) => {
    const wb = await workbook(locale, report);
    // A check that was off: one sentence and no figure to measure (its own test is below).
    if (isCheckOff(wb, locale)) return expect(wb.worksheets[0]?.getCell('A1').value).toBe(m.checksOff[report === 'fees' ? 'fees' : 'bank'].sentence);
    let measured = 0;
    for (const sheet of wb.worksheets) {
      const columns = sheetColumnsOf(specOf(report, sheet.name, locale));
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        // The sentence of an empty sheet (the night refunded nothing): text across the table, measured by nothing.
        if (n === 2 && sheet.getCell('A2').isMerged) {
          expect(typeof sheet.getCell('A2').value).toBe('string');
          measured += 1;
          return;
        }
        row.eachCell((cell, col) => {
          const column = columns[col - 1];
          if (!column) return;
          const type = shownType(cell, column);
          if (type === 'text') return;
          const width = sheet.getColumn(col).width ?? 0;
          const shown = displayLength(cellValue(cell), type, m.excel);
          expect(width, `${sheet.name}!${cell.address} "${String(cell.value)}" (${shown} characters) in a column ${width} wide`).toBeGreaterThan(shown);
          measured += 1;
        });
      });
    }
    expect(measured).toBeGreaterThan(0);
  });

  it.each(REPORTS.map((r) => r.name))('%s: dates in the local format, booleans in words, no boolean or formula cell', async (report) => {
    const wb = await workbook(locale, report);
    for (const sheet of wb.worksheets) {
      const columns = isCheckOff(wb, locale) ? [] : sheetColumnsOf(specOf(report, sheet.name, locale));
      sheet.eachRow((row, n) => {
        row.eachCell((cell, col) => {
          // An empty sheet's sentence and a note's text span the printed columns: text whatever the column's type.
          if (cell.isMerged) return expect(typeof cell.master.value).toBe('string');
          expect(typeof cell.value).not.toBe('boolean');
          expect(cell.formula).toBeUndefined();
          if (cell.value instanceof Date) expect([m.excel.instantFormat, m.excel.dateFormat]).toContain(cell.numFmt);
          if (n > 1 && columns[col - 1]?.type === 'boolean' && cell.value !== m.total) expect([m.yes, m.no]).toContain(cell.value);
        });
      });
    }
  });
});

describe('what the pt-BR night shows', () => {
  it('every finding of the night has facts of a known shape, and the stored reason is their English rendering', async () => {
    const warehouse = await openWarehouse(run.config.warehouse.path, { readOnly: true });
    try {
      const reader = await warehouse.connection.runAndReadAll(`SELECT finding_key, category, reason, facts FROM findings`);
      const rows = reader.getRowObjectsJS();
      expect(rows.length).toBeGreaterThan(5);
      expect(new Set(rows.map((r) => r['category'])).size).toBeGreaterThan(3);
      for (const row of rows) {
        const facts = factsOfJson(row['facts'] as string | null);
        expect(facts, String(row['finding_key'])).not.toBeNull();
        expect(englishReasonOf(facts!), String(row['finding_key'])).toBe(row['reason']);
      }
    } finally {
      warehouse.close();
    }
  });

  it('the workbook states each reason in Portuguese, rendered from its facts', async () => {
    const summary = JSON.parse(readFileSync(join(dirOf('pt-BR'), 'summary.json'), 'utf8')) as { findings: { reconcile_run_id: string } };
    const warehouse = await openWarehouse(run.config.warehouse.path, { readOnly: true });
    const m = messagesFor('pt-BR');
    let expected: Set<string>;
    try {
      const reader = await warehouse.connection.runAndReadAll('SELECT facts FROM findings WHERE run_id = $run_id', {
        run_id: summary.findings.reconcile_run_id,
      });
      expected = new Set(reader.getRowObjectsJS().map((r) => renderReason(m, factsOfJson(r['facts'] as string)!, ZONE)));
    } finally {
      warehouse.close();
    }
    const wb = await workbook('pt-BR', 'discrepancies');
    const shown = new Set<string>();
    for (const category of FINDING_CATEGORIES) {
      const sheet = wb.getWorksheet(m.categories[category]);
      if (sheet === undefined) continue;
      const column = (sheet.getRow(1).values as unknown[]).indexOf(m.headers.reason);
      expect(column, category).toBeGreaterThan(0);
      sheet.eachRow((row, n) => {
        const value = row.getCell(column).value;
        if (n > 1 && value !== null && value !== '') shown.add(String(value));
      });
    }
    expect(shown.size).toBeGreaterThan(3);
    expect(shown).toEqual(expected);
  });

  it("the Summary's notes speak Portuguese, the run's outcome included", async () => {
    const summary = (await workbook('pt-BR', 'discrepancies')).getWorksheet('Resumo')!;
    const notes = new Map<string, string>();
    summary.eachRow((row) => notes.set(String(row.getCell(1).value), String(row.getCell(2).value)));
    expect(notes.get(messagesFor('pt-BR').notes.reconcileOutcome)).toBe('concluída');
  });

  it("opens on the day's close, whose figures are summary.json's and the page's", async () => {
    const book = await workbook('pt-BR', 'discrepancies');
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Fechamento');
    const m = messagesFor('pt-BR');
    type Line = { items: number; amount_cents: number };
    type TieOut = { shop: Line; service: Line; difference_cents: number; explained: (Line & { line: string })[]; unexplained: Line };
    const { close } = JSON.parse(readFileSync(join(run.config.reports.outDir, NIGHT, 'summary.json'), 'utf8')) as { close: Record<string, TieOut> };
    const reais = (cents: number) => cents / 100;
    const label = (line: string) => m.closeLines[line] ?? m.categories[line as keyof typeof m.categories];
    // Every line of every tie-out, in the order shown: "tie-out | line" -> [items, R$].
    const shownTieOuts = Object.entries(close).filter(([, t]) => isTieOutShown(t));
    const expected: [string, [unknown, unknown]][] = shownTieOuts.flatMap(([name, t]) =>
      [
        [`${name}.shop`, t.shop.items, t.shop.amount_cents] as const,
        [`${name}.service`, t.service.items, t.service.amount_cents] as const,
        ['difference', null, t.difference_cents] as const,
        ...t.explained.map((l) => [l.line, l.items, l.amount_cents] as const),
        ['unexplained', t.unexplained.items, t.unexplained.amount_cents] as const,
      ].map(([line, items, cents]): [string, [unknown, unknown]] => [`${label(name)} | ${label(line)}`, [items, reais(cents)]]),
    );
    expect(Object.keys(close)).toEqual([...TIE_OUTS]);
    // The fixture's night has sales (and no bank check: no cash to tie out).
    expect(shownTieOuts.map(([name]) => name)).toContain('sales');
    expect(shownTieOuts.map(([name]) => name)).not.toContain('cash');
    const shown: [string, [unknown, unknown]][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) shown.push([`${String(row.getCell(1).value)} | ${String(row.getCell(2).value)}`, [row.getCell(3).value, row.getCell(4).value]]);
    });
    expect(shown).toEqual(expected);
    // The page's section states the same lines, in the same order, from the same record.
    const server = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
    try {
      const page = (await get(server.url, `/nights/${NIGHT}`)).text;
      const onPage = shownTieOuts.flatMap(([name]) => {
        const table = new RegExp(`<table id="close-${name}"[\\s\\S]*?</table>`).exec(page)?.[0] ?? '';
        return [...table.matchAll(/<tr data-line="([^"]+)" data-items="(\d*)" data-cents="(-?\d+)"/g)].map(
          ([, line, items, cents]): [string, [unknown, unknown]] => [
            `${label(name)} | ${label(line!)}`,
            [items === '' ? null : Number(items), reais(Number(cents))],
          ],
        );
      });
      expect(onPage).toEqual(expected);
      expect(page).toContain(close['sales']?.unexplained.items === 0 ? 'Vendas: fecha.' : 'Vendas: NÃO fecha');
    } finally {
      await server.close();
    }
  });

  it("the Summary's amount at stake is the page's amount, category by category", async () => {
    const summary = (await workbook('pt-BR', 'discrepancies')).getWorksheet('Resumo')!;
    const header = (summary.getRow(1).values as unknown[]).slice(1);
    const atStake = header.indexOf('Valor em jogo') + 1;
    const active = header.indexOf('Achados (novos + em aberto)') + 1;
    const labels = Object.entries(messagesFor('pt-BR').categories);
    const workbookAmounts = new Map<string, number>();
    summary.eachRow((row) => {
      const category = labels.find(([, label]) => label === row.getCell(1).value)?.[0];
      if (category && Number(row.getCell(active).value) > 0) workbookAmounts.set(category, row.getCell(atStake).value as number);
    });
    expect(workbookAmounts.size).toBeGreaterThan(2);
    const json = JSON.parse(readFileSync(join(dirOf('pt-BR'), 'summary.json'), 'utf8')) as {
      findings: { by_category: Record<string, { new: number; open: number; amountCents: number }> };
    };
    const server = await startReportServer(optionsFor(run));
    try {
      const page = (await get(server.url, `/nights/${NIGHT}`)).text;
      const table = page.slice(page.indexOf('id="categories"'), page.indexOf('</table>', page.indexOf('id="categories"')));
      for (const [category, reais] of workbookAmounts) {
        const cents = json.findings.by_category[category]!.amountCents;
        // Reais in the cell are exact decimal text turned into a number: compare in cents, rounded.
        expect(Math.round(reais * 100), category).toBe(cents);
        expect(table).toMatch(
          new RegExp(`<td>${category}</td>(?:<td class="num">\\d+</td>){3}<td class="num">${formatEn.money(cents).replace(/[$.,]/g, '\\$&')}</td>`),
        );
      }
    } finally {
      await server.close();
    }
  });
});

describe('machine interfaces stay as they were', () => {
  it.each(['pt-BR', 'en'] as const)('CSV keys in %s', (locale) => {
    const headerOf = (name: string) => readFileSync(join(dirOf(locale), `${name}.csv`), 'utf8').split('\r\n')[0];
    expect(headerOf('discrepancies')).toBe(
      'category,state,first_seen,item_id,operation_id,transaction_ids,order_status,payment_status,order_amount_cents,payment_amount_cents,difference_cents,reason,customer_name,customer_document_number,finding_key,triage_state,assignee,triage_note,noted_by,triage_since,triage_changed,due_date,overdue,facts',
    );
    expect(headerOf('refunds')).toBe(
      'transaction_id,item_id,sold_at,refunded_at,net_value_cents,refunded_amount_cents,card_brand,card_last_digits,current_status,order_item_id,order_status,order_amount_cents,order_reflects_refund',
    );
    expect(headerOf('chargebacks')).toBe(
      'transaction_id,item_id,is_new,sold_at,charged_back_at,age_days,age_bucket,net_value_cents,card_brand,card_last_digits,order_item_id,order_status,order_amount_cents,has_open_finding,days_since_chargeback',
    );
  });

  it('the RFC 4180 CSV is the same bytes in either locale; pt-BR adds the br copy beside it', () => {
    for (const name of ['discrepancies', 'refunds', 'chargebacks']) {
      expect(readFileSync(join(dirOf('pt-BR'), `${name}.csv`)).equals(readFileSync(join(dirOf('en'), `${name}.csv`)))).toBe(true);
      const br = readFileSync(join(dirOf('pt-BR'), `${name}.br.csv`), 'utf8');
      expect(br.charCodeAt(0)).toBe(0xfeff);
      expect(br.split('\r\n')[0]).toContain(';');
    }
  });

  it('summary.json keeps its keys and lists the same report files', () => {
    const json = JSON.parse(readFileSync(join(dirOf('pt-BR'), 'summary.json'), 'utf8')) as Record<string, unknown>;
    // Reports and categories are only ever added (fees.*, fee_mismatch, notification_missed, the bank's three).
    expect(json['reports']).toEqual([
      'discrepancies.xlsx',
      'discrepancies.csv',
      'refunds.xlsx',
      'refunds.csv',
      'chargebacks.xlsx',
      'chargebacks.csv',
      'fees.xlsx',
      'fees.csv',
      'forecast.xlsx',
      'forecast.csv',
      'payouts.xlsx',
      'payouts.csv',
    ]);
    // Every category of the contract, whichever branch added it.
    expect(new Set(Object.keys((json['findings'] as { by_category: object }).by_category))).toEqual(new Set(FINDING_CATEGORIES));
  });
});

/** Values a Portuguese reader must never meet in a `.br.csv`: the machine's words for statuses, states, yes/no. */
const ENGLISH_VALUES = new Set([
  ...['paid', 'pending', 'canceled', 'refunded', 'processing', 'review', 'refused', 'rejected', 'active', 'expired', 'fulfilled', 'failed'],
  ...['true', 'false', 'new', 'open', 'resolved', 'acknowledged', 'accepted', 'transactions', 'operations', 'conflict'],
  ...['credited', 'credited_in_sum', 'credited_other_amount', 'window_open', 'no_statement', 'not_credited'],
  ...['0-30d', '31-60d', '61-90d', '91-120d', '>120d'],
]);

describe('the .br.csv copies are Portuguese', () => {
  /** Rows judged per file: this night has no refund, chargeback or payout of its own (write-reports.test.ts judges refunds' words). */
  const judged = new Map<string, number>();
  afterAll(() => {
    expect([...judged.entries()].filter(([, n]) => n > 0).map(([name]) => name)).toEqual(expect.arrayContaining(['discrepancies', 'fees', 'forecast']));
  });

  it.each(REPORTS.map((r) => r.name))('%s.br.csv: Portuguese headers and values, the machine CSV beside it unchanged', (name) => {
    const pt = messagesFor('pt-BR');
    const text = readFileSync(join(portugueseDir, NIGHT, `${name}.br.csv`), 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parse(text.slice(1), { delimiter: ';', relaxColumnCount: false }) as string[][];
    judged.set(name, rows.length);
    // Headers are the workbook's words: none is a snake_case key, each one is in the catalogue.
    const catalogueHeaders = new Set<string>(Object.values(pt.headers));
    for (const h of header!) {
      expect(h, name).not.toMatch(/^[a-z0-9]+(_[a-z0-9]+)+$/);
      expect(catalogueHeaders.has(h) || h === pt.headers.category, `${name}: ${h}`).toBe(true);
    }
    const keyColumn = header!.indexOf(pt.headers.categoryKey);
    for (const row of rows) {
      row.forEach((cell, i) => {
        if (i === keyColumn) return; // the category key stays beside its label, for filters
        expect(ENGLISH_VALUES.has(cell), `${name}: ${header![i]} = ${cell}`).toBe(false);
        expect((FINDING_CATEGORIES as readonly string[]).includes(cell), `${name}: ${header![i]} = ${cell}`).toBe(false);
        // Fee rates read as percentages, never basis points.
        if (header![i] === pt.headers.effectiveRateBp && cell !== '') expect(cell).toMatch(/^-?\d+,\d{2} %$/);
      });
    }
    // A finding's reason is rendered from its facts in Portuguese, never the stored English sentence.
    const reasonColumn = header!.indexOf(pt.headers.reason);
    const factsColumn = header!.indexOf(pt.headers.facts);
    if (name === 'discrepancies') {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row[reasonColumn]).toBe(renderReason(pt, factsOfJson(row[factsColumn]!)!, ZONE));
    }
    // The RFC 4180 file keeps its keys and English values: the same bytes as the English night's.
    expect(readFileSync(join(portugueseDir, NIGHT, `${name}.csv`)).equals(readFileSync(join(englishDir, NIGHT, `${name}.csv`)))).toBe(true);
  });
});

describe('the cash forecast of a sandbox night', () => {
  it('forecast_lines has every installment of the paid sales due in the 90 days after the night, split and dated as the contract says; the CSV the next 3 days of them', async () => {
    const lines = parse(readFileSync(join(dirOf('en'), 'forecast.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const warehouse = await openWarehouse(run.config.warehouse.path, { readOnly: true });
    let sales: Record<string, unknown>[];
    let book: Record<string, unknown>[];
    try {
      book = (
        await warehouse.connection.runAndReadAll(
          `SELECT transaction_id, installment, installments, strftime(due_date, '%Y-%m-%d') AS due_date, amount_cents FROM forecast_lines(DATE '${NIGHT}', tz := '${ZONE}')`,
        )
      ).getRowObjects() as Record<string, unknown>[];
      sales = (
        await warehouse.connection.runAndReadAll(
          `SELECT transaction_id, epoch_ms(date_created) AS at_ms, coalesce(net_value, paid_amount) - coalesce(refunded_amount, 0) AS cents, installments
           FROM transactions WHERE status = 'paid'`,
        )
      ).getRowObjects() as Record<string, unknown>[];
    } finally {
      warehouse.close();
    }
    // Computed here from the rule in docs/bank.md, independently of the SQL.
    const night = DateTime.fromISO(NIGHT, { zone: ZONE });
    const expected: string[] = [];
    for (const sale of sales) {
      if (Number(sale['at_ms']) >= businessDayOf(NIGHT, ZONE).endMs) continue;
      const n = Number(sale['installments']);
      const parts = Number.isInteger(n) && n >= 1 && n <= 12 ? n : 1;
      const cents = BigInt(sale['cents'] as bigint);
      const soldOn = DateTime.fromMillis(Number(sale['at_ms']), { zone: ZONE }).startOf('day');
      for (let i = 1; i <= parts; i++) {
        const due = soldOn.plus({ days: 30 + 30 * (i - 1) });
        const amount = cents / BigInt(parts) + (i === 1 ? cents % BigInt(parts) : 0n);
        if (due <= night || due > night.plus({ days: 90 }) || amount <= 0n) continue;
        expected.push(`${sale['transaction_id']} ${i}/${parts} ${due.toISODate()} ${amount}`);
      }
    }
    expect(expected.length).toBeGreaterThan(100);
    const lineOf = (l: Record<string, unknown>) => `${l['transaction_id']} ${l['installment']}/${l['installments']} ${l['due_date']} ${l['amount_cents']}`;
    expect(book.map(lineOf).sort()).toEqual(expected.sort());
    const nearest = expected.filter((l) => (l.split(' ')[2] ?? '') <= (night.plus({ days: 3 }).toISODate() ?? ''));
    expect(nearest.length).toBeGreaterThan(0);
    expect(nearest.length).toBeLessThan(expected.length / 5);
    expect(lines.map(lineOf).sort()).toEqual(nearest.sort());
  });
});

describe('the checks that were off on the sandbox night', () => {
  it('summary.json says which reports were written as "check off", with the key that turns each on', () => {
    const json = JSON.parse(readFileSync(join(dirOf('pt-BR'), 'summary.json'), 'utf8')) as Record<string, unknown>;
    expect(json['reports_off']).toEqual({
      fees: { off: true, check: 'fees', config_key: 'fees.check', reason: 'fees.check is "off"' },
      payouts: { off: true, check: 'bank', config_key: 'bank.accounts', reason: 'bank.accounts lists no account' },
    });
  });

  it.each([
    ['fees', 'fees'],
    ['payouts', 'bank'],
  ] as const)('%s.xlsx is one sheet with the sentence the night page shows in its %s section', async (report, check) => {
    const m = messagesFor('pt-BR');
    const wb = await workbook('pt-BR', report);
    expect(wb.worksheets.map((s) => s.name)).toEqual([m.sheets.checkOff]);
    const sentence = String(wb.worksheets[0]?.getCell('A1').value);
    expect(sentence).toBe(m.checksOff[check].sentence);
    const server = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
    try {
      const page = (await get(server.url, `/nights/${NIGHT}`)).text;
      const section = new RegExp(`<section id="${check}"[\\s\\S]*?</section>`).exec(page)?.[0] ?? '';
      expect(section).toContain(`<h2>${m.checksOff[check].heading}</h2>`);
      const shown = /<p class="notice">([\s\S]*?)<\/p>/.exec(section)?.[1]?.replaceAll('&quot;', '"').replaceAll('&#39;', "'");
      expect(shown).toBe(sentence);
      // No empty table in its place.
      expect(section).not.toContain('<table');
    } finally {
      await server.close();
    }
  });
});
