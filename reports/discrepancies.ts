// The discrepancies report: every finding of the day's reconcile run. The workbook opens on a Summary
// (counts and amounts per category, the lifecycle split, the run's window and data freshness), then
// one sheet per category that has findings, then the order rows the night's import kept out; the CSV
// holds all findings in one table. The findings (with their customer, the costly part) are the report's
// base, read once a night: the Summary, the category sheets and the CSV are cuts of it.
import { FINDING_CATEGORIES } from '../src/shared/domain.ts';
import type { ColumnSpec, ReportDefinition, SheetSpec } from '../src/report/types.ts';
import { sqlLiteral } from '../src/warehouse/sql.ts';
import { TRIAGE_TABLE, TRIAGE_TABLE_SETUP } from '../src/triage/triage-table.ts';
import { KEPT_OUT_ORDERS_COUNT_SQL, SYNC_REJECTS_COUNT_SQL, keptOutOrdersSheet, syncRejectsSheet } from './kept-out.ts';

/** The base: the run's findings with their customer (findings_with_customer looks the customer up). */
const FINDINGS_OF_RUN = `
SELECT f.category, f.state, f.first_seen, f.item_id, f.operation_id, f.transaction_ids,
  f.order_status, f.payment_status, f.order_amount_cents, f.payment_amount_cents, f.difference_cents,
  f.reason, f.customer_name, f.customer_document_number, f.finding_key,
  coalesce(t.triage_state, f.state) AS triage_state, t.assignee, t.triage_note, t.noted_by,
  CAST(t.triage_since AS TIMESTAMPTZ) AS triage_since, t.triage_changed, CAST(t.due_date AS DATE) AS due_date,
  coalesce(t.overdue, false) AS overdue
FROM findings_with_customer f
-- The night's triage (folded from the journal beside the warehouse by the nightly; empty otherwise).
LEFT JOIN ${TRIAGE_TABLE} t ON t.finding_key = f.finding_key
WHERE f.run_id = $run_id AND f.business_date = $date`;

const ORDER_FINDINGS = `ORDER BY category, item_id NULLS LAST, operation_id NULLS LAST, finding_key`;

const FINDING_COLUMNS: ColumnSpec[] = [
  { key: 'category', header: 'Category', type: 'text', width: 22 },
  { key: 'state', header: 'State', type: 'text', width: 10 },
  { key: 'first_seen', header: 'First seen', type: 'date' },
  { key: 'item_id', header: 'Item', type: 'text', width: 20 },
  { key: 'operation_id', header: 'Operation', type: 'text', width: 20 },
  { key: 'transaction_ids', header: 'Transactions', type: 'text', width: 28 },
  { key: 'order_status', header: 'Order status', type: 'text', width: 14 },
  { key: 'payment_status', header: 'Payment status', type: 'text', width: 16 },
  { key: 'order_amount_cents', header: 'Order amount', type: 'cents' },
  { key: 'payment_amount_cents', header: 'Payment amount', type: 'cents' },
  { key: 'difference_cents', header: 'Difference', type: 'cents' },
  { key: 'reason', header: 'Reason', type: 'text', width: 60 },
  { key: 'customer_name', header: 'Customer', type: 'text', width: 24 },
  { key: 'customer_document_number', header: 'Customer document', type: 'text', width: 20, mask: 'document' },
  { key: 'finding_key', header: 'Finding key', type: 'text', width: 30 },
  // The triage (docs/triage.md): the state after acknowledgements, who holds it, the last note, since when.
  { key: 'triage_state', header: 'Triage', type: 'text', width: 14 },
  { key: 'assignee', header: 'Assigned to', type: 'text', width: 16 },
  { key: 'triage_note', header: 'Note', type: 'text', width: 40 },
  { key: 'noted_by', header: 'Noted by', type: 'text', width: 14 },
  { key: 'triage_since', header: 'Since', type: 'instant' },
  { key: 'triage_changed', header: 'Changed', type: 'text', width: 36 },
  { key: 'due_date', header: 'Due', type: 'date' },
  { key: 'overdue', header: 'Overdue', type: 'boolean' },
];

const AMOUNT_TOTALS = ['order_amount_cents', 'payment_amount_cents', 'difference_cents'];

// The category names are constants quoted into the report's static SQL.
const categoryList = FINDING_CATEGORIES.map(sqlLiteral).join(', ');
const categoryOrder = FINDING_CATEGORIES.map((c, i) => `(${sqlLiteral(c)}, ${i + 1})`).join(', ');

/** Counts per category in the contract's order (all 13, zeros included), then any other category. */
const SUMMARY_SQL = `
WITH f AS (SELECT * FROM $base),
known(category, ord) AS (VALUES ${categoryOrder}),
cats AS (
  SELECT category, ord FROM known
  UNION ALL SELECT DISTINCT category, 1000 FROM f WHERE category NOT IN (${categoryList})
)
SELECT c.category,
  count(f.category) FILTER (WHERE f.state <> 'resolved') AS active,
  count(f.category) FILTER (WHERE f.state = 'new') AS new,
  count(f.category) FILTER (WHERE f.state = 'open') AS open,
  count(f.category) FILTER (WHERE f.state = 'resolved') AS resolved,
  coalesce(sum(f.order_amount_cents) FILTER (WHERE f.state <> 'resolved'), 0)::BIGINT AS order_amount_cents,
  coalesce(sum(f.payment_amount_cents) FILTER (WHERE f.state <> 'resolved'), 0)::BIGINT AS payment_amount_cents,
  coalesce(sum(f.difference_cents) FILTER (WHERE f.state <> 'resolved'), 0)::BIGINT AS difference_cents,
  count(f.category) FILTER (WHERE f.triage_state = 'acknowledged') AS acknowledged,
  count(f.category) FILTER (WHERE f.triage_state = 'accepted') AS accepted,
  count(f.category) FILTER (WHERE f.overdue) AS overdue
FROM cats c LEFT JOIN f ON f.category = c.category
GROUP BY c.category, c.ord
ORDER BY c.ord, c.category`;

