// The seeded history generator: N business days of one merchant's card sales, Pix cash-ins and payouts
// ending at endDate (America/Sao_Paulo), with natural refusals, retries, reviews, refunds, chargebacks and
// midnight straddles that must produce no finding, plus the injected discrepancies of inject.ts.
import { addDays, businessDayOf, datesBetween } from '../shared/business-day.ts';
import { ReconError } from '../shared/errors.ts';
import { HistoryBuilder, addOpVersion, addTxVersion } from './builder.ts';
import { injectScenario, planInjections } from './inject.ts';
import { SANDBOX_TIMEZONE, type SandboxHistory } from './model.ts';
import { HOUR, MINUTE, SECOND, dayTime, type DayContext } from './calendar.ts';
import { customerFrom, installmentsFrom, netAmountFrom, noteFrom } from './people.ts';
import { planLostNotifications } from './lost-notifications.ts';
import { planContradictingNotifications } from './contradicting-notifications.ts';
import { plantReviewDecisions } from './review-decisions.ts';
import { planBankStatement } from './bank-statement.ts';
import { planResolutions } from './resolutions.ts';
import { planLateCredits } from './late-credits.ts';
import { mispriceSale } from './mispricing.ts';
import { Rng } from './rng.ts';
import { addOlderSales, type OlderSalesOptions } from './older-sales.ts';

export interface GenerateOptions {
  seed: number;
  days: number;
  perDay: number;
  endDate: string;
  discrepancyRate?: number;
  /** Share of paid card sales charged other than the pricing table says (fee_mismatch); default 0. */
  mispricedRate?: number;
  /** Share of refunds and chargebacks whose notification is never delivered (notification_missed); default 0. */
  lostNotificationRate?: number;
  /** Sales per day sent to review and decided paid the next morning, seen in review by the listing; default 0. */
  reviewDecisionsPerDay?: number;
  /** Share of paid sales notified as refunded while the listing shows them paid, and so many flashes (notification_contradicted); default 0. */
  contradictingNotificationRate?: number;
  /** Payouts to the merchant's own account and that account's statement, with its planted gaps; default off. */
  bankStatement?: boolean;
  /** The merchant acts on its findings: reviews and cash-outs settled, a share of order mistakes fixed (resolutions.ts); default off. */
  resolutions?: boolean;
  /** An older, thinner tail of installment card sales before the first day (older-sales.ts); default none. */
  olderSales?: OlderSalesOptions | undefined;
  /** Busy days: the day `dayOffset` days after the first has `sales` card transactions instead of perDay (a promotion). */
  spikes?: readonly { dayOffset: number; sales: number }[];
}

export function generateHistory(options: GenerateOptions): SandboxHistory {
  const { seed, days, perDay, endDate } = options;
  const discrepancyRate = options.discrepancyRate ?? 0.02;
  if (!Number.isSafeInteger(seed)) throw new ReconError('usage', { id: 'sandboxSeed', got: seed });
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new ReconError('usage', { id: 'sandboxDays', got: days });
  if (!Number.isInteger(perDay) || perDay < 0 || perDay > 1_000_000) throw new ReconError('usage', { id: 'sandboxPerDay', got: perDay });
  if (!(discrepancyRate >= 0 && discrepancyRate <= 0.5)) throw new ReconError('usage', { id: 'sandboxRate', which: 'discrepancy', got: discrepancyRate });

  const zone = SANDBOX_TIMEZONE;
  const startDate = addDays(endDate, -(days - 1));
  const dates = datesBetween(startDate, endDate, zone);
  const bounds = dates.map((d) => businessDayOf(d, zone));
  const rng = new Rng(seed, 1);
  const builder = new HistoryBuilder(seed, rng);
  const mispricedRate = options.mispricedRate ?? 0;
  if (!(mispricedRate >= 0 && mispricedRate <= 0.5)) throw new ReconError('usage', { id: 'sandboxRate', which: 'mispriced', got: mispricedRate });
  builder.mispricedRate = mispricedRate;
  const plan = planInjections(rng, days, perDay, discrepancyRate);
  const salesOn = salesPerDay(options.spikes ?? [], days, perDay);

  for (let index = 0; index < days; index++) {
    const ctx: DayContext = { dates, bounds, index };
    const sales = salesOn(index);
    let budget = sales;
    for (const category of plan[index] ?? []) budget -= injectScenario(builder, category, ctx);
    generateNaturalDay(builder, ctx, Math.max(0, budget), sales);
  }
  plantReviewDecisions(builder, bounds, options.reviewDecisionsPerDay ?? 0);

  builder.transactions.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
  builder.operations.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
  builder.sealOrders();
  builder.orders.sort((a, b) => a.createdMs - b.createdMs || (a.itemId < b.itemId ? -1 : 1));
  // A pushed-to array keeps room for ~17 elements; a million of them is ~150 MB of empty slots.
  for (const tx of builder.transactions) if (tx.versions.length > 1) tx.versions = tx.versions.slice();
  for (const op of builder.operations) if (op.versions.length > 1) op.versions = op.versions.slice();
  const history: SandboxHistory = {
    seed,
    days,
    perDay,
    startDate,
    endDate,
    timezone: zone,
    discrepancyRate,
    transactions: builder.transactions,
    operations: builder.operations,
    orders: builder.orders,
    discrepancies: builder.truth,
    nextSerial: { transaction: builder.txSerial, operation: builder.opSerial, order: builder.orderNo },
  };
  planLostNotifications(history, options.lostNotificationRate ?? 0);
  planContradictingNotifications(
    history,
    options.contradictingNotificationRate ?? 0,
    bounds.map((d) => d.startMs),
  );
  if (options.bankStatement) planBankStatement(history);
  if (options.resolutions) {
    planResolutions(history, dates, bounds);
    planLateCredits(history);
  }
  builder.truth.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
  // Last, from its own random stream: the history of the days stays the same with or without it.
  if (options.olderSales) addOlderSales(history, options.olderSales);
  return history;
}

