// Late bank credits (with GenerateOptions.resolutions and a bank statement): a payout the sandbox planted as
// never credited is credited after all, on a day inside its window, but the line only reaches the account's
// statement one to five days after the night that reported the payout missing, as a bank's late or
// corrected statement brings it. The night whose statement first holds it resolves the finding (docs/bank.md:
// a carried payout is read again when a statement brings new lines in its window); the ground truth names
// that night. A payout with a credit near its amount (credited short, returned, or one near it but
// outside its window) is left as planted, so its other findings stay as they were. Drawn from an rng
// stream of its own after the rest of the history is built.
import { DateTime } from 'luxon';
import { addBankBusinessDays } from '../bank/bank-days.ts';
import { businessDateOf } from '../shared/business-day.ts';
import type { SandboxHistory } from './model.ts';
import { Rng } from './rng.ts';

const LATE_DAYS = 5;
/** A credit within this share of a payout's amount (basis points) counts as near it. */
const NEAR_BASIS_POINTS = 500;
const MEMO = 'REPASSE RECON PAGAMENTOS';

const plusDays = (date: string, n: number) => DateTime.fromISO(date, { zone: 'UTC' }).plus({ days: n }).toISODate() ?? '';

export function planLateCredits(history: SandboxHistory): void {
  const bank = history.bank;
  if (!bank) return;
  const rng = new Rng(history.seed, 10);
  const ops = new Map(history.operations.map((op) => [op.id, op]));
  const arrivals = new Map(bank.arrivals ?? []);
  let fitid = bank.lines.reduce((max, l) => Math.max(max, Number(l.fitid?.slice(3)) || 0), 0);
  for (const d of history.discrepancies) {
    if (d.category !== 'payout_not_in_bank') continue;
    const arrives = plusDays(d.date, rng.int(1, LATE_DAYS));
    const op = ops.get(d.operation_id ?? '');
    const fulfilled = op?.versions.find((v) => v.status === 'fulfilled');
    if (!op || !fulfilled || arrives > history.endDate) continue;
    if (bank.lines.some((l) => Math.abs(l.amountCents - op.amount) * 10_000 <= op.amount * NEAR_BASIS_POINTS)) continue;
    // The payout's day P, and a credit the next bank business day: inside its window.
    const postedOn = addBankBusinessDays(businessDateOf(fulfilled.atMs, history.timezone), 1);
    const id = `SBX${String(++fitid).padStart(8, '0')}`;
    bank.lines.push({ postedOn, amountCents: op.amount, type: 'credit', fitid: id, memo: MEMO, documentNumber: undefined });
    arrivals.set(id, arrives);
    d.resolved = arrives;
  }
  bank.lines.sort((a, b) => (a.postedOn < b.postedOn ? -1 : a.postedOn > b.postedOn ? 1 : 0));
  bank.arrivals = arrivals;
}
