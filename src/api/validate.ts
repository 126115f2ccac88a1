// Checks a parsed listing page against the zod schemas and names what broke: the request (or replay
// file), the row's position and id, and the field. Pure: used by the live client and by --replay.
// Rows go through the hand-written checks first; zod runs only on a row they doubt (to name the field).
import type { z } from 'zod';
import { ReconError } from '../shared/errors.ts';
import type { ApiOperation, ApiTransaction } from '../shared/domain.ts';
import {
  cashInRowSchema,
  cashOutRowSchema,
  describeIssue,
  operationsEnvelope,
  transactionRowSchema,
  transactionsEnvelope,
} from './schemas.ts';
import { looksLikeCashIn, looksLikeCashOut, looksLikeEnvelope, looksLikeTransaction } from './fast-check.ts';

export interface CheckedPage<Row> {
  total: number;
  page: number;
  offset: number;
  rows: Row[];
}

export function checkTransactionsPage(value: unknown, where: string): CheckedPage<ApiTransaction> {
  const envelope = checkEnvelope(transactionsEnvelope, 'transactions', value, where);
  const rows = envelope.transactions;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (looksLikeTransaction(row)) continue;
    const result = transactionRowSchema.safeParse(row);
    if (!result.success) throw rowError(where, i, idOf(row, 'transaction_id'), 'transaction_id', result.error);
  }
  // The parsed originals are returned (zod's copies would cost allocations); they are now known-good.
  return { total: envelope.total, page: envelope.page, offset: envelope.offset, rows: rows as ApiTransaction[] };
}

export function checkOperationsPage(value: unknown, where: string): CheckedPage<ApiOperation> {
  const envelope = checkEnvelope(operationsEnvelope, 'operations', value, where);
  const rows = envelope.operations;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown> | null;
    const isCashIn = typeof row === 'object' && row !== null && 'cash_in_id' in row;
    const isCashOut = typeof row === 'object' && row !== null && 'cash_out_id' in row;
    if (isCashIn === isCashOut) {
      throw new ReconError('api_schema', `${where}: row ${i + 1}: field cash_in_id/cash_out_id: expected exactly one of them, got ${isCashIn ? 'both' : 'neither'}`);
    }
    if (row !== null && (isCashIn ? looksLikeCashIn(row) : looksLikeCashOut(row))) continue;
    const result = (isCashIn ? cashInRowSchema : cashOutRowSchema).safeParse(row);
    const idField = isCashIn ? 'cash_in_id' : 'cash_out_id';
    if (!result.success) throw rowError(where, i, idOf(row, idField), idField, result.error);
  }
  return { total: envelope.total, page: envelope.page, offset: envelope.offset, rows: rows as ApiOperation[] };
}

function checkEnvelope<S extends z.ZodType>(schema: S, key: string, value: unknown, where: string): z.infer<S> {
  if (looksLikeEnvelope(value, key)) return value as z.infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw new ReconError('api_schema', `${where}: response envelope ${describeIssue(result.error)}`, { cause: result.error });
  return result.data;
}

function rowError(where: string, index: number, id: string | undefined, idField: string, error: z.ZodError): ReconError {
  const who = id === undefined ? '' : ` (${idField} ${id})`;
  return new ReconError('api_schema', `${where}: row ${index + 1}${who}: ${describeIssue(error)}`, {
    cause: error,
    details: { row: index + 1, id, field: error.issues[0]?.path.map(String).join('.') },
  });
}

function idOf(row: unknown, field: string): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const id = (row as Record<string, unknown>)[field];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
