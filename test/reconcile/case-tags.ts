// Many table cases in one warehouse and one night, each as if alone. A night's reconcile is a few dozen
// DuckDB statements whose cost hardly depends on the rows, so a case per warehouse and per night made the
// rules' tables most of the unit run. Batched, each case's ids carry a tag of its own (`k7-A` for `A`):
// no two cases share an order, payment, payout or bank account, and every row a night writes about a
// case names its tag. A case's findings are the rows that name its tag, the tag removed, so it asserts
// what it asserted alone. What ids cannot keep apart goes in groups of its own: the night's day (a later
// night carries an earlier one's findings) and anything else a rule reads across items.
// test/reconcile/batched-as-alone.test.ts (e2e) runs every case both ways and compares.
import type { OpRow, OrderRow, TxRow } from './fixtures.ts';

/**
 * The tag of the case at `index` of its table. No tag is part of another ("k1-" is not in "k11-"), and
 * no id of the tables holds "k<digits>-".
 */
export const tagOf = (index: number): string => `k${index}-`;

/** The row with the tag before each of its `keys` that holds text; null and absent stay as they are. */
function tagKeys<T extends object>(tag: string, row: T, keys: readonly (keyof T)[]): T {
  const out: T = { ...row };
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'string') out[key] = `${tag}${value}` as T[keyof T];
  }
  return out;
}

export const tagOrder = (tag: string, r: OrderRow): OrderRow => tagKeys(tag, r, ['item_id', 'transaction_id', 'nsu', 'authorization_code']);

// An item_id left out stays out: the fixture derives it from the (tagged) transaction id.
export const tagTx = (tag: string, r: TxRow): TxRow => tagKeys(tag, r, ['transaction_id', 'item_id', 'nsu', 'authorization_code']);

export const tagOp = (tag: string, r: OpRow): OpRow => tagKeys(tag, r, ['operation_id', 'item_id']);

/** The lines that name `tag`, in their order, with the tag removed: what the case would have seen alone. */
export function ownLines(tag: string, lines: readonly string[]): string[] {
  return lines.filter((line) => line.includes(tag)).map((line) => line.replaceAll(tag, ''));
}

/** The lines that name no tag of `tags`: a row no case owns is a row some case would have missed. */
export function unownedLines(tags: readonly string[], lines: readonly string[]): string[] {
  return lines.filter((line) => !tags.some((tag) => line.includes(tag)));
}

/** The cases with their tags (by their place in the table), grouped by `keyOf`, in first-seen order. */
export function groupCases<C>(cases: readonly C[], keyOf: (c: C) => string): { key: string; members: { c: C; tag: string }[] }[] {
  const groups = new Map<string, { c: C; tag: string }[]>();
  cases.forEach((c, i) => {
    const key = keyOf(c);
    groups.set(key, [...(groups.get(key) ?? []), { c, tag: tagOf(i) }]);
  });
  return [...groups].map(([key, members]) => ({ key, members }));
}
