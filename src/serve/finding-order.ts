// The findings table's default order: what a morning starts with on top. The findings new tonight
// first, then the most money at stake (the one figure of amount-at-stake.ts), so the rows a decision is
// most worth are the first a reader sees; the same order the page's query reads them in (queries.ts),
// so a capped table keeps those rows. A click on a column's header still sorts by it (table.js).
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import type { FindingRow } from './queries.ts';

/** Sorts a copy of the rows: new tonight first, then by amount at stake, descending; ties keep their order. */
export function sortByDefaultOrder<Row extends { row: FindingRow; lifecycle: string }>(rows: readonly Row[]): Row[] {
  const keyed = rows.map((r, i) => ({ r, i, isNew: r.lifecycle === 'new', stake: amountAtStakeOf(r.row) }));
  keyed.sort((a, b) => {
    if (a.isNew !== b.isNew) return a.isNew ? -1 : 1;
    if (a.stake !== b.stake) return a.stake > b.stake ? -1 : 1;
    return a.i - b.i;
  });
  return keyed.map((k) => k.r);
}
