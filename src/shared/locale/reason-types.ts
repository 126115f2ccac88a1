// The facts a finding's reason sentence states, by shape. The reconcile rules write the sentence once,
// in English, into findings.reason (a warehouse contract); reason-parse.ts reads the facts back out of
// it so each locale can say the same facts in its own words (the catalogues' `reasons`).

/** Amounts are integer cents (null where the rule wrote `none`); instants are epoch ms; days are YYYY-MM-DD. */
export type ReasonFacts =
  | { kind: 'missingPayment'; markedPaidOn: string | null; statusBefore: string | null; orderCents: bigint | null; paymentsSeen: string | null }
  | { kind: 'unmatchedPayment'; source: 'card' | 'cash_in'; paymentId: string; cents: bigint | null; itemId: string | null }
  | { kind: 'amountMismatch'; orderCents: bigint | null; compared: string; paidCents: bigint | null; differenceCents: bigint | null }
  | {
      kind: 'amountMismatchEdited';
      editedOn: string;
      beforeCents: bigint | null;
      orderCents: bigint | null;
      paidCents: bigint | null;
      differenceCents: bigint | null;
    }
  | { kind: 'duplicateCharge'; count: number; payments: { id: string; cents: bigint | null }[] }
  | { kind: 'refundOwed'; orderStatus: string; paymentIds: string; cents: bigint | null }
  | { kind: 'refundNotRecorded'; transactionIds: string; atMs: number }
  | { kind: 'chargebackOpen'; transactionIds: string; atMs: number }
  | { kind: 'staleReview'; transactionId: string; sinceMs: number; hours: number }
  | { kind: 'orderStatusBehind'; paymentIds: string; cents: bigint | null }
  | { kind: 'cashinAmountMismatch'; amountCents: bigint | null; paidCents: bigint | null; differenceCents: bigint | null }
  | { kind: 'cashoutFailed'; cents: bigint | null; description: string | null }
  | { kind: 'cashoutStalePending'; cents: bigint | null; status: string; sinceMs: number; hours: number }
  | { kind: 'cashoutShort'; amountCents: bigint | null; paidOffCents: bigint | null; differenceCents: bigint | null }
  | { kind: 'feeMismatch'; installments: number; brand: string; chargedCents: bigint | null; tableCents: bigint | null; rate: string }
  | { kind: 'notificationMissed'; transactionId: string; status: string; atMs: number; hours: string; explains: string | null }
  | { kind: 'notificationContradicted'; transactionId: string; status: string; atMs: number; listed: { status: string; sinceMs: number } | null; hours: string }
  | { kind: 'payoutNotInBank'; cents: bigint | null; day: string; account: string; windowStart: string; windowEnd: string }
  | {
      kind: 'payoutAmountDiffers';
      cents: bigint | null;
      day: string;
      creditCents: bigint | null;
      postedOn: string;
      account: string;
      differenceCents: bigint | null;
      lineId: string;
      memo: string;
    }
  | { kind: 'bankCreditUnexplained'; cents: bigint | null; postedOn: string; account: string; lineId: string; memo: string }
  | { kind: 'reviewRejected'; transactionId: string; seenMissingMs: number }
  | { kind: 'reviewDecided'; transactionId: string; status: string; sinceMs: number | null };

type ReasonKind = ReasonFacts['kind'];

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
