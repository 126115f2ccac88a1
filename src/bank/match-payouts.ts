// Matches the merchant's payouts to the credits of its bank statements, per account (docs/bank.md):
// one payout to one credit of the same amount first, then a day's payouts summed into one credit, then
// each payout still unmatched paired with a credit of another amount whose memo says it came from the
// service. Greedy in a fixed order (payouts by day, update time and id; credits by posting day and
// line id), so the same facts always give the same answer. This runs in TS over the night's bounded
// set rather than in SQL: each step takes credits away from the next payout, which a set-based query
// can only express as a recursive walk that says far less plainly what it does.

/** A fulfilled cash-out to the merchant's own document, with its day P and last day of its window W. */
export interface Payout {
  cashOutId: string;
  accountId: string;
  expectedCents: number;
  /** P, YYYY-MM-DD. */
  day: string;
  /** W, YYYY-MM-DD: the settleDays-th bank business day after P. */
  windowEnd: string;
  updatedMs: number;
}

/** A statement line that put money in the account (amount > 0). */
export interface Credit {
  accountId: string;
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

const byPayoutOrder = (a: Payout, b: Payout) => cmp(a.day, b.day) || a.updatedMs - b.updatedMs || cmp(a.cashOutId, b.cashOutId);
const byCreditOrder = (a: Credit, b: Credit) => cmp(a.postedOn, b.postedOn) || cmp(a.lineId, b.lineId);

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function matchPayouts(payouts: readonly Payout[], credits: readonly Credit[], memoPattern: RegExp): PayoutMatching {
  const ordered = [...payouts].sort(byPayoutOrder);
  const free = [...credits].sort(byCreditOrder);
  const used = new Set<Credit>();
  const result = new Map<Payout, PayoutMatch>();
  // The nearest free credit of the payout's account in its window that `fits`: the earliest, since no
  // credit before P is in the window; on the same day, the smaller line id (the credits' order).
  const nearest = (p: Payout, fits: (c: Credit) => boolean) =>
    free.find((c) => !used.has(c) && c.accountId === p.accountId && c.postedOn >= p.day && c.postedOn <= p.windowEnd && fits(c));
  const take = (p: Payout, credit: Credit | undefined, matchedBy: MatchedBy) => {
    if (credit) used.add(credit);
    result.set(p, { payout: p, credit, matchedBy });
  };

  for (const p of ordered) {
    const credit = nearest(p, (c) => c.amountCents === p.expectedCents);
    if (credit) take(p, credit, 'exact');
  }

  // The payouts of one account and day P still unmatched, summed: one credit may carry them all.
  const days = new Map<string, Payout[]>();
  for (const p of ordered) {
    if (result.has(p)) continue;
    const key = `${p.accountId}\u0000${p.day}`;
    days.set(key, [...(days.get(key) ?? []), p]);
  }
  for (const group of days.values()) {
    const first = group[0];
    if (first === undefined || group.length < 2) continue;
    const sum = group.reduce((total, p) => total + p.expectedCents, 0);
    const credit = nearest(first, (c) => c.amountCents === sum);
    if (!credit) continue;
    used.add(credit);
    for (const p of group) result.set(p, { payout: p, credit, matchedBy: 'sum' });
  }

  for (const p of ordered) {
    if (result.has(p)) continue;
    take(
      p,
      nearest(p, (c) => memoPattern.test(c.memo)),
      'paired',
    );
    const match = result.get(p);
    if (match && match.credit === undefined) match.matchedBy = 'none';
  }

  return {
    payouts: ordered.map((p) => result.get(p) as PayoutMatch),
    unexplained: free.filter((c) => !used.has(c) && memoPattern.test(c.memo)),
  };
}
