// zod schemas of the listing responses: the envelope, and the rows' schemas derived from their field
// sets (shared/tables.ts). Rows are loose objects: fields the spec does not name are kept, never rejected.
import { z } from 'zod';
import { rowSchemaOf } from '../shared/fields.ts';
import { CASH_IN_FIELDS, CASH_OUT_FIELDS, TRANSACTION_FIELDS } from '../shared/tables.ts';

export const transactionRowSchema = rowSchemaOf(TRANSACTION_FIELDS);
export const cashInRowSchema = rowSchemaOf(CASH_IN_FIELDS);
export const cashOutRowSchema = rowSchemaOf(CASH_OUT_FIELDS);

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
