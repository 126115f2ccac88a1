// The warehouse queries behind the page: a night's findings (with the customer, document masked as in
// the reports, and when each side happened), open chargebacks and refunds for the charts. Values stay
// exact: cents are bigint, instants are epoch milliseconds, dates are YYYY-MM-DD text.
import { maskDocument } from '../report/cells.ts';
import { amountAtStakeSql } from '../shared/amount-at-stake.ts';
import { type Finding, findingOf, findingSelectSql } from '../shared/finding.ts';
import { readKeptOutFacts } from '../shared/locale/kept-out-text.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';
import { bigintOf, numberOf, rowsOf, textOf, type Db } from './warehouse-reads.ts';

/** A finding as the page shows it: the one finding shape, with its customer (document masked as in the reports). */
export interface FindingRow extends Finding {
  customerName: string | null;
  customerDocument: string | null;
  /** When the order was created (epoch ms); null without an order, or read from the snapshot. */
  orderAtMs?: number | null | undefined;
  /** When the payment (the first of several) was created (epoch ms); null without one. */
  paymentAtMs?: number | null | undefined;
}

export interface NightFindings {
  rows: FindingRow[];
  /** All findings of the run; more than rows.length when the table was capped. */
  total: number;
  runId: string | null;
}

/**
 * The same view as the discrepancies report, so both show the same customer. In the table's default
 * order (finding-order.ts: new tonight first, then the most money at stake), so a capped table keeps the
 * rows a morning starts with. The sides' dates are the order's creation and the (first) payment's.
 */
const FINDINGS_SQL = `
SELECT ${findingSelectSql('f.')}, f.customer_name, f.customer_document_number AS customer_document,
  (SELECT epoch_ms(o.created_at) FROM orders o WHERE o.item_id = f.item_id) AS order_at,
  coalesce(
    (SELECT epoch_ms(min(p.date_created)) FROM operations p WHERE p.operation_id = f.operation_id),
    (SELECT epoch_ms(min(t.date_created)) FROM transactions t WHERE t.transaction_id = trim(split_part(f.transaction_ids, ',', 1)))
  ) AS payment_at
FROM findings_with_customer f
WHERE f.run_id = $run_id AND f.business_date = $date::DATE
ORDER BY f.state = 'new' DESC, ${amountAtStakeSql('f')} DESC, f.finding_key
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
    ...findingOf(r),
    customerName: textOf(r['customer_name']),
    customerDocument: document === null ? null : mask ? maskDocument(document) : document,
    orderAtMs: r['order_at'] === null || r['order_at'] === undefined ? null : numberOf(r['order_at']),
    paymentAtMs: r['payment_at'] === null || r['payment_at'] === undefined ? null : numberOf(r['payment_at']),
  };
}

export interface KeptOutRow {
  file: string;
  line: number | null;
  column_name: string | null;
  value: string | null;
  item_id: string | null;
  kind: string;
  /** The stored English reason, and the facts the page renders it from in the locale (none on rows of earlier imports). */
  reason: string;
  facts?: readonly KeptOutFact[] | undefined;
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
      facts: readKeptOutFacts(textOf(r['facts']) ?? null) ?? undefined,
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

/**
 * Refunds whose refund happened in [startMs, endMs). Through the view rather than refunds_between: the
 * page opens the warehouse read-only and never migrates it, so it reads what any schema since 13 holds.
 */
export async function refundsBetween(db: Db, startMs: number, endMs: number): Promise<RefundEvent[]> {
  const rows = await rowsOf(
    db,
    `SELECT epoch_ms(refunded_at) AS at_ms, coalesce(nullif(refunded_amount_cents, 0), net_value_cents, 0) AS cents
     FROM refunds WHERE epoch_ms(refunded_at) >= $start::BIGINT AND epoch_ms(refunded_at) < $end::BIGINT`,
    { start: startMs, end: endMs },
  );
  return rows.map((r) => ({ refundedMs: numberOf(r['at_ms']), amountCents: bigintOf(r['cents']) ?? 0n }));
}
