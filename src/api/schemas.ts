// zod schemas of the listing responses: the envelope, the v1 transaction row and both operation shapes.
// Rows are loose objects: fields the spec does not name are kept (the raw JSON is stored), never rejected.
import { z } from 'zod';
import { CASH_IN_STATUSES, CASH_OUT_STATUSES, TRANSACTION_STATUSES } from '../shared/domain.ts';
import { isWellFormed } from '../shared/well-formed.ts';

/** ISO 8601 instant; the spec says UTC with milliseconds, an explicit offset is tolerated. */
const instant = z.iso.datetime({ offset: true });
const nullableText = z.string().nullable();
/**
 * An id: any non-empty JSON string but one holding a lone surrogate ("\ud800"), which no UTF-8 column
 * can store. Other text is stored with such a half replaced by U+FFFD; a key never is, since an altered
 * id could meet another and could not be asked for by id again.
 */
const id = z.string().min(1).refine(isWellFormed, { message: 'holds a lone surrogate (an unpaired \\ud800-\\udfff escape), which the warehouse cannot store as text' });

export const transactionRowSchema = z.looseObject({
  transaction_id: id,
  item_id: z.string().min(1).nullable().optional(),
  status: z.enum(TRANSACTION_STATUSES),
  authorization_code: nullableText,
  nsu: nullableText,
  date_created: instant,
  date_updated: instant,
  net_value: z.int(),
  authorized_amount: z.int(),
  paid_amount: z.int(),
  refunded_amount: z.int(),
  installments: z.string(),
  card_holder_name: z.string(),
  card_brand: z.string(),
  card_first_digits: z.string(),
  card_last_digits: z.string(),
  acquirer_status_code: nullableText,
  acquirer_status_message: nullableText,
});

const operationCommon = {
  item_id: z.string().min(1).nullable().optional(),
  date_created: instant,
  date_updated: instant,
  amount: z.number(),
  customer_name: z.string(),
  customer_document_number: z.string(),
};

export const cashInRowSchema = z.looseObject({
  cash_in_id: id,
  status: z.enum(CASH_IN_STATUSES),
  paid_amount: z.number(),
  ...operationCommon,
});

export const cashOutRowSchema = z.looseObject({
  cash_out_id: id,
  status: z.enum(CASH_OUT_STATUSES),
  status_description: z.string().nullable().optional(),
  paid_off_amount: z.number(),
  ...operationCommon,
});

/** The list envelope; the row array is checked row by row so that an error names the row. */
function envelopeSchema<K extends 'transactions' | 'operations'>(key: K) {
  return z.looseObject({
    total: z.int().min(0),
    page: z.int().min(0),
    offset: z.int().min(0),
    [key]: z.array(z.unknown()),
  } as { total: z.ZodInt; page: z.ZodInt; offset: z.ZodInt } & Record<K, z.ZodArray<z.ZodUnknown>>);
}

export const transactionsEnvelope = envelopeSchema('transactions');
export const operationsEnvelope = envelopeSchema('operations');

/** "field paid_amount: expected int, received string" — the first issue, named by its path. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.length === 0 ? '(row)' : issue.path.map(String).join('.');
  return `field ${path}: ${issue.message}`;
}
