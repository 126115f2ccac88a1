// The values of the errors of a run: the payments service and the sync (api_http, api_network,
// api_schema, drift), the warehouse (warehouse, locked), the reports (report) and a stopped backfill
// (interrupted). Each id's sentences are in errors-sync-*.ts and errors-store-*.ts. `request` names a
// request as it went out (GET /v1/transactions?...), `window` a sync window as the log names it, and
// `said` is DuckDB's, the service's or a library's own words, quoted as received.
import type { ErrorSentence } from './error-types.ts';

/** Why the sync's request budget is what it is. */
export type BudgetReason =
  | { kind: 'planning'; maxWindows: number }
  | { kind: 'backfillPlanning'; maxWindows: number }
  | { kind: 'plan'; factor: number; pages: number; windows: number; probes: number };

/** What an installment pricing answer broke. */
export type InstallmentProblem =
  | { kind: 'notList'; issue: string }
  | { kind: 'option'; index: number; issue: string }
  | { kind: 'twice'; index: number; installments: number }
  | { kind: 'rateDecimals'; index: number; rate: string };

/** The process holding the warehouse, as /proc tells it. */
export interface LockHolder {
  pid: number;
  command?: string;
  sinceMs?: number;
}

/** Where in a report a query ran: the report, and its sheet or its base query. */
export interface ReportPart {
  report: string;
  sheet?: string;
  base?: boolean;
}

export interface SyncErrorParams {
  apiNotJson: { request: string; body: string; attempts: number };
  apiRetryAfter: { request: string; seconds: number; maxMs: number };
  apiGaveUp: { request: string; status: number; statusText: string; attempts: number };
  apiStatus: { request: string; status: number; statusText: string; said: string; address?: { key: string; origin: string } };
  apiNetwork: { request: string; code: string; said: string; attempts?: number };
  apiBodyTooLarge: { request: string; announced?: number; maxBytes: number };
  apiEnvelope: { where: string; issue: string };
  apiRow: { where: string; row: number; idField?: string; rowId?: string; issue: string };
  apiCashInOut: { where: string; row: number; both: boolean };
  operationAmount: { where: string; who: string; field: string; unit: 'cents' | 'reais'; value: number };
  installmentsBroken: { request: string; problem: InstallmentProblem };
  syncBudget: { sent: number; allowed: number; reason: BudgetReason };
  windowTooFull: { window: string; total: number; factor: number; rowsPerWindow: number; minWindowSeconds: number; request: string };
  filterIgnored: { window: string; total: number; first: number; second: number; field: string; request: string };
  tooManyWindows: { maxWindows: number; window: string; total: number };
  windowNeverSettled: { window: string; attempts: number; detail: string };
  totalStillMoving: { window: string; rounds: number; read: number; now: number };
  lookupNeverAnswered: { transactionId: string; attempts: number; detail: string };
  backfillInterrupted: { current?: string; done: string[]; left: string[]; dates: string[]; resume?: string };
}

export interface StoreErrorParams {
  warehouseNewer: { current: number; latest: number };
  migrationFailed: { version: number; name: string; said: string };
  warehouseCannotOpen: { path: string; said: string };
  warehouseLocked: { path: string; holder?: LockHolder; waited?: { seconds: number; key?: string } };
  sqlNightFirst: object;
  lockedNoSnapshot: { held: ErrorSentence };
  statementImportFailed: { file: string; said: string };
  orderImportFailed: { said: string };
  reconcileFailed: { date: string; said: string };
  publishFailed: { runId: string; said: string };
  stagingFailed: { window: string; said: string };
  rawFileTaken: { path: string; table: string };
  exportFailed: { table: string; path: string; night?: string; said: string };
  tempFileFolder: { path: string };
  tempFileTaken: { path: string; code: string };
  sandboxFileWrite: { what: 'ordersExport' | 'statements' | 'truth'; path: string; said: string };
  reportFolder: { dir: string; said: string };
  reportNeedsReconcile: { report: string; date: string };
  reportWriteFailed: { report: string; dir: string; said: string };
  csvSheetUnknown: { report: string; csvSheet: string; sheets: string[] };
  csvColumnUnknown: { report: string; key: string; sheet: string };
  baseReadsItself: { report: string };
  baseUndeclared: { part: ReportPart };
  totalsKey: { sheet: string; key: string };
  printColumns: { sheet: string; key: string };
  notExactNumber: { key: string; value: string };
  amountTooLarge: { cents: string };
  columnType: { key: string; expected: string; got: string; value: string };
  queryFailed: { part: ReportPart; step: 'query' | 'rows' | 'notes' | 'figures' | 'csv'; said: string };
  queryDuplicateColumn: { part: ReportPart; column: string };
  queryMissingColumn: { part: ReportPart; column: string; got: string[] };
  figuresMissing: { part: ReportPart; column: string };
  /** Why a line of the triage journal is skipped (the journal's own bounds are triage.journalMaxBytes and triage.journalMaxLines). */
  journalLineTooLong: { maxBytes: number };
  journalLineNotJson: object;
  /** zod's words of the first thing the line's event breaks, at its key path. */
  journalLineNotEvent: { path: string; said: string };
  journalPastBound: { key: 'triage.journalMaxLines' | 'triage.journalMaxBytes'; limit: number };
  journalLastLineOpen: object;
  /** An alert's webhook or mail server did not answer: within alerts.timeoutMs, or for a network error's code. */
  alertNoAnswer: { timeoutMs?: number; code?: string };
  alertHttpStatus: { status: number };
  /** The mail server's reply code (or the mailer's error code) and its own words. */
  alertSmtp: { code: string; said: string };
}

export type RunErrorParams = SyncErrorParams & StoreErrorParams;
