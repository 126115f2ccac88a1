// The payout matcher on its own (pure): the order of its steps and of its greedy choices.
import { describe, expect, it } from 'vitest';
import { type Credit, type Payout, matchPayouts, windowStartOf, withinTolerance } from '../../src/bank/match-payouts.ts';
import { dropReturnedCredits, type ReturnDebit } from '../../src/bank/returned-credits.ts';

const PATTERN = /PAGAMENTOS|TED RECEBIDA/iu;
/** bank.pairTolerance's default: the larger of R$ 20,00 and 5 % of the payout. */
const TOLERANCE = { minCents: 2000, percent: 5 };
const payout = (id: string, cents: number, day = '2026-03-05', windowEnd = '2026-03-09', fulfilledMs = 0, windowStart = day): Payout => ({
  cashOutId: id,
  document: 'a',
  expectedCents: cents,
  day,
  windowStart,
  windowEnd,
  fulfilledMs,
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
      name: 'the window opens the day before P for a payout marked fulfilled in the first hour of P, credited the evening before',
      payouts: [payout('p1', 500, '2026-03-06', '2026-03-10', 0, '2026-03-05')],
      credits: [credit('L1', '2026-03-05', 500)],
      expected: { payouts: ['p1 exact L1'], unexplained: [] },
    },
    {
      name: 'otherwise a credit of the day before P is not its transfer, whatever its amount',
      payouts: [payout('p1', 98_050, '2026-03-06', '2026-03-10')],
      credits: [credit('L1', '2026-03-05', 98_050), credit('L2', '2026-03-05', 97_000)],
      expected: { payouts: ['p1 none'], unexplained: ['L1', 'L2'] },
    },
    {
      name: 'a credit of another amount beyond the tolerance is no evidence: the payout and the credit are two findings',
      payouts: [payout('p1', 98_050)],
      credits: [credit('L1', '2026-03-06', 333_333)],
      expected: { payouts: ['p1 none'], unexplained: ['L1'] },
    },
    {
      name: 'a credit short by a bank fee, within R$ 20,00, is the payout credited short',
      payouts: [payout('p1', 10_000)],
      credits: [credit('L1', '2026-03-06', 8_000)],
      expected: { payouts: ['p1 paired L1'], unexplained: [] },
    },
    {
      name: 'of a large payout, a credit within 5 % is paired and one further off is not',
      payouts: [payout('p1', 1_000_000, '2026-03-05', '2026-03-09', 1), payout('p2', 2_000_000, '2026-03-05', '2026-03-09', 2)],
      credits: [credit('L1', '2026-03-06', 950_000), credit('L2', '2026-03-06', 1_879_999)],
      expected: { payouts: ['p1 paired L1', 'p2 none'], unexplained: ['L2'] },
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
    expect(summary(matchPayouts(payouts, credits, PATTERN, TOLERANCE))).toEqual(expected);
  });
});

describe('windowStartOf', () => {
  it.each([
    ['2026-03-06T03:20:00Z', '2026-03-05', '00:20 in São Paulo: the first hour of P, the evening before counts'],
    ['2026-03-06T03:59:59Z', '2026-03-05', '00:59:59, still the first hour'],
    ['2026-03-06T04:00:00Z', '2026-03-06', '01:00: P itself'],
    ['2026-03-07T02:50:00Z', '2026-03-06', '23:50 on P (02:50 UTC the next day): P itself'],
  ])('fulfilled at %s opens the window on %s (%s)', (instant, start) => {
    expect(windowStartOf(Date.parse(instant), 'America/Sao_Paulo')).toBe(start);
  });
});

describe('withinTolerance', () => {
  it.each([
    [10_000, 8_000, true, 'R$ 20,00 short of R$ 100,00: the floor'],
    [10_000, 7_999, false, 'a centavo more'],
    [1_000_000, 950_000, true, 'exactly 5 % of R$ 10.000,00'],
    [1_000_000, 949_999, false, 'a centavo past 5 %'],
    [1_000_000, 1_050_000, true, 'credited 5 % long'],
  ])('payout %i, credit %i: %s (%s)', (expected, credit, within) => {
    expect(withinTolerance(expected, credit, TOLERANCE)).toBe(within);
  });

  it('reads a percentage with decimals exactly', () => {
    expect(withinTolerance(1_000_000, 975_000, { minCents: 0, percent: 2.5 })).toBe(true);
    expect(withinTolerance(1_000_000, 974_999, { minCents: 0, percent: 2.5 })).toBe(false);
  });
});

describe('dropReturnedCredits', () => {
  const RETURN = /DEVOLU|ESTORN/iu;
  const debit = (lineId: string, postedOn: string, cents: number, memo = 'DEVOLUCAO PIX', accountId = 'a'): ReturnDebit => ({
    accountId,
    lineId,
    postedOn,
    amountCents: cents,
    memo,
  });
  const kept = (credits: Credit[], debits: ReturnDebit[]) => dropReturnedCredits(credits, debits, RETURN, 2).kept.map((c) => c.lineId);

  it.each([
    { name: 'a Pix returned the next day takes its credit back', debits: [debit('D1', '2026-03-06', -500)], kept: ['L2'] },
    { name: 'a return on the settleDays-th bank business day still does', debits: [debit('D1', '2026-03-09', -500, 'ESTORNO TED')], kept: ['L2'] },
    { name: 'a return later than that is an ordinary debit', debits: [debit('D1', '2026-03-10', -500)], kept: ['L1', 'L2'] },
    { name: 'a debit of another amount returns nothing', debits: [debit('D1', '2026-03-06', -499)], kept: ['L1', 'L2'] },
    { name: 'a debit without a return memo returns nothing', debits: [debit('D1', '2026-03-06', -500, 'PAG BOLETO')], kept: ['L1', 'L2'] },
    { name: 'a return in another account returns nothing', debits: [debit('D1', '2026-03-06', -500, 'DEVOLUCAO PIX', 'b')], kept: ['L1', 'L2'] },
    { name: 'a return before the credit returns nothing', debits: [debit('D1', '2026-03-04', -500)], kept: ['L1', 'L2'] },
    {
      name: 'each return takes one credit, the latest first',
      debits: [debit('D1', '2026-03-06', -500)],
      credits: [credit('L0', '2026-03-05', 500)],
      kept: ['L0', 'L2'],
    },
  ])('$name', (c) => {
    const credits = [...(c.credits ?? []), credit('L1', '2026-03-05', 500), credit('L2', '2026-03-05', 700)];
    expect(kept(credits, c.debits)).toEqual(c.kept);
  });
});
