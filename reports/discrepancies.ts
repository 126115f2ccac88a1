// The discrepancies report: every finding of the day's reconcile run. The workbook opens on a Summary
// (counts per category split new / open / resolved, the amount at stake, the run's window and data freshness), then
// one sheet per category that has findings, then the order rows the night's import kept out; the CSV
// holds all findings in one table. The findings (with their customer, the costly part) are the report's
// base, read once a night: the Summary, the category sheets and the CSV are cuts of it.
import { amountAtStakeSql } from '../src/shared/amount-at-stake.ts';
import { atStakeSql, newFindingSql, openFindingSql } from '../src/shared/figures.ts';
import { FINDING_CATEGORIES } from '../src/shared/domain.ts';
import type { ColumnSpec, ReportDefinition, SheetSpec } from '../src/report/types.ts';
import { sqlLiteral } from '../src/warehouse/sql.ts';
import { TRIAGE_TABLE, TRIAGE_TABLE_SETUP } from '../src/triage/triage-table.ts';
import { CLOSE_COLUMNS, closeSheetSql } from './close-sheet.ts';
import { KEPT_OUT_ORDERS_COUNT_SQL, SYNC_REJECTS_COUNT_SQL, keptOutOrdersSheet, syncRejectsSheet } from './kept-out.ts';

/** The base: the run's findings with their customer (findings_with_customer looks the customer up). */
const FINDINGS_OF_RUN = `
SELECT f.category, f.state, f.first_seen, f.item_id, f.operation_id, f.transaction_ids,
  f.order_status, f.payment_status, f.order_amount_cents, f.payment_amount_cents, f.difference_cents,
  f.reason, f.customer_name, f.customer_document_number, f.finding_key, f.facts,
  -- What the workbook renders in its locale: the facts, or the sentence of a finding stored without them.
  coalesce(f.facts, to_json(f.reason)) AS reason_shown,
  coalesce(t.triage_state, f.state) AS triage_state, t.assignee, t.triage_note, t.noted_by,
  CAST(t.triage_since AS TIMESTAMPTZ) AS triage_since, t.triage_changed, CAST(t.due_date AS DATE) AS due_date,
  coalesce(t.overdue, false) AS overdue
FROM findings_with_customer f
-- The night's triage (folded from the journal beside the warehouse by the nightly; empty otherwise).
LEFT JOIN ${TRIAGE_TABLE} t ON t.finding_key = f.finding_key
WHERE f.run_id = $run_id AND f.business_date = $date`;

const ORDER_FINDINGS = `ORDER BY category, item_id NULLS LAST, operation_id NULLS LAST, finding_key`;

/** The findings as the CSV has them: the machine columns, values as the warehouse holds them. */
const FINDING_COLUMNS: ColumnSpec[] = [
  { key: 'category', header: 'category', type: 'text', display: 'category', width: 30 },
  { key: 'state', header: 'state', type: 'text', display: 'state' },
  { key: 'first_seen', header: 'firstSeen', type: 'date' },
  { key: 'item_id', header: 'item', type: 'text' },
  { key: 'operation_id', header: 'operation', type: 'text' },
  { key: 'transaction_ids', header: 'transactions', type: 'text' },
  { key: 'order_status', header: 'orderStatus', type: 'text', display: 'status' },
  { key: 'payment_status', header: 'paymentStatus', type: 'text', display: 'status' },
  { key: 'order_amount_cents', header: 'orderAmount', type: 'cents' },
  { key: 'payment_amount_cents', header: 'paymentAmount', type: 'cents' },
  { key: 'difference_cents', header: 'difference', type: 'cents' },
  { key: 'reason', header: 'reason', type: 'text', width: 70 },
  { key: 'customer_name', header: 'customer', type: 'text', width: 30 },
  { key: 'customer_document_number', header: 'customerDocument', type: 'text', mask: 'document' },
  { key: 'finding_key', header: 'findingKey', type: 'text', width: 50 },
  // The triage (docs/triage.md): the state after acknowledgements, who holds it, the last note, since when.
  { key: 'triage_state', header: 'triage', type: 'text', display: 'state' },
  { key: 'assignee', header: 'assignedTo', type: 'text' },
  { key: 'triage_note', header: 'note', type: 'text', width: 40 },
  { key: 'noted_by', header: 'notedBy', type: 'text' },
  { key: 'triage_since', header: 'since', type: 'instant' },
  { key: 'triage_changed', header: 'changed', type: 'text', width: 36 },
  { key: 'due_date', header: 'due', type: 'date' },
  { key: 'overdue', header: 'overdue', type: 'boolean' },
];

