// Refused sales may be listed with `transaction_id: null` (the spec's examples show it for refused and
// rejected rows; rejected ones are never listed). A row without an id cannot be verified, keyed or
// upserted, so it gets a stable synthetic id from its own content, in the parsed rows and in the body
// text that is staged and kept as raw. Any other row without an id is left for the schema to reject.
import { createHash } from 'node:crypto';
import type { JsonResponse } from './http.ts';

export const REFUSED_ID_PREFIX = 'refused_';

const ID_FIELDS = [
  'date_created',
  'item_id',
  'net_value',
  'authorized_amount',
  'installments',
  'card_holder_name',
  'card_first_digits',
  'card_last_digits',
  'acquirer_status_code',
];
const NULL_ID = /"transaction_id"\s*:\s*null/g;

type Row = Record<string, unknown>;

export function withRefusedIds(response: JsonResponse): JsonResponse {
  const rows = (response.value as { transactions?: unknown } | null)?.transactions;
  if (!Array.isArray(rows)) return response;
  const nullIds = rows.filter((r): r is Row => typeof r === 'object' && r !== null && (r as Row)['transaction_id'] === null);
  if (!nullIds.some((r) => r['status'] === 'refused')) return response;
  // The body's null ids and the parsed rows' null ids must pair up one to one, in document order.
  if ((response.text.match(NULL_ID)?.length ?? 0) !== nullIds.length) return response;
  let next = 0;
  const text = response.text.replace(NULL_ID, (match) => {
    const row = nullIds[next++] as Row;
    if (row['status'] !== 'refused') return match;
    const id = syntheticIdOf(row);
    row['transaction_id'] = id;
    return `"transaction_id":"${id}"`;
  });
  return { ...response, text, bytes: Buffer.from(text, 'utf8') };
}

/** The same refused attempt listed again gets the same id: it derives from fields that never change. */
export function syntheticIdOf(row: Row): string {
  const key = ID_FIELDS.map((field) => String(row[field] ?? '')).join('|');
  return REFUSED_ID_PREFIX + createHash('sha256').update(key).digest('hex').slice(0, 24);
}
