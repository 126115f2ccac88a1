// The bank rules' table: payouts (fulfilled cash-outs to the merchant's own CNPJ) against the credits of
// one statement of its account, judged on one night: the findings ("category:key-tail state") and the
// payout matches ("cash-out matched_by line") the night must give. Run by bank-rules.test.ts (batched)
// and batched-as-alone.test.ts (each case alone too).
import type { StatementLine } from '../../src/bank/statement.ts';
import { merchantPayout as payout, type OpRow } from './fixtures.ts';

/** A credit line of the statement, with the memo the bank gives the service's transfers by default. */
export const credit = (fitid: string, postedOn: string, cents: number, memo = 'PIX RECEBIDO PAGAMENTOS'): StatementLine => ({
  postedOn,
  amountCents: cents,
  type: 'credit',
  fitid,
  memo,
  documentNumber: undefined,
});

export interface BankCase {
  name: string;
  ops: OpRow[];
  lines: StatementLine[];
  /** The statement's period (default 2026-03-01 to the night). */
  period?: [string, string];
  /** The night, 2026-03-10 by default. */
  date?: string;
  findings: string[];
  matches: string[];
}

// P = Thursday 2026-03-05, so W = Monday 2026-03-09 (two bank business days), judged on the night of 03-10.
export const BANK_CASES: BankCase[] = [
  { name: 'exact match', ops: [payout('p1', 100_000)], lines: [credit('F1', '2026-03-06', 100_000)], findings: [], matches: ['p1 exact F1'] },
  {
    name: 'nearest date among credits of the same amount',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-09', 100_000, 'DEP DINHEIRO'), credit('F2', '2026-03-06', 100_000, 'DEP DINHEIRO')],
    findings: [],
    matches: ['p1 exact F2'],
  },
  {
    name: 'a tie on the same day goes to the smaller line id',
    ops: [payout('p1', 100_000)],
    lines: [credit('F9', '2026-03-06', 100_000, 'DEP DINHEIRO'), credit('F3', '2026-03-06', 100_000, 'DEP DINHEIRO')],
    findings: [],
    matches: ['p1 exact F3'],
  },
  {
    name: "a day's payouts summed into one credit",
    ops: [payout('p1', 60_000), payout('p2', 40_000)],
    lines: [credit('F1', '2026-03-06', 100_000)],
    findings: [],
    matches: ['p1 sum F1', 'p2 sum F1'],
  },
  {
    name: 'a short credit is payout_amount_differs only',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 95_000)],
    findings: ['payout_amount_differs:p1 new'],
    matches: ['p1 paired F1'],
  },
  {
    name: 'a credit of another amount beyond the tolerance is no evidence: the payout and the credit are two findings',
    ops: [payout('p1', 98_050)],
    lines: [credit('F1', '2026-03-06', 333_333)],
    date: '2026-03-11',
    findings: ['bank_credit_unexplained:itau-1:F1 new', 'payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'a credit the day before P is not its transfer when it was fulfilled after the first hour',
    ops: [payout('p1', 100_000, '2026-03-06')],
    lines: [credit('F1', '2026-03-05', 99_000)],
    date: '2026-03-11',
    findings: ['bank_credit_unexplained:itau-1:F1 new', 'payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'a payout fulfilled at 00:20 may have been credited the evening before',
    ops: [payout('p1', 100_000, '2026-03-06', { updated: '2026-03-06T03:20:00Z' })],
    lines: [credit('F1', '2026-03-05', 100_000)],
    date: '2026-03-11',
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'a credit the bank returned ("DEVOLUÇÃO PIX") is no credit: the payout is not in the bank',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 100_000), { ...credit('F2', '2026-03-09', -100_000, 'DEVOLUÇÃO PIX RECEBIDO'), type: 'debit' }],
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, a statement covering W: payout_not_in_bank',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-06', 5_000, 'DEP DINHEIRO')],
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, judged on W itself: nothing yet',
    ops: [payout('p1', 100_000)],
    lines: [],
    date: '2026-03-09',
    findings: [],
    matches: ['p1 none'],
  },
  {
    name: 'never credited, but no statement covers W: nothing',
    ops: [payout('p1', 100_000)],
    lines: [],
    period: ['2026-03-01', '2026-03-08'],
    findings: [],
    matches: ['p1 none'],
  },
  {
    name: 'a credit on W, the last day of the window: no finding',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-09', 100_000)],
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'a credit the day after W is no match (and unexplained once its own windows pass)',
    ops: [payout('p1', 100_000)],
    lines: [credit('F1', '2026-03-10', 100_000, 'DEP DINHEIRO')],
    date: '2026-03-11',
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
  {
    name: 'an unexplained payout-like credit, once every window that could hold it has passed',
    ops: [],
    lines: [credit('F1', '2026-03-05', 32_000, 'TED RECEBIDA'), credit('F2', '2026-03-05', 45_000, 'DEP DINHEIRO')],
    findings: ['bank_credit_unexplained:itau-1:F1 new'],
    matches: [],
  },
  {
    name: 'a payout-like credit is not judged before W of its day',
    ops: [],
    lines: [credit('F1', '2026-03-06', 32_000, 'TED RECEBIDA')],
    findings: [],
    matches: [],
  },
  {
    name: 'a cash-out to someone else is no payout',
    ops: [payout('p1', 100_000, '2026-03-05', { document: '12345678909' })],
    lines: [],
    findings: [],
    matches: [],
  },
  {
    name: 'Carnival in the window: P Friday 02-13, W Thursday 02-19, credited on W',
    ops: [payout('p1', 100_000, '2026-02-13')],
    lines: [credit('F1', '2026-02-19', 100_000)],
    period: ['2026-02-01', '2026-02-20'],
    date: '2026-02-20',
    findings: [],
    matches: ['p1 exact F1'],
  },
  {
    name: 'Carnival in the window: never credited, judged only after W',
    ops: [payout('p1', 100_000, '2026-02-13')],
    lines: [],
    period: ['2026-02-01', '2026-02-20'],
    date: '2026-02-20',
    findings: ['payout_not_in_bank:p1 new'],
    matches: ['p1 none'],
  },
];
