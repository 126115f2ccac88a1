// Hand-written row checks for the hot path: a plain yes/no per row that is never looser than the zod
// schemas in schemas.ts (every row it accepts, zod accepts too). A "no" is not an error by itself:
// the caller then runs zod on that row, which either accepts it after all or names the broken field.
import { z } from 'zod';
import { CASH_IN_STATUSES, CASH_OUT_STATUSES, TRANSACTION_STATUSES } from '../shared/domain.ts';
import { isWellFormed } from '../shared/well-formed.ts';

const TX_STATUS: ReadonlySet<unknown> = new Set(TRANSACTION_STATUSES);
const CASH_IN_STATUS: ReadonlySet<unknown> = new Set(CASH_IN_STATUSES);
const CASH_OUT_STATUS: ReadonlySet<unknown> = new Set(CASH_OUT_STATUSES);

/** The service's own shape: UTC with milliseconds. Its text order is its time order (years 0000-9999). */
const STRICT_INSTANT = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;
const calendarDay = z.iso.date();
const knownDays = new Map<string, boolean>();

/** True when `value` is an instant in the strict `YYYY-MM-DDTHH:mm:ss.sssZ` shape on a real calendar day. */
export function isStrictInstant(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 24 || !STRICT_INSTANT.test(value)) return false;
  // Rows of a page mostly share their day: compare with the last day checked before slicing a new one.
  if (lastDay !== '' && value.startsWith(lastDay)) return true;
  const day = value.slice(0, 10);
  let ok = knownDays.get(day);
  if (ok === undefined) {
    ok = calendarDay.safeParse(day).success;
    // A listing spans few distinct days; the cap only guards against a hostile stream of them.
    if (knownDays.size > 100_000) knownDays.clear();
    knownDays.set(day, ok);
  }
  if (ok) lastDay = day;
  return ok;
}

let lastDay = '';

/** The strict ISO text of an instant in ms, or undefined when it has no such form (outside years 0-9999). */
export function strictIsoOf(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms < -62_167_219_200_000 || ms >= 253_402_300_800_000) return undefined;
  return new Date(ms).toISOString();
}

function isNullableText(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

function isOptionalItemId(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.length > 0);
}

/** A key is stored exactly or not at all: one holding a lone surrogate (see schemas.ts) is left to zod. */
function isId(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && isWellFormed(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function looksLikeTransaction(row: unknown): boolean {
  if (!isPlainObject(row)) return false;
  return (
    isId(row['transaction_id']) &&
    isOptionalItemId(row['item_id']) &&
    TX_STATUS.has(row['status']) &&
    isNullableText(row['authorization_code']) &&
    isNullableText(row['nsu']) &&
    isStrictInstant(row['date_created']) &&
    isStrictInstant(row['date_updated']) &&
    Number.isSafeInteger(row['net_value']) &&
    Number.isSafeInteger(row['authorized_amount']) &&
    Number.isSafeInteger(row['paid_amount']) &&
    Number.isSafeInteger(row['refunded_amount']) &&
    typeof row['installments'] === 'string' &&
    typeof row['card_holder_name'] === 'string' &&
    typeof row['card_brand'] === 'string' &&
    typeof row['card_first_digits'] === 'string' &&
    typeof row['card_last_digits'] === 'string' &&
    isNullableText(row['acquirer_status_code']) &&
    isNullableText(row['acquirer_status_message'])
  );
}

function looksLikeOperationCommon(row: Record<string, unknown>): boolean {
  return (
    isOptionalItemId(row['item_id']) &&
    isStrictInstant(row['date_created']) &&
    isStrictInstant(row['date_updated']) &&
    Number.isFinite(row['amount']) &&
    typeof row['customer_name'] === 'string' &&
    typeof row['customer_document_number'] === 'string'
  );
}

export function looksLikeCashIn(row: Record<string, unknown>): boolean {
  return isId(row['cash_in_id']) && CASH_IN_STATUS.has(row['status']) && Number.isFinite(row['paid_amount']) && looksLikeOperationCommon(row);
}

export function looksLikeCashOut(row: Record<string, unknown>): boolean {
  const description = row['status_description'];
  return (
    isId(row['cash_out_id']) &&
    CASH_OUT_STATUS.has(row['status']) &&
    (description === undefined || isNullableText(description)) &&
    Number.isFinite(row['paid_off_amount']) &&
    looksLikeOperationCommon(row)
  );
}

/** The list envelope: non-negative integer total, page and offset, and the row array under `key`. */
export function looksLikeEnvelope(value: unknown, key: string): value is { total: number; page: number; offset: number } & Record<string, unknown[]> {
  if (!isPlainObject(value)) return false;
  const nonNegative = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  return nonNegative(value['total']) && nonNegative(value['page']) && nonNegative(value['offset']) && Array.isArray(value[key]);
}
