// The payouts report on a real warehouse: payouts to the merchant's own account reconciled against an
// imported statement, written in both locales and read back: each payout with its credit or why not, the
// account's day, and the CSV under its English keys.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStatementFile } from '../../src/bank/import-statement.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { writeReports } from '../../src/report/index.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { payouts } from '../../reports/payouts.ts';
import { bankSection, readBankLeg } from '../../src/serve/bank-section.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { MERCHANT_CNPJ, insertOperations, merchantPayout as payout } from '../reconcile/fixtures.ts';

const TZ = 'America/Sao_Paulo';
const NIGHT = '2026-03-10';
const CNPJ = MERCHANT_CNPJ;
const config = configSchema.parse({ bank: { accounts: [{ id: 'itau-1', document: CNPJ, bankAccount: '56789-0' }] } });
const dir = mkdtempSync(join(tmpdir(), 'recon-payouts-report-'));
let warehouse: Warehouse;

const line = (fitid: string, postedOn: string, cents: number, memo: string): StatementLine => ({
  postedOn,
  amountCents: cents,
  type: cents < 0 ? 'debit' : 'credit',
  fitid,
  memo,
  documentNumber: undefined,
});

beforeAll(async () => {
  warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  const db = warehouse.connection;
  // Thursday 03-05: credited exactly; credited short; never credited (W = Monday 03-09). Tuesday 03-10: two summed, one still in its window.
  await insertOperations(db, [
    payout('exact', 100_000, '2026-03-05'),
    payout('short', 50_000, '2026-03-05'),
    payout('never', 30_000, '2026-03-05'),
    payout('sumA', 60_000, '2026-03-10'),
    payout('sumB', 40_000, '2026-03-10'),
  ]);
  const ofx = join(dir, 'extrato.ofx');
  const account = { bankCode: '341', agency: '1234', account: '56789-0', document: CNPJ, holderName: 'LOJA' };
  const lines = [
    line('F1', '2026-03-06', 100_000, 'PIX RECEBIDO PAGAMENTOS'),
    line('F2', '2026-03-06', 48_000, 'TED RECEBIDA PAGTOS'),
    line('F3', '2026-03-10', 100_000, 'PIX RECEBIDO PAGAMENTOS'),
    line('F4', '2026-03-10', -2_500, 'TARIFA BANCÁRIA'),
  ];
  writeFileSync(ofx, formatOfx1({ account, periodStart: '2026-03-01', periodEnd: NIGHT, openingBalanceCents: 0, closingBalanceCents: 245_500, lines }));
  await importStatementFile({ db, clock: fixedClock(0), logger: silentLogger }, ofx, config.bank);
  await reconcileDay(
    { db, clock: fixedClock(0), logger: silentLogger },
    { runId: 'run-1', day: businessDayOf(NIGHT, TZ), bank: { ...config.bank, zone: TZ } },
    config.reconcile,
  );
  for (const locale of ['pt-BR', 'en'] as const) {
    await writeReports(
      { db, logger: silentLogger },
      {
        day: businessDayOf(NIGHT, TZ),
        outDir: join(dir, locale),
        maskDocuments: true,
        csvDialect: 'rfc4180',
        locale,
        fileMode: '0600',
        definitions: [payouts],
        runId: 'run-1',
      },
    );
  }
});
afterAll(() => {
  warehouse?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the payouts report', () => {
  it('gives each payout its credit or why there is none, under the CSV keys', () => {
    const rows = parse(readFileSync(join(dir, 'en', NIGHT, 'payouts.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['cash_out_id'], r['bank_status'], r['credit_cents'], r['difference_cents'], r['line_id']])).toEqual([
      ['exact', 'credited', '100000', '0', 'F1'],
      ['never', 'not_credited', '', '', ''],
      ['short', 'credited_other_amount', '48000', '-2000', 'F2'],
      ['sumA', 'credited_in_sum', '100000', '0', 'F3'],
      ['sumB', 'credited_in_sum', '100000', '0', 'F3'],
    ]);
  });

  it('reads in Portuguese: sheet names, headers, the status in words, and the account on the day', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'pt-BR', NIGHT, 'payouts.xlsx'));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Repasses', 'Conta no dia']);
    const sheet = wb.getWorksheet('Repasses')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toContain('No banco');
    const statuses = sheet
      .getColumn(headers.indexOf('No banco') + 1)
      .values.slice(2)
      .map(String);
    expect(statuses).toContain('não creditado');
    expect(statuses).toContain('creditado na soma do dia');
    const day = wb.getWorksheet('Conta no dia')!;
    expect((day.getRow(2).values as unknown[]).slice(1)).toEqual(['itau-1', 2455, 1000, -25, 1000, 1000, 1000]);
  });

  it('shows on the night page as the bank section: payouts by where they stand, and the latest statement', async () => {
    const leg = await readBankLeg(warehouse.connection, { date: NIGHT, runId: 'run-1' });
    expect(leg?.standings.map((s) => `${s.status} ${s.payouts} ${s.cents}`)).toEqual([
      'not_credited 1 30000',
      'credited_other_amount 1 50000',
      'credited 1 100000',
      'credited_in_sum 2 100000',
    ]);
    const text = bankSection(leg!, messagesFor('pt-BR')).toString();
    expect(text).toContain('não creditado');
    expect(text).toContain('Último extrato da conta itau-1: extrato.ofx, de 2026-03-01 a 2026-03-10, saldo final R$ 2.455,00');
  });
});
