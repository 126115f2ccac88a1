// The bank rules, case by case on a real DuckDB warehouse file: payouts (fulfilled cash-outs to the
// merchant's own CNPJ) against the credits of its statements (docs/bank.md). The table's cases
// (bank-cases.ts) of one night share a warehouse and a reconcile, each with an account of its own
// (bank-nights.ts). The stories of several nights are in bank-stories.test.ts, with the other tests that
// run nights one after another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_CASES, type BankCase, credit } from './bank-cases.ts';
import { type BankBatch, runBankBatch } from './bank-nights.ts';
import { merchantPayout as payout } from './fixtures.ts';

// A payout credited short, whose stored reason a test reads, batched with the table's night.
const EXPLAINED: BankCase = {
  name: 'says both amounts, the days and the bank line in the reason',
  ops: [payout('p1', 150_000)],
  lines: [credit('F1', '2026-03-09', 145_000)],
  findings: ['payout_amount_differs:p1 new'],
  matches: ['p1 paired F1'],
};

let batch: BankBatch;
beforeAll(async () => {
  batch = await runBankBatch([...BANK_CASES, EXPLAINED]);
});
afterAll(() => batch?.close());

describe('bank rules', () => {
  it.each(BANK_CASES)('$name', (c) => {
    expect(batch.resultOf(c)).toEqual({ findings: c.findings, matches: c.matches });
  });

  it('leaves no finding or match of a batched night that belongs to no case', () => {
    expect(batch.unowned).toEqual([]);
  });

  it('says both amounts, the days and the bank line in the reason', async () => {
    const { db, tag } = batch.placeOf(EXPLAINED);
    expect(batch.resultOf(EXPLAINED)).toEqual({ findings: EXPLAINED.findings, matches: EXPLAINED.matches });
    const rows = await db.runAndReadAll(`SELECT reason, payment_amount_cents, difference_cents, operation_id FROM findings WHERE contains(finding_key, $1)`, [
      tag,
    ]);
    const untagged = rows
      .getRowObjectsJS()
      .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll(tag, '') : v])));
    expect(untagged).toEqual([
      {
        reason: 'payout of 1.500,00 on 2026-03-05 was credited 1.450,00 on 2026-03-09 in bank account itau-1 (-50,00; line F1, memo "PIX RECEBIDO PAGAMENTOS")',
        payment_amount_cents: 150_000n,
        difference_cents: -5_000n,
        operation_id: 'p1',
      },
    ]);
  });
});
