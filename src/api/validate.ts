// Checks a parsed listing page against the zod schemas and names what broke: the request (or replay
// file), the row's position and id, and the field. Pure: used by the live client and by --replay.
// Rows go through the hand-written checks first; zod runs only on a row they doubt (to name the field).
// By default a bad row fails the page; with `keepOut` it is listed in `rejected` instead (the sync keeps
// it out of the warehouse) and the page carries the good rows. A broken envelope always fails.
import type { z } from 'zod';
import { ReconError } from '../shared/errors.ts';
import type { ApiOperation, ApiTransaction } from '../shared/tables.ts';
import { redactSecrets } from '../shared/redact.ts';
import { cashInRowSchema, cashOutRowSchema, describeIssue, operationsEnvelope, transactionRowSchema, transactionsEnvelope } from './schemas.ts';
import { looksLikeCashIn, looksLikeCashOut, looksLikeEnvelope, looksLikeTransaction } from './fast-check.ts';

/** A row of the page that broke the schema, kept out instead of failing the page. */
interface RejectedRow {
  /** 0-based position in the page's row array. */
  index: number;
  /** Its id, when it has one usable as text. */
  id: string | undefined;
  /** "field paid_amount: expected int, received string" (redacted). */
  reason: string;
}

export interface CheckedPage<Row> {
  total: number;
  page: number;
  offset: number;
  /** The good rows, in listing order (every row without keepOut). */
  rows: Row[];
  /** How many rows the page listed, good and bad. */
  listed: number;
  /** The parsed array as listed (good and bad rows, in order). */
  listedRows: unknown[];
  /** Rows kept out (keepOut only; else always empty). */
  rejected: RejectedRow[];
}

export interface CheckOptions {
  /** List bad rows in `rejected` instead of failing. */
  keepOut?: boolean | undefined;
}

export function checkTransactionsPage(value: unknown, where: string, options: CheckOptions = {}): CheckedPage<ApiTransaction> {
  const envelope = checkEnvelope(transactionsEnvelope, 'transactions', value, where);
  const rows = envelope.transactions;
  const rejected: RejectedRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (looksLikeTransaction(row)) continue;
    const result = transactionRowSchema.safeParse(row);
    if (result.success) continue;
    const id = idOf(row, 'transaction_id');
    if (!options.keepOut) throw rowError(where, i, id, 'transaction_id', result.error);
    rejected.push({ index: i, id, reason: redactSecrets(describeIssue(result.error)) });
  }
  // The parsed originals are returned (zod's copies would cost allocations); they are now known-good.
  return pageOf(envelope, rows, rejected) as CheckedPage<ApiTransaction>;
}

export function checkOperationsPage(value: unknown, where: string, options: CheckOptions = {}): CheckedPage<ApiOperation> {
  const envelope = checkEnvelope(operationsEnvelope, 'operations', value, where);
  const rows = envelope.operations;
  const rejected: RejectedRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown> | null;
    const isCashIn = typeof row === 'object' && row !== null && 'cash_in_id' in row;
    const isCashOut = typeof row === 'object' && row !== null && 'cash_out_id' in row;
    if (isCashIn === isCashOut) {
      const reason = `field cash_in_id/cash_out_id: expected exactly one of them, got ${isCashIn ? 'both' : 'neither'}`;
      if (!options.keepOut) throw new ReconError('api_schema', { id: 'apiCashInOut', where, row: i + 1, both: isCashIn });
      rejected.push({ index: i, id: idOf(row, 'cash_in_id') ?? idOf(row, 'cash_out_id'), reason });
      continue;
    }
    if (row !== null && (isCashIn ? looksLikeCashIn(row) : looksLikeCashOut(row))) continue;
    const result = (isCashIn ? cashInRowSchema : cashOutRowSchema).safeParse(row);
    if (result.success) continue;
    const idField = isCashIn ? 'cash_in_id' : 'cash_out_id';
    if (!options.keepOut) throw rowError(where, i, idOf(row, idField), idField, result.error);
    rejected.push({ index: i, id: idOf(row, idField), reason: redactSecrets(describeIssue(result.error)) });
  }
  return pageOf(envelope, rows, rejected) as CheckedPage<ApiOperation>;
}

function pageOf(envelope: { total: number; page: number; offset: number }, rows: unknown[], rejected: RejectedRow[]): CheckedPage<unknown> {
  const bad = new Set(rejected.map((r) => r.index));
  const good = bad.size === 0 ? rows : rows.filter((_, i) => !bad.has(i));
  return { total: envelope.total, page: envelope.page, offset: envelope.offset, rows: good, listed: rows.length, listedRows: rows, rejected };
}

function checkEnvelope<S extends z.ZodType>(schema: S, key: string, value: unknown, where: string): z.infer<S> {
  if (looksLikeEnvelope(value, key)) return value as z.infer<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw new ReconError('api_schema', { id: 'apiEnvelope', where, issue: describeIssue(result.error) }, { cause: result.error });
  return result.data;
}

function rowError(where: string, index: number, id: string | undefined, idField: string, error: z.ZodError): ReconError {
  const who = id === undefined ? {} : { idField, rowId: id };
  return new ReconError(
    'api_schema',
    { id: 'apiRow', where, row: index + 1, ...who, issue: describeIssue(error) },
    {
      cause: error,
      details: { row: index + 1, id, field: error.issues[0]?.path.map(String).join('.') },
    },
  );
}

function idOf(row: unknown, field: string): string | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  const id = (row as Record<string, unknown>)[field];
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
