// Reads the facts back out of a finding's English reason (the sentences the reconcile rules write in
// SQL, src/reconcile/rules.ts), so a locale can render the same facts in its own words. A sentence is
// only ever localized when rendering its facts in English gives back the very same text (see
// localize.ts): a sentence this file does not know, or one it would misread, is shown as written.
import type { ReasonFacts } from './reason-types.ts';

const AMOUNT = String.raw`(none|-?\d{1,3}(?:\.\d{3})*,\d{2})`;
const SIGNED = String.raw`(none|[+-]\d{1,3}(?:\.\d{3})*,\d{2})`;
const DAY = String.raw`(\d{4}-\d{2}-\d{2})`;
const UTC = String.raw`(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) UTC`;

/** `1.234,56` / `-0,10` / `+10,00` as cents; `none` as null. */
function centsOfReasonAmount(text: string): bigint | null {
  if (text === 'none') return null;
  const negative = text.startsWith('-');
  const digits = text.replace(/^[+-]/, '').replaceAll('.', '').replace(',', '');
  const cents = BigInt(digits);
  return negative ? -cents : cents;
}

/** `2026-03-10 14:05` (UTC) as epoch ms. */
function msOfUtc(text: string): number {
  return Date.parse(`${text.replace(' ', 'T')}:00Z`);
}

type Groups = readonly string[];
const g = (m: Groups, i: number): string => m[i] ?? '';
const opt = (m: Groups, i: number): string | null => m[i] ?? null;
const money = (m: Groups, i: number): bigint | null => centsOfReasonAmount(g(m, i));

