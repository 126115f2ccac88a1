// An older, thinner tail of card sales before the history's first day: installment sales (2x to 12x)
// whose later installments still fall due after its last day, as a real merchant's year of sales does.
// The nightly's lookback never reaches them, so the cash forecast is complete only once the backfill
// of older sales has read them. The tail is quiet on purpose: no orders in the exports (the shop's
// exports of the history's days list that month's orders), no chargebacks, and refunds only inside the
// tail, so no night of the history has anything of it in scope and no finding comes of it.
// Its own random stream and serials after the history's, so the history it is added to stays as it was.
import { addDays, businessDayOf, datesBetween } from '../shared/business-day.ts';
import { ReconError } from '../shared/errors.ts';
import { addTxVersion, HistoryBuilder } from './builder.ts';
import { HOUR, MINUTE } from './calendar.ts';
import type { SandboxHistory } from './model.ts';
import { customerFrom, netAmountFrom } from './people.ts';
import { Rng } from './rng.ts';

export interface OlderSalesOptions {
  /** Days of the tail, ending the day before the history's first day. */
  days: number;
  /** Card sales a day. */
  perDay: number;
}

/** Share of the tail's sales refunded, a few days later but still inside the tail. */
const REFUND_SHARE = 0.03;

/** Prepends the tail to the history's transactions (they stay sorted by creation) and moves its serials on. */
export function addOlderSales(history: SandboxHistory, options: OlderSalesOptions): void {
  const { days, perDay } = options;
  if (!Number.isInteger(days) || days < 0 || days > 3660) throw new ReconError('usage', { id: 'olderDays', got: days });
  if (!Number.isInteger(perDay) || perDay < 0 || perDay > 100_000) throw new ReconError('usage', { id: 'olderPerDay', got: perDay });
  if (days === 0 || perDay === 0) return;
  const zone = history.timezone;
  const rng = new Rng(history.seed, 9);
  const builder = new HistoryBuilder(history.seed, rng);
  builder.txSerial = history.nextSerial.transaction;
  builder.orderNo = history.nextSerial.order;
  const tailEndMs = businessDayOf(history.startDate, zone).startMs;
  for (const date of datesBetween(addDays(history.startDate, -days), addDays(history.startDate, -1), zone)) {
    const day = businessDayOf(date, zone);
    for (let i = 0; i < perDay; i++) {
      // Shop hours, never after 22:00: a sale's local date is then its day whatever the zone's offset.
      const at = day.startMs + 8 * HOUR + Math.floor(rng.next() * 14 * HOUR);
      const tx = builder.newTransaction(builder.newItemId(), at, customerFrom(rng), netAmountFrom(rng), rng.int(2, 12), 'paid');
      if (rng.chance(REFUND_SHARE)) {
        const refundAt = at + rng.int(1, 20) * 24 * HOUR + rng.int(0, 600) * MINUTE;
        if (refundAt < tailEndMs) addTxVersion(tx, refundAt, 'refunded');
      }
    }
  }
  const tail = builder.transactions.sort((a, b) => a.createdMs - b.createdMs || a.serial - b.serial);
  history.transactions = [...tail, ...history.transactions];
  history.nextSerial = { ...history.nextSerial, transaction: builder.txSerial, order: builder.orderNo };
  history.olderSalesFrom = tail.length > 0 ? addDays(history.startDate, -days) : undefined;
}
