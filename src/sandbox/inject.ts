// Injected discrepancies: one scenario per finding category, built on its own order or payout so that
// it produces exactly that finding, on the business day the ground truth names. The truth dates follow
// the nightly reconciliation of D at D+1 02:00 local with the default thresholds (48 h stale limits).
import { FINDING_CATEGORIES, type FindingCategory } from '../shared/domain.ts';
import { addOpVersion, addTxVersion, type HistoryBuilder } from './builder.ts';
import { HOUR, MINUTE, SECOND, dayTime, type DayContext } from './calendar.ts';
import { customerFrom, installmentsFrom, netAmountFrom, noteFrom } from './people.ts';
import type { Rng } from './rng.ts';

/** reconcile.reviewStaleHours and payoutStaleHours defaults, which the truth dates assume. */
const STALE_LIMIT_MS = 48 * HOUR;

/**
 * The categories planted as scenarios of their own. Mispriced sales are planted among the natural sales
 * instead, and only when asked for (GenerateOptions.mispricedRate): the fee check is off by default. The
 * bank's gaps are planted in the statement the sandbox writes (bank-statement.ts), on their own stream.
 */
const NOT_SCENARIOS: ReadonlySet<FindingCategory> = new Set([
  'fee_mismatch',
  'notification_missed',
  'notification_contradicted',
  'payout_not_in_bank',
  'payout_amount_differs',
  'bank_credit_unexplained',
]);
const SCENARIO_CATEGORIES: readonly FindingCategory[] = FINDING_CATEGORIES.filter((c) => !NOT_SCENARIOS.has(c));

const NEEDS_TWO_MORE_DAYS: ReadonlySet<FindingCategory> = new Set(['stale_review', 'cashout_stale_pending']);

/**
 * Which categories go on which day: round-robin over the 13 scenario categories so each occurs, on days where
 * the category's truth date still falls inside the history. At least 13 when the rate is positive.
 */
export function planInjections(rng: Rng, days: number, perDay: number, rate: number): FindingCategory[][] {
  const plan: FindingCategory[][] = Array.from({ length: days }, () => []);
  if (rate <= 0) return plan;
  const count = Math.max(SCENARIO_CATEGORIES.length, Math.round(rate * days * perDay));
  for (let j = 0; j < count; j++) {
    const category = SCENARIO_CATEGORIES[j % SCENARIO_CATEGORIES.length]!;
    const lastFeasible = NEEDS_TWO_MORE_DAYS.has(category) ? days - 3 : days - 1;
    if (lastFeasible < 0) continue;
    plan[rng.int(0, lastFeasible)]!.push(category);
  }
  return plan;
}

