// Review decisions the listing sees, planted on request (GenerateOptions.reviewDecisionsPerDay): a card
// sale sent to manual review during a day and decided paid the next morning, after that day's nightly
// sync (D+1 02:00 local) read it in review and long before the 48 h stale limit, so that the listing
// shows both statuses and the decision is owed a notification (notification_missed when it is lost).
// The natural reviews are decided within the hour, unseen in review. Drawn from an rng stream of its
// own after the rest of the history is built, so that nothing else the generator builds changes.
import type { BusinessDay } from '../shared/business-day.ts';
import { addTxVersion, type HistoryBuilder } from './builder.ts';
import { HOUR, SECOND } from './calendar.ts';
import { customerFrom, installmentsFrom, netAmountFrom, noteFrom } from './people.ts';
import { Rng } from './rng.ts';

export function plantReviewDecisions(b: HistoryBuilder, bounds: readonly BusinessDay[], perDay: number): void {
  if (perDay <= 0) return;
  const rng = new Rng(b.seed, 3);
  for (let index = 0; index + 1 < bounds.length; index++) {
    const day = bounds[index]!;
    for (let i = 0; i < perDay; i++) {
      const customer = customerFrom(rng);
      const net = netAmountFrom(rng);
      const installments = installmentsFrom(rng);
      const t0 = day.startMs + 9 * HOUR + Math.floor(rng.next() * 10 * HOUR);
      const itemId = b.newItemId();
      const order = b.newOrder(itemId, t0, customer, net, noteFrom(rng));
      const tx = b.newTransaction(itemId, t0 + rng.int(5, 120) * SECOND, customer, net, installments, 'review');
      const decidedAt = bounds[index + 1]!.startMs + 4 * HOUR + Math.floor(rng.next() * 8 * HOUR);
      addTxVersion(tx, decidedAt, 'paid');
      b.setOrder(order, decidedAt, 'Pago', tx.id);
    }
  }
}
