// The sandbox merchant acts on its findings, as a real one does (GenerateOptions.resolutions): the service
// decides each stale review one to three days after it was first reported (most paid, some rejected) and
// each stale cash-out completes or fails within as many days; the other findings are put right, most
// within a week, some within three: the shop fixes the order in a later day's export (the status or total
// it got wrong, a refund or chargeback it never recorded, an order it never exported), refunds what it
// owes or charged twice, and the service pays the rest of a short payout. Each change is a new version
// from a later day on, so the listing and that day's export show it from then and the finding resolves on
// that night; the ground truth names the night (TruthEntry.resolved), and a payout that fails is a
// cashout_failed of its own from that night on. Without them every finding stayed open for good and the
// list only grew (247 findings after 30 nights of the built-in sandbox). A Pix paid short and a failed
// payout have no act here: no later record of the service changes them, only a person's triage closes
// them. Drawn from rng streams of their own after the rest of the history is built, so that nothing else
// the generator builds changes.
import type { BusinessDay } from '../shared/business-day.ts';
import type { FindingCategory } from '../shared/domain.ts';
import { addOpVersion, addTxVersion } from './builder.ts';
import { HOUR } from './calendar.ts';
import type { OrderExportStatus, OrderVersion, SandboxHistory, SandboxOperation, SandboxOrder, SandboxTransaction, TruthEntry } from './model.ts';
import { customerFrom, noteFrom } from './people.ts';
import { orderStateAt, PackedOrder } from './order-timeline.ts';
import { Rng } from './rng.ts';

/** The other findings are put right 1 to FIX_DAYS days after they were reported, but a share of them
 *  only after SLOW_DAYS: a residue never put right would make the list grow for ever. */
const FIX_DAYS = 7;
const SLOW_SHARE = 0.15;
const SLOW_DAYS = 20;
/** Reviews and cash-outs the service settles 1 to SETTLE_DAYS days after they were reported stale. */
const SETTLE_DAYS = 3;
const PAID_SHARE = 0.8;
const FULFILLED_SHARE = 0.75;

/** What the shop writes in the order to put each mistake right. */
const ORDER_FIXES: Partial<Record<FindingCategory, OrderExportStatus | 'amount'>> = {
  missing_payment: 'Cancelado',
  order_status_behind: 'Pago',
  refund_not_recorded: 'Estornado',
  chargeback_open: 'Estornado',
  amount_mismatch: 'amount',
};

export function planResolutions(history: SandboxHistory, dates: readonly string[], bounds: readonly BusinessDay[]): void {
  const rng = new Rng(history.seed, 7);
  const dayIndex = new Map(dates.map((d, i) => [d, i]));
  const txs = new Map(history.transactions.map((tx) => [tx.id, tx]));
  const ops = new Map(history.operations.map((op) => [op.id, op]));
  const orders = new Map(history.orders.map((o) => [o.itemId, o]));
  // A record another planted finding names (a lost or contradicted notification of its payment) is left
  // as it is: acting on it would change that finding too.
  const named = new Map<string, number>();
  for (const d of history.discrepancies)
    for (const id of [d.item_id, d.operation_id, ...(d.transaction_ids ?? [])]) if (id) named.set(id, (named.get(id) ?? 0) + 1);
  const alone = (d: TruthEntry) => [d.item_id, d.operation_id, ...(d.transaction_ids ?? [])].every((id) => !id || named.get(id) === 1);
  /** A moment of shop hours k days after day `from`, or undefined past the history's end. */
  const later = (from: number, k: number): { index: number; atMs: number } | undefined => {
    const index = from + k;
    const day = bounds[index];
    return day && { index, atMs: day.startMs + 9 * HOUR + Math.floor(rng.next() * 9 * HOUR) };
  };
  const added: TruthEntry[] = [];
  const records: Records = { orders, txs, ops, people: new Rng(history.seed, 8), newOrders: [] };

  for (const d of history.discrepancies) {
    const reported = dayIndex.get(d.date);
    if (reported === undefined || !alone(d)) continue;
    // Its fate first: whether it is put right, how many days later, and how.
    const slow = rng.chance(SLOW_SHARE);
    const settleIn = rng.int(1, SETTLE_DAYS);
    const fixIn = slow ? rng.int(FIX_DAYS + 1, SLOW_DAYS) : rng.int(1, FIX_DAYS);
    const firstChoice = rng.next();
    if (d.category === 'stale_review') {
      const tx = txs.get(d.transaction_ids?.[0] ?? '');
      const order = orders.get(d.item_id ?? '');
      const when = later(reported, settleIn);
      if (!tx || !order || !when) continue;
      const paid = firstChoice < PAID_SHARE;
      addTxVersion(tx, when.atMs, paid ? 'paid' : 'rejected');
      addOrderVersion(order, { atMs: when.atMs, status: paid ? 'Pago' : 'Cancelado', transactionId: paid ? tx.id : '' });
      d.resolved = dates[when.index];
    } else if (d.category === 'cashout_stale_pending') {
      const op = ops.get(d.operation_id ?? '');
      const when = later(reported, settleIn);
      if (!op || !when) continue;
      const fulfilled = firstChoice < FULFILLED_SHARE;
      addOpVersion(op, when.atMs, fulfilled ? 'fulfilled' : 'failed', fulfilled ? op.amount : 0);
      d.resolved = dates[when.index];
      if (!fulfilled) added.push({ category: 'cashout_failed', date: dates[when.index]!, item_id: op.itemId, operation_id: op.id });
    } else {
      const when = later(reported, fixIn);
      if (when && putRight(d, when.atMs, records)) d.resolved = dates[when.index];
    }
  }
  history.discrepancies.push(...added);
  if (records.newOrders.length > 0) {
    history.orders.push(...records.newOrders);
    history.orders.sort((a, b) => a.createdMs - b.createdMs || (a.itemId < b.itemId ? -1 : 1));
  }
}

