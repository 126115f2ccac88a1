// The sandbox merchant's own bank account: payouts of the service to the merchant's CNPJ (fulfilled
// cash-outs, extra operations after the history's own, so no earlier id changes) and the statement of
// the account, day by day. Each payout is credited 0 or 1 bank business days after its day P (memo
// matching bank.payoutMemoPattern's default), some days' payouts summed into one credit, among unrelated
// debits and credits. Planted gaps, each in the ground truth on the night docs/bank.md says first
// reports it: a payout never credited, one credited short, a payout-like credit no payout explains;
// and one payout credited on the last day of its window, which is no finding. Drawn from an rng stream
// of their own, so the rest of the history stays as the seed always made it.
import { DateTime } from 'luxon';
import { addBankBusinessDays, isBankBusinessDay } from '../bank/bank-days.ts';
import type { Statement, StatementAccount, StatementLine } from '../bank/statement.ts';
import { businessDateOf, businessDayOf } from '../shared/business-day.ts';
import { addOpVersion } from './builder.ts';
import { HOUR, MINUTE } from './calendar.ts';
import { SANDBOX_MERCHANT } from './config-facts.ts';
import type { SandboxBank, SandboxHistory, SandboxOperation } from './model.ts';
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
  const newPayout = (dayStartMs: number): SandboxOperation => {
    const serial = history.nextSerial.operation++;
    const t = dayStartMs + 10 * HOUR + rng.int(0, 7 * 60) * MINUTE;
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
    addOpVersion(op, t + rng.int(30, 120) * MINUTE, 'fulfilled', amount);
    history.operations.push(op);
    return op;
  };
  const dayOf = (op: SandboxOperation) => businessDateOf(op.versions[op.versions.length - 1]!.atMs, zone);
  const judgedOn = (p: string) => nextDay(addBankBusinessDays(p, SETTLE_DAYS));
  const memo = () => rng.pick(['PIX RECEBIDO PAGAMENTOS RECON', 'TED RECEBIDA PAGTOS RECON SA', 'REPASSE RECON PAGAMENTOS']);

  // The gaps go on days far enough apart that no window holds two of them: a payout-like credit left
  // free inside another payout's window would be paired with it.
  const dates: string[] = [];
  for (let d = history.startDate; d <= history.endDate; d = nextDay(d)) dates.push(d);
  const gaps = new Map<string, 'never' | 'short' | 'last-day' | 'unexplained'>();
  // The payout credited on W is matched before any pairing: it needs no room of its own.
  if (dates[0] !== undefined) gaps.set(dates[0], 'last-day');
  let free = dates[1];
  for (const kind of ['never', 'short', 'unexplained'] as const) {
    if (free === undefined || judgedOn(free) > history.endDate) break;
    gaps.set(free, kind);
    free = nextDay(addBankBusinessDays(judgedOn(free), 1));
  }

  for (const date of dates) {
    const startMs = businessDayOf(date, zone).startMs;
    const gap = gaps.get(date);
    const payouts = [newPayout(startMs), ...(gap === undefined && rng.chance(0.4) ? [newPayout(startMs)] : [])];
    const p = dayOf(payouts[0]!);
    if (gap === 'never') {
      history.discrepancies.push({ category: 'payout_not_in_bank', date: judgedOn(p), item_id: payouts[0]!.itemId, operation_id: payouts[0]!.id });
    } else if (gap === 'short') {
      const op = payouts[0]!;
      line(addBankBusinessDays(p, 1), op.amount - rng.int(100, 5_000), memo());
      history.discrepancies.push({ category: 'payout_amount_differs', date: judgedOn(p), item_id: op.itemId, operation_id: op.id });
    } else if (gap === 'last-day') {
      line(addBankBusinessDays(p, SETTLE_DAYS), payouts[0]!.amount, memo());
    } else if (payouts.length === 2 && rng.chance(0.5)) {
      line(openingDay(p), payouts[0]!.amount + payouts[1]!.amount, memo());
    } else {
      for (const op of payouts) line(rng.chance(0.6) ? openingDay(dayOf(op)) : addBankBusinessDays(dayOf(op), 1), op.amount, memo());
    }
    if (gap === 'unexplained') {
      const at = openingDay(date);
      const before = lines.length;
      line(at, rng.int(10_000, 300_000), 'TED RECEBIDA REPASSE AVULSO');
      const planted = lines[before];
      if (planted) history.discrepancies.push({ category: 'bank_credit_unexplained', date: judgedOn(at), line_id: planted.fitid ?? '' });
    }
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
 */
export function statementOfDays(bank: SandboxBank, from: string, to: string): Statement {
  let opening = 0;
  let closing = 0;
  const lines: StatementLine[] = [];
  for (const line of bank.lines) {
    if (line.postedOn > to) break;
    closing += line.amountCents;
    if (line.postedOn < from) opening += line.amountCents;
    else lines.push(line);
  }
  return { account: bank.account, periodStart: from, periodEnd: to, openingBalanceCents: opening, closingBalanceCents: closing, lines };
}
