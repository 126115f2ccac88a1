// The sandbox merchant's own bank account: payouts of the service to the merchant's CNPJ (fulfilled
// cash-outs, extra operations after the history's own, so no earlier id changes) and the statement of
// the account, day by day. Each payout is credited 0 or 1 bank business days after its day P (memo
// matching bank.payoutMemoPattern's default), some days' payouts summed into one credit, among unrelated
// debits and credits. Planted cases (LOOSE_GAPS below), each finding in the ground truth on the night
// docs/bank.md says first reports it, and matched cases that must raise none. Drawn from an rng stream
// of their own, so the rest of the history stays as the seed always made it.
import { DateTime } from 'luxon';
import { addBankBusinessDays, isBankBusinessDay } from '../bank/bank-days.ts';
import type { Statement, StatementAccount, StatementLine } from '../bank/statement.ts';
import { businessDateOf, businessDayOf } from '../shared/business-day.ts';
import { addOpVersion } from './builder.ts';
import { HOUR, MINUTE } from './calendar.ts';
import { SANDBOX_MERCHANT } from './config-facts.ts';
import type { SandboxBank, SandboxHistory, SandboxOperation, TruthEntry } from './model.ts';
import { idFor } from './people.ts';
import { Rng } from './rng.ts';

const ACCOUNT: StatementAccount = {
  bankCode: '341',
  agency: '1234',
  account: SANDBOX_MERCHANT.bankAccount,
  document: SANDBOX_MERCHANT.document,
  holderName: 'LOJA SANDBOX LTDA',
};

/** bank.settleDays' default, which the truth dates assume. */
const SETTLE_DAYS = 2;

const nextDay = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days: 1 }).toISODate() ?? '';
const previousDay = (date: string) => DateTime.fromISO(date, { zone: 'UTC' }).minus({ days: 1 }).toISODate() ?? '';

/**
 * The planted cases. Loose (each leaves a payout or a credit unmatched, so each needs days of its own):
 * a payout never credited, one credited short within the tolerance, a payout-like credit no payout
 * explains, a payout never credited beside a payout-like credit far from its amount and a near one
 * posted the day before it was fulfilled, a credit the bank returned. Matched (no finding): a credit on the last day of the
 * window, a payout fulfilled in the first hour and credited the evening before, a payout fulfilled late
 * at night and updated again days later.
 */
const LOOSE_GAPS = ['never', 'short', 'unexplained', 'far', 'reversed'] as const;
type Gap = (typeof LOOSE_GAPS)[number] | 'last-day' | 'first-hour' | 'late-update';
/** The first bank business day from `date` on (the day itself when banks open). */
const openingDay = (date: string) => (isBankBusinessDay(date) ? date : addBankBusinessDays(date, 1));

