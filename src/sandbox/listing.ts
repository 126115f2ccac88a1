// The two listings as response bodies: binary search on date_created over the created-ordered indexes,
// newest first, O(page) per request for transactions; a cached filtered list for operations. Pages are
// built as bytes (page-bytes.ts) and kept in a small cache keyed by everything that shapes them.
import type { MsRange, ListingQuery } from './query.ts';
import { QueryError } from './query.ts';
import type { SandboxState } from './state.ts';
import { operationJson, transactionJson } from './serialize.ts';
import { PageWriter, type BufferPool, type PageCache } from './page-bytes.ts';
import { writeTransactionRow } from './row-bytes.ts';

const LISTED_STATUSES = new Set(['processing', 'paid', 'review', 'refused', 'refunded', 'chargeback']);
const EMPTY = new Int32Array(0);
/** A generous average row size, so a page is usually written without growing its buffer. */
const ROW_BYTES_ESTIMATE = 600;

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

function envelopeHead(kind: 'transactions' | 'operations', total: number, query: ListingQuery): string {
  return `{"total":${total},"page":${query.page},"offset":${Math.ceil(total / query.count)},"${kind}":[`;
}

function inRange(ms: number, range: MsRange): boolean {
  return ms >= range.lo && ms <= range.hi;
}

/** A page's bytes; release() once they were written (they may live in a recycled buffer). */
export interface PageBody {
  bytes: Buffer;
  release(): void;
}

/** Where the server keeps built pages and page buffers. */
export interface PageStore {
  cache?: PageCache;
  pool?: BufferPool;
}

const NOTHING_TO_RELEASE = () => {};

/** Finishes a page: cached pages are copies that own their memory; others stay in the writer's buffer. */
function finishPage(out: PageWriter, store: PageStore, key: string | undefined): PageBody {
  const cache = store.cache;
  if (key !== undefined && cache && out.pos <= cache.maxPageBytes) {
    const bytes = out.copy();
    out.release();
    cache.set(key, bytes);
    return { bytes, release: NOTHING_TO_RELEASE };
  }
  if (!store.pool) return { bytes: out.copy(), release: NOTHING_TO_RELEASE };
  return { bytes: out.bytes(), release: () => out.release() };
}

function cachedPage(store: PageStore, key: string): PageBody | undefined {
  const bytes = store.cache?.get(key);
  return bytes && { bytes, release: NOTHING_TO_RELEASE };
}

/** The page as text (tests and tools); the server sends transactionsPageBytes. */
export function transactionsPage(state: SandboxState, query: ListingQuery, faults: RowFaults = NO_ROW_FAULTS): string {
  return transactionsPageBytes(state, query, faults).bytes.toString('utf8');
}

export function transactionsPageBytes(state: SandboxState, query: ListingQuery, faults: RowFaults = NO_ROW_FAULTS, store: PageStore = {}): PageBody {
  if (query.status !== undefined && !LISTED_STATUSES.has(query.status)) {
    throw new QueryError('status', `parameter status must be one of ${[...LISTED_STATUSES].join(', ')}, got "${query.status}"`);
  }
  const index = state.listingIndex();
  const now = state.now();
  const txs = state.history.transactions;

  if (query.transactionId !== undefined) {
    const tx = state.transaction(query.transactionId);
    const v = tx?.versions[tx.cur];
    const visible =
      tx !== undefined &&
      v !== undefined &&
      tx.createdMs <= now &&
      v.status !== 'rejected' &&
      !state.hidden.has(tx.serial) &&
      inRange(tx.createdMs, query.dateCreated) &&
      (query.status === undefined || query.status === v.status);
    const out = new PageWriter(1024);
    out.write(envelopeHead('transactions', visible ? 1 : 0, query));
    if (visible && query.page === 1) out.write(transactionJson(tx, v, { dropItemId: faults.dropsItemId(tx.serial) }));
    out.write(']}');
    return finishPage(out, {}, undefined);
  }

  const order = query.status === undefined ? index.listable : (index.byStatus.get(query.status) ?? EMPTY);
  const lo = lowerBound(order, txs, query.dateCreated.lo);
  const hi = lowerBound(order, txs, Math.min(query.dateCreated.hi, now) + 1);
  const total = Math.max(0, hi - lo);
  // The rows shown are fixed by the state version (versions in force, hidden rows) and the [lo, hi) slice.
  const key = `t|${state.version}|${query.status ?? ''}|${lo}|${hi}|${query.count}|${query.page}`;
  const cached = cachedPage(store, key);
  if (cached) return cached;
  const first = hi - 1 - (query.page - 1) * query.count;
  const last = Math.max(lo, first - query.count + 1);
  const out = new PageWriter(Math.max(0, first - last + 1) * ROW_BYTES_ESTIMATE + 128, store.pool);
  out.write(envelopeHead('transactions', total, query));
  for (let p = first; p >= last; p--) {
    const tx = txs[order[p]!]!;
    if (p !== first) out.write(',');
    writeTransactionRow(out, tx, tx.versions[tx.cur]!, faults.dropsItemId(tx.serial));
  }
  out.write(']}');
  return finishPage(out, store, key);
}

const opCache = new WeakMap<SandboxState, Map<string, { version: number; order: Int32Array }>>();

export function operationsPageBytes(state: SandboxState, query: ListingQuery, store: PageStore = {}): PageBody {
  const now = state.now();
  const ops = state.history.operations;
  const filter = `${query.dateCreated.lo}|${query.dateCreated.hi}|${query.dateUpdated.lo}|${query.dateUpdated.hi}|${query.customerDocumentNumber ?? ''}`;
  let filtered = opCache.get(state);
  if (!filtered) {
    filtered = new Map();
    opCache.set(state, filtered);
  }
  let hit = filtered.get(filter);
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
    if (filtered.size > 64) filtered.delete(filtered.keys().next().value!);
    filtered.set(filter, hit);
  }
  const hi = lowerBound(hit.order, ops, now + 1);
  const key = `o|${state.version}|${filter}|${hi}|${query.count}|${query.page}`;
  const cached = cachedPage(store, key);
  if (cached) return cached;
  const first = hi - 1 - (query.page - 1) * query.count;
  const last = Math.max(0, first - query.count + 1);
  const out = new PageWriter(Math.max(0, first - last + 1) * ROW_BYTES_ESTIMATE + 128, store.pool);
  out.write(envelopeHead('operations', hi, query));
  for (let p = first; p >= last; p--) {
    const op = ops[hit.order[p]!]!;
    const row = operationJson(op, op.versions[op.cur]!);
    out.write(p === first ? row : `,${row}`);
  }
  out.write(']}');
  return finishPage(out, store, key);
}
