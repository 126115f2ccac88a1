// writeReports end to end on a real warehouse file: the XLSX read back with exceljs (sheets, frozen
// header, autofilter, types, formats, totals, local times, no formulas) and the CSV bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { writeReports, type WriteReportsRequest } from '../../src/report/index.ts';
import { REPORTS } from '../../reports/index.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { createFixtureWarehouse, DAY, HOSTILE, ZONE, type Fixture } from './fixture.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

let fixture: Fixture;
let out: string;
const base = (): WriteReportsRequest => ({
  day: businessDayOf(DAY, ZONE),
  outDir: out,
  maskDocuments: true,
  csvDialect: 'rfc4180',
  locale: 'en',
  fileMode: '0600',
  definitions: REPORTS,
});

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  out = join(fixture.dir, 'reports');
  await writeReports({ db: fixture.warehouse.connection, logger: silentLogger }, base());
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

async function workbook(name: string): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(out, DAY, `${name}.xlsx`));
  return wb;
}

function csvText(name: string, dir = out): string {
  return readFileSync(join(dir, DAY, `${name}.csv`), 'utf8');
}

function allCells(wb: ExcelJS.Workbook): ExcelJS.Cell[] {
  const cells: ExcelJS.Cell[] = [];
  wb.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell))));
  return cells;
}

function rowValues(sheet: ExcelJS.Worksheet, n: number): unknown[] {
  return (sheet.getRow(n).values as unknown[]).slice(1);
}

/** Row n's values under the named headers: a sheet leads with its printed columns, so positions differ from the CSV's. */
function valuesUnder(sheet: ExcelJS.Worksheet, n: number, headers: readonly string[]): unknown[] {
  const header = rowValues(sheet, 1);
  return headers.map((h) => {
    const at = header.indexOf(h);
    if (at < 0) throw new Error(`${sheet.name}: no column "${h}"`);
    return rowValues(sheet, n)[at];
  });
}

