// The warehouse queries behind the page: a night's findings (with the customer, document masked as in
// the reports), open chargebacks and refunds for the charts. Values stay exact: cents are bigint,
// instants are epoch milliseconds, dates are YYYY-MM-DD text.
import { maskDocument } from '../report/cells.ts';
import { bigintOf, numberOf, rowsOf, textOf, type Db } from './warehouse-reads.ts';

export interface FindingRow {
  /** finding_key: what the triage journal and the page's actions name a finding by. */
  key: string;
  category: string;
  state: string;
  first_seen: string;
  item_id: string | null;
  operation_id: string | null;
  transaction_ids: string | null;
  order_status: string | null;
  payment_status: string | null;
  order_amount_cents: bigint | null;
  payment_amount_cents: bigint | null;
  difference_cents: bigint | null;
  reason: string;
  customer_name: string | null;
  customer_document: string | null;
}

export interface NightFindings {
  rows: FindingRow[];
  /** All findings of the run; more than rows.length when the table was capped. */
  total: number;
  runId: string | null;
}

/** The same view as the discrepancies report, so both show the same customer. */
const FINDINGS_SQL = `
SELECT f.finding_key, f.category, f.state, strftime(f.first_seen, '%Y-%m-%d') AS first_seen, f.item_id, f.operation_id,
  f.transaction_ids, f.order_status, f.payment_status, f.order_amount_cents, f.payment_amount_cents,
  f.difference_cents, f.reason, f.customer_name, f.customer_document_number AS customer_document
FROM findings_with_customer f
WHERE f.run_id = $run_id AND f.business_date = $date::DATE
ORDER BY f.category, f.item_id NULLS LAST, f.operation_id NULLS LAST, f.finding_key
LIMIT $limit::BIGINT`;

/** Findings of the night's reconcile run (the summary's, else the latest of the date). */
export async function findingsOfNight(
  db: Db,
  request: { date: string; runId?: string | undefined; maskDocuments: boolean; limit: number },
): Promise<NightFindings> {
  let runId = request.runId ?? null;
  if (runId === null) {
    const latest = await rowsOf(db, `SELECT run_id FROM reconcile_runs_latest WHERE business_date = $date::DATE`, { date: request.date });
    runId = textOf(latest[0]?.['run_id']);
  }
  if (runId === null) return { rows: [], total: 0, runId: null };
  const params = { run_id: runId, date: request.date };
  const counted = await rowsOf(db, `SELECT count(*) AS n FROM findings WHERE run_id = $run_id AND business_date = $date::DATE`, params);
  const rows = await rowsOf(db, FINDINGS_SQL, { ...params, limit: request.limit });
  return { rows: rows.map((r) => findingFrom(r, request.maskDocuments)), total: numberOf(counted[0]?.['n']), runId };
}

function findingFrom(r: Record<string, unknown>, mask: boolean): FindingRow {
  const document = textOf(r['customer_document']);
  return {
    key: textOf(r['finding_key']) ?? '',
    category: textOf(r['category']) ?? '',
    state: textOf(r['state']) ?? '',
    first_seen: textOf(r['first_seen']) ?? '',
    item_id: textOf(r['item_id']),
    operation_id: textOf(r['operation_id']),
    transaction_ids: textOf(r['transaction_ids']),
    order_status: textOf(r['order_status']),
    payment_status: textOf(r['payment_status']),
    order_amount_cents: bigintOf(r['order_amount_cents']),
    payment_amount_cents: bigintOf(r['payment_amount_cents']),
    difference_cents: bigintOf(r['difference_cents']),
    reason: textOf(r['reason']) ?? '',
    customer_name: textOf(r['customer_name']),
    customer_document: document === null ? null : mask ? maskDocument(document) : document,
  };
}

export interface KeptOutRow {
  file: string;
  line: number | null;
  column_name: string | null;
  value: string | null;
  item_id: string | null;
  kind: string;
  reason: string;
}

export interface SyncRejectRow {
  stream: string;
  filter: string;
  page: number;
  row_no: number;
  id: string | null;
  reason: string;
}

export interface Limited<Row> {
  rows: Row[];
  /** All rows; more than rows.length when the table was capped. */
  total: number;
}

/** The first `limit` rows of a workbook sheet's query for the night, and how many there are in all. */
async function limitedRowsOf(db: Db, sql: string, date: string, limit: number): Promise<Limited<Record<string, unknown>>> {
  const params = { date };
  const counted = await rowsOf(db, `SELECT count(*) AS n FROM (${sql})`, params);
  return { total: numberOf(counted[0]?.['n']), rows: await rowsOf(db, `${sql} LIMIT ${Math.trunc(limit)}`, params) };
}

/** Listed rows the night's sync kept out of the warehouse: the same query as the workbook's sheet. */
export async function syncRejectsOfNight(db: Db, request: { date: string; limit: number; sql: string }): Promise<Limited<SyncRejectRow>> {
  const { rows, total } = await limitedRowsOf(db, request.sql, request.date, request.limit);
  return {
    total,
    rows: rows.map((r) => ({
      stream: textOf(r['stream']) ?? '',
      filter: textOf(r['filter']) ?? '',
      page: numberOf(r['page']),
      row_no: numberOf(r['row_no']),
      id: textOf(r['id']),
      reason: textOf(r['reason']) ?? '',
    })),
  };
}

/** The order rows the night's import kept out: the same query as the workbook's sheet. */
export async function keptOutOrdersOfNight(db: Db, request: { date: string; limit: number; sql: string }): Promise<Limited<KeptOutRow>> {
  const { rows, total } = await limitedRowsOf(db, request.sql, request.date, request.limit);
  return {
    total,
    rows: rows.map((r) => ({
      file: textOf(r['file']) ?? '',
      line: r['line'] === null || r['line'] === undefined ? null : numberOf(r['line']),
      column_name: textOf(r['column_name']),
      value: textOf(r['value']),
      item_id: textOf(r['item_id']),
      kind: textOf(r['kind']) ?? '',
      reason: textOf(r['reason']) ?? '',
    })),
  };
}

export interface OpenChargeback {
  brand: string;
  chargedBackMs: number;
  amountCents: bigint;
}

export async function openChargebacks(db: Db): Promise<OpenChargeback[]> {
  const rows = await rowsOf(
    db,
    `SELECT coalesce(card_brand, 'unknown') AS brand, epoch_ms(charged_back_at) AS at_ms, coalesce(net_value_cents, 0) AS cents FROM chargebacks WHERE is_open`,
  );
  return rows.map((r) => ({ brand: textOf(r['brand']) ?? 'unknown', chargedBackMs: numberOf(r['at_ms']), amountCents: bigintOf(r['cents']) ?? 0n }));
}

export interface RefundEvent {
  refundedMs: number;
  amountCents: bigint;
}

/** Refunds whose refund happened in [startMs, endMs). */
export async function refundsBetween(db: Db, startMs: number, endMs: number): Promise<RefundEvent[]> {
  const rows = await rowsOf(
    db,
    `SELECT epoch_ms(refunded_at) AS at_ms, coalesce(nullif(refunded_amount_cents, 0), net_value_cents, 0) AS cents
     FROM refunds WHERE epoch_ms(refunded_at) >= $start::BIGINT AND epoch_ms(refunded_at) < $end::BIGINT`,
    { start: startMs, end: endMs },
  );
  return rows.map((r) => ({ refundedMs: numberOf(r['at_ms']), amountCents: bigintOf(r['cents']) ?? 0n }));
}
