// What a report says when it has nothing to list, read back from real workbooks: an empty sheet shows
// its header, then one sentence merged across the table's width (no zero total), whose figures are those
// the report's other sheet shows; a report whose check is off is one sheet saying so and how to turn it
// on, with its CSV's header alone.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports/index.ts';
import { type ReportCheck, reportsOffSummary, writeReports, type WriteReportsResult } from '../../src/report/index.ts';
import { headerOf } from '../../src/report/display-values.ts';
import { LINE_HEIGHT } from '../../src/report/xlsx-layout.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { figureFormatOf } from '../../src/shared/locale/localize.ts';
import { formatPtBR } from '../../src/shared/locale/format-pt-BR.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, ZONE, type Fixture } from './fixture.ts';

const pt = messagesFor('pt-BR');
let fixture: Fixture;
const written = new Map<string, { dir: string; result: WriteReportsResult }>();

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

/** The night's reports (all but the discrepancies, which need a reconcile run), in pt-BR, written once per case. */
async function reportsOf(date: string, checksOff: readonly ReportCheck[] = []): Promise<{ dir: string; result: WriteReportsResult }> {
  const key = `${date} ${checksOff.join(',')}`;
  const done = written.get(key);
  if (done) return done;
  const outDir = join(fixture.dir, `out-${written.size}`);
  const result = await writeReports(
    { db: fixture.warehouse.connection, logger: silentLogger },
    {
      day: businessDayOf(date, ZONE),
      outDir,
      maskDocuments: true,
      csvDialect: 'rfc4180',
      locale: 'pt-BR',
      fileMode: '0600',
      definitions: REPORTS.filter((r) => r.name !== 'discrepancies'),
      checksOff,
    },
  );
  const entry = { dir: join(outDir, date), result };
  written.set(key, entry);
  return entry;
}

async function sheetOf(dir: string, report: string, title: string): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(dir, `${report}.xlsx`));
  const sheet = wb.getWorksheet(title);
  if (!sheet) throw new Error(`${report}.xlsx has no sheet ${title} (it has ${wb.worksheets.map((s) => s.name).join(', ')})`);
  return sheet;
}

const merges = (sheet: ExcelJS.Worksheet): string[] => (sheet.model as unknown as { merges: string[] }).merges;
const totalRow = (sheet: ExcelJS.Worksheet): unknown[] | undefined => {
  let found: unknown[] | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === pt.total) found = (row.values as unknown[]).slice(1);
  });
  return found;
};

// The fixture's warehouse: on 2024-03-20 nothing is refunded, charged back or sold, four chargebacks are
// open (R$ 240,00) and six card sales were made in March; on 2024-02-10 no chargeback is open yet; in
// April nothing is sold; nothing of it falls due in the 90 days after 2025-06-01; no payout reaches the
// merchant's own account.
const CASES = [
  ['refunds', 'Estornos', '2024-03-20', 'Nenhuma transação estornada em 20/03/2024.'],
  ['chargebacks', 'Chargebacks', '2024-03-20', 'Nenhum chargeback novo nem com achado em aberto em 20/03/2024; 4 em aberto, R$ 240,00, na aba Por bandeira.'],
  ['chargebacks', 'Chargebacks', '2024-02-10', 'Nenhum chargeback novo nem com achado em aberto em 10/02/2024; nenhum chargeback em aberto.'],
  ['chargebacks', 'Por bandeira', '2024-02-10', 'Nenhum chargeback em aberto no fim de 10/02/2024.'],
  ['fees', 'Taxas do dia', '2024-03-20', 'Nenhuma venda no cartão em 20/03/2024; 6 no mês, R$ 321,00 líquidos, na aba Taxas do mês.'],
  ['fees', 'Taxas do dia', '2024-04-10', 'Nenhuma venda no cartão em 10/04/2024.'],
  ['fees', 'Taxas do mês', '2024-04-10', 'Nenhuma venda no cartão de 01/04/2024 a 10/04/2024.'],
  ['forecast', 'Previsão por parcela', '2025-06-01', 'Nenhuma parcela de venda no cartão paga vence de 02/06/2025 a 04/06/2025: não há recebíveis previstos.'],
  ['payouts', 'Repasses', '2024-03-20', 'Nenhum repasse para as contas da empresa a conferir em 20/03/2024.'],
  ['payouts', 'Conta no dia', '2024-03-20', 'Nenhum extrato nem lançamento das contas da empresa em 20/03/2024.'],
] as const;