/** The CSV adds the finding's facts (JSON) at the end: a machine reads them instead of parsing the sentence. */
const CSV_COLUMNS: ColumnSpec[] = [...FINDING_COLUMNS, { key: 'facts', header: 'facts', type: 'text' }];

/**
 * The reason as people read it (the workbook, the `.br.csv`): rendered in the report's locale from the
 * facts (display-values.ts), wrapped at 40 characters so the printed columns fit an A4 page at a
 * readable size.
 */
const SHOWN_REASON: ColumnSpec = { key: 'reason_shown', header: 'reason', type: 'text', display: 'reason', width: 40 };

const SHOWN_COLUMNS: ColumnSpec[] = FINDING_COLUMNS.map((c) => (c.key === 'reason' ? SHOWN_REASON : c));

/**
 * What a category sheet prints: which order, payment or cash-out, why, how much, and whose. The sheet's
 * title and night are in the page's header; the triage columns stay on screen (the page is where triage happens).
 */
const PRINT_COLUMNS = [
  'item_id',
  'operation_id',
  'transaction_ids',
  'reason_shown',
  'order_amount_cents',
  'payment_amount_cents',
  'difference_cents',
  'customer_name',
];

/** A category sheet: the same, with the category's key beside its label so a filter by key still works. */
const SHEET_COLUMNS: ColumnSpec[] = [SHOWN_COLUMNS[0] as ColumnSpec, { key: 'category', header: 'categoryKey', type: 'text' }, ...SHOWN_COLUMNS.slice(1)];

// Signed differences are not totalled: pluses and minuses would cancel. The Summary's amount at stake is
// the figure that adds up.
const AMOUNT_TOTALS = ['order_amount_cents', 'payment_amount_cents'];

// The category names are constants quoted into the report's static SQL.
const categoryList = FINDING_CATEGORIES.map(sqlLiteral).join(', ');
const categoryOrder = FINDING_CATEGORIES.map((c, i) => `(${sqlLiteral(c)}, ${i + 1})`).join(', ');

/**
 * Counts per category in the contract's order (every one, zeros included), then any other category, and the
 * amount at stake of the findings still to act on (new and open): the figures of src/shared/figures.ts, as
 * summary.json, the page and `recon findings` count them. Overdue is the night's triage table's, which the
 * same module decided.
 */
const SUMMARY_SQL = `
WITH f AS (SELECT * FROM $base),
known(category, ord) AS (VALUES ${categoryOrder}),
cats AS (
  SELECT category, ord FROM known
  UNION ALL SELECT DISTINCT category, 1000 FROM f WHERE category NOT IN (${categoryList})
)
SELECT c.category,
  count(f.category) FILTER (WHERE ${atStakeSql('f')}) AS active,
  count(f.category) FILTER (WHERE ${newFindingSql('f')}) AS new,
  count(f.category) FILTER (WHERE ${openFindingSql('f')}) AS open,
  count(f.category) FILTER (WHERE f.state = 'resolved') AS resolved,
  coalesce(sum(${amountAtStakeSql('f')}) FILTER (WHERE ${atStakeSql('f')}), 0)::BIGINT AS amount_at_stake_cents,
  count(f.category) FILTER (WHERE f.triage_state = 'acknowledged') AS acknowledged,
  count(f.category) FILTER (WHERE f.triage_state = 'accepted') AS accepted,
  count(f.category) FILTER (WHERE f.overdue) AS overdue
FROM cats c LEFT JOIN f ON f.category = c.category
GROUP BY c.category, c.ord
ORDER BY c.ord, c.category`;

const utc = (ms: string) => `timezone('UTC', epoch_ms(${ms}))`;

/**
 * The run's window and how fresh each source was: what a reader needs before trusting the numbers. A
 * label is a key of the catalogues' `notes`: the workbook shows it in the locale.
 */
