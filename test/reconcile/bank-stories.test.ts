// The bank rules night after night (docs/bank.md): stories of several nights, or of accounts of their
// own, each in a warehouse of its own. The one-night cases are in bank-rules.test.ts.
import { rmSync } from 'node:fs';
import { DateTime } from 'luxon';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ONE_THREAD, migratedWarehouse, scratchDir } from '../warehouse/migrated-copy.ts';
import { credit } from './bank-cases.ts';
import { type BankDesk, ONE_ACCOUNT, bankConfigOf, importStatement, readPayoutMatches, runBankNight } from './bank-nights.ts';
import { MERCHANT_CNPJ as CNPJ, insertOperations, merchantPayout as payout } from './fixtures.ts';

describe('bank rules night after night', () => {
  const dir = scratchDir('recon-bank-rules-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let close: () => void;
  let desk: BankDesk;
  beforeEach(async () => {
    const warehouse = await migratedWarehouse(ONE_THREAD);
    close = warehouse.close;
    desk = { db: warehouse.db, dir, banks: bankConfigOf(ONE_ACCOUNT) };
  });
  afterEach(() => close());

  it('changes nothing when the same night runs again, or the same statement is loaded again', async () => {
    await insertOperations(desk.db, [payout('p1', 100_000), payout('p2', 70_000)]);
    await importStatement(desk, '2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)]);
    await importStatement(desk, '2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)]);
    const first = await runBankNight(desk, '2026-03-10');
    expect(await runBankNight(desk, '2026-03-10')).toEqual(first);
    expect(first).toEqual(['payout_not_in_bank:p2 new']);
    expect(await readPayoutMatches(desk.db, 'run-2026-03-10')).toEqual(['p1 exact F1', 'p2 none']);
    const lines = await desk.db.runAndReadAll('SELECT count(*) AS n FROM bank_transactions');
    expect(Number(lines.getRowObjects()[0]?.['n'])).toBe(1);
  });

  it('carries a finding and resolves it when a late statement line explains it', async () => {
    await insertOperations(desk.db, [payout('p1', 100_000)]);
    await importStatement(desk, '2026-03-01', '2026-03-10', []);
    expect(await runBankNight(desk, '2026-03-10')).toEqual(['payout_not_in_bank:p1 new']);
    await importStatement(desk, '2026-03-11', '2026-03-11', []);
    expect(await runBankNight(desk, '2026-03-11')).toEqual(['payout_not_in_bank:p1 open']);
    // The bank sends a corrected statement of W with the credit in it.
    await importStatement(desk, '2026-03-09', '2026-03-09', [credit('F1', '2026-03-09', 100_000)]);
    expect(await runBankNight(desk, '2026-03-12')).toEqual(['payout_not_in_bank:p1 resolved']);
  });

  it('takes P from the first time the payout was seen fulfilled, not from a later update', async () => {
    await insertOperations(desk.db, [payout('p1', 100_000, '2026-03-12')]);
    await desk.db.run(`INSERT INTO operation_history VALUES ('cash_out', 'p1', 'fulfilled', TIMESTAMPTZ '2026-03-05 15:00:00+00', now(), now(), 'r', 'r')`);
    await importStatement(desk, '2026-03-01', '2026-03-17', [credit('F1', '2026-03-06', 100_000)]);
    expect(await runBankNight(desk, '2026-03-17')).toEqual([]);
    expect(await readPayoutMatches(desk.db, 'run-2026-03-17')).toEqual(['p1 exact F1']);
  });

  it('carries an amount that differs for as long as the pairing holds', async () => {
    await insertOperations(desk.db, [payout('p1', 100_000)]);
    await importStatement(desk, '2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 96_000)]);
    expect(await runBankNight(desk, '2026-03-10')).toEqual(['payout_amount_differs:p1 new']);
    expect(await runBankNight(desk, '2026-03-20')).toEqual(['payout_amount_differs:p1 open']);
  });

  it('a payout to a document of two accounts is one payout: credited in either, judged once', async () => {
    const two: BankDesk = {
      ...desk,
      banks: bankConfigOf([
        { id: 'itau-1', document: CNPJ, bankAccount: '56789-0' },
        { id: 'bradesco-1', document: CNPJ, bankAccount: '11111-1' },
      ]),
    };
    await insertOperations(two.db, [payout('p1', 100_000), payout('p2', 50_000)]);
    await importStatement(two, '2026-03-01', '2026-03-10', [credit('F1', '2026-03-06', 100_000)], '56789-0');
    await importStatement(two, '2026-03-01', '2026-03-10', [], '11111-1');
    expect(await runBankNight(two, '2026-03-10', 'run-two')).toEqual(['payout_not_in_bank:p2 new']);
    expect(await readPayoutMatches(two.db, 'run-two')).toEqual(['p1 exact F1', 'p2 none']);
    const reason = await desk.db.runAndReadAll(`SELECT reason FROM findings WHERE run_id = 'run-two'`);
    expect(String(reason.getRowObjects()[0]?.['reason'])).toMatch(/in bank account itau-1\/bradesco-1 from 2026-03-05 to 2026-03-09$/);
  });

  it('a credit an earlier night gave to a payout now out of view is not handed to another one of the same amount', async () => {
    await insertOperations(desk.db, [payout('Y', 100_000, '2026-03-10'), payout('X', 100_000, '2026-03-12')]);
    await importStatement(desk, '2026-03-01', '2026-03-31', [credit('CY', '2026-03-12', 100_000), credit('CX', '2026-03-16', 100_000)]);
    for (const date of ['2026-03-27', '2026-03-30', '2026-03-31', '2026-04-01']) expect(await runBankNight(desk, date)).toEqual([]);
  });

  it('a carried payout is read alone: the view does not reach back to it', async () => {
    const daily = Array.from({ length: 120 }, (_, i) => DateTime.fromISO('2026-03-06').plus({ days: i }).toISODate() ?? '');
    await insertOperations(desk.db, [payout('short', 100_000), ...daily.map((day) => payout(`d-${day}`, 10_000, day))]);
    await importStatement(desk, '2026-03-01', '2026-07-10', [credit('F1', '2026-03-06', 96_000), ...daily.map((day) => credit(`c-${day}`, day, 10_000))]);
    expect(await runBankNight(desk, '2026-03-10')).toEqual(['payout_amount_differs:short new']);
    expect(await runBankNight(desk, '2026-07-01')).toEqual(['payout_amount_differs:short open']);
    // The short payout, and the payouts of a few weeks before the night: not the 100 days between.
    expect((await readPayoutMatches(desk.db, 'run-2026-07-01')).length).toBeLessThan(40);
  });

  it('an unexplained credit a late statement brings is reported the night it arrives', async () => {
    await insertOperations(desk.db, [payout('p1', 100_000)]);
    await importStatement(desk, '2026-03-01', '2026-03-30', [credit('F1', '2026-03-06', 100_000)], '56789-0', Date.parse('2026-03-31T05:00:00Z'));
    expect(await runBankNight(desk, '2026-03-30', 'run-03-30', Date.parse('2026-03-31T05:00:00Z'))).toEqual([]);
    // The bank's corrected statement of early March, imported after that night.
    await importStatement(
      desk,
      '2026-03-01',
      '2026-03-31',
      [credit('F1', '2026-03-06', 100_000), credit('LATE', '2026-03-05', 70_000, 'TED RECEBIDA REPASSE AVULSO')],
      '56789-0',
      Date.parse('2026-04-01T04:00:00Z'),
    );
    expect(await runBankNight(desk, '2026-03-31', 'run-03-31', Date.parse('2026-04-01T05:00:00Z'))).toEqual(['bank_credit_unexplained:itau-1:LATE new']);
  });
});