describe('an empty sheet says why', () => {
  it.each(CASES)('%s, sheet %s on %s: the header, then the sentence across the table, no total', async (report, title, date, sentence) => {
    const { dir } = await reportsOf(date);
    const sheet = await sheetOf(dir, report, title);
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.length).toBeGreaterThan(2);
    const cell = sheet.getCell('A2');
    expect(cell.value).toBe(sentence);
    // Across the table's width, not squeezed into its first column: merged, wrapped, as tall as its lines.
    expect(merges(sheet)).toContain(`A2:${sheet.getColumn(headers.length).letter}2`);
    expect(cell.alignment).toMatchObject({ wrapText: true });
    expect(sheet.getRow(2).height).toBeGreaterThanOrEqual(LINE_HEIGHT);
    expect(totalRow(sheet)).toBeUndefined();
    expect(sheet.autoFilter).toBeUndefined();
  });

  it.each([
    // [report, the empty sheet, the sheet whose totals the sentence quotes, the total's count and amount headers]
    ['chargebacks', 'Chargebacks', 'Por bandeira', 'Chargebacks', 'Valor líquido'],
    ['fees', 'Taxas do dia', 'Taxas do mês', 'Vendas', 'Valor líquido'],
  ] as const)('%s: the figures of the sentence on %s are the totals of %s', async (report, empty, other, countHeader, amountHeader) => {
    const { dir } = await reportsOf('2024-03-20');
    const sentence = String((await sheetOf(dir, report, empty)).getCell('A2').value);
    const totals = await sheetOf(dir, report, other);
    const headers = (totals.getRow(1).values as unknown[]).slice(1);
    const total = totalRow(totals) ?? [];
    const count = total[headers.indexOf(countHeader)] as number;
    const reais = total[headers.indexOf(amountHeader)] as number;
    expect(count).toBeGreaterThan(0);
    // The cell holds reais as a number: back to exact cents before writing them as the sentence does.
    expect(sentence).toContain(`${count} `);
    expect(sentence).toContain(formatPtBR.money(BigInt(Math.round(reais * 100))));
  });

  it('the CSV of an empty sheet is its header alone, as before', async () => {
    const { dir, result } = await reportsOf('2024-03-20');
    expect(result.counts['refunds']).toBe(0);
    expect(readFileSync(join(dir, 'refunds.csv'), 'utf8')).toBe(
      'transaction_id,item_id,sold_at,refunded_at,net_value_cents,refunded_amount_cents,card_brand,card_last_digits,current_status,order_item_id,order_status,order_amount_cents,order_reflects_refund\r\n',
    );
    expect(result.off).toEqual({});
  });

  it.each([
    ['pt-BR', '1.234 em aberto, R$ 4.664,14, na aba Por bandeira'],
    ['en', '1,234 open, 4.664,14, on the sheet By brand'],
  ] as const)('figures are written by the locale: counts with thousands, money as the reports write it (%s)', (locale, expected) => {
    const m = messagesFor(locale);
    expect(m.emptySheets.chargebacks({ day: '2026-11-26', open: 1234n, open_cents: 466414n }, figureFormatOf(m))).toContain(expected);
  });
});

describe('a report whose check is off', () => {
  it.each([
    ['fees', 'fees', 'fees.check', 'passed-to-customer'],
    ['bank', 'payouts', 'bank.accounts', 'bank.statementPath'],
  ] as const)('%s off: %s.xlsx is one sheet saying so and which key turns it on; its CSV keeps the header', async (check, report, key, how) => {
    const { dir, result } = await reportsOf('2024-03-20', [check]);
    expect(result.off).toEqual({ [report]: check });
    expect(reportsOffSummary(result.off)[report]).toEqual({ off: true, check, config_key: key, reason: expect.stringContaining(key) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, `${report}.xlsx`));
    expect(wb.worksheets.map((s) => s.name)).toEqual([pt.sheets.checkOff]);
    const sheet = wb.worksheets[0]!;
    const cell = sheet.getCell('A1');
    expect(cell.value).toBe(pt.checksOff[check].sentence);
    expect(String(cell.value)).toContain(key);
    expect(String(cell.value)).toContain(how);
    expect(String(cell.value)).toMatch(/docs\/\w+\.md#/);
    expect(cell.alignment).toMatchObject({ wrapText: true });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(100);
    expect(sheet.rowCount).toBe(1);
    // The CSV's file and keys are a contract: the header the report writes when its check is on, and no row.
    const on = (await reportsOf('2024-03-20')).dir;
    const header = readFileSync(join(on, `${report}.csv`), 'utf8').split('\r\n')[0];
    expect(readFileSync(join(dir, `${report}.csv`), 'utf8')).toBe(`${header}\r\n`);
    expect(
      readFileSync(join(dir, `${report}.br.csv`), 'utf8')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
    expect(result.counts[report]).toBe(0);
    // The other reports are written as usual.
    expect(result.counts[`chargebacks/By brand`]).toBe(3);
  });

  it('the workbook of a report whose check is on keeps its sheets', async () => {
    const { dir } = await reportsOf('2024-03-20');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'fees.xlsx'));
    expect(wb.worksheets.map((s) => s.name)).toEqual([pt.sheets.feesDay, pt.sheets.feesMonth]);
    const definition = REPORTS.find((r) => r.name === 'fees')!;
    const sheets = typeof definition.sheets === 'function' ? [] : definition.sheets;
    expect((wb.worksheets[1]!.getRow(1).values as unknown[]).slice(1)).toEqual(sheets[1]!.columns.map((c) => headerOf(c, pt)));
  });
});