const utc = (ms: string) => `timezone('UTC', epoch_ms(${ms}))`;

/** The run's window and how fresh each source was: what a reader needs before trusting the numbers. */
const SUMMARY_NOTES_SQL = `
WITH r AS (SELECT * FROM runs WHERE run_id = $run_id)
SELECT * FROM (VALUES
  (1, 'Business date', strftime($date, '%Y-%m-%d'), NULL::TIMESTAMPTZ),
  (2, 'Time zone', $tz, NULL),
  (3, 'Day starts (local time)', NULL, $day_start),
  (4, 'Day ends (local time, exclusive)', NULL, $day_end),
  (5, 'Reconcile run', $run_id, NULL),
  (6, 'Reconcile run started', NULL, (SELECT started_at FROM r)),
  (7, 'Reconcile run finished', NULL, (SELECT finished_at FROM r)),
  (8, 'Reconcile run outcome', (SELECT outcome FROM r), NULL),
  (9, 'Transactions listed up to', NULL, (SELECT ${utc('max(end_ms)')} FROM sync_windows WHERE stream = 'transactions')),
  (10, 'Transactions last read at', NULL, (SELECT max(committed_at) FROM sync_windows WHERE stream = 'transactions')),
  (11, 'Operations listed up to', NULL, (SELECT ${utc('max(end_ms)')} FROM sync_windows WHERE stream = 'operations')),
  (12, 'Operations last read at', NULL, (SELECT max(committed_at) FROM sync_windows WHERE stream = 'operations')),
  (13, 'Orders last imported at', NULL, (SELECT max(imported_at) FROM order_imports)),
  (14, 'Order rows rejected and items in conflict (see the sheet Orders kept out)', CAST(${KEPT_OUT_ORDERS_COUNT_SQL} AS VARCHAR), NULL),
  (15, 'Listed rows kept out of the warehouse (see the sheet Listed rows kept out)', CAST(${SYNC_REJECTS_COUNT_SQL} AS VARCHAR), NULL)
) AS n(ord, label, text_value, instant_value)
ORDER BY ord`;

const summarySheet: SheetSpec = {
  name: 'Summary',
  sql: SUMMARY_SQL,
  columns: [
    { key: 'category', header: 'Category', type: 'text', width: 24 },
    { key: 'active', header: 'Findings (new + open)', type: 'integer', width: 12 },
    { key: 'new', header: 'New', type: 'integer' },
    { key: 'open', header: 'Open', type: 'integer' },
    { key: 'resolved', header: 'Resolved', type: 'integer' },
    { key: 'order_amount_cents', header: 'Order amount', type: 'cents', width: 18 },
    { key: 'payment_amount_cents', header: 'Payment amount', type: 'cents', width: 18 },
    { key: 'difference_cents', header: 'Difference', type: 'cents', width: 18 },
    { key: 'acknowledged', header: 'Acknowledged', type: 'integer' },
    { key: 'accepted', header: 'Accepted', type: 'integer' },
    { key: 'overdue', header: 'Overdue', type: 'integer' },
  ],
  totals: ['active', 'new', 'open', 'resolved', ...AMOUNT_TOTALS, 'acknowledged', 'accepted', 'overdue'],
  notes: { sql: SUMMARY_NOTES_SQL },
};

const categorySheets: SheetSpec[] = FINDING_CATEGORIES.map((category) => ({
  name: category,
  sql: `SELECT * FROM $base WHERE category = ${sqlLiteral(category)}\n${ORDER_FINDINGS}`,
  columns: FINDING_COLUMNS,
  totals: AMOUNT_TOTALS,
  omitWhenEmpty: true,
}));

const otherSheet: SheetSpec = {
  name: 'other',
  sql: `SELECT * FROM $base WHERE category NOT IN (${categoryList})\n${ORDER_FINDINGS}`,
  columns: FINDING_COLUMNS,
  totals: AMOUNT_TOTALS,
  omitWhenEmpty: true,
};

const allFindings: SheetSpec = {
  name: 'findings',
  sql: `SELECT * FROM $base\n${ORDER_FINDINGS}`,
  columns: FINDING_COLUMNS,
  inWorkbook: false,
};

export const discrepancies: ReportDefinition = {
  name: 'discrepancies',
  description: 'Every finding of the day, a Summary sheet and one sheet per category',
  needsReconcileRun: true,
  setup: [TRIAGE_TABLE_SETUP],
  base: FINDINGS_OF_RUN,
  sheets: [summarySheet, ...categorySheets, otherSheet, keptOutOrdersSheet, syncRejectsSheet, allFindings],
  csvSheet: 'findings',
};
