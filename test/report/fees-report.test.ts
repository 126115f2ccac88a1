// The fees report of real sandbox nights, read back: the workbook with exceljs (the day's and the
// month's sheets, in pt-BR) and the CSV, every figure recomputed from what the sandbox listed: sales,
// net, charged and fees per brand and installment count, the effective rate in basis points, the
// table's rate, and the amount charged beyond the table (the planted mispriced sales, to the cent).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { runNightly } from '../../jobs/nightly.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema } from '../../src/config/schema.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { DEFAULT_PRICING, priceOf } from '../../src/sandbox/pricing.ts';
import { businessDayOf, datesBetween } from '../../src/shared/business-day.ts';
import type { CardBrand } from '../../src/shared/domain.ts';
import { silentLogger } from '../../src/shared/log.ts';
import type { ApiTransaction } from '../../src/shared/tables.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';

const ZONE = 'America/Sao_Paulo';
// The history crosses a month: the month to date of 2026-04-02 starts on 04-01.
const END = '2026-04-02';
const dir = mkdtempSync(join(tmpdir(), 'recon-fees-report-'));
const listedAt = new Map<string, ApiTransaction[]>();

interface Row {
  sales: number;
  net: number;
  charged: number;
  overTable: number;
}

beforeAll(async () => {
  const history = generateHistory({ seed: 21, days: 4, perDay: 80, endDate: END, discrepancyRate: 0, mispricedRate: 0.05 });
  let now = 0;
  const clock = { now: () => now };
  const sandbox = await startSandbox({ history, clock });
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
  });
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  const config = configSchema.parse({
    timezone: ZONE,
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
    fees: { check: 'passed-to-customer' },
  });
  try {
    for (const date of datesBetween(history.startDate, END, ZONE)) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date }, config);
      listedAt.set(date, sandbox.state.listedTransactions());
    }
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
  }
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the report should say, from the rows the sandbox listed on the night of END. */
function expected(fromDate: string): Map<string, Row> {
  const from = businessDayOf(fromDate, ZONE).startMs;
  const to = businessDayOf(END, ZONE).endMs;
  const out = new Map<string, Row>();
  for (const t of listedAt.get(END) ?? []) {
    const at = Date.parse(t.date_created);
    if (at < from || at >= to || !['paid', 'review', 'refunded', 'chargeback'].includes(t.status) || t.authorized_amount <= 0) continue;
    const key = `${t.card_brand}|${t.installments}`;
    const row = out.get(key) ?? { sales: 0, net: 0, charged: 0, overTable: 0 };
    row.sales++;
    row.net += t.net_value;
    row.charged += t.authorized_amount;
    row.overTable += t.authorized_amount - priceOf(DEFAULT_PRICING, t.card_brand as CardBrand, t.net_value, Number(t.installments));
    out.set(key, row);
  }
  return out;
}

const bp = (fees: number, net: number) => Math.floor((2 * fees * 10000 + net) / (2 * net));

async function sheetRows(title: string): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(dir, 'reports', END, 'fees.xlsx'));
  const sheet = wb.getWorksheet(title);
  if (!sheet) throw new Error(`no sheet ${title} in ${wb.worksheets.map((w) => w.name).join(', ')}`);
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value])));
  });
  return rows;
}

describe('the fees report', () => {
  it.each([
    ['Taxas do dia', END],
    ['Taxas do mês', '2026-04-01'],
  ])('%s: per brand and installments, every figure as the sandbox listed it', async (title, from) => {
    const rows = await sheetRows(title);
    const truth = expected(from);
    const body = rows.filter((r) => r['Bandeira'] !== 'Total');
    expect(body.length).toBe(truth.size);
    let over = 0;
    for (const row of body) {
      const want = truth.get(`${row['Bandeira']}|${row['Parcelas']}`);
      expect(want, `${row['Bandeira']} ${row['Parcelas']}x`).toBeDefined();
      const fees = want!.charged - want!.net;
      expect(row).toMatchObject({
        Vendas: want!.sales,
        'Valor líquido': want!.net / 100,
        Cobrado: want!.charged / 100,
        Taxas: fees / 100,
        // Percentage cells: the fraction of the basis points (349 -> 0.0349, shown 3,49 %).
        'Taxa efetiva': bp(fees, want!.net) / 10_000,
        'Taxa da tabela': (DEFAULT_PRICING[row['Bandeira'] as CardBrand].basisPoints[Number(row['Parcelas']) - 1] ?? 0) / 10_000,
        'Cobrado além da tabela': want!.overTable / 100,
        'Vendas sem preço na tabela': 0,
      });
      over += want!.overTable;
    }
    // The planted mispriced sales are what was charged beyond the table, and the totals row adds up.
    expect(over).not.toBe(0);
    const total = rows.find((r) => r['Bandeira'] === 'Total')!;
    expect(total['Vendas']).toBe([...truth.values()].reduce((n, r) => n + r.sales, 0));
    expect(Math.round((total['Cobrado além da tabela'] as number) * 100)).toBe(over);
  });

  it('CSV: both periods, keyed for scripts, amounts in cents', () => {
    const records = parse(readFileSync(join(dir, 'reports', END, 'fees.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual([
      'period',
      'card_brand',
      'installments',
      'sales',
      'net_value_cents',
      'charged_cents',
      'fees_cents',
      'effective_rate_bp',
      'table_rate_bp',
      'over_table_cents',
      'unpriced_sales',
    ]);
    for (const [period, from] of [
      ['day', END],
      ['month_to_date', '2026-04-01'],
    ] as const) {
      const truth = expected(from);
      const ofPeriod = records.filter((r) => r['period'] === period);
      expect(ofPeriod.length).toBe(truth.size);
      for (const r of ofPeriod) {
        const want = truth.get(`${r['card_brand']}|${r['installments']}`)!;
        expect([Number(r['sales']), Number(r['net_value_cents']), Number(r['charged_cents']), Number(r['over_table_cents'])]).toEqual([
          want.sales,
          want.net,
          want.charged,
          want.overTable,
        ]);
      }
    }
  });
});
