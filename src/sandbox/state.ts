// The sandbox's live state: which version of each record is in force at the clock's now, the indexes the
// listings use, and the mutations tests and the admin routes apply. Events are applied lazily and in time
// order while the clock moves forward (the common case); a clock that moves back, or a mutation, triggers
// one full recompute. Indexes (listable rows, rows per status) are rebuilt only when something changed.
import type { Clock } from '../shared/clock.ts';
import type { CardBrand } from '../shared/domain.ts';
import type { ApiOperation, ApiTransaction } from '../shared/tables.ts';
import { QueryError } from './query.ts';
import { addOpVersion, addTxVersion } from './builder.ts';
import {
  versionIndexAt,
  type OrderExportStatus,
  type SandboxHistory,
  type SandboxOperation,
  type SandboxOrder,
  type SandboxTransaction,
  type TxVersion,
} from './model.ts';
import { orderStateAt } from './order-timeline.ts';
import { DEFAULT_PRICING, type BrandPricing, type PricingTable } from './pricing.ts';
import { operationJson, transactionJson } from './serialize.ts';

export interface ListingIndex {
  version: number;
  /** Indexes into history.transactions of rows a listing may show (not rejected, not hidden), created order. */
  listable: Int32Array;
  byStatus: Map<string, Int32Array>;
}

export interface MutationOptions {
  /** Also record the change in the merchant's order (status Estornado), so no finding arises. */
  recordInOrder?: boolean;
}

export function notFound(kind: string, id: string): QueryError {
  return new QueryError(kind === 'operation' ? 'operation' : 'transaction', `${kind} ${id} not found`, 404);
}

function conflict(type: string, message: string): QueryError {
  return new QueryError(type, message);
}

export class SandboxState {
  /** Bumps whenever anything a listing shows may have changed. */
  version = 0;
  /** Serials of transactions hidden by the late-visibility fault until a covering listing reveals them. */
  readonly hidden = new Set<number>();
  /** The installment pricing GET /v1/installments answers from now (setBrandPricing changes it). */
  pricing: PricingTable = DEFAULT_PRICING;
  /** GET /v1/installments requests answered (errors included), for tests of a client's call budget. */
  installmentCalls = 0;
  /** Every postback attempt, for tests and the demo. */
  readonly postbacks: { url: string; status: number | string; body: string; headers: Record<string, string> }[] = [];

  private appliedAt = Number.NEGATIVE_INFINITY;
  private dirty = true;
  private eventAt = new Float64Array(0);
  private eventRef = new Int32Array(0);
  private eventPtr = 0;
  private index: ListingIndex | undefined;
  private txById: Map<string, number> | undefined;
  private opById: Map<string, number> | undefined;
  private orderByItem: Map<string, SandboxOrder> | undefined;
  /**
   * Listeners told about each change of the generated history's timelines as the clock passes it
   * (transaction, index of the version now in force); not on a full recompute (a clock moved back).
   */
  readonly timelineListeners: ((tx: SandboxTransaction, version: number) => void)[] = [];
  /** Listeners told the clock's now each time it is read, events applied (planted notifications). */
  readonly clockListeners: ((now: number) => void)[] = [];
  /** Listeners told about status changes (postbacks). */
  readonly listeners: ((tx: SandboxTransaction, oldStatus: string, v: TxVersion) => void)[] = [];

  constructor(
    readonly history: SandboxHistory,
    readonly clock: Clock,
  ) {}

  /** The clock's now, with every event up to it applied. */
  now(): number {
    const now = this.clock.now();
    this.advanceTo(now);
    for (const listener of this.clockListeners) listener(now);
    return now;
  }

  private advanceTo(now: number): void {
    if (this.dirty || now < this.appliedAt) {
      this.recompute(now);
      return;
    }
    const { transactions, operations } = this.history;
    let changed = false;
    while (this.eventPtr < this.eventAt.length && this.eventAt[this.eventPtr]! <= now) {
      const ref = this.eventRef[this.eventPtr++]!;
      const rec = ref >= 0 ? transactions[ref]! : operations[-ref - 1]!;
      const before = rec.cur;
      rec.cur = versionIndexAt(rec.versions, now);
      if (ref >= 0) for (let k = before + 1; k <= rec.cur; k++) for (const listener of this.timelineListeners) listener(rec as SandboxTransaction, k);
      changed = true;
    }
    this.appliedAt = now;
    if (changed) this.version++;
  }

