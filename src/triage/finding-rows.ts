// The findings triage works on: one row per finding of a reconcile run, with the fingerprint of its
// facts. Read from the warehouse with one query, the same for the nightly (its own run) and for the
// page and CLI (the latest run of the latest night).
import { createHash } from 'node:crypto';
import type { FindingCategory, FindingState } from '../shared/domain.ts';

export interface FindingRow {
  key: string;
  category: FindingCategory;
  /** The computed lifecycle state of the run. */
  state: FindingState;
  /** YYYY-MM-DD. */
  firstSeen: string;
  /** The night the row is of, YYYY-MM-DD. */
  businessDate: string;
  runId: string;
  itemId: string | null;
  operationId: string | null;
  transactionIds: string | null;
  orderStatus: string | null;
  paymentStatus: string | null;
  orderAmountCents: bigint | null;
  paymentAmountCents: bigint | null;
  differenceCents: bigint | null;
  reason: string;
  /** fingerprintOf() of the facts above. */
  fingerprint: string;
}

/** The facts a finding is acknowledged for; the reason is left out (a review's age in hours grows nightly). */
type Facts = Pick<
  FindingRow,
  'itemId' | 'operationId' | 'transactionIds' | 'orderStatus' | 'paymentStatus' | 'orderAmountCents' | 'paymentAmountCents' | 'differenceCents'
>;

/**
 * A short hash of the facts: when an acknowledged finding's amounts, statuses or payments change, its
 * fingerprint does, and the finding goes back to open.
 */
export function fingerprintOf(facts: Facts): string {
  const values = [
    facts.itemId,
    facts.operationId,
    facts.transactionIds,
    facts.orderStatus,
    facts.paymentStatus,
    facts.orderAmountCents,
    facts.paymentAmountCents,
    facts.differenceCents,
  ].map((v) => (v === null ? null : String(v)));
  return createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 16);
}

/** Columns of `findings` the rows are made of; `f` is the findings table or view. */
const FINDING_ROW_COLUMNS = `f.finding_key, f.category, f.state, strftime(f.first_seen, '%Y-%m-%d') AS first_seen,
  strftime(f.business_date, '%Y-%m-%d') AS business_date, f.run_id, f.item_id, f.operation_id, f.transaction_ids,
  f.order_status, f.payment_status, f.order_amount_cents, f.payment_amount_cents, f.difference_cents, f.reason`;

/** The findings of one reconcile run ($run_id). */
export const FINDINGS_OF_RUN_SQL = `SELECT ${FINDING_ROW_COLUMNS} FROM findings f WHERE f.run_id = $run_id ORDER BY f.finding_key`;

/** The findings of the latest reconcile run of the latest night. */
/**
 * The latest night: the latest business date the warehouse reconciled. Its findings are the current ones,
 * the ones the CLI and the page act on; a folder in the reports folder proves nothing (a stray
 * `reports/2099-01-01/` is not a night).
 */
export const LATEST_NIGHT_SQL = 'SELECT max(business_date) FROM reconcile_runs_latest';

export const LATEST_FINDINGS_SQL = `SELECT ${FINDING_ROW_COLUMNS}
FROM findings f JOIN reconcile_runs_latest r ON r.run_id = f.run_id AND r.business_date = f.business_date
WHERE r.business_date = (${LATEST_NIGHT_SQL})
ORDER BY f.finding_key`;

const cents = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint | number | string));
const textOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A row of the queries above as a FindingRow. */
export function findingRowOf(row: Record<string, unknown>): FindingRow {
  const facts: Facts = {
    itemId: textOrNull(row['item_id']),
    operationId: textOrNull(row['operation_id']),
    transactionIds: textOrNull(row['transaction_ids']),
    orderStatus: textOrNull(row['order_status']),
    paymentStatus: textOrNull(row['payment_status']),
    orderAmountCents: cents(row['order_amount_cents']),
    paymentAmountCents: cents(row['payment_amount_cents']),
    differenceCents: cents(row['difference_cents']),
  };
  return {
    key: String(row['finding_key']),
    category: String(row['category']) as FindingCategory,
    state: String(row['state']) as FindingState,
    firstSeen: String(row['first_seen']),
    businessDate: String(row['business_date']),
    runId: String(row['run_id']),
    reason: String(row['reason']),
    ...facts,
    fingerprint: fingerprintOf(facts),
  };
}