/** Builds one injected scenario on day ctx.index; returns the card transactions it used. */
export function injectScenario(b: HistoryBuilder, category: FindingCategory, ctx: DayContext): number {
  const { rng } = b;
  const day = ctx.bounds[ctx.index]!;
  const date = ctx.dates[ctx.index]!;
  const last = ctx.bounds.length - 1;
  // Mid-day (09:00-17:00 local): far from midnight, so no boundary rule applies.
  const t0 = day.startMs + 9 * HOUR + Math.floor(rng.next() * 8 * HOUR);
  const customer = customerFrom(rng);
  const net = netAmountFrom(rng);
  const installments = installmentsFrom(rng);
  const t = t0 + rng.int(5, 120) * SECOND;

  const order = () => b.newOrder(b.newItemId(), t0, customer, net, noteFrom(rng));
  const paidTx = (itemId: string, at = t) => b.newTransaction(itemId, at, customer, net, installments, 'paid');

  switch (category) {
    case 'missing_payment': {
      const o = order();
      let used = 0;
      if (rng.chance(0.5)) {
        b.newTransaction(o.itemId, t, customer, net, installments, 'refused');
        used = 1;
      }
      // Sometimes the shop marks it paid on a later day: reported on that day, from that day's export.
      const k = laterDay(rng, last - ctx.index);
      b.setOrder(o, k === 0 ? t + 2 * MINUTE : dayTime(b, ctx, ctx.index + k), 'Pago', '');
      b.truthOf({ category, date: ctx.dates[ctx.index + k]!, item_id: o.itemId });
      return used;
    }
    case 'unmatched_payment': {
      const tx = paidTx(b.newItemId());
      b.truthOf({ category, date, item_id: tx.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'amount_mismatch': {
      const delta = rng.int(1, 500) * (rng.chance(0.5) ? 1 : -1);
      // Either the order never agreed with its payment, or the shop edited its total on a later day.
      const k = laterDay(rng, last - ctx.index);
      const o = b.newOrder(b.newItemId(), t0, customer, k === 0 ? Math.max(100, net + delta) : net, noteFrom(rng));
      const tx = paidTx(o.itemId);
      b.setOrder(o, t, 'Pago', tx.id);
      if (k > 0) b.editOrderAmount(o, dayTime(b, ctx, ctx.index + k), Math.max(100, net + delta));
      b.truthOf({ category, date: ctx.dates[ctx.index + k]!, item_id: o.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'duplicate_charge': {
      const o = order();
      const first = paidTx(o.itemId);
      const second = paidTx(o.itemId, t + rng.int(30, 300) * SECOND);
      b.setOrder(o, t, 'Pago', first.id);
      b.truthOf({ category, date, item_id: o.itemId, transaction_ids: [first.id, second.id] });
      return 2;
    }
    case 'refund_owed': {
      const o = order();
      const tx = paidTx(o.itemId);
      b.setOrder(o, t, 'Pago', tx.id);
      b.setOrder(o, t + rng.int(60, 180) * MINUTE, rng.chance(0.5) ? 'Cancelado' : 'Estornado');
      b.truthOf({ category, date, item_id: o.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'refund_not_recorded':
    case 'chargeback_open': {
      const o = order();
      const tx = paidTx(o.itemId);
      b.setOrder(o, t, 'Pago', tx.id);
      const room = last - ctx.index;
      const k = category === 'refund_not_recorded' ? rng.int(0, Math.min(10, room)) : room >= 1 ? rng.int(1, Math.min(30, room)) : 0;
      const at = k === 0 ? t + rng.int(60, 240) * MINUTE : dayTime(b, ctx, ctx.index + k);
      addTxVersion(tx, at, category === 'refund_not_recorded' ? 'refunded' : 'chargeback');
      b.truthOf({ category, date: ctx.dates[ctx.index + k]!, item_id: o.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'stale_review': {
      const o = order();
      const tx = b.newTransaction(o.itemId, t, customer, net, installments, 'review');
      b.truthOf({ category, date: firstStaleDate(ctx, t), item_id: o.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'order_status_behind': {
      const o = order();
      const tx = paidTx(o.itemId);
      b.truthOf({ category, date, item_id: o.itemId, transaction_ids: [tx.id] });
      return 1;
    }
    case 'cashin_amount_mismatch': {
      const o = order();
      const cashIn = b.newOperation('cash_in', o.itemId, t, customer, net);
      const paidAt = t + rng.int(10, 600) * SECOND;
      addOpVersion(cashIn, paidAt, 'paid', net - rng.int(1, Math.min(net - 1, 1_000)));
      b.setOrder(o, paidAt, 'Pago');
      b.truthOf({ category, date, item_id: o.itemId, operation_id: cashIn.id });
      return 0;
    }
    case 'cashout_failed':
    case 'cashout_stale_pending':
    case 'cashout_short': {
      const amount = net * 10;
      const payout = b.newOperation('cash_out', b.newPayoutItemId(), t, customer, amount);
      const pendingAt = t + 10 * MINUTE;
      addOpVersion(payout, pendingAt, 'pending', 0);
      let truthDate = date;
      if (category === 'cashout_failed') addOpVersion(payout, t + rng.int(60, 180) * MINUTE, 'failed', 0);
      else if (category === 'cashout_short') addOpVersion(payout, t + 2 * HOUR, 'fulfilled', amount - rng.int(1, 5_000));
      else truthDate = firstStaleDate(ctx, pendingAt);
      b.truthOf({ category, date: truthDate, item_id: payout.itemId, operation_id: payout.id });
      return 0;
    }
    case 'fee_mismatch':
    case 'notification_missed':
    case 'notification_contradicted':
    case 'payout_not_in_bank':
    case 'payout_amount_differs':
    case 'bank_credit_unexplained':
      throw new RangeError(`${category} is not planted as a scenario of its own`);
  }
}

/** 0 (the same day) or, one time in three when the history has room, 1 to 5 days later. */
function laterDay(rng: Rng, room: number): number {
  return room >= 1 && rng.chance(1 / 3) ? rng.int(1, Math.min(5, room)) : 0;
}

/** The first business day D whose end is more than 48 h after `sinceMs`. */
function firstStaleDate(ctx: DayContext, sinceMs: number): string {
  for (let i = 0; i < ctx.bounds.length; i++) {
    if (ctx.bounds[i]!.endMs - sinceMs > STALE_LIMIT_MS) return ctx.dates[i]!;
  }
  throw new RangeError('stale scenario planned too close to the end of the history');
}