/** One known sentence: its pattern (the whole text, `s`: ids may hold line breaks) and its facts. */
const SHAPES: readonly { pattern: RegExp; facts: (m: Groups) => ReasonFacts | undefined }[] = [
  {
    pattern: new RegExp(
      `^(?:order marked paid on ${DAY} \\(was (.*?)\\); )?order ${AMOUNT} is paid but no paid, refunded or charged-back payment exists(?: \\(payments seen: (.*)\\))?$`,
      's',
    ),
    facts: (m) => ({ kind: 'missingPayment', markedPaidOn: opt(m, 1), statusBefore: opt(m, 2), orderCents: money(m, 3), paymentsSeen: opt(m, 4) }),
  },
  {
    pattern: new RegExp(`^paid (transaction|cash-in) (.+?) of ${AMOUNT} matches no order (?:\\(the listing row has no item_id\\)|\\(item_id (.*)\\))$`, 's'),
    facts: (m) => ({ kind: 'unmatchedPayment', source: g(m, 1) === 'cash-in' ? 'cash_in' : 'card', paymentId: g(m, 2), cents: money(m, 3), itemId: opt(m, 4) }),
  },
  {
    pattern: new RegExp(`^order edited on ${DAY} from ${AMOUNT} to ${AMOUNT}; paid ${AMOUNT} \\(${SIGNED}\\)$`, 's'),
    facts: (m) => ({
      kind: 'amountMismatchEdited',
      editedOn: g(m, 1),
      beforeCents: money(m, 2),
      orderCents: money(m, 3),
      paidCents: money(m, 4),
      differenceCents: money(m, 5),
    }),
  },
  {
    pattern: new RegExp(`^order ${AMOUNT} vs (net_value|paid_amount|authorized_amount|cash-in amount) ${AMOUNT} \\(${SIGNED}\\)$`, 's'),
    facts: (m) => ({ kind: 'amountMismatch', orderCents: money(m, 1), compared: g(m, 2), paidCents: money(m, 3), differenceCents: money(m, 4) }),
  },
  {
    pattern: /^(\d+) payments are paid for one item: (.*)$/s,
    facts: (m) => {
      const payments: { id: string; cents: bigint | null }[] = [];
      const entry = new RegExp(`(.+?) ${AMOUNT}(?:, |$)`, 'sy');
      const list = g(m, 2);
      while (entry.lastIndex < list.length) {
        const e = entry.exec(list);
        if (!e) return undefined;
        payments.push({ id: g(e, 1), cents: money(e, 2) });
      }
      return { kind: 'duplicateCharge', count: Number(g(m, 1)), payments };
    },
  },
  {
    pattern: new RegExp(`^order is pending but payment (.+?) of ${AMOUNT} is paid$`, 's'),
    facts: (m) => ({ kind: 'orderStatusBehind', paymentIds: g(m, 1), cents: money(m, 2) }),
  },
  {
    pattern: new RegExp(`^order is (.+?) but payment (.+?) of ${AMOUNT} is still paid$`, 's'),
    facts: (m) => ({ kind: 'refundOwed', orderStatus: g(m, 1), paymentIds: g(m, 2), cents: money(m, 3) }),
  },
  {
    pattern: new RegExp(`^transaction (.+?) was refunded on ${UTC} but the order is still paid$`, 's'),
    facts: (m) => ({ kind: 'refundNotRecorded', transactionIds: g(m, 1), atMs: msOfUtc(g(m, 2)) }),
  },
  {
    pattern: new RegExp(`^transaction (.+?) was charged back on ${UTC} but the order is still paid$`, 's'),
    facts: (m) => ({ kind: 'chargebackOpen', transactionIds: g(m, 1), atMs: msOfUtc(g(m, 2)) }),
  },
  {
    pattern: new RegExp(`^transaction (.+?) has been in review since ${UTC} \\((-?\\d+) h at the end of the day\\)$`, 's'),
    facts: (m) => ({ kind: 'staleReview', transactionId: g(m, 1), sinceMs: msOfUtc(g(m, 2)), hours: Number(g(m, 3)) }),
  },
  {
    pattern: new RegExp(`^cash-in amount ${AMOUNT} vs paid_amount ${AMOUNT} \\(${SIGNED}\\)$`, 's'),
    facts: (m) => ({ kind: 'cashinAmountMismatch', amountCents: money(m, 1), paidCents: money(m, 2), differenceCents: money(m, 3) }),
  },
  {
    pattern: new RegExp(`^payout of ${AMOUNT} failed(?:: (.*))?$`, 's'),
    facts: (m) => ({ kind: 'cashoutFailed', cents: money(m, 1), description: opt(m, 2) }),
  },
  {
    pattern: new RegExp(`^payout of ${AMOUNT} has been (.+?) since ${UTC} \\((-?\\d+) h at the end of the day\\)$`, 's'),
    facts: (m) => ({ kind: 'cashoutStalePending', cents: money(m, 1), status: g(m, 2), sinceMs: msOfUtc(g(m, 3)), hours: Number(g(m, 4)) }),
  },
  {
    pattern: new RegExp(`^payout amount ${AMOUNT} vs paid_off_amount ${AMOUNT} \\(${SIGNED}\\)$`, 's'),
    facts: (m) => ({ kind: 'cashoutShort', amountCents: money(m, 1), paidOffCents: money(m, 2), differenceCents: money(m, 3) }),
  },
  {
    pattern: new RegExp(`^(\\d{1,2})x (\\S+): charged ${AMOUNT}, table ${AMOUNT} \\(rate (\\d+\\.\\d+)%\\)$`, 's'),
    facts: (m) => ({ kind: 'feeMismatch', installments: Number(g(m, 1)), brand: g(m, 2), chargedCents: money(m, 3), tableCents: money(m, 4), rate: g(m, 5) }),
  },
  {
    pattern: new RegExp(
      `^transaction (.+?) became (\\w+) on ${UTC} and no notification of it came within (\\d+(?:\\.\\d+)?) h(?:; it explains the open ([a-z_, ]+) of its order)?$`,
      's',
    ),
    facts: (m) => ({ kind: 'notificationMissed', transactionId: g(m, 1), status: g(m, 2), atMs: msOfUtc(g(m, 3)), hours: g(m, 4), explains: opt(m, 5) }),
  },
  {
    pattern: new RegExp(
      `^transaction (.+?) was notified as (\\w+) on ${UTC} but the listing (?:does not have it (\\d+(?:\\.\\d+)?) h later|shows it (\\w+) since ${UTC} and never \\2)$`,
      's',
    ),
    facts: (m) => ({
      kind: 'notificationContradicted',
      transactionId: g(m, 1),
      status: g(m, 2),
      atMs: msOfUtc(g(m, 3)),
      hours: g(m, 4),
      listed: m[5] === undefined ? null : { status: g(m, 5), sinceMs: msOfUtc(g(m, 6)) },
    }),
  },
  {
    pattern: new RegExp(`^payout of ${AMOUNT} on ${DAY} has no credit in bank account (\\S+) from ${DAY} to ${DAY}$`, 's'),
    facts: (m) => ({ kind: 'payoutNotInBank', cents: money(m, 1), day: g(m, 2), account: g(m, 3), windowStart: g(m, 4), windowEnd: g(m, 5) }),
  },
  {
    pattern: new RegExp(
      `^payout of ${AMOUNT} on ${DAY} was credited ${AMOUNT} on ${DAY} in bank account (\\S+) \\(${SIGNED}; line (.*?), memo "(.*)"\\)$`,
      's',
    ),
    facts: (m) => ({
      kind: 'payoutAmountDiffers',
      cents: money(m, 1),
      day: g(m, 2),
      creditCents: money(m, 3),
      postedOn: g(m, 4),
      account: g(m, 5),
      differenceCents: money(m, 6),
      lineId: g(m, 7),
      memo: g(m, 8),
    }),
  },
  {
    pattern: new RegExp(`^bank credit of ${AMOUNT} on ${DAY} in bank account (\\S+) explains no payout \\(line (.*?), memo "(.*)"\\)$`, 's'),
    facts: (m) => ({ kind: 'bankCreditUnexplained', cents: money(m, 1), postedOn: g(m, 2), account: g(m, 3), lineId: g(m, 4), memo: g(m, 5) }),
  },
  {
    pattern: new RegExp(`^transaction (.+?) left review: rejected by the fraud check \\(no longer listed by the service; seen missing on ${UTC}\\)$`, 's'),
    facts: (m) => ({ kind: 'reviewRejected', transactionId: g(m, 1), seenMissingMs: msOfUtc(g(m, 2)) }),
  },
  {
    pattern: new RegExp(`^transaction (.+?) left review: now (.+?)(?: since ${UTC})?$`, 's'),
    facts: (m) => ({ kind: 'reviewDecided', transactionId: g(m, 1), status: g(m, 2), sinceMs: m[3] === undefined ? null : msOfUtc(g(m, 3)) }),
  },
];

/** The facts of a known reason sentence, or undefined for any other text. */
export function factsOfReason(text: string): ReasonFacts | undefined {
  for (const shape of SHAPES) {
    const match = shape.pattern.exec(text);
    if (match) return shape.facts(match);
  }
  return undefined;
}