/**
 * The card transactions of each day: perDay, but on a busy day (a promotion) its own count. A busy day is
 * generated like any other, only with more orders (and so more payouts); the injections stay perDay's.
 */
function salesPerDay(spikes: readonly { dayOffset: number; sales: number }[], days: number, perDay: number): (index: number) => number {
  const busy = new Map<number, number>();
  for (const { dayOffset, sales } of spikes) {
    if (!Number.isInteger(dayOffset) || dayOffset < 0 || dayOffset >= days)
      throw new ReconError('usage', { id: 'busyDayOffset', last: days - 1, got: dayOffset });
    if (!Number.isInteger(sales) || sales < 0 || sales > 1_000_000) throw new ReconError('usage', { id: 'busyDaySales', got: sales });
    busy.set(dayOffset, sales);
  }
  return (index) => busy.get(index) ?? perDay;
}

function generateNaturalDay(b: HistoryBuilder, ctx: DayContext, txBudget: number, perDay: number): void {
  const { rng } = b;
  const day = ctx.bounds[ctx.index]!;
  const isLast = ctx.index === ctx.bounds.length - 1;
  let left = txBudget;
  // One order a day straddles midnight on purpose (placed 23:56-23:59, paid just after 00:00).
  if (!isLast && left > 0) left -= cardOrder(b, ctx, day.endMs - rng.int(60, 240) * SECOND, left, day.endMs + rng.int(5, 180) * SECOND);
  while (left > 0) {
    // Most orders in shop hours, some at any time of the night.
    const offset = rng.chance(0.85) ? 8 * HOUR + rng.next() * 16 * HOUR : rng.next() * 24 * HOUR;
    let t0 = day.startMs + Math.floor(offset);
    if (rng.chance(0.15)) {
      pixOrder(b, Math.min(t0, day.endMs - 80 * MINUTE));
      continue;
    }
    // On the last day every payment must land inside the history.
    if (isLast) t0 = Math.min(t0, day.endMs - 20 * MINUTE);
    left -= cardOrder(b, ctx, t0, left);
  }
  const payouts = Math.floor(perDay * 0.03) + 1;
  for (let i = 0; i < payouts; i++) naturalPayout(b, day.startMs + 7 * HOUR + Math.floor(rng.next() * 14 * HOUR));
}

