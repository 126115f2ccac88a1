// Credits the bank took back: a Pix or TED returned to its sender shows in the statement as a credit
// and, a day or two later, a debit of the same amount ("DEVOLUÇÃO PIX", "ESTORNO TED"). Such a credit
// never reached the merchant, so it explains no payout and is no unexplained credit either
// (docs/bank.md). Pure: the night's payout matching (src/reconcile/payouts.ts) calls it on its view.
import { addBankBusinessDays } from './bank-days.ts';
import type { Credit } from './match-payouts.ts';

/** A statement line that took money out (amount < 0) whose memo says it returns a credit. */
export interface ReturnDebit {
  accountId: string;
  lineId: string;
  /** YYYY-MM-DD. */
  postedOn: string;
  /** Negative. */
  amountCents: number;
  memo: string;
}

export interface ReturnedCredits {
  /** The credits still standing, in the order given. */
  kept: Credit[];
  /** Each credit returned, with the debit that returned it. */
  returned: { credit: Credit; debit: ReturnDebit }[];
}

const byPosting = (a: { postedOn: string; lineId: string }, b: { postedOn: string; lineId: string }) =>
  a.postedOn < b.postedOn ? -1 : a.postedOn > b.postedOn ? 1 : a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0;

/**
 * Each return debit (memo matching `pattern`), in posting order, takes back one credit of its account
 * and amount posted on or before it and no more than `settleDays` bank business days earlier: the
 * latest such credit not yet taken (a return follows the transfer it returns). A debit that finds none
 * is an ordinary debit.
 */
export function dropReturnedCredits(credits: readonly Credit[], debits: readonly ReturnDebit[], pattern: RegExp, settleDays: number): ReturnedCredits {
  const returned: ReturnedCredits['returned'] = [];
  const taken = new Set<Credit>();
  const inOrder = [...credits].sort(byPosting);
  for (const debit of [...debits].sort(byPosting)) {
    if (debit.amountCents >= 0 || !pattern.test(debit.memo)) continue;
    const credit = inOrder.findLast(
      (c) =>
        !taken.has(c) &&
        c.accountId === debit.accountId &&
        c.amountCents === -debit.amountCents &&
        c.postedOn <= debit.postedOn &&
        debit.postedOn <= addBankBusinessDays(c.postedOn, settleDays),
    );
    if (credit === undefined) continue;
    taken.add(credit);
    returned.push({ credit, debit });
  }
  return { kept: credits.filter((c) => !taken.has(c)), returned };
}
