// Lost notifications, planted on request (GenerateOptions.lostNotificationRate): a refund or chargeback of
// the history whose notification the sandbox never delivers. Each is a notification_missed in the ground
// truth, on the business day that holds the end of the service's retry span after the change (when that
// day is inside the history). Decided by a hash of (seed, serial, version), so the history's rng and
// everything else it generates stay as they were.
import { businessDateOf } from '../shared/business-day.ts';
import type { SandboxHistory } from './model.ts';
import { unitFrom } from './rng.ts';

/** notifications.retrySpanHours' default, which the truth dates assume. */
const RETRY_SPAN_MS = 26 * 3_600_000;

/** The key of a transaction's version in SandboxHistory.lostNotifications. */
export function notificationKey(transactionId: string, version: number): string {
  return `${transactionId}#${version}`;
}

export function planLostNotifications(history: SandboxHistory, rate: number): void {
  if (rate <= 0) return;
  const lost = new Set<string>();
  for (const tx of history.transactions) {
    tx.versions.forEach((v, k) => {
      if (k === 0 || (v.status !== 'refunded' && v.status !== 'chargeback')) return;
      if (unitFrom(history.seed, tx.serial, k, 37) >= rate) return;
      lost.add(notificationKey(tx.id, k));
      const date = businessDateOf(v.atMs + RETRY_SPAN_MS, history.timezone);
      if (date <= history.endDate) history.discrepancies.push({ category: 'notification_missed', date, item_id: tx.itemId, transaction_ids: [tx.id] });
    });
  }
  history.lostNotifications = lost;
}
