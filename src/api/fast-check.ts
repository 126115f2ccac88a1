// Row checks for the hot path: a plain yes/no per row, derived from the same field sets as the zod
// schemas (shared/tables.ts) and never looser than them (every row it accepts, zod accepts too). A "no"
// is not an error by itself: the caller then runs zod on that row, which either accepts it after all
// (an instant with an offset) or names the broken field.
import { rowCheckOf } from '../shared/fields.ts';
import { CASH_IN_FIELDS, CASH_OUT_FIELDS, TRANSACTION_FIELDS } from '../shared/tables.ts';

export const looksLikeTransaction = rowCheckOf(TRANSACTION_FIELDS);
export const looksLikeCashIn = rowCheckOf(CASH_IN_FIELDS);
export const looksLikeCashOut = rowCheckOf(CASH_OUT_FIELDS);

/** The list envelope: non-negative integer total, page and offset, and the row array under `key`. */
export function looksLikeEnvelope(value: unknown, key: string): value is { total: number; page: number; offset: number } & Record<string, unknown[]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const nonNegative = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  return nonNegative(record['total']) && nonNegative(record['page']) && nonNegative(record['offset']) && Array.isArray(record[key]);
}