  private recompute(now: number): void {
    const { transactions, operations } = this.history;
    const at: number[] = [];
    const ref: number[] = [];
    for (let i = 0; i < transactions.length; i++) {
      const tx = transactions[i]!;
      tx.cur = tx.versions.length === 1 ? 0 : versionIndexAt(tx.versions, now);
      for (let k = 1; k < tx.versions.length; k++) {
        if (tx.versions[k]!.atMs > now) {
          at.push(tx.versions[k]!.atMs);
          ref.push(i);
        }
      }
    }
    for (let j = 0; j < operations.length; j++) {
      const op = operations[j]!;
      op.cur = versionIndexAt(op.versions, now);
      for (let k = 1; k < op.versions.length; k++) {
        if (op.versions[k]!.atMs > now) {
          at.push(op.versions[k]!.atMs);
          ref.push(-j - 1);
        }
      }
    }
    const order = at.map((_, i) => i).sort((a, b) => at[a]! - at[b]!);
    this.eventAt = Float64Array.from(order, (i) => at[i]!);
    this.eventRef = Int32Array.from(order, (i) => ref[i]!);
    this.eventPtr = 0;
    this.appliedAt = now;
    this.dirty = false;
    this.version++;
  }

  /** Marks the timelines changed (mutation, insert): the next access recomputes. */
  invalidate(): void {
    this.dirty = true;
    this.version++;
  }

  /** The listing index as of now (rebuilt only when the state changed). */
  listingIndex(): ListingIndex {
    this.now();
    if (this.index?.version === this.version) return this.index;
    const txs = this.history.transactions;
    const listable: number[] = [];
    const byStatus = new Map<string, number[]>();
    for (let i = 0; i < txs.length; i++) {
      const tx = txs[i]!;
      const status = tx.versions[tx.cur]!.status;
      if (status === 'rejected' || (this.hidden.size > 0 && this.hidden.has(tx.serial))) continue;
      listable.push(i);
      let list = byStatus.get(status);
      if (!list) {
        list = [];
        byStatus.set(status, list);
      }
      list.push(i);
    }
    this.index = {
      version: this.version,
      listable: Int32Array.from(listable),
      byStatus: new Map([...byStatus].map(([s, l]) => [s, Int32Array.from(l)])),
    };
    return this.index;
  }

  /** Reveals hidden (late-visible) rows created within [loMs, hiMs]. */
  reveal(loMs: number, hiMs: number): void {
    if (this.hidden.size === 0) return;
    let revealed = false;
    for (const serial of this.hidden) {
      const tx = this.transactionBySerial(serial);
      if (tx && tx.createdMs >= loMs && tx.createdMs <= hiMs) {
        this.hidden.delete(serial);
        revealed = true;
      }
    }
    if (revealed) this.version++;
  }

  private serialIndex: Map<number, SandboxTransaction> | undefined;
  private transactionBySerial(serial: number): SandboxTransaction | undefined {
    if (!this.serialIndex) this.serialIndex = new Map(this.history.transactions.map((t) => [t.serial, t]));
    return this.serialIndex.get(serial);
  }

  transaction(id: string): SandboxTransaction | undefined {
    if (!this.txById || this.txById.size !== this.history.transactions.length) this.txById = new Map(this.history.transactions.map((t, i) => [t.id, i]));
    const i = this.txById.get(id);
    return i === undefined ? undefined : this.history.transactions[i];
  }

  operation(id: string): SandboxOperation | undefined {
    if (!this.opById || this.opById.size !== this.history.operations.length) this.opById = new Map(this.history.operations.map((o, i) => [o.id, i]));
    const i = this.opById.get(id);
    return i === undefined ? undefined : this.history.operations[i];
  }

  order(itemId: string): SandboxOrder | undefined {
    if (!this.orderByItem) this.orderByItem = new Map(this.history.orders.map((o) => [o.itemId, o]));
    return this.orderByItem.get(itemId);
  }

