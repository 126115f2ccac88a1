// Statement imports into a real warehouse file: re-imports change nothing, an overlapping statement
// adds only its new lines, kept-out lines are recorded, and an unknown account writes nothing.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importStatementFile } from '../../src/bank/import-statement.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { formatCnab240 } from '../../src/bank/write-cnab240.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import { parseConfig } from '../../src/config/load.ts';
import type { Clock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { FIXTURES, ofx1, statementOf, trn } from './statement-helpers.ts';

const bank = parseConfig({ bank: { accounts: [{ id: 'itau-1234-56789-0', document: '12.345.678/0001-90', bankAccount: '56789-0' }] } }, 'test').bank;

const line = (day: number, cents: number, memo: string, fitid?: string): StatementLine => ({
  postedOn: `2024-05-0${day}`,
  amountCents: cents,
  type: cents < 0 ? 'debit' : 'credit',
  fitid,
  memo,
  documentNumber: undefined,
});

describe('importing statements', () => {
  let dir: string;
  let warehouse: Warehouse;
  let now = Date.UTC(2024, 4, 4, 6, 0, 0);
  const clock: Clock = { now: () => (now += 1000) };
  const deps = () => ({ db: warehouse.connection, clock, logger: silentLogger });
  const rows = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
  const counts = () =>
    rows(
      'SELECT (SELECT count(*) FROM bank_statements)::INTEGER AS statements, (SELECT count(*) FROM bank_transactions)::INTEGER AS lines, (SELECT count(*) FROM bank_import_issues)::INTEGER AS issues',
    );

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recon-bank-'));
    warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  });
  afterEach(() => {
    warehouse.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    {
      name: 'a bank that numbers its FITIDs per day: day 2 keeps its line',
      files: [[line(1, 100_000, 'PIX RECEBIDO', '1')], [line(2, 70_000, 'PIX RECEBIDO', '1')]],
      ids: ['1', '1/2024-05-02/70000'],
    },
    {
      name: 'a FITID unique in one statement and shared in an overlapping one: the line is kept once',
      files: [[line(1, 100_000, 'PIX RECEBIDO', 'D1')], [line(1, 100_000, 'PIX RECEBIDO', 'D1'), line(1, -500, 'TARIFA', 'D1')]],
      ids: ['D1', 'D1/2024-05-01/-500'],
    },
  ])('$name', async ({ files, ids }) => {
    for (const [i, lines] of files.entries()) {
      const file = join(dir, `day-${i}.ofx`);
      writeFileSync(file, formatOfx1(statementOf(lines)));
      await importStatementFile(deps(), file, bank);
    }
    expect((await rows('SELECT line_id FROM bank_transactions ORDER BY line_id')).map((r) => r['line_id'])).toEqual(ids);
  });

  it('a re-imported statement adds nothing and says it was imported before', async () => {
    const file = join(dir, 'itau-extrato.ofx');
    copyFileSync(join(FIXTURES, 'itau-extrato.ofx'), file);
    const first = await importStatementFile(deps(), file, bank, 'run-1');
    expect(first).toMatchObject({
      alreadyImported: false,
      format: 'ofx1',
      charset: 'windows-1252',
      accountId: 'itau-1234-56789-0',
      linesRead: 5,
      linesLoaded: 5,
    });
    const before = await counts();
    const again = await importStatementFile(deps(), file, bank, 'run-2');
    expect(again).toMatchObject({ alreadyImported: true, linesLoaded: 0, linesRejected: 0, statementId: first.statementId });
    expect(await counts()).toEqual(before);
    expect(
      await rows(
        "SELECT line_id, posted_at::VARCHAR AS d, amount_cents::INTEGER AS c, type, memo, statement_file, line FROM bank_transactions WHERE line_id = '20240502002'",
      ),
    ).toEqual([{ line_id: '20240502002', d: '2024-05-02', c: -25_000, type: 'debit', memo: 'PAGAMENTO CARTÃO', statement_file: 'itau-extrato.ofx', line: 64 }]);
    expect(
      await rows(
        'SELECT format, charset, period_start::VARCHAR AS s, period_end::VARCHAR AS e, closing_balance_cents::INTEGER AS b, run_id FROM bank_statements',
      ),
    ).toEqual([{ format: 'ofx1', charset: 'windows-1252', s: '2024-05-01', e: '2024-05-03', b: 406_055, run_id: 'run-1' }]);
  });

  it.each([
    ['OFX with FITIDs', (l: StatementLine[]) => formatOfx1(statementOf(l)), 'ofx'],
    ['OFX without FITIDs (synthetic ids)', (l: StatementLine[]) => formatOfx1(statementOf(l.map((x) => ({ ...x, fitid: undefined })))), 'ofx'],
    ['CNAB 240', (l: StatementLine[]) => formatCnab240(statementOf(l)), 'ret'],
  ])('%s: an overlapping statement adds only the lines not seen before', async (_, format, ext) => {
    const fee = line(2, -590, 'TARIFA PIX', 'F2');
    const monday = [line(1, 10_000, 'REPASSE CARTÃO', 'F1'), fee, { ...fee, fitid: 'F3' }];
    const tuesday = [fee, { ...fee, fitid: 'F3' }, line(3, 20_000, 'REPASSE CARTÃO', 'F4')];
    writeFileSync(join(dir, `a.${ext}`), format(monday));
    writeFileSync(join(dir, `b.${ext}`), format(tuesday));
    expect((await importStatementFile(deps(), join(dir, `a.${ext}`), bank)).linesLoaded).toBe(3);
    expect((await importStatementFile(deps(), join(dir, `b.${ext}`), bank)).linesLoaded).toBe(1);
    expect(await rows('SELECT count(*)::INTEGER AS n, sum(amount_cents)::INTEGER AS total FROM bank_transactions')).toEqual([{ n: 4, total: 28_820 }]);
  });

  it('lines with a bad amount or date are kept out with file, line, reason and value; a lying charset is recorded as detected', async () => {
    const text = ofx1(
      [trn({ amount: '10.00', fitid: 'OK', memo: 'PIX RECEBIDO' }), trn({ amount: 'R$ 5', fitid: 'BAD' }), trn({ amount: '1.00', posted: '2024-05-01' })],
      {
        charset: '1252',
      },
    );
    const file = join(dir, 'extrato.ofx');
    writeFileSync(file, iconv.encode(text, 'utf-8'));
    const result = await importStatementFile(
      deps(),
      file,
      parseConfig({ bank: { accounts: [{ id: 'bradesco', document: '12345678000190', bankAccount: '12345-6' }] } }, 'test').bank,
    );
    expect(result).toMatchObject({ linesRead: 3, linesLoaded: 1, linesRejected: 2, charset: 'utf-8', accountId: 'bradesco' });
    expect(await rows('SELECT file, line, kind, reason, value FROM bank_import_issues ORDER BY line')).toEqual([
      { file: 'extrato.ofx', line: 23, kind: 'rejected', reason: 'bad TRNAMT "R$ 5" (expected a decimal amount such as -12.34)', value: 'R$ 5' },
      { file: 'extrato.ofx', line: 28, kind: 'rejected', reason: 'bad DTPOSTED "2024-05-01" (expected YYYYMMDD, optionally with a time)', value: '2024-05-01' },
    ]);
    expect(await rows('SELECT charset, lines_read::INTEGER AS r, lines_loaded::INTEGER AS l, lines_rejected::INTEGER AS x FROM bank_statements')).toEqual([
      { charset: 'utf-8', r: 3, l: 1, x: 2 },
    ]);
  });

  it('a statement of an account not in bank.accounts is refused and writes nothing', async () => {
    const file = join(dir, 'itau-extrato.ret');
    copyFileSync(join(FIXTURES, 'itau-extrato.ret'), file);
    const other = parseConfig({ bank: { accounts: [{ id: 'bb', document: '98.765.432/0001-10' }] } }, 'test').bank;
    await expect(importStatementFile(deps(), file, other)).rejects.toThrow(
      /itau-extrato\.ret: the statement's account \(bank 341, agency 1234, account 56789-0, holder document 12345678000190\) matches none of bank\.accounts/,
    );
    expect(await counts()).toEqual([{ statements: 0, lines: 0, issues: 0 }]);
  });
});
