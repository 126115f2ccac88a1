// Cash-in and cash-out rows on their way to the warehouse: the one thing Node computes of them is their
// amounts in integer cents (the listing's reais by the money module's rule for binary numbers: exact
// from their shortest decimal text, or the cent a double lies within 1e-6 reais of). A window file's
// line of an operation is those cents and the listed row's own JSON text as `raw`; staging reads the
// other columns (kind, id, status, ...) out of `raw` in SQL (stage.ts), so that a page's rows are never
// serialised again, only cut out of the body like transactions.
import { ReconError } from '../shared/errors.ts';
import { centsFromReaisNumber, type AmountUnit } from '../shared/money.ts';
import type { ApiCashIn, ApiCashOut, ApiOperation } from '../shared/tables.ts';

export type { AmountUnit };

/** The cents of a listed operation: its amount, and its paid (cash-in) or paid-off (cash-out) amount. */
interface OperationCents {
  amount: number;
  paid: number | null;
  paidOff: number | null;
}

/** Cents of a listed operation, or a schema error naming the row and field. */
export function centsOfOperation(row: ApiOperation, unit: AmountUnit, where: string): OperationCents {
  if ('cash_in_id' in row) {
    const r = row as ApiCashIn;
    const who = `cash_in_id ${r.cash_in_id}`;
    return { amount: centsOf(r.amount, unit, where, who, 'amount'), paid: centsOf(r.paid_amount, unit, where, who, 'paid_amount'), paidOff: null };
  }
  const r = row as ApiCashOut;
  const who = `cash_out_id ${r.cash_out_id}`;
  return { amount: centsOf(r.amount, unit, where, who, 'amount'), paid: null, paidOff: centsOf(r.paid_off_amount, unit, where, who, 'paid_off_amount') };
}

/** The member before `raw` in an operation's line; stage.ts finds the row's text right after it. */
export const OPERATION_RAW_MEMBER = '"raw":';

const CLOSE = Buffer.from('}');

/** A window file's line of an operation: `{"amount_cents":..,"paid_amount_cents":..,"paid_off_amount_cents":..,"raw":<text>}`. */
export function operationLine(cents: OperationCents, text: Buffer | string): Buffer {
  const head = `{"amount_cents":${cents.amount},"paid_amount_cents":${cents.paid},"paid_off_amount_cents":${cents.paidOff},${OPERATION_RAW_MEMBER}`;
  return Buffer.concat([Buffer.from(head), typeof text === 'string' ? Buffer.from(text) : text, CLOSE]);
}

/** Cents or a schema error naming the row and field: 150.9 reais -> 15090, 89.69999999999999 -> 8970, 150.999 -> error. */
function centsOf(value: number, unit: AmountUnit, where: string, who: string, field: string): number {
  const cents = unit === 'cents' ? (Number.isSafeInteger(value) ? value : undefined) : centsFromReaisNumber(value);
  if (cents === undefined) {
    throw new ReconError('api_schema', { id: 'operationAmount', where, who, field, unit, value });
  }
  return cents;
}