  currentVersion(tx: SandboxTransaction): TxVersion {
    this.now();
    return tx.versions[tx.cur]!;
  }

  /** What a fault-free GET /v1/transactions shows at now, newest first (the sync tests' truth). */
  listedTransactions(): ApiTransaction[] {
    const now = this.now();
    const out: ApiTransaction[] = [];
    const txs = this.history.transactions;
    for (let i = txs.length - 1; i >= 0; i--) {
      const tx = txs[i]!;
      if (tx.createdMs > now) continue;
      const v = tx.versions[tx.cur]!;
      if (v.status !== 'rejected') out.push(JSON.parse(transactionJson(tx, v)) as ApiTransaction);
    }
    return out;
  }

  /** What a fault-free GET /v1/operations shows at now, newest first. */
  listedOperations(): ApiOperation[] {
    const now = this.now();
    const out: ApiOperation[] = [];
    const ops = this.history.operations;
    for (let i = ops.length - 1; i >= 0; i--) {
      const op = ops[i]!;
      if (op.createdMs <= now) out.push(JSON.parse(operationJson(op, op.versions[op.cur]!)) as ApiOperation);
    }
    return out;
  }

  // ---- mutations -------------------------------------------------------------------------------

  /** The acquirer changes a brand's prices from now on; sales already made keep what they were charged. */
  setBrandPricing(brand: CardBrand, pricing: BrandPricing): void {
    if (pricing.basisPoints.length !== 12 || !pricing.basisPoints.every((bp) => Number.isSafeInteger(bp) && bp >= 0))
      throw conflict('pricing', `expected 12 whole basis points >= 0 for ${brand}, got ${JSON.stringify(pricing.basisPoints)}`);
    if (!Number.isSafeInteger(pricing.fixedCents) || pricing.fixedCents < 0) throw conflict('pricing', `expected fixed cents >= 0, got ${pricing.fixedCents}`);
    this.pricing = Object.freeze({ ...this.pricing, [brand]: { basisPoints: [...pricing.basisPoints], fixedCents: pricing.fixedCents } });
  }

  private changeTransaction(
    id: string,
    atMs: number | undefined,
    from: string[],
    to: 'paid' | 'rejected' | 'refunded' | 'chargeback',
    options: MutationOptions = {},
  ): SandboxTransaction {
    const tx = this.transaction(id);
    if (!tx) throw notFound('transaction', id);
    const at = atMs ?? this.clock.now();
    const last = tx.versions[tx.versions.length - 1]!;
    if (at < last.atMs)
      throw conflict(
        'transaction',
        `transaction ${id}: cannot change it at ${new Date(at).toISOString()}, before its last change at ${new Date(last.atMs).toISOString()}`,
      );
    if (!from.includes(last.status)) throw conflict('transaction', `transaction ${id} is ${last.status}; expected ${from.join(' or ')} to move it to ${to}`);
    const v = addTxVersion(tx, at, to);
    if (options.recordInOrder && (to === 'refunded' || to === 'chargeback')) {
      const order = this.order(tx.itemId);
      if (order) order.versions.push({ atMs: at, status: 'Estornado', transactionId: order.versions[order.versions.length - 1]!.transactionId });
    }
    this.invalidate();
    for (const listener of this.listeners) listener(tx, last.status, v);
    return tx;
  }

  refund(transactionId: string, atMs?: number, options?: MutationOptions): SandboxTransaction {
    return this.changeTransaction(transactionId, atMs, ['paid'], 'refunded', options);
  }

  chargeback(transactionId: string, atMs?: number, options?: MutationOptions): SandboxTransaction {
    return this.changeTransaction(transactionId, atMs, ['paid'], 'chargeback', options);
  }

  decideReview(transactionId: string, status: 'paid' | 'rejected', atMs?: number): SandboxTransaction {
    return this.changeTransaction(transactionId, atMs, ['review'], status);
  }