/** Where the merchant's acts are looked up and what they add. */
interface Records {
  orders: ReadonlyMap<string, SandboxOrder>;
  txs: ReadonlyMap<string, SandboxTransaction>;
  ops: ReadonlyMap<string, SandboxOperation>;
  /** Draws the customer of an order the shop creates late (a stream of its own: only those orders draw). */
  people: Rng;
  newOrders: SandboxOrder[];
}

/** The merchant's (or the service's) correction of one finding at `atMs`; false when it has none. */
function putRight(d: TruthEntry, atMs: number, r: Records): boolean {
  const tx = r.txs.get(d.transaction_ids?.[0] ?? '');
  switch (d.category) {
    case 'refund_owed':
      // The order was cancelled while its payment stands: the shop refunds the payment.
      if (!tx) return false;
      addTxVersion(tx, atMs, 'refunded');
      return true;
    case 'duplicate_charge': {
      // The second charge is refunded; the first one stays the order's payment.
      const second = r.txs.get(d.transaction_ids?.[1] ?? '');
      if (!second) return false;
      addTxVersion(second, atMs, 'refunded');
      return true;
    }
    case 'unmatched_payment': {
      // The shop enters the order it never exported, paid by this transaction.
      if (!tx || r.orders.has(tx.itemId)) return false;
      const customer = customerFrom(r.people);
      r.newOrders.push({
        itemId: tx.itemId,
        customerName: customer.name,
        document: customer.document,
        createdMs: atMs,
        amount: tx.netValue,
        note: noteFrom(r.people),
        versions: [{ atMs, status: 'Pago', transactionId: tx.id }],
      });
      return true;
    }
    case 'cashout_short': {
      // The service pays the rest of the payout.
      const op = r.ops.get(d.operation_id ?? '');
      if (!op) return false;
      addOpVersion(op, atMs, 'fulfilled', op.amount);
      return true;
    }
    default:
      return fixOrder(d, atMs, r.orders.get(d.item_id ?? ''), tx);
  }
}

/** The shop's correction of an order mistake in its export; false when the category has none. */
function fixOrder(d: TruthEntry, atMs: number, order: SandboxOrder | undefined, paidTx: SandboxTransaction | undefined): boolean {
  const fix = ORDER_FIXES[d.category];
  if (fix === undefined || !order) return false;
  const now = orderStateAt(order, atMs);
  if (fix === 'amount') {
    if (!paidTx) return false;
    addOrderVersion(order, { atMs, status: now.status, transactionId: now.transactionId, amount: paidTx.netValue });
  } else {
    addOrderVersion(order, { atMs, status: fix, transactionId: fix === 'Pago' ? (paidTx?.id ?? now.transactionId) : now.transactionId });
  }
  return true;
}

function addOrderVersion(order: SandboxOrder, v: OrderVersion): void {
  if (order instanceof PackedOrder) order.addVersion(v);
  else order.versions.push(v);
}
