// What a notification is about, read from its body: the v1 transaction postback, the v3 transaction
// webhook and the payment-link notification, each reduced to the transaction, the status it announces
// and the moment of that status (date_updated). The three together are the delivery's identity: the
// service retries for about 26 hours, and a retry of a delivery already kept is answered 200 and not
// kept twice. Pure.
import { z } from 'zod';

export type NotificationKind = 'v1' | 'v3' | 'link';

export interface NotificationFacts {
  kind: NotificationKind;
  transactionId: string;
  status: string;
  dateUpdated: string;
}

const text = z.string().min(1).max(256);
const v1 = z.looseObject({ event: z.literal('transaction_status_changed'), transaction_id: text, current_status: text, date_updated: text });
const link = z.looseObject({
  payment_hash: text,
  payment_info: z.looseObject({ transaction_id: text, current_status: text, date_updated: text }),
});
// The v3 webhook's body is the `payload` of POST /v3/webhooks/:transaction_id.
const v3 = z.looseObject({ transaction_id: text, current_status: text, date_updated: text });

/** The facts of a parsed body, or undefined when it is none of the three shapes. */
export function factsOf(body: unknown): NotificationFacts | undefined {
  const a = v1.safeParse(body);
  if (a.success) return { kind: 'v1', transactionId: a.data.transaction_id, status: a.data.current_status, dateUpdated: a.data.date_updated };
  const b = link.safeParse(body);
  if (b.success) {
    const info = b.data.payment_info;
    return { kind: 'link', transactionId: info.transaction_id, status: info.current_status, dateUpdated: info.date_updated };
  }
  const c = v3.safeParse(body);
  if (c.success) return { kind: 'v3', transactionId: c.data.transaction_id, status: c.data.current_status, dateUpdated: c.data.date_updated };
  return undefined;
}

/** The delivery's identity: (transaction id, status, date_updated). */
export function deliveryKeyOf(facts: NotificationFacts): string {
  return JSON.stringify([facts.transactionId, facts.status, facts.dateUpdated]);
}