describe('workbook layout', () => {
  it('discrepancies opens on Summary, then one sheet per category with findings, in the contract order', async () => {
    const wb = await workbook('discrepancies');
    const names = wb.worksheets.map((s) => s.name);
    expect(names).toEqual(['Summary', 'unmatched_payment', 'amount_mismatch', 'refund_not_recorded', 'chargeback_open', 'cashout_failed']);
    const summary = wb.getWorksheet('Summary')!;
    expect(rowValues(summary, 1)[0]).toBe('Category');
    expect(FINDING_CATEGORIES.map((_, i) => summary.getRow(i + 2).getCell(1).value)).toEqual([...FINDING_CATEGORIES]);
  });

  it.each(['discrepancies', 'refunds', 'chargebacks'])('%s: every sheet has a frozen, filterable header', async (name) => {
    const wb = await workbook(name);
    for (const sheet of wb.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBeTruthy();
      expect(String(sheet.autoFilter)).toMatch(/^A1:[A-Z]+\d+$/);
      expect(sheet.getRow(1).font?.bold).toBe(true);
      expect(sheet.getColumn(1).width).toBeGreaterThan(5);
    }
  });

  it.each(['discrepancies', 'refunds', 'chargebacks'])('%s: no cell is a formula, and hostile text is neutralised', async (name) => {
    const cells = allCells(await workbook(name));
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) {
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.formula).toBeUndefined();
      if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

describe('discrepancies workbook', () => {
  it('writes the hostile strings with a leading quote, never as formulas', async () => {
    const strings = allCells(await workbook('discrepancies'))
      .map((c) => c.value)
      .filter((v) => typeof v === 'string');
    for (const hostile of HOSTILE) {
      if (hostile === '\rx') continue; // covered below: the reason "\rx"
      expect(strings).toContain(`'${hostile}`);
    }
    // XML parsers turn a raw CR into LF on reading; the leading quote is what matters.
    expect(strings.some((v) => /^'[\r\n]x$/.test(String(v)))).toBe(true);
  });

  it('amounts are numbers in R$, totals are values, dates are dates', async () => {
    const sheet = (await workbook('discrepancies')).getWorksheet('amount_mismatch')!;
    const header = rowValues(sheet, 1);
    const col = (h: string) => header.indexOf(h) + 1;
    const row = sheet.getRow(2);
    expect(row.getCell(col('Order amount')).value).toBe(150.1);
    expect(row.getCell(col('Payment amount')).value).toBe(150);
    expect(row.getCell(col('Difference')).value).toBe(-0.1);
    expect(row.getCell(col('Order amount')).numFmt).toBe('"R$ "#,##0.00');
    const firstSeen = row.getCell(col('First seen'));
    expect(firstSeen.value).toBeInstanceOf(Date);
    expect((firstSeen.value as Date).toISOString()).toBe('2024-03-14T00:00:00.000Z');
    expect(firstSeen.numFmt).toBe('yyyy-mm-dd');
    const totals = sheet.getRow(3);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(col('Order amount')).value).toBe(150.1);
    // Signed differences are not totalled (pluses and minuses would cancel): the Summary's amount at stake adds up.
    expect(totals.getCell(col('Difference')).value).toBeNull();
    expect(String(sheet.autoFilter)).toBe(`A1:X2`);
  });

  it('masks documents by default: CPF and CNPJ', async () => {
    const strings = allCells(await workbook('discrepancies')).map((c) => c.value);
    expect(strings).toContain('***.456.789-**');
    expect(strings).toContain('**.345.678/0001-**');
    expect(strings).not.toContain('123.456.789-01');
  });

  it('Summary counts and sums per category, totals them, and notes the window and freshness in local time', async () => {
    const summary = (await workbook('discrepancies')).getWorksheet('Summary')!;
    const byCategory = new Map<string, unknown[]>();
    summary.eachRow((row, n) => {
      if (n > 1) byCategory.set(String(row.getCell(1).value), rowValues(summary, n));
    });
    // category, active, new, open, resolved, amount at stake (of the new and open findings), acknowledged, accepted, overdue
    expect(byCategory.get('unmatched_payment')).toEqual(['unmatched_payment', 1, 1, 0, 1, 1, 0, 0, 0]);
    expect(byCategory.get('amount_mismatch')).toEqual(['amount_mismatch', 1, 0, 1, 0, 0.1, 0, 0, 0]);
    expect(byCategory.get('missing_payment')).toEqual(['missing_payment', 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(byCategory.get('Total')?.slice(1, 5)).toEqual([5, 4, 1, 1]);
    // |-0,10| + 250,90 refunded + 1,00 unmatched + 500,00 payout + 50,00 charged back (the resolved 2,00 excluded)
    expect(byCategory.get('Total')?.[5]).toBe(802);
    expect(byCategory.get('Reconcile run')?.[1]).toBe('rec-1');
    expect(byCategory.get('Time zone')?.[1]).toBe(ZONE);
    // Day starts at local midnight: Excel shows 2024-03-15 00:00 (the wall-clock, stored as if UTC).
    expect((byCategory.get('Day starts (local time)')![1] as Date).toISOString()).toBe('2024-03-15T00:00:00.000Z');
    expect((byCategory.get('Transactions last read at')![1] as Date).toISOString()).toBe('2024-03-16T02:01:00.000Z');
  });

  it('fails clearly when the day has no reconcile run', async () => {
    const error = await writeReports(
      { db: fixture.warehouse.connection, logger: silentLogger },
      { ...base(), day: businessDayOf('2024-03-20', ZONE), outDir: join(fixture.dir, 'none') },
    ).catch((e: unknown) => e);
    expect(isReconError(error, 'report')).toBe(true);
    expect((error as Error).message).toContain('expected a reconcile run of that date');
  });
});

describe('refunds and chargebacks workbooks', () => {
  it('refunds: local wall-clock times, booleans, totals', async () => {
    const sheet = (await workbook('refunds')).getWorksheet('Refunds')!;
    const first = ['Transaction', 'Item', 'Sold at', 'Refunded at', 'Net value', 'Refunded amount'];
    expect(valuesUnder(sheet, 2, first)).toEqual(['T2', 'I2', new Date('2024-02-01T09:00:00Z'), new Date('2024-03-15T09:00:00Z'), 250.9, 250.9]);
    expect(sheet.getRow(2).getCell(rowValues(sheet, 1).indexOf('Refunded at') + 1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // refunded at 02:30 UTC on the 16th = 23:30 local on the 15th: in the day
    expect(valuesUnder(sheet, 3, ['Refunded at'])).toEqual([new Date('2024-03-15T23:30:00Z')]);
    expect(valuesUnder(sheet, 2, ['Order reflects refund'])).toEqual(['No']);
    expect(valuesUnder(sheet, 3, ['Order reflects refund'])).toEqual(['Yes']);
    expect(rowValues(sheet, 4)[0]).toBe('Total');
    expect(valuesUnder(sheet, 4, first.slice(1))).toEqual([undefined, undefined, undefined, 260.9, 260.9]);
  });

  it("chargebacks: the day's new ones and those with an open finding, aged; totals by brand of every open one", async () => {
    const wb = await workbook('chargebacks');
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Chargebacks', 'By brand']);
    const list = wb.getWorksheet('Chargebacks')!;
    // T6, open since March 1st with no open finding, is no longer listed; the 'By brand' totals keep it.
    // transaction, item, new today, days since the chargeback, its bucket, days since the sale, open finding
    const shown = ['Transaction', 'Item', 'New today', 'Days since chargeback', 'Age bucket (since chargeback)', 'Days since sale', 'Open finding'];
    const ids = [2, 3].map((n) => valuesUnder(list, n, shown));
    expect(ids).toEqual([
      ['T9', undefined, 'Yes', 0, '0–30 days', 24, 'No'],
      ['T5', 'I5', 'Yes', 0, '0–30 days', 5, 'Yes'],
    ]);
    expect(rowValues(list, 4)[0]).toBe('Total');
    const brands = wb.getWorksheet('By brand')!;
    // brand, chargebacks, new, 0-30, 31-60, 61-90, 91-120, >120 days since the chargeback, net value
    expect(rowValues(brands, 2)).toEqual(['hipercard', 1, 1, 1, 0, 0, 0, 0, 30]);
    expect(rowValues(brands, 5)).toEqual(['Total', 3, 2, 3, 0, 0, 0, 0, 150]);
  });
});

describe('CSV', () => {
  it('is RFC 4180: header, CRLF, quoted fields, integer cents, ISO UTC, neutralised text, masked documents', () => {
    const text = csvText('discrepancies');
    expect(text.startsWith('category,state,first_seen,')).toBe(true);
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text.split('\r\n').length).toBeGreaterThan(5);
    expect(text).toContain(
      'amount_mismatch,open,2024-03-14,I1,,T1,paid,paid,15010,15000,-10,"order 150,10 vs net_value 150,00 (-0,10)",\'@SUM(A1:A9),***.456.789-**,amount_mismatch:I1,open,,,,,,,false,' +
        '"{""kind"":""amountMismatch"",""orderCents"":15010,""compared"":""net_value"",""paidCents"":15000,""differenceCents"":-10}"\r\n',
    );
    expect(text).toContain('"line1\nline2, ""quoted"""');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain(",'+1,");
    expect(text).toContain(`"'\rx"`);
    expect(text).not.toMatch(/(^|,)[=+@]/m);
    expect(csvText('refunds')).toContain('T3,I3,2024-03-10T12:00:00.000Z,2024-03-16T02:30:00.000Z,1000,1000,elo,3333,refunded,I3,refunded,1000,true\r\n');
  });

  it('is byte-identical when re-run on the same warehouse', async () => {
    const again = join(fixture.dir, 'again');
    await writeReports({ db: fixture.warehouse.connection, logger: silentLogger }, { ...base(), outDir: again });
    for (const name of ['discrepancies', 'refunds', 'chargebacks']) {
      expect(readFileSync(join(again, DAY, `${name}.csv`)).equals(readFileSync(join(out, DAY, `${name}.csv`)))).toBe(true);
    }
  });

  it('br dialect: BOM, semicolons, reais with a decimal comma; documents unmasked on request', async () => {
    const br = join(fixture.dir, 'br');
    await writeReports({ db: fixture.warehouse.connection, logger: silentLogger }, { ...base(), outDir: br, csvDialect: 'br', maskDocuments: false });
    const bytes = readFileSync(join(br, DAY, 'refunds.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(
      'transaction_id;item_id;sold_at;refunded_at;net_value_reais;refunded_amount_reais;card_brand;card_last_digits;current_status;order_item_id;order_status;order_amount_reais;order_reflects_refund',
    );
    // Instants in local time (UTC-3), booleans in Portuguese.
    expect(text).toContain('T2;I2;01/02/2024 09:00:00;15/03/2024 09:00:00;250,90;250,90;mastercard;2222;refunded;I2;paid;250,90;não\r\n');
    const findings = csvText('discrepancies', br).slice(1);
    // With `;` as delimiter, a comma needs no quotes; a quote still does.
    expect(findings).toContain(";150,10;150,00;-0,10;order 150,10 vs net_value 150,00 (-0,10);'@SUM(A1:A9);123.456.789-01;");
    expect(findings).toContain(';"Bruno, ""o"" Silva";98765432100;');
  });

  it('creates every file with the requested mode and leaves no partial files', () => {
    for (const name of ['discrepancies.xlsx', 'discrepancies.csv', 'refunds.xlsx', 'refunds.csv', 'chargebacks.xlsx', 'chargebacks.csv']) {
      expect(statSync(join(out, DAY, name)).mode & 0o777).toBe(0o600);
    }
  });
});

describe('in pt-BR', () => {
  it('names sheets and headers in Portuguese, writes Sim/Não, local date formats and Portuguese reasons', async () => {
    const pt = join(fixture.dir, 'pt-BR');
    await writeReports({ db: fixture.warehouse.connection, logger: silentLogger }, { ...base(), outDir: pt, locale: 'pt-BR' });
    const read = async (name: string) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(join(pt, DAY, `${name}.xlsx`));
      return wb;
    };
    const refunds = (await read('refunds')).getWorksheet('Estornos')!;
    expect(rowValues(refunds, 1)).toContain('Pedido registra o estorno');
    expect([2, 3].flatMap((n) => valuesUnder(refunds, n, ['Pedido registra o estorno']))).toEqual(['Não', 'Sim']);
    expect(refunds.getRow(2).getCell(rowValues(refunds, 1).indexOf('Estornada em') + 1).numFmt).toBe('dd/mm/yyyy hh:mm');
    const discrepancies = await read('discrepancies');
    expect(discrepancies.worksheets.map((s) => s.name)).toEqual([
      'Resumo',
      'Pagamento sem pedido',
      'Valor divergente',
      'Estorno não registrado na loja',
      'Chargeback em aberto',
      'Saque com falha',
    ]);
    const mismatch = discrepancies.getWorksheet('Valor divergente')!;
    // label, key, state, ..., reason: the category key stays beside its label for filters.
    expect(valuesUnder(mismatch, 2, ['Categoria', 'Chave da categoria', 'Situação'])).toEqual(['Valor divergente', 'amount_mismatch', 'em aberto']);
    expect(rowValues(mismatch, 2)).toContain('pedido R$ 150,10 × valor líquido R$ 150,00 (-R$ 0,10)');
    expect(mismatch.getRow(2).getCell(rowValues(mismatch, 1).indexOf('Visto pela primeira vez') + 1).numFmt).toBe('dd/mm/yyyy');
    // The CSV next to it is the same bytes as in English, and its br copy is beside it.
    expect(readFileSync(join(pt, DAY, 'discrepancies.csv')).equals(readFileSync(join(out, DAY, 'discrepancies.csv')))).toBe(true);
    // The br copy is for people: the workbook's headers and words (statuses, Sim/Não), amounts as numbers.
    const refundsBr = readFileSync(join(pt, DAY, 'refunds.br.csv'), 'utf8');
    expect(refundsBr.split('\r\n')[0]).toMatch(/^\uFEFFTransação;Item;Vendida em;Estornada em;Valor líquido;/);
    expect(refundsBr).toContain(';250,90;250,90;mastercard;2222;estornado;I2;pago;250,90;Não\r\n');
  });
});
