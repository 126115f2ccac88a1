// Contradicting notifications, planted on request (GenerateOptions.contradictingNotificationRate): besides
// the history's own changes, the sandbox notifies, as its clock passes them, a refund of a sale the
// listing keeps showing paid since that very instant, and a paid sale of a transaction it never lists
// (about one every other day). Each is a notification_contradicted in the ground truth, on the business
// day that holds its date_updated + the grace. As many flashes the listing could not have seen
// (processing a minute before a sale was paid) are notified too, and are no finding. Decided by hashes of
// (seed, serial) and (seed, day), so the history's rng and everything else it generates stay as they were.
import { businessDateOf } from '../shared/business-day.ts';
import { HOUR, MINUTE } from './calendar.ts';
import type { SandboxHistory, SandboxTransaction, TxVersion } from './model.ts';
import { idFor } from './people.ts';
import { unitFrom } from './rng.ts';

/** notifications.contradictionGraceHours' default, which the truth dates assume. */
const GRACE_MS = 24 * HOUR;

/** A notification the history's timelines do not hold: sent as the clock passes version.atMs. */
export interface PlantedNotification {
  tx: SandboxTransaction;
  oldStatus: string;
  version: TxVersion;
}

export function planContradictingNotifications(history: SandboxHistory, rate: number, dayStartsMs: readonly number[]): void {
  if (rate <= 0) return;
  const planted: PlantedNotification[] = [];
  const truth = (tx: SandboxTransaction, atMs: number, itemId: string | undefined) => {
    const date = businessDateOf(atMs + GRACE_MS, history.timezone);
    if (date > history.endDate) return;
    history.discrepancies.push({ category: 'notification_contradicted', date, ...(itemId ? { item_id: itemId } : {}), transaction_ids: [tx.id] });
  };
  for (const tx of history.transactions) {
    const v = tx.versions[0]!;
    if (tx.versions.length !== 1 || v.status !== 'paid' || tx.rowPatch) continue;
    const u = unitFrom(history.seed, tx.serial, 0, 41);
    if (u < rate) {
      planted.push({ tx, oldStatus: 'paid', version: { ...v, status: 'refunded', paid: 0, refunded: v.paid } });
      truth(tx, v.atMs, tx.itemId);
    } else if (u < 2 * rate) {
      planted.push({ tx, oldStatus: 'processing', version: { ...v, atMs: v.atMs - MINUTE, status: 'processing', paid: 0 } });
    }
  }
  const template = history.transactions.find((tx) => tx.approved && !tx.rowPatch);
  dayStartsMs.forEach((startMs, day) => {
    if (template === undefined || unitFrom(history.seed, day, 1, 43) >= 0.5) return;
    // A serial no history reaches, so its id is one the listing never has.
    const serial = 2 ** 31 + day;
    const atMs = startMs + 9 * HOUR + Math.floor(unitFrom(history.seed, day, 2, 43) * 8 * HOUR);
    const version: TxVersion = { ...template.versions[0]!, atMs, status: 'paid' };
    const ghost: SandboxTransaction = { ...template, serial, id: idFor('tr_', history.seed, serial), createdMs: atMs, versions: [version], cur: 0 };
    planted.push({ tx: ghost, oldStatus: 'processing', version });
    truth(ghost, atMs, undefined);
  });
  planted.sort((a, b) => a.version.atMs - b.version.atMs);
  history.plantedNotifications = planted;
}
