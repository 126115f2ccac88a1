// The merchant's orders, packed: a million orders each with 2-4 status changes would be millions of small
// objects that the garbage collector walks while the generator runs and while the server answers. An
// order is a small handle; its fields and its changes live in shared columns (typed arrays once the
// generator is done), and CPFs are kept as numbers. An order's `versions` array is made only
// when someone asks for it (tests, a mutation such as a refund recorded in the order), then kept.
import type { OrderExportStatus, OrderVersion, SandboxOrder } from './model.ts';

const STATUSES: readonly OrderExportStatus[] = ['Aguardando pagamento', 'Pago', 'Cancelado', 'Estornado'];
const STATUS_CODE = new Map(STATUSES.map((s, i) => [s, i]));

/** The orders' fields (by order index) and their status changes (back to back): growing arrays while
 *  generating, typed arrays after. */
export interface OrderColumns {
  itemId: string[];
  customerName: string[];
  /** The CPF as a number (11 digits, zero-padded back); NaN when the text is kept in otherDocuments. */
  document: Float64Array | number[];
  otherDocuments: Map<number, string>;
  createdMs: Float64Array | number[];
  amount: Float64Array | number[];
  note: string[];
  at: Float64Array | number[];
  status: Uint8Array | number[];
  transactionId: string[];
}

const CPF = /^\d{11}$/;

export class PackedOrder implements SandboxOrder {
  /** Set once `versions` was asked for (or assigned); the columns are not read again. */
  private own: OrderVersion[] | undefined;

  constructor(
    private readonly columns: OrderColumns,
    private readonly index: number,
    private readonly start: number,
    private count: number,
  ) {}

  get itemId(): string {
    return this.columns.itemId[this.index]!;
  }

  get customerName(): string {
    return this.columns.customerName[this.index]!;
  }

  get document(): string {
    const n = this.columns.document[this.index]!;
    return Number.isNaN(n) ? this.columns.otherDocuments.get(this.index)! : String(n).padStart(11, '0');
  }

  get createdMs(): number {
    return this.columns.createdMs[this.index]!;
  }

  get amount(): number {
    return this.columns.amount[this.index]!;
  }

  get note(): string {
    return this.columns.note[this.index]!;
  }

  get versions(): OrderVersion[] {
    if (this.own === undefined) {
      const { at, status, transactionId } = this.columns;
      const out: OrderVersion[] = [];
      for (let k = this.start; k < this.start + this.count; k++) out.push({ atMs: at[k]!, status: STATUSES[status[k]!]!, transactionId: transactionId[k]! });
      this.own = out;
    }
    return this.own;
  }

  set versions(versions: OrderVersion[]) {
    this.own = versions;
  }

  /** Adds a change: in the columns while they still grow and this order is the last one, else in `versions`
   *  (an edited amount has no column). */
  addVersion(v: OrderVersion): void {
    const { at, status, transactionId } = this.columns;
    if (v.amount === undefined && this.own === undefined && Array.isArray(at) && Array.isArray(status) && this.start + this.count === at.length) {
      at.push(v.atMs);
      status.push(STATUS_CODE.get(v.status)!);
      transactionId.push(v.transactionId);
      this.count++;
    } else {
      this.versions.push(v);
    }
  }

  /** The status, recorded transaction and total in force at `atMs` (the first change always applies). */
  stateAt(atMs: number): OrderState {
    if (this.own !== undefined) return pickAt(this.own, atMs, this.amount);
    const { at, status, transactionId } = this.columns;
    let k = this.start;
    while (k + 1 < this.start + this.count && at[k + 1]! <= atMs) k++;
    return { status: STATUSES[status[k]!]!, transactionId: transactionId[k]!, amount: this.amount };
  }

  /** The last change's transaction id. */
  lastTransactionId(): string {
    return this.own !== undefined ? (this.own[this.own.length - 1]?.transactionId ?? '') : this.columns.transactionId[this.start + this.count - 1]!;
  }

  /** Whether the order changed within [loMs, hiMs). */
  changedWithin(loMs: number, hiMs: number): boolean {
    if (this.own !== undefined) return this.own.some((v) => v.atMs >= loMs && v.atMs < hiMs);
    const { at } = this.columns;
    for (let k = this.start; k < this.start + this.count; k++) if (at[k]! >= loMs && at[k]! < hiMs) return true;
    return false;
  }
}

export interface OrderState {
  status: OrderExportStatus;
  transactionId: string;
  /** Cents. */
  amount: number;
}

function pickAt(versions: readonly OrderVersion[], atMs: number, amount: number): OrderState {
  let i = 0;
  let total = versions[0]?.amount ?? amount;
  while (i + 1 < versions.length && versions[i + 1]!.atMs <= atMs) total = versions[++i]!.amount ?? total;
  const v = versions[i]!;
  return { status: v.status, transactionId: v.transactionId, amount: total };
}

/** Creates packed orders on one set of growing columns; seal() freezes the columns into typed arrays. */
export class OrderBook {
  private readonly columns: OrderColumns = {
    itemId: [],
    customerName: [],
    document: [],
    otherDocuments: new Map(),
    createdMs: [],
    amount: [],
    note: [],
    at: [],
    status: [],
    transactionId: [],
  };

  create(order: Omit<SandboxOrder, 'versions'>, first: OrderVersion): PackedOrder {
    const c = this.columns;
    if (!Array.isArray(c.createdMs) || !Array.isArray(c.amount) || !Array.isArray(c.document)) throw new RangeError('the order book is sealed');
    const index = c.itemId.length;
    c.itemId.push(order.itemId);
    c.customerName.push(order.customerName);
    if (CPF.test(order.document)) c.document.push(Number(order.document));
    else {
      c.document.push(Number.NaN);
      c.otherDocuments.set(index, order.document);
    }
    c.createdMs.push(order.createdMs);
    c.amount.push(order.amount);
    c.note.push(order.note);
    const packed = new PackedOrder(c, index, c.at.length, 0);
    packed.addVersion(first);
    return packed;
  }

  /** Freezes the columns into typed arrays (and exact-size arrays): no order can be added after. */
  seal(): void {
    const c = this.columns;
    if (Array.isArray(c.document)) c.document = Float64Array.from(c.document);
    if (Array.isArray(c.createdMs)) c.createdMs = Float64Array.from(c.createdMs);
    if (Array.isArray(c.amount)) c.amount = Float64Array.from(c.amount);
    if (Array.isArray(c.at)) c.at = Float64Array.from(c.at);
    if (Array.isArray(c.status)) c.status = Uint8Array.from(c.status);
    c.itemId = c.itemId.slice();
    c.customerName = c.customerName.slice();
    c.note = c.note.slice();
    c.transactionId = c.transactionId.slice();
  }
}

/** stateAt / changedWithin for any order, packed or plain. */
export function orderStateAt(order: SandboxOrder, atMs: number): OrderState {
  return order instanceof PackedOrder ? order.stateAt(atMs) : pickAt(order.versions, atMs, order.amount);
}

export function orderChangedWithin(order: SandboxOrder, loMs: number, hiMs: number): boolean {
  return order instanceof PackedOrder ? order.changedWithin(loMs, hiMs) : order.versions.some((v) => v.atMs >= loMs && v.atMs < hiMs);
}
