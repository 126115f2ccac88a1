// The facts a finding states, by shape: what the reconcile rule that raised it knew (amounts, instants,
// days, ids, what changed and when), stored as JSON in findings.facts. Each locale's catalogue has one
// renderer per shape (`reasons`), and the English one also writes the stored findings.reason, so a
// sentence exists once per locale and no text is ever read back into facts.
import { z } from 'zod';

// JSON carries integers exactly up to 2^53 (90 trillion reais; beyond it a number is refused, never
// rounded); a copy that wrote its bigints as digit strings (the triage snapshot) reads back the same.
const cents = z
  .union([z.number().int(), z.string().regex(/^-?\d+$/)])
  .nullable()
  .transform((n) => (n === null ? null : BigInt(n)));
const epochMs = z.number().int();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const text = z.string();

const fact = <const K extends string, S extends z.ZodRawShape>(kind: K, shape: S) => z.object({ kind: z.literal(kind), ...shape });

/** Amounts are integer cents (null where the rule had none); instants are epoch ms; days are YYYY-MM-DD. */
export const REASON_FACTS = z.discriminatedUnion('kind', [
  fact('missingPayment', { markedPaidOn: isoDay.nullable(), statusBefore: text.nullable(), orderCents: cents, paymentsSeen: text.nullable() }),
  fact('unmatchedPayment', { source: z.enum(['card', 'cash_in']), paymentId: text, cents, itemId: text.nullable() }),
  fact('amountMismatch', { orderCents: cents, compared: text, paidCents: cents, differenceCents: cents }),
  fact('amountMismatchEdited', { editedOn: isoDay, beforeCents: cents, orderCents: cents, paidCents: cents, differenceCents: cents }),
  fact('duplicateCharge', { count: z.number().int(), payments: z.array(z.object({ id: text, cents })) }),
  fact('refundOwed', { orderStatus: text, paymentIds: text, cents }),
  fact('refundNotRecorded', { transactionIds: text, atMs: epochMs }),
  fact('chargebackOpen', { transactionIds: text, atMs: epochMs }),
  fact('staleReview', { transactionId: text, sinceMs: epochMs, hours: z.number().int() }),
  fact('orderStatusBehind', { paymentIds: text, cents }),
  fact('cashinAmountMismatch', { amountCents: cents, paidCents: cents, differenceCents: cents }),
  fact('cashoutFailed', { cents, description: text.nullable() }),
  fact('cashoutStalePending', { cents, status: text, sinceMs: epochMs, hours: z.number().int() }),
  fact('cashoutShort', { amountCents: cents, paidOffCents: cents, differenceCents: cents }),
  // The rate is the price table's DECIMAL as written (11.94), never a float.
  fact('feeMismatch', { installments: z.number().int(), brand: text, chargedCents: cents, tableCents: cents, rate: text }),
  // The hours are the configured span as written (a setting may be 1.5).
  fact('notificationMissed', { transactionId: text, status: text, atMs: epochMs, hours: text, explains: text.nullable() }),
  fact('notificationContradicted', {
    transactionId: text,
    status: text,
    atMs: epochMs,
    listed: z.object({ status: text, sinceMs: epochMs }).nullable(),
    hours: text,
  }),
  fact('payoutNotInBank', { cents, day: isoDay, account: text, windowStart: isoDay, windowEnd: isoDay }),
  fact('payoutAmountDiffers', {
    cents,
    day: isoDay,
    creditCents: cents,
    postedOn: isoDay,
    account: text,
    differenceCents: cents,
    lineId: text,
    memo: text,
  }),
  fact('bankCreditUnexplained', { cents, postedOn: isoDay, account: text, lineId: text, memo: text }),
  // A stale review that resolved: the decision the service made, and when recon saw it.
  fact('reviewRejected', { transactionId: text, seenMissingMs: epochMs }),
  fact('reviewDecided', { transactionId: text, status: text, sinceMs: epochMs.nullable() }),
]);

export type ReasonFacts = z.output<typeof REASON_FACTS>;
export type ReasonKind = ReasonFacts['kind'];

/** How a locale writes the values inside its sentences; `instant` renders in the report's time zone. */
export interface ReasonFormat {
  money(cents: bigint | null): string;
  signedMoney(cents: bigint | null): string;
  day(isoDate: string): string;
  instant(epochMs: number): string;
  /** A status word of the service or the shop (paid, pending, ...), or a comma-separated list of them. */
  status(status: string): string;
  /** A finding category's label. */
  category(key: string): string;
}

/** One sentence per shape: the catalogue's `reasons` has one renderer per kind. */
export type ReasonRenderers = { [K in ReasonKind]: (facts: Extract<ReasonFacts, { kind: K }>, f: ReasonFormat) => string };
