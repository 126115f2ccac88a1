// The findings table's default order: what a morning starts with on top. The findings new tonight
// first, then the most money at stake (the one figure of amount-at-stake.ts), so the rows a decision is
// most worth are the first a reader sees; the same order the page's query reads them in (queries.ts) and
// the snapshot's rows are cut in while a job holds the warehouse, so a capped table keeps those rows. A
// click on a column's header still sorts by it (table.js).
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import type { Finding } from '../shared/finding.ts';

type Ordered = Pick<Finding, 'key' | 'category' | 'orderAmountCents' | 'paymentAmountCents' | 'differenceCents'>;

/**
 * Sorts a copy of the items: new tonight first (the lifecycle the night computed, whatever the triage),
 * then by amount at stake, descending, then by key (as the query's ORDER BY: the same rows in the same order
 * from the warehouse and from the snapshot).
 */
export function sortByDefaultOrder<T>(items: readonly T[], of: (item: T) => { lifecycle: string; finding: Ordered }): T[] {
  const keyed = items.map((item) => {
    const { lifecycle, finding } = of(item);
    return { item, key: finding.key, isNew: lifecycle === 'new', stake: amountAtStakeOf(finding) };
  });
  keyed.sort((a, b) => {
    if (a.isNew !== b.isNew) return a.isNew ? -1 : 1;
    if (a.stake !== b.stake) return a.stake > b.stake ? -1 : 1;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return keyed.map((k) => k.item);
}
