// Matches the merchant's payouts to the credits of its bank statements (docs/bank.md). A payout may be
// credited in any account of its document (a merchant with two accounts under one CNPJ): those accounts
// are its pool. One payout to one credit of the same amount first: the credits in posting order, each
// to the open payout of that amount whose window holds it and ends first (the earliest-deadline rule,
// which leaves a credit a later window could also take to the payout that has no other). Then the
// payouts of one day still unmatched, summed, to one free credit; a day whose sum finds none may take
// the credit a single payout got, when that payout's window ends later and another credit of its amount
// is free for it. Last, each payout still unmatched is paired with a free credit in its window whose
// memo says it came from the service, within the pairing tolerance, the closest amounts first. A fixed order everywhere (payouts by
// day, update time and id; credits by day and line id), so the same facts always give the same answer.
// It runs in
// TS over the night's bounded set: each choice takes a credit from the next candidate, which SQL only
// says as a recursive walk.
import { DateTime } from 'luxon';

/** A fulfilled cash-out to the merchant's own document, with its day P and last day of its window W. */
export interface Payout {
  cashOutId: string;
  /** The document the payout was sent to: its pool of accounts. */
  document: string;
  expectedCents: number;
  /** P, YYYY-MM-DD: the local day the payout was first seen fulfilled. */
  day: string;
  /** The first day its credit may carry: P, or the day before P for a payout fulfilled in P's first hour. */
  windowStart: string;
  /** W, YYYY-MM-DD: the settleDays-th bank business day after P. */
  windowEnd: string;
  /** When it was first seen fulfilled (ms): its order among the payouts of one day. */
  fulfilledMs: number;
}

/** A statement line that put money in an account (amount > 0), with the document of that account. */
export interface Credit {
  accountId: string;
  document: string;
  lineId: string;
  /** YYYY-MM-DD. */
  postedOn: string;
  amountCents: number;
  memo: string;
}

type MatchedBy = 'exact' | 'sum' | 'paired' | 'none';

interface PayoutMatch {
  payout: Payout;
  credit: Credit | undefined;
  matchedBy: MatchedBy;
}

export interface PayoutMatching {
  /** One per payout, in the matching order. */
  payouts: PayoutMatch[];
  /** The credits whose memo matches the payout pattern that explain no payout, in posting order. */
  unexplained: Credit[];
}

const byPayoutOrder = (a: Payout, b: Payout) => cmp(a.day, b.day) || a.fulfilledMs - b.fulfilledMs || cmp(a.cashOutId, b.cashOutId);
const byCreditOrder = (a: Credit, b: Credit) => cmp(a.postedOn, b.postedOn) || cmp(a.lineId, b.lineId);

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The first day a payout's credit may carry: P itself, since a transfer is not credited before it is
 * made; the day before P only for a payout marked fulfilled in the first hour of P (local), which the
 * bank may have credited the evening before.
 */
export function windowStartOf(fulfilledMs: number, zone: string): string {
  const at = DateTime.fromMillis(fulfilledMs, { zone });
  const day = at.toISODate() ?? '';
  return at.hour === 0 ? (at.minus({ days: 1 }).toISODate() ?? day) : day;
}

/** How far a credit of another amount may be from a payout and still be its transfer (bank.pairTolerance). */
export interface PairTolerance {
  minCents: number;
  percent: number;
}

/** Whether a credit of `creditCents` may be payout `expectedCents` credited short or long: integer arithmetic only. */
export function withinTolerance(expectedCents: number, creditCents: number, tolerance: PairTolerance): boolean {
  const gap = Math.abs(creditCents - expectedCents);
  const basisPoints = Math.round(tolerance.percent * 100);
  return gap <= tolerance.minCents || gap * 10_000 <= Math.abs(expectedCents) * basisPoints;
}

const holds = (p: Payout, c: Credit) => c.document === p.document && c.postedOn >= p.windowStart && c.postedOn <= p.windowEnd;

export function matchPayouts(payouts: readonly Payout[], credits: readonly Credit[], memoPattern: RegExp, tolerance: PairTolerance): PayoutMatching {
  const ordered = [...payouts].sort(byPayoutOrder);
  const inOrder = [...credits].sort(byCreditOrder);
  const used = new Map<Credit, Payout[]>();
  const result = new Map<Payout, PayoutMatch>();
  const give = (c: Credit, members: Payout[], matchedBy: MatchedBy) => {
    used.set(c, members);
    for (const p of members) result.set(p, { payout: p, credit: c, matchedBy });
  };
  const freeFor = (p: Payout, fits: (c: Credit) => boolean) => inOrder.find((c) => !used.has(c) && holds(p, c) && fits(c));

  for (const c of inOrder) {
    const open = ordered.filter((p) => !result.has(p) && p.expectedCents === c.amountCents && holds(p, c));
    const first = open.sort((a, b) => cmp(a.windowEnd, b.windowEnd) || byPayoutOrder(a, b))[0];
    if (first) give(c, [first], 'exact');
  }

  // The payouts of one pool and day P still unmatched, summed: one credit may carry them all.
  const days = new Map<string, Payout[]>();
  for (const p of ordered) {
    if (result.has(p)) continue;
    const key = `${p.document}\u0000${p.day}`;
    days.set(key, [...(days.get(key) ?? []), p]);
  }
  for (const group of days.values()) {
    const head = group[0];
    if (head === undefined || group.length < 2) continue;
    const sum = group.reduce((total, p) => total + p.expectedCents, 0);
    const fits = (c: Credit) => c.amountCents === sum && group.every((p) => holds(p, c));
    const credit = freeFor(head, fits);
    if (credit) {
      give(credit, group, 'sum');
      continue;
    }
    // A credit of the sum a single payout took, whose own window ends later and holds another free credit of its amount.
    for (const c of inOrder) {
      const taker = used.get(c);
      const single = taker?.length === 1 ? taker[0] : undefined;
      if (!single || !fits(c) || single.windowEnd <= head.windowEnd) continue;
      const other = freeFor(single, (o) => o.amountCents === single.expectedCents);
      if (!other) continue;
      give(other, [single], 'exact');
      give(c, group, 'sum');
      break;
    }
  }

  // Paired: of every payout left and payout-like credit left in its window within the tolerance, the
  // closest amounts first (a credit 5,00 short of one payout is that payout's, not another's 150,00
  // away), then the earlier credit, then the payouts' order. A credit further off than the tolerance is
  // no evidence of this transfer: the payout and the credit stay two findings.
  const left = ordered.filter((p) => !result.has(p));
  const pairs = left.flatMap((p, rank) =>
    inOrder
      .filter((c) => !used.has(c) && holds(p, c) && memoPattern.test(c.memo) && withinTolerance(p.expectedCents, c.amountCents, tolerance))
      .map((c) => ({ p, c, rank, gap: Math.abs(c.amountCents - p.expectedCents) })),
  );
  pairs.sort((a, b) => a.gap - b.gap || byCreditOrder(a.c, b.c) || a.rank - b.rank);
  for (const { p, c } of pairs) if (!result.has(p) && !used.has(c)) give(c, [p], 'paired');
  for (const p of left) if (!result.has(p)) result.set(p, { payout: p, credit: undefined, matchedBy: 'none' });

  return {
    payouts: ordered.map((p) => result.get(p) as PayoutMatch),
    unexplained: inOrder.filter((c) => !used.has(c) && memoPattern.test(c.memo)),
  };
}