const SUMMARY_NOTES_SQL = `
WITH r AS (SELECT * FROM runs WHERE run_id = $run_id)
SELECT * FROM (VALUES
  (1, 'businessDate', strftime($date, '%Y-%m-%d'), NULL::TIMESTAMPTZ),
  (2, 'timeZone', $tz, NULL),
  (3, 'dayStarts', NULL, $day_start),
  (4, 'dayEnds', NULL, $day_end),
  (5, 'reconcileRun', $run_id, NULL),
  (6, 'reconcileStarted', NULL, (SELECT started_at FROM r)),
  (7, 'reconcileFinished', NULL, (SELECT finished_at FROM r)),
  (8, 'reconcileOutcome', (SELECT outcome FROM r), NULL),
  (9, 'transactionsListedUpTo', NULL, (SELECT ${utc('max(end_ms)')} FROM sync_windows WHERE stream = 'transactions')),
  (10, 'transactionsReadAt', NULL, (SELECT max(committed_at) FROM sync_windows WHERE stream = 'transactions')),
  (11, 'operationsListedUpTo', NULL, (SELECT ${utc('max(end_ms)')} FROM sync_windows WHERE stream = 'operations')),
  (12, 'operationsReadAt', NULL, (SELECT max(committed_at) FROM sync_windows WHERE stream = 'operations')),
  (13, 'ordersImportedAt', NULL, (SELECT max(imported_at) FROM order_imports)),
  (14, 'ordersKeptOut', CAST(${KEPT_OUT_ORDERS_COUNT_SQL} AS VARCHAR), NULL),
  (15, 'syncKeptOut', CAST(${SYNC_REJECTS_COUNT_SQL} AS VARCHAR), NULL)
) AS n(ord, label, text_value, instant_value)
ORDER BY ord`;

const closeSheet: SheetSpec = {
  name: 'Close',
  title: (m) => m.sheets.close,
  // The day's close first (docs/close.md): the lines the night's reconcile run stored.
  sql: closeSheetSql('SELECT tieout, line, items, amount_cents FROM close_lines WHERE run_id = $run_id'),
  // A run reconciled before the close existed has no lines: its workbook opens on the Summary, as it did.
  omitWhenEmpty: true,
  columns: CLOSE_COLUMNS,
};

const summarySheet: SheetSpec = {
  name: 'Summary',
  title: (m) => m.sheets.summary,
  sql: SUMMARY_SQL,
  columns: [
    { key: 'category', header: 'category', type: 'text', display: 'category' },
    { key: 'active', header: 'active', type: 'integer' },
    { key: 'new', header: 'new', type: 'integer' },
    { key: 'open', header: 'open', type: 'integer' },
    { key: 'resolved', header: 'resolved', type: 'integer' },
    { key: 'amount_at_stake_cents', header: 'amountAtStake', type: 'cents' },
    { key: 'acknowledged', header: 'acknowledged', type: 'integer' },
    { key: 'accepted', header: 'accepted', type: 'integer' },
    { key: 'overdue', header: 'overdueCount', type: 'integer' },
  ],
  totals: ['active', 'new', 'open', 'resolved', 'amount_at_stake_cents', 'acknowledged', 'accepted', 'overdue'],
  notes: { sql: SUMMARY_NOTES_SQL },
};

const categorySheets: SheetSpec[] = FINDING_CATEGORIES.map((category) => ({
  name: category,
  title: (m) => m.categories[category],
  sql: `SELECT * FROM $base WHERE category = ${sqlLiteral(category)}\n${ORDER_FINDINGS}`,
  columns: SHEET_COLUMNS,
  printColumns: PRINT_COLUMNS,
  totals: AMOUNT_TOTALS,
  omitWhenEmpty: true,
}));

const otherSheet: SheetSpec = {
  name: 'other',
  title: (m) => m.sheets.other,
  sql: `SELECT * FROM $base WHERE category NOT IN (${categoryList})\n${ORDER_FINDINGS}`,
  columns: SHEET_COLUMNS,
  printColumns: PRINT_COLUMNS,
  totals: AMOUNT_TOTALS,
  omitWhenEmpty: true,
};

// The CSV keeps the stored English sentence; its `.br.csv` copy shows the reason in the locale.
const allFindings: SheetSpec = {
  name: 'findings',
  sql: `SELECT * FROM $base\n${ORDER_FINDINGS}`,
  columns: [...CSV_COLUMNS, SHOWN_REASON],
  csvColumns: CSV_COLUMNS.map((c) => c.key),
  peopleCsvColumns: CSV_COLUMNS.map((c) => (c.key === 'reason' ? SHOWN_REASON.key : c.key)),
  inWorkbook: false,
};

export const discrepancies: ReportDefinition = {
  name: 'discrepancies',
  description: 'Every finding of the day, a Summary sheet and one sheet per category',
  needsReconcileRun: true,
  setup: [TRIAGE_TABLE_SETUP],
  base: FINDINGS_OF_RUN,
  sheets: [closeSheet, summarySheet, ...categorySheets, otherSheet, keptOutOrdersSheet, syncRejectsSheet, allFindings],
  csvSheet: 'findings',
};