/** Adds the merchant's payouts and its account's statement lines to a generated history. */
export function planBankStatement(history: SandboxHistory): void {
  const rng = new Rng(history.seed, 5);
  const zone = history.timezone;
  const lines: StatementLine[] = [];
  let fitid = 0;
  const line = (postedOn: string, amountCents: number, memo: string): void => {
    if (postedOn > history.endDate) return; // the statement of that day is never written
    fitid += 1;
    lines.push({
      postedOn,
      amountCents,
      type: amountCents < 0 ? 'debit' : 'credit',
      fitid: `SBX${String(fitid).padStart(8, '0')}`,
      memo,
      documentNumber: undefined,
    });
  };
  let payoutNo = 0;
  /** A payout fulfilled at `fulfilledMs` (default: some time from 10:30 on the day that starts at dayStartMs). */
  const newPayout = (dayStartMs: number, fulfilledMs?: number): SandboxOperation => {
    const serial = history.nextSerial.operation++;
    const t = fulfilledMs === undefined ? dayStartMs + 10 * HOUR + rng.int(0, 7 * 60) * MINUTE : fulfilledMs - 90 * MINUTE;
    const amount = rng.int(50_000, 2_000_000);
    const op: SandboxOperation = {
      serial,
      kind: 'cash_out',
      id: idFor('co_', history.seed, serial),
      itemId: `REP-${String(++payoutNo).padStart(6, '0')}`,
      createdMs: t,
      amount,
      customerName: SANDBOX_MERCHANT.name,
      document: SANDBOX_MERCHANT.document,
      versions: [{ atMs: t, status: 'processing', settled: 0 }],
      cur: 0,
    };
    addOpVersion(op, t + rng.int(1, 10) * MINUTE, 'pending', 0);
    addOpVersion(op, fulfilledMs ?? t + rng.int(30, 120) * MINUTE, 'fulfilled', amount);
    history.operations.push(op);
    return op;
  };
  // P: the local day the payout was first fulfilled (a later update of a fulfilled payout does not move it).
  const dayOf = (op: SandboxOperation) => businessDateOf(op.versions.find((v) => v.status === 'fulfilled')!.atMs, zone);
  const judgedOn = (p: string) => nextDay(addBankBusinessDays(p, SETTLE_DAYS));
  const memo = () => rng.pick(['PIX RECEBIDO PAGAMENTOS RECON', 'TED RECEBIDA PAGTOS RECON SA', 'REPASSE RECON PAGAMENTOS']);
  const truth = (category: TruthEntry['category'], date: string, op: SandboxOperation) =>
    history.discrepancies.push({ category, date, item_id: op.itemId, operation_id: op.id });
  /** A payout-like credit no payout explains, reported the night after W of its posting day. */
  const unexplained = (postedOn: string, amountCents: number, text: string) => {
    const before = lines.length;
    line(postedOn, amountCents, text);
    const planted = lines[before];
    if (planted) history.discrepancies.push({ category: 'bank_credit_unexplained', date: judgedOn(postedOn), line_id: planted.fitid ?? '' });
  };

  // The gaps that leave a payout or a credit loose go on days far enough apart that no window holds two
  // of them (from the day before one's P to past W of the other): a payout-like credit left free inside
  // another loose payout's window would be paired with it. The order puts the long-standing cases first,
  // so a short history still plants them.
  const dates: string[] = [];
  for (let d = history.startDate; d <= history.endDate; d = nextDay(d)) dates.push(d);
  const gaps = new Map<string, Gap>();
  // Matched exactly, before any pairing: they need no room of their own.
  if (dates[0] !== undefined) gaps.set(dates[0], 'last-day');
  if (dates[3] !== undefined) gaps.set(dates[3], 'first-hour');
  if (dates[5] !== undefined) gaps.set(dates[5], 'late-update');
  let free = dates[1];
  for (const kind of LOOSE_GAPS) {
    while (free !== undefined && gaps.has(free)) free = nextDay(free);
    if (free === undefined || judgedOn(free) > history.endDate) break;
    gaps.set(free, kind);
    free = nextDay(nextDay(addBankBusinessDays(free, SETTLE_DAYS)));
  }

  for (const date of dates) {
    const startMs = businessDayOf(date, zone).startMs;
    const gap = gaps.get(date);
    const fulfilledMs = gap === 'first-hour' ? startMs + 20 * MINUTE : gap === 'late-update' ? startMs + 23 * HOUR + 40 * MINUTE : undefined;
    const payouts = [newPayout(startMs, fulfilledMs), ...(gap === undefined && rng.chance(0.4) ? [newPayout(startMs)] : [])];
    const op = payouts[0]!;
    const p = dayOf(op);
    if (gap === 'never') {
      truth('payout_not_in_bank', judgedOn(p), op);
    } else if (gap === 'short') {
      // Short by a bank fee, within bank.pairTolerance (R$ 20,00 at least): the payout credited short.
      line(addBankBusinessDays(p, 1), op.amount - rng.int(100, 2_000), memo());
      truth('payout_amount_differs', judgedOn(p), op);
    } else if (gap === 'far') {
      // Two payout-like credits that are not this payout's: one in its window but further from its amount
      // than any tolerance, one near its amount but posted the day before it was fulfilled (in the
      // morning). The payout and each credit are findings of their own.
      truth('payout_not_in_bank', judgedOn(p), op);
      unexplained(openingDay(p), op.amount * 3 + rng.int(10_000, 300_000), memo());
      unexplained(previousDay(p), op.amount - rng.int(100, 1_000), memo());
    } else if (gap === 'reversed') {
      // Credited, then returned by the bank within the window: the money never stayed.
      const at = openingDay(p);
      line(at, op.amount, memo());
      line(addBankBusinessDays(at, 1), -op.amount, 'DEVOLUÇÃO PIX RECEBIDO');
      truth('payout_not_in_bank', judgedOn(p), op);
    } else if (gap === 'last-day') {
      line(addBankBusinessDays(p, SETTLE_DAYS), op.amount, memo());
    } else if (gap === 'first-hour') {
      // Fulfilled at 00:20, credited the evening before: the window opens the day before P.
      line(previousDay(p), op.amount, memo());
    } else if (gap === 'late-update') {
      // Fulfilled at 23:40, credited the next bank day, and updated again two days later (still
      // fulfilled): P stays the day it was first seen fulfilled.
      line(openingDay(nextDay(p)), op.amount, memo());
      addOpVersion(op, startMs + 2 * 24 * HOUR + 11 * HOUR, 'fulfilled', op.amount);
    } else if (payouts.length === 2 && rng.chance(0.5)) {
      line(openingDay(p), payouts[0]!.amount + payouts[1]!.amount, memo());
    } else {
      for (const one of payouts) line(rng.chance(0.6) ? openingDay(dayOf(one)) : addBankBusinessDays(dayOf(one), 1), one.amount, memo());
    }
    if (gap === 'unexplained') unexplained(openingDay(date), rng.int(10_000, 300_000), 'TED RECEBIDA REPASSE AVULSO');
    // The account's other life: a supplier paid, a bank fee, a cash deposit (no memo of the service).
    if (isBankBusinessDay(date)) {
      if (rng.chance(0.7)) line(date, -rng.int(10_000, 900_000), rng.pick(['PAG BOLETO FORNECEDOR', 'SISPAG FORNECEDORES', 'PGTO TITULO BANCO']));
      if (rng.chance(0.3)) line(date, -rng.int(500, 5_000), 'TARIFA BANCÁRIA');
      if (rng.chance(0.3)) line(date, rng.int(10_000, 200_000), 'DEPÓSITO DINHEIRO AG1234');
    }
  }
  history.operations.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
  lines.sort((a, b) => (a.postedOn < b.postedOn ? -1 : a.postedOn > b.postedOn ? 1 : 0));
  history.bank = { accountId: SANDBOX_MERCHANT.accountId, account: ACCOUNT, lines };
}

/**
 * The account's statement from `from` through `to` (days of the history): the lines posted in that span,
 * with the balances a bank prints, reckoned from an opening balance of zero on the history's first day.
 * A line that reaches the statements late (SandboxBank.arrivals) is in those of its night on only.
 */
export function statementOfDays(bank: SandboxBank, from: string, to: string): Statement {
  let opening = 0;
  let closing = 0;
  const lines: StatementLine[] = [];
  for (const line of bank.lines) {
    if (line.postedOn > to) break;
    const arrives = line.fitid === undefined ? undefined : bank.arrivals?.get(line.fitid);
    if (arrives !== undefined && arrives > to) continue;
    closing += line.amountCents;
    if (line.postedOn < from) opening += line.amountCents;
    else lines.push(line);
  }
  return { account: bank.account, periodStart: from, periodEnd: to, openingBalanceCents: opening, closingBalanceCents: closing, lines };
}