/** A card order: maybe a refused attempt and a retry, then paid or review. Returns transactions used. */
function cardOrder(b: HistoryBuilder, ctx: DayContext, t0: number, left: number, forcedPayAt?: number): number {
  const { rng } = b;
  const customer = customerFrom(rng);
  const net = netAmountFrom(rng);
  const installments = installmentsFrom(rng);
  const itemId = b.newItemId();
  const order = b.newOrder(itemId, t0, customer, net, noteFrom(rng));
  let t = t0 + rng.int(5, 240) * SECOND;
  let used = 0;
  if (left >= 2 && forcedPayAt === undefined && rng.chance(0.08)) {
    b.newTransaction(itemId, t, customer, net, installments, 'refused');
    used++;
    if (!rng.chance(0.7)) return used; // gave up: the order stays "Aguardando pagamento"
    t += rng.int(20, 300) * SECOND;
  }
  if (forcedPayAt !== undefined) t = forcedPayAt;
  const dayEnd = ctx.bounds[ctx.index]!.endMs;
  // Natural reviews are decided the same local day, so they are never stale.
  if (forcedPayAt === undefined && t < dayEnd - 2 * HOUR && rng.chance(0.03)) {
    const tx = b.newTransaction(itemId, t, customer, net, installments, 'review');
    const decidedAt = t + rng.int(5, 90) * MINUTE;
    if (rng.chance(0.8)) {
      addTxVersion(tx, decidedAt, 'paid');
      b.setOrder(order, decidedAt, 'Pago', tx.id);
    } else {
      addTxVersion(tx, decidedAt, 'rejected');
      b.setOrder(order, decidedAt, 'Cancelado');
    }
    return used + 1;
  }
  const tx = b.newTransaction(itemId, t, customer, net, installments, 'paid');
  b.setOrder(order, t, 'Pago', tx.id);
  const payDay = t >= dayEnd ? ctx.index + 1 : ctx.index;
  const last = ctx.bounds.length - 1;
  // Asked of the rng only when planting, so that a history without mispriced sales stays as it was.
  // A mispriced sale stays as charged: a refund would take it out of the check before its night.
  if (b.mispricedRate > 0 && rng.chance(b.mispricedRate)) {
    mispriceSale(b, tx, ctx.dates[payDay]!);
    return used + 1;
  }
  if (rng.chance(0.04)) {
    // Refund: usually days later, sometimes the same day; the shop records it at the same moment.
    const k = rng.chance(0.1) ? 0 : rng.int(1, 60);
    const r = k === 0 ? t + rng.int(10, 120) * MINUTE : dayTime(b, ctx, payDay + k);
    if (payDay + k <= last && r < ctx.bounds[payDay + k]!.endMs) {
      addTxVersion(tx, r, 'refunded');
      b.setOrder(order, r, 'Estornado');
    }
  } else if (rng.chance(0.005)) {
    const k = rng.int(10, 120);
    if (payDay + k <= last) {
      const c = dayTime(b, ctx, payDay + k);
      addTxVersion(tx, c, 'chargeback');
      b.setOrder(order, c, 'Estornado');
    }
  }
  return used + 1;
}

function pixOrder(b: HistoryBuilder, t0: number): void {
  const { rng } = b;
  const customer = customerFrom(rng);
  const net = netAmountFrom(rng);
  const itemId = b.newItemId();
  const order = b.newOrder(itemId, t0, customer, net, noteFrom(rng));
  const cashIn = b.newOperation('cash_in', itemId, t0 + rng.int(5, 60) * SECOND, customer, net);
  if (rng.chance(0.08)) {
    const expiredAt = cashIn.createdMs + 30 * MINUTE;
    addOpVersion(cashIn, expiredAt, 'expired', 0);
    b.setOrder(order, expiredAt, 'Cancelado');
  } else {
    const paidAt = cashIn.createdMs + rng.int(10, 600) * SECOND;
    addOpVersion(cashIn, paidAt, 'paid', net);
    b.setOrder(order, paidAt, 'Pago');
  }
}

function naturalPayout(b: HistoryBuilder, t: number): void {
  const { rng } = b;
  const payee = customerFrom(rng);
  const amount = Math.min(5_000_000, Math.max(1_000, Math.round(Math.exp(Math.log(150_000) + 0.8 * rng.normal()))));
  const op = b.newOperation('cash_out', b.newPayoutItemId(), t, payee, amount);
  const pendingAt = t + rng.int(1, 60) * MINUTE;
  addOpVersion(op, pendingAt, 'pending', 0);
  addOpVersion(op, pendingAt + rng.int(60, 40 * 60) * MINUTE, 'fulfilled', amount);
}
