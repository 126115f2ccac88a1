// Lost notifications, planted on request (GenerateOptions.lostNotificationRate): a refund, chargeback or
// review decision of the history whose notification the sandbox never delivers. Each is a
// notification_missed in the ground truth, on the business day that holds the end of the service's retry
// span after the change (when that day is inside the history), but for a review decided before any
// nightly sync (D+1 02:00 local) read the sale in review: the listing never shows that decision. Decided
// by a hash of (seed, serial, version), so the history's rng and everything else it generates stay as
// they were.
import { addDays, businessDateOf, businessDayOf } from '../shared/business-day.ts';
import type { SandboxHistory, TxVersion } from './model.ts';
import { unitFrom } from './rng.ts';

/** notifications.retrySpanHours' default, which the truth dates assume. */
const RETRY_SPAN_MS = 26 * 3_600_000;
/** When the nightly of a day reads the listing, after the day's end (the sandbox's truth dates assume it). */
const NIGHTLY_AFTER_MS = 2 * 3_600_000;

/** The key of a transaction's version in SandboxHistory.lostNotifications. */
export function notificationKey(transactionId: string, version: number): string {
  return `${transactionId}#${version}`;
}

export function planLostNotifications(history: SandboxHistory, rate: number): void {
  if (rate <= 0) return;
  const lost = new Set<string>();
  for (const tx of history.transactions) {
    tx.versions.forEach((v, k) => {
      if (k === 0 || !owesNotification(history, v, tx.versions[k - 1]!)) return;
      if (unitFrom(history.seed, tx.serial, k, 37) >= rate) return;
      lost.add(notificationKey(tx.id, k));
      const date = businessDateOf(v.atMs + RETRY_SPAN_MS, history.timezone);
      if (date <= history.endDate) history.discrepancies.push({ category: 'notification_missed', date, item_id: tx.itemId, transaction_ids: [tx.id] });
    });
  }
  history.lostNotifications = lost;
}

/** A refund, a chargeback, or a review decided paid after a nightly sync read the sale in review. */
function owesNotification(history: SandboxHistory, v: TxVersion, before: TxVersion): boolean {
  if (v.status === 'refunded' || v.status === 'chargeback') return true;
  if (v.status !== 'paid' || before.status !== 'review') return false;
  const reviewDate = businessDateOf(before.atMs, history.timezone);
  const firstNightly = businessDayOf(addDays(reviewDate, 1), history.timezone).startMs + NIGHTLY_AFTER_MS;
  return v.atMs > firstNightly;
}
