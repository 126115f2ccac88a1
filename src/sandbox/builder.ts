// Record factories for the history generator: creates transactions, operations and orders with their
// first version, and appends later versions with the amounts the service's rules imply.
import { ACQUIRER_CODES, type CardBrand } from '../shared/domain.ts';
import { DEFAULT_PRICING, priceOf } from './pricing.ts';
import type { OrderExportStatus, SandboxOperation, SandboxTransaction, SandboxTxStatus, TruthEntry, TxVersion, OperationKind } from './model.ts';
import { holderOf, idFor, type Customer } from './people.ts';
import type { Rng } from './rng.ts';
import { OrderBook, type PackedOrder } from './order-timeline.ts';

const REFUSAL_CODES = ['1000', '1011', '1016', '5000'] as const;

export function acquirerMessage(code: string | null): string | null {
  if (code === null) return null;
  return (ACQUIRER_CODES as Record<string, string>)[code] ?? 'Unknown acquirer code';
}

/** Authorized amount with the acquirer fee passed on to the payer, by the brand's pricing table (pricing.ts). */
function amountWithFees(netValue: number, installments: number, brand: CardBrand = 'visa'): number {
  return priceOf(DEFAULT_PRICING, brand, netValue, installments);
}

export class HistoryBuilder {
  readonly transactions: SandboxTransaction[] = [];
  readonly operations: SandboxOperation[] = [];
  readonly orders: PackedOrder[] = [];
  private readonly orderBook = new OrderBook();
  readonly truth: TruthEntry[] = [];
  txSerial = 1;
  opSerial = 1;
  orderNo = 100001;
  /** GenerateOptions.mispricedRate. */
  mispricedRate = 0;
  private payoutNo = 1;
  private refusalTurn = 0;

  constructor(
    readonly seed: number,
    readonly rng: Rng,
  ) {}

  newItemId(): string {
    return `PED-${this.orderNo++}`;
  }

  newOrder(itemId: string, createdMs: number, customer: Customer, amount: number, note: string): PackedOrder {
    const fields = { itemId, customerName: customer.name, document: customer.document, createdMs, amount, note };
    const order = this.orderBook.create(fields, { atMs: createdMs, status: 'Aguardando pagamento', transactionId: '' });
    this.orders.push(order);
    return order;
  }

  setOrder(order: PackedOrder, atMs: number, status: OrderExportStatus, transactionId?: string): void {
    order.addVersion({ atMs, status, transactionId: transactionId ?? order.lastTransactionId() });
  }

  /** The shop edits the order's total at `atMs` (status and recorded transaction unchanged). */
  editOrderAmount(order: PackedOrder, atMs: number, amount: number): void {
    const now = order.stateAt(atMs);
    order.addVersion({ atMs, status: now.status, transactionId: now.transactionId, amount });
  }

  /** Call once generation is over: the orders' columns become typed arrays. */
  sealOrders(): void {
    this.orderBook.seal();
  }

  /** A card attempt. `status` is its outcome at creation: paid, review, refused or rejected. */
  newTransaction(
    itemId: string,
    atMs: number,
    customer: Customer,
    netValue: number,
    installments: number,
    status: 'paid' | 'review' | 'refused' | 'rejected',
  ): SandboxTransaction {
    const serial = this.txSerial++;
    const authorized = status === 'paid' || status === 'review' ? amountWithFees(netValue, installments, customer.brand) : 0;
    const code = status === 'refused' ? REFUSAL_CODES[this.refusalTurn++ % REFUSAL_CODES.length]! : status === 'rejected' ? null : '0000';
    const approved = status === 'paid' || status === 'review';
    const tx: SandboxTransaction = {
      serial,
      id: idFor('tr_', this.seed, serial),
      itemId,
      createdMs: atMs,
      netValue,
      installments,
      holder: customer.holder ?? holderOf(customer.name),
      brand: customer.brand,
      first6: customer.first6,
      last4: customer.last4,
      approved,
      seed: this.seed,
      versions: [{ atMs, status, authorized, paid: status === 'paid' ? authorized : 0, refunded: 0, code }],
      cur: 0,
    };
    this.transactions.push(tx);
    return tx;
  }

  newOperation(kind: OperationKind, itemId: string, atMs: number, customer: { name: string; document: string }, amount: number): SandboxOperation {
    const serial = this.opSerial++;
    const op: SandboxOperation = {
      serial,
      kind,
      id: idFor(kind === 'cash_in' ? 'ci_' : 'co_', this.seed, serial),
      itemId,
      createdMs: atMs,
      amount,
      customerName: customer.name,
      document: customer.document,
      versions: [{ atMs, status: kind === 'cash_in' ? 'active' : 'processing', settled: 0 }],
      cur: 0,
    };
    this.operations.push(op);
    return op;
  }

  newPayoutItemId(): string {
    return `SAQ-${String(this.payoutNo++).padStart(6, '0')}`;
  }

  truthOf(entry: TruthEntry): void {
    this.truth.push(entry);
  }
}

/** Appends a status change to a transaction, with the amounts the v1 rules imply. */
export function addTxVersion(tx: SandboxTransaction, atMs: number, status: SandboxTxStatus): TxVersion {
  const prev = tx.versions[tx.versions.length - 1]!;
  let next: TxVersion;
  switch (status) {
    case 'paid':
      next = { atMs, status, authorized: prev.authorized, paid: prev.authorized, refunded: 0, code: '0000' };
      break;
    case 'refunded':
      next = { atMs, status, authorized: prev.authorized, paid: 0, refunded: prev.paid, code: '0000' };
      break;
    case 'rejected':
      next = { atMs, status, authorized: 0, paid: 0, refunded: 0, code: null };
      break;
    default:
      next = { ...prev, atMs, status };
  }
  tx.versions.push(next);
  return next;
}

export function addOpVersion(op: SandboxOperation, atMs: number, status: string, settled: number): void {
  op.versions.push({ atMs, status, settled });
}
