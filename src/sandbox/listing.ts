// The two listings as response bodies: binary search on date_created over the created-ordered indexes,
// newest first, O(page) per request for transactions; a cached filtered list for operations.
import type { MsRange, ListingQuery } from './query.ts';
import { QueryError } from './query.ts';
import type { SandboxState } from './state.ts';
import { operationJson, transactionJson } from './serialize.ts';
import type { SandboxTransaction } from './model.ts';

export const LISTED_STATUSES = new Set(['processing', 'paid', 'review', 'refused', 'refunded', 'chargeback']);
const EMPTY = new Int32Array(0);

export interface RowFaults {
  dropsItemId(serial: number): boolean;
}

const NO_ROW_FAULTS: RowFaults = { dropsItemId: () => false };

/** First position p in `order` whose created time is >= ms. */
function lowerBound(order: Int32Array, rows: readonly { createdMs: number }[], ms: number): number {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[order[mid]!]!.createdMs < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function envelope(kind: 'transactions' | 'operations', total: number, query: ListingQuery, rows: string[]): string {
  const offset = Math.ceil(total / query.count);
  return `{"total":${total},"page":${query.page},"offset":${offset},"${kind}":[${rows.join(',')}]}`;
}

function inRange(ms: number, range: MsRange): boolean {
  return ms >= range.lo && ms <= range.hi;
}

export function transactionsPage(state: SandboxState, query: ListingQuery, faults: RowFaults = NO_ROW_FAULTS): string {
  if (query.status !== undefined && !LISTED_STATUSES.has(query.status)) {
    throw new QueryError('status', `parameter status must be one of ${[...LISTED_STATUSES].join(', ')}, got "${query.status}"`);
  }
  const index = state.listingIndex();
  const now = state.now();
  const txs = state.history.transactions;
  const row = (tx: SandboxTransaction) => transactionJson(tx, tx.versions[tx.cur]!, { dropItemId: faults.dropsItemId(tx.serial) });

  if (query.transactionId !== undefined) {
    const tx = state.transaction(query.transactionId);
    const v = tx?.versions[tx.cur];
    const visible =
      tx !== undefined && v !== undefined && tx.createdMs <= now && v.status !== 'rejected' && !state.hidden.has(tx.serial) &&
      inRange(tx.createdMs, query.dateCreated) && (query.status === undefined || query.status === v.status);
    return envelope('transactions', visible ? 1 : 0, query, visible && query.page === 1 ? [row(tx)] : []);
  }

  const order = query.status === undefined ? index.listable : index.byStatus.get(query.status) ?? EMPTY;
  const lo = lowerBound(order, txs, query.dateCreated.lo);
  const hi = lowerBound(order, txs, Math.min(query.dateCreated.hi, now) + 1);
  const total = Math.max(0, hi - lo);
  const rows: string[] = [];
  const first = hi - 1 - (query.page - 1) * query.count;
  for (let p = first; p >= lo && p > first - query.count; p--) rows.push(row(txs[order[p]!]!));
  return envelope('transactions', total, query, rows);
}

const opCache = new WeakMap<SandboxState, Map<string, { version: number; order: Int32Array }>>();

export function operationsPage(state: SandboxState, query: ListingQuery): string {
  const now = state.now();
  const ops = state.history.operations;
  const key = `${query.dateCreated.lo}|${query.dateCreated.hi}|${query.dateUpdated.lo}|${query.dateUpdated.hi}|${query.customerDocumentNumber ?? ''}`;
  let cache = opCache.get(state);
  if (!cache) opCache.set(state, (cache = new Map()));
  let hit = cache.get(key);
  if (!hit || hit.version !== state.version) {
    const picked: number[] = [];
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      if (!inRange(op.createdMs, query.dateCreated)) continue;
      if (!inRange(op.versions[op.cur]!.atMs, query.dateUpdated)) continue;
      if (query.customerDocumentNumber !== undefined && op.document !== query.customerDocumentNumber) continue;
      picked.push(i);
    }
    hit = { version: state.version, order: Int32Array.from(picked) };
    if (cache.size > 64) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  const hi = lowerBound(hit.order, ops, now + 1);
  const rows: string[] = [];
  const first = hi - 1 - (query.page - 1) * query.count;
  for (let p = first; p >= 0 && p > first - query.count; p--) {
    const op = ops[hit.order[p]!]!;
    rows.push(operationJson(op, op.versions[op.cur]!));
  }
  return envelope('operations', hi, query, rows);
}
