// The payout matcher on its own (pure): the order of its steps and of its greedy choices.
import { describe, expect, it } from 'vitest';
import { type Credit, type Payout, matchPayouts } from '../../src/bank/match-payouts.ts';

const PATTERN = /PAGAMENTOS|TED RECEBIDA/iu;
const payout = (id: string, cents: number, day = '2026-03-05', windowEnd = '2026-03-09', updatedMs = 0): Payout => ({
  cashOutId: id,
  document: 'a',
  expectedCents: cents,
  day,
  windowEnd,
  updatedMs,
});
/** A credit of account `accountId`, whose document is `document` (the account's own name unless told). */
const credit = (lineId: string, postedOn: string, cents: number, memo = 'PAGAMENTOS', accountId = 'a', document = accountId): Credit => ({
  accountId,
  document,
  lineId,
  postedOn,
  amountCents: cents,
  memo,
});

const summary = (r: ReturnType<typeof matchPayouts>) => ({
  payouts: r.payouts.map((m) => `${m.payout.cashOutId} ${m.matchedBy}${m.credit ? ` ${m.credit.lineId}` : ''}`),
  unexplained: r.unexplained.map((c) => c.lineId),
});

describe('matchPayouts', () => {
  it.each([
    {
      name: 'one-to-one comes before a day sum that the same credits could make',
      payouts: [payout('p1', 600), payout('p2', 400)],
      credits: [credit('L1', '2026-03-06', 1000), credit('L2', '2026-03-06', 600)],
      expected: { payouts: ['p1 exact L2', 'p2 paired L1'], unexplained: [] },
    },
    {
      name: 'the earlier payout takes the nearest credit; the later one the next',
      payouts: [payout('p2', 500, '2026-03-05', '2026-03-09', 2), payout('p1', 500, '2026-03-05', '2026-03-09', 1)],
      credits: [credit('L2', '2026-03-09', 500), credit('L1', '2026-03-06', 500)],
      expected: { payouts: ['p1 exact L1', 'p2 exact L2'], unexplained: [] },
    },
    {
      name: 'a credit of another account is no match',
      payouts: [payout('p1', 500)],
      credits: [credit('L1', '2026-03-06', 500, 'PAGAMENTOS', 'b')],
      expected: { payouts: ['p1 none'], unexplained: ['L1'] },
    },
    {
      name: 'a credit outside the window is no match, and only a payout-like memo is unexplained',
      payouts: [payout('p1', 500)],
      credits: [credit('L1', '2026-03-03', 500), credit('L2', '2026-03-10', 500, 'DEP DINHEIRO')],
      expected: { payouts: ['p1 none'], unexplained: ['L1'] },
    },
    {
      name: 'the window opens the day before P: a payout marked fulfilled just after midnight, credited the evening before',
      payouts: [payout('p1', 500, '2026-03-06', '2026-03-10')],
      credits: [credit('L1', '2026-03-05', 500)],
      expected: { payouts: ['p1 exact L1'], unexplained: [] },
    },
    {
      name: 'a credit in another account of the same document explains the payout (one pool, one match)',
      payouts: [payout('p1', 500)],
      credits: [credit('L1', '2026-03-06', 500, 'PAGAMENTOS', 'itau', 'a'), credit('L2', '2026-03-06', 500, 'PAGAMENTOS', 'bradesco', 'a')],
      expected: { payouts: ['p1 exact L1'], unexplained: ['L2'] },
    },
    {
      name: "a day's sum takes back the credit a single payout got when the single has another credit later in its window",
      payouts: [
        payout('A', 600, '2026-03-09', '2026-03-11', 1),
        payout('B', 400, '2026-03-09', '2026-03-11', 2),
        payout('C', 1000, '2026-03-10', '2026-03-12', 3),
      ],
      credits: [credit('L10', '2026-03-10', 1000), credit('L12', '2026-03-12', 1000)],
      expected: { payouts: ['A sum L10', 'B sum L10', 'C exact L12'], unexplained: [] },
    },
    {
      name: 'of two payouts of one amount, the credit goes to the window that ends first',
      payouts: [payout('early', 500, '2026-03-05', '2026-03-09', 1), payout('late', 500, '2026-03-04', '2026-03-10', 2)],
      credits: [credit('L1', '2026-03-05', 500), credit('L2', '2026-03-10', 500)],
      expected: { payouts: ['late exact L2', 'early exact L1'], unexplained: [] },
    },
    {
      name: 'pairing wants the memo of the service',
      payouts: [payout('p1', 500)],
      credits: [credit('L1', '2026-03-06', 450, 'DEP DINHEIRO'), credit('L2', '2026-03-07', 450, 'TED RECEBIDA')],
      expected: { payouts: ['p1 paired L2'], unexplained: [] },
    },
  ])('$name', ({ payouts, credits, expected }) => {
    expect(summary(matchPayouts(payouts, credits, PATTERN))).toEqual(expected);
  });
});
