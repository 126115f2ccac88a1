// A deliberately naive reconciliation used only to check the sandbox's ground truth: for the night of D
// (clock at D+1 02:00 local) it reads what the listings show and what the order exports say, and applies
// the category rules with "first reported on D" semantics. It is not the product's engine.
import { businessDayOf } from '../../src/shared/business-day.ts';
import type { ApiCashIn, ApiCashOut, ApiTransaction } from '../../src/shared/tables.ts';
import { orderRowsFor } from '../../src/sandbox/orders-export.ts';
import { versionIndexAt, type SandboxHistory } from '../../src/sandbox/model.ts';
import type { SandboxState } from '../../src/sandbox/state.ts';
import { centsFromReaisNumber } from '../../src/shared/money.ts';
import { DEFAULT_PRICING, isCardBrand, priceOf } from '../../src/sandbox/pricing.ts';

const H48 = 48 * 3_600_000;

export interface MutableClock {
  t: number;
  now(): number;
}

export function nightOf(date: string, zone: string): number {
  return businessDayOf(date, zone).endMs + 2 * 3_600_000;
}

/** Findings of night D as "category key" strings (key = item_id, or operation_id for payouts). */
export function naiveFindings(history: SandboxHistory, state: SandboxState, clock: MutableClock, date: string): string[] {
  const zone = history.timezone;
  const { startMs, endMs } = businessDayOf(date, zone);
  const prevEnd = startMs;
  clock.t = nightOf(date, zone);
  const txs = state.listedTransactions();
  const ops = state.listedOperations();
  const ms = (iso: string) => Date.parse(iso);
  const onD = (iso: string) => ms(iso) >= startMs && ms(iso) < endMs;
  const byItem = new Map<string, ApiTransaction[]>();
  for (const t of txs) if (t.item_id) byItem.set(t.item_id, [...(byItem.get(t.item_id) ?? []), t]);
  const cashIns = ops.filter((o): o is ApiCashIn => 'cash_in_id' in o);
  const cashOuts = ops.filter((o): o is ApiCashOut => 'cash_out_id' in o);
  const cashInByItem = new Map(cashIns.map((c) => [c.item_id, c]));
  const knownItems = new Set(history.orders.filter((o) => o.createdMs < endMs).map((o) => o.itemId));
  const orderStatus = new Map(
    history.orders.filter((o) => o.createdMs < endMs).map((o) => [o.itemId, o.versions[versionIndexAt(o.versions, endMs - 1)]!.status]),
  );
  const out = new Set<string>();
  const add = (category: string, key: string) => out.add(`${category} ${key}`);

  for (const row of orderRowsFor(history, date)) {
    const list = byItem.get(row.pedido) ?? [];
    const paid = list.filter((t) => t.status === 'paid');
    const cashIn = cashInByItem.get(row.pedido);
    const cashInPaid = cashIn?.status === 'paid';
    if (row.situacao === 'Pago') {
      if (!list.some((t) => ['paid', 'refunded', 'chargeback'].includes(t.status)) && !cashInPaid) add('missing_payment', row.pedido);
      if (paid.length === 1 && paid[0]!.net_value !== row.valorCents) add('amount_mismatch', row.pedido);
      if (!paid.length && cashInPaid && centsFromReaisNumber(cashIn.amount) !== row.valorCents) add('amount_mismatch', row.pedido);
    }
    if ((row.situacao === 'Cancelado' || row.situacao === 'Estornado') && paid.length > 0) add('refund_owed', row.pedido);
    if (row.situacao === 'Aguardando pagamento') {
      if (paid.some((t) => ms(t.date_created) < endMs) || (cashInPaid && ms(cashIn.date_updated) < endMs)) add('order_status_behind', row.pedido);
    }
  }
  for (const [item, list] of byItem) {
    const paid = list.filter((t) => t.status === 'paid');
    if (paid.length >= 2 && paid.some((t) => onD(t.date_created))) add('duplicate_charge', item);
    for (const t of list) {
      if (t.status === 'paid' && onD(t.date_created) && !knownItems.has(item)) add('unmatched_payment', item);
      if (t.status === 'refunded' && onD(t.date_updated) && orderStatus.get(item) === 'Pago') add('refund_not_recorded', item);
      if (t.status === 'chargeback' && onD(t.date_updated) && orderStatus.get(item) === 'Pago') add('chargeback_open', item);
      const charged = ['paid', 'review', 'chargeback'].includes(t.status) && onD(t.date_created) && isCardBrand(t.card_brand);
      if (charged && t.authorized_amount !== priceOf(DEFAULT_PRICING, t.card_brand as never, t.net_value, Number(t.installments))) add('fee_mismatch', item);
      if (t.status === 'review' && endMs - ms(t.date_created) > H48 && prevEnd - ms(t.date_created) <= H48) add('stale_review', item);
    }
  }
  for (const c of cashIns) {
    // The sandbox always lists a cash-in's item_id.
    const item = c.item_id ?? '';
    if (c.status === 'paid' && onD(c.date_updated) && centsFromReaisNumber(c.paid_amount)! < centsFromReaisNumber(c.amount)!)
      add('cashin_amount_mismatch', item);
    if (c.status === 'paid' && onD(c.date_created) && !knownItems.has(item)) add('unmatched_payment', item);
  }
  for (const c of cashOuts) {
    const key = c.cash_out_id;
    if (c.status === 'failed' && onD(c.date_updated)) add('cashout_failed', key);
    if ((c.status === 'pending' || c.status === 'processing') && endMs - ms(c.date_updated) > H48 && prevEnd - ms(c.date_updated) <= H48)
      add('cashout_stale_pending', key);
    if (c.status === 'fulfilled' && onD(c.date_updated) && centsFromReaisNumber(c.paid_off_amount)! < centsFromReaisNumber(c.amount)!)
      add('cashout_short', key);
  }
  return [...out].sort();
}

export function truthFindings(history: SandboxHistory, date: string): string[] {
  return history.discrepancies
    .filter((d) => d.date === date)
    .map((d) => `${d.category} ${d.category.startsWith('cashout') ? d.operation_id : d.item_id}`)
    .sort();
}
