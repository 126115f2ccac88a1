// The findings triage works on: one row per finding of a reconcile run, with the fingerprint of its
// facts. Read from the warehouse with one query, the same for the nightly (its own run) and for the
// page and CLI (the latest run of the latest night).
import { createHash } from 'node:crypto';
import type { FindingCategory, FindingState } from '../shared/domain.ts';
import { type Finding, findingOf, findingSelectSql } from '../shared/finding.ts';

/** A finding of a run as triage holds it: the one finding shape, with its run and fingerprint. */
export interface FindingRow extends Finding {
  category: FindingCategory;
  /** The computed lifecycle state of the run. */
  state: FindingState;
  /** The night the row is of, YYYY-MM-DD. */
  businessDate: string;
  runId: string;
  /** fingerprintOf() of the row's values. */
  fingerprint: string;
}

/** The values a finding is acknowledged for; the reason and facts are left out (a review's age in hours grows nightly). */
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
const FINDING_ROW_COLUMNS = `${findingSelectSql('f.')}, strftime(f.business_date, '%Y-%m-%d') AS business_date, f.run_id`;

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

/** A row of the queries above as a FindingRow. */
export function findingRowOf(row: Record<string, unknown>): FindingRow {
  const finding = findingOf(row);
  return {
    ...finding,
    category: finding.category as FindingCategory,
    state: finding.state as FindingState,
    businessDate: String(row['business_date']),
    runId: String(row['run_id']),
    fingerprint: fingerprintOf(finding),
  };
}
