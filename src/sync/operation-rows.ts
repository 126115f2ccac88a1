// Cash-in and cash-out rows as the warehouse stores them: one shape with a `kind`, amounts in integer
// cents (the listing's reais by the money module's rule for binary numbers: exact from their shortest
// decimal text, or the cent a double lies within 1e-6 reais of), raw kept.
import { ReconError } from '../shared/errors.ts';
import { centsFromReaisNumber, type AmountUnit } from '../shared/money.ts';
import type { ApiCashIn, ApiCashOut, ApiOperation } from '../shared/tables.ts';

export type { AmountUnit };

export interface OperationStageRow {
  kind: 'cash_in' | 'cash_out';
  operation_id: string;
  item_id: string | null;
  status: string;
  status_description: string | null;
  date_created: string;
  date_updated: string;
  amount_cents: number;
  paid_amount_cents: number | null;
  paid_off_amount_cents: number | null;
  customer_name: string | null;
  customer_document_number: string | null;
  raw: ApiOperation;
}

export function stageRowsOfOperations(rows: readonly ApiOperation[], unit: AmountUnit, where: string): OperationStageRow[] {
  return rows.map((row) => {
    if ('cash_in_id' in row) {
      const r = row as ApiCashIn;
      const cents = (field: 'amount' | 'paid_amount') => centsOf(r[field], unit, where, `cash_in_id ${r.cash_in_id}`, field);
      return base(r, 'cash_in', r.cash_in_id, null, cents('amount'), cents('paid_amount'), null);
    }
    const r = row as ApiCashOut;
    const cents = (field: 'amount' | 'paid_off_amount') => centsOf(r[field], unit, where, `cash_out_id ${r.cash_out_id}`, field);
    return base(r, 'cash_out', r.cash_out_id, r.status_description ?? null, cents('amount'), null, cents('paid_off_amount'));
  });
}

function base(
  row: ApiOperation,
  kind: OperationStageRow['kind'],
  id: string,
  statusDescription: string | null,
  amount: number,
  paid: number | null,
  paidOff: number | null,
): OperationStageRow {
  return {
    kind,
    operation_id: id,
    item_id: row.item_id ?? null,
    status: row.status,
    status_description: statusDescription,
    date_created: row.date_created,
    date_updated: row.date_updated,
    amount_cents: amount,
    paid_amount_cents: paid,
    paid_off_amount_cents: paidOff,
    customer_name: row.customer_name ?? null,
    customer_document_number: row.customer_document_number ?? null,
    raw: row,
  };
}

/** Cents or a schema error naming the row and field: 150.9 reais -> 15090, 89.69999999999999 -> 8970, 150.999 -> error. */
function centsOf(value: number, unit: AmountUnit, where: string, who: string, field: string): number {
  const cents = unit === 'cents' ? (Number.isSafeInteger(value) ? value : undefined) : centsFromReaisNumber(value);
  if (cents === undefined) {
    const expected = unit === 'cents' ? 'an integer number of cents' : 'reais with at most two decimals';
    throw new ReconError('api_schema', `${where}: ${who}: field ${field}: expected ${expected} (sync.operationsAmountUnit = "${unit}"), got ${value}`);
  }
  return cents;
}
