// What the night kept out, with where it came from and why. Order rows the night's import kept out: a
// sheet of the discrepancies workbook when the night goes on, and `orders-rejected.xlsx/.csv` when too
// many were kept out and the night stopped before reconciling ("the night's import" is the latest
// nightly run's import of the date). Listed rows the night's sync kept out of the warehouse because they
// broke the service's interface: another sheet ("the night's sync" is the latest finished sync of the date).
import type { ReportDefinition, SheetSpec } from '../src/report/types.ts';

/** The night's imports: those of the latest run that imported exports for the date. */
const NIGHT_IMPORTS = `
SELECT import_id FROM order_imports
WHERE business_date = CAST($date AS DATE)
  AND run_id IS NOT DISTINCT FROM (SELECT arg_max(run_id, imported_at) FROM order_imports WHERE business_date = CAST($date AS DATE))`;

const KEPT_OUT_ORDERS_FROM = `
FROM order_import_issues i
WHERE i.import_id IN (${NIGHT_IMPORTS})
ORDER BY i.file, i.line NULLS FIRST, i.kind, i.item_id`;

/** The page's rows: the English reason as stored, and the facts it renders in the locale. */
export const KEPT_OUT_ORDERS_SQL = `
SELECT i.file, i.line, i.column_name, i.value, i.item_id, i.kind, i.reason, i.facts${KEPT_OUT_ORDERS_FROM}`;

/**
 * The sheet's rows: `reason` carries the stored English reason with its facts (JSON), which people's
 * files (the workbook, the `.br.csv`) render in the locale and the machine CSV writes as stored.
 */
const KEPT_OUT_SHEET_SQL = `
SELECT i.file, i.line, i.column_name, i.value, i.item_id, i.kind,
  CAST(json_object('reason', i.reason, 'facts', i.facts) AS VARCHAR) AS reason${KEPT_OUT_ORDERS_FROM}`;

/** The lines of the sheet: the rows the night's import rejected, and one per item whose rows conflict. */
export const KEPT_OUT_ORDERS_COUNT_SQL = `(SELECT coalesce(sum(rows_rejected) + sum(conflicts), 0) FROM order_imports WHERE import_id IN (${NIGHT_IMPORTS}))`;

export const keptOutOrdersSheet: SheetSpec = {
  name: 'Orders kept out',
  title: (m) => m.sheets.keptOutOrders,
  sql: KEPT_OUT_SHEET_SQL,
  columns: [
    { key: 'file', header: 'file', type: 'text', width: 50 },
    { key: 'line', header: 'line', type: 'integer' },
    { key: 'column_name', header: 'column', type: 'text' },
    { key: 'value', header: 'value', type: 'text' },
    { key: 'item_id', header: 'item', type: 'text' },
    { key: 'kind', header: 'kind', type: 'text', display: 'issueKind' },
    { key: 'reason', header: 'reason', type: 'text', width: 80, display: 'keptOutReason' },
  ],
  omitWhenEmpty: true,
};

const NIGHT_SYNC = `
SELECT arg_max(run_id, started_at) FROM runs
WHERE kind = 'sync' AND business_date = CAST($date AS DATE) AND outcome <> 'failed'`;

export const SYNC_REJECTS_SQL = `
SELECT r.stream, r.filter, r.page, r.row_no, r.id, r.reason, r.raw, r.raw_bytes
FROM sync_rejects r
WHERE r.run_id = (${NIGHT_SYNC})
ORDER BY r.stream, r.window_key, r.page, r.row_no`;

export const SYNC_REJECTS_COUNT_SQL = `(SELECT count(*) FROM sync_rejects WHERE run_id = (${NIGHT_SYNC}))`;

export const syncRejectsSheet: SheetSpec = {
  name: 'Listed rows kept out',
  title: (m) => m.sheets.syncRejects,
  sql: SYNC_REJECTS_SQL,
  columns: [
    { key: 'stream', header: 'listing', type: 'text', display: 'listing' },
    { key: 'filter', header: 'filter', type: 'text' },
    { key: 'page', header: 'page', type: 'integer' },
    { key: 'row_no', header: 'row', type: 'integer' },
    { key: 'id', header: 'id', type: 'text' },
    { key: 'reason', header: 'reason', type: 'text', width: 60 },
    { key: 'raw', header: 'rawRow', type: 'text', width: 80 },
    { key: 'raw_bytes', header: 'rawBytes', type: 'integer' },
  ],
  omitWhenEmpty: true,
};

/** Written only when a night stops on its kept-out rows (not part of the nightly registry). */
export const ordersRejected: ReportDefinition = {
  name: 'orders-rejected',
  description: 'The order rows the night kept out, when too many were kept out to reconcile',
  sheets: [{ ...keptOutOrdersSheet, omitWhenEmpty: false }],
  csvSheet: keptOutOrdersSheet.name,
};

/**
 * The same rows for `recon import` when it keeps out too many: the imports of its run, which the command
 * names in the DuckDB variable `recon_import_run` (an import need not be of a night, so no date finds them).
 */
export const importRejected: ReportDefinition = {
  name: 'orders-rejected',
  description: 'The order rows `recon import` kept out, when too many were kept out',
  sheets: [
    {
      ...keptOutOrdersSheet,
      omitWhenEmpty: false,
      sql: KEPT_OUT_SHEET_SQL.replace(NIGHT_IMPORTS, "SELECT import_id FROM order_imports WHERE run_id = getvariable('recon_import_run')"),
    },
  ],
  csvSheet: keptOutOrdersSheet.name,
};