  /** The shop changes an order at `atMs` (its total, status or recorded transaction): the exports of
   *  that day and later show the new version. */
  editOrder(itemId: string, change: { amount?: number; status?: OrderExportStatus; transactionId?: string; atMs?: number }): SandboxOrder {
    const order = this.order(itemId);
    if (!order) throw notFound('order', itemId);
    const at = change.atMs ?? this.clock.now();
    const versions = order.versions;
    const last = versions[versions.length - 1]!;
    if (at < last.atMs)
      throw conflict(
        'order',
        `order ${itemId}: cannot change it at ${new Date(at).toISOString()}, before its last change at ${new Date(last.atMs).toISOString()}`,
      );
    const now = orderStateAt(order, at);
    versions.push({
      atMs: at,
      status: change.status ?? now.status,
      transactionId: change.transactionId ?? now.transactionId,
      ...(change.amount === undefined ? {} : { amount: change.amount }),
    });
    return order;
  }

  /** Adds a record created after generation (POST routes), keeping the created-time order. */
  insertTransaction(tx: SandboxTransaction): void {
    const txs = this.history.transactions;
    const lastTx = txs[txs.length - 1];
    txs.push(tx);
    if (lastTx && lastTx.createdMs > tx.createdMs) {
      txs.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
      this.txById = undefined;
    } else {
      this.txById?.set(tx.id, txs.length - 1);
    }
    this.serialIndex?.set(tx.serial, tx);
    this.invalidate();
  }

  createCashIn(input: { itemId: string; amountCents: number; customerName: string; document: string; atMs?: number }): SandboxOperation {
    return this.insertOperation('cash_in', input);
  }

  createCashOut(input: { itemId?: string; amountCents: number; customerName: string; document: string; atMs?: number }): SandboxOperation {
    return this.insertOperation('cash_out', { ...input, itemId: input.itemId ?? `SAQ-X${this.history.nextSerial.operation}` });
  }

  private insertOperation(
    kind: 'cash_in' | 'cash_out',
    input: { itemId: string; amountCents: number; customerName: string; document: string; atMs?: number },
  ): SandboxOperation {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
      throw conflict('amount', `expected a positive amount in cents, got ${input.amountCents}`);
    const serial = this.history.nextSerial.operation++;
    const at = input.atMs ?? this.clock.now();
    const op: SandboxOperation = {
      serial,
      kind,
      id: `${kind === 'cash_in' ? 'ci_' : 'co_'}x${serial.toString(36)}${this.history.seed.toString(36)}`,
      itemId: input.itemId,
      createdMs: at,
      amount: input.amountCents,
      customerName: input.customerName,
      document: input.document,
      versions: [{ atMs: at, status: kind === 'cash_in' ? 'active' : 'processing', settled: 0 }],
      cur: 0,
    };
    const ops = this.history.operations;
    ops.push(op);
    if (ops.length > 1 && ops[ops.length - 2]!.createdMs > at) {
      ops.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
      this.opById = undefined;
    } else {
      this.opById?.set(op.id, ops.length - 1);
    }
    this.invalidate();
    return op;
  }

  /** Moves an operation: cash-in active -> paid|expired; cash-out processing -> pending|failed, pending -> fulfilled|failed. */
  setOperationStatus(operationId: string, status: string, options: { atMs?: number; settledCents?: number } = {}): SandboxOperation {
    const op = this.operation(operationId);
    if (!op) throw notFound('operation', operationId);
    const at = options.atMs ?? this.clock.now();
    const last = op.versions[op.versions.length - 1]!;
    const moves: Record<string, string[]> =
      op.kind === 'cash_in' ? { active: ['paid', 'expired'] } : { processing: ['pending', 'failed'], pending: ['fulfilled', 'failed'] };
    if (!(moves[last.status] ?? []).includes(status)) throw conflict('status', `operation ${operationId} is ${last.status}; it cannot move to ${status}`);
    if (at < last.atMs)
      throw conflict('operation', `operation ${operationId}: cannot change it before its last change at ${new Date(last.atMs).toISOString()}`);
    const settled = options.settledCents ?? (status === 'paid' || status === 'fulfilled' ? op.amount : 0);
    if (!Number.isSafeInteger(settled) || settled < 0) throw conflict('amount', `expected a settled amount in cents, got ${settled}`);
    addOpVersion(op, at, status, settled);
    this.invalidate();
    return op;
  }
}
