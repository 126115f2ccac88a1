// What the warnings and notes of a run say, as facts: an id and the typed values of its sentence, as an
// error's sentence is (error-types.ts). Each locale's catalogue (logs-en.ts, logs-pt-BR.ts) has one
// renderer per id, so an id missing from either is a compile error, and `Logger.warn`/`info` take only a
// sentence, so no English text can reach the terminal of a Portuguese run. The English rendering is
// the JSON log's `message`; the terminal shows the one of reports.locale.
import type { ErrorSentence } from './error-types.ts';
import type { Formatter } from './format.ts';
import type { LockHolder } from './error-params-run.ts';

/**
 * What a lower layer said, quoted: an error of recon's own (its sentence, worded in the locale like any
 * other) or the text of another program (a file system, a library, a service), shown as it came.
 */
export type Said = ErrorSentence | string;

/** The first row of a window that the listing's schema kept out (sync_rejects), as the sync read it. */
export interface RejectedRow {
  page: number;
  row: number;
  idField?: string;
  rowId?: string;
  /** The schema's own words. */
  reason: string;
}

/** Where an alert went: a webhook's origin (its path is its secret) or a mail server. */
export interface AlertChannel {
  kind: 'webhook' | 'email';
  address: string;
}

/** The explicit orders.* key that replaces a value of orders.preset. */
interface PresetOverride {
  key: string;
  explicit: string;
  preset: string;
}

/** The order exports and the bank statements a run reads. */
interface FileLogParams {
  headerBelowTitle: { file: string; line: number; above: number };
  csvBomOverrides: { file: string; configured: string };
  csvUtf8Overrides: { file: string; configured: string };
  ordersNoRows: { file: string };
  presetMerged: { preset: string; overrides: PresetOverride[] };
  /** A problem of the orders pre-check that does not stop the night: the pre-check's own sentence. */
  ordersProblem: { problem: ErrorSentence };
  sandboxExportsLoaded: { files: number };
  statementImportedBefore: { file: string; earlier: string };
  statementMissing: { file: string; date: string };
}

/** The sync, the backfill of older sales, the warehouse and the service. */
interface RunLogParams {
  syncRowsKeptOut: { window: string; rows: number; first?: RejectedRow };
  syncSeenMarksLate: { runId: string; said: string };
  syncDone: {
    runId: string;
    windows: number;
    pages: number;
    rows: { new: number; changed: number; unchanged: number };
    rejected: number;
    lookups: { read: number; changed: number; vanished: number };
    retries: number;
    seconds: number;
  };
  forecastBeyondReach: { from: string; backfillDays: number; reach: string };
  backfillPlanned: { from: string; to: string; transactions: number; runs: number };
  backfillRunDone: { from: string; position: number; runs: number; done: number; transactions: number };
  backfillNightStarted: { date: string; position: number; count: number };
  warehouseLockWait: { path: string; holder?: LockHolder; seconds: number };
  sandboxRunning: { seed: number; days: number; perDay: number; first: string; last: string; older?: { days: number; perDay: number; from: string } };
  apiKeyUnusualPrefix: object;
}

/** The checks and services around a night: fees, notifications, the page, reports, alerts, triage. */
interface AroundLogParams {
  feesUnpriced: { unpriced: number; sales: number; date: string; maxCalls: number };
  feesBudgetReached: { budget: number };
  feesNoPrice: { brand: string; netValueCents: number; said: Said };
  notificationNotKept: { said: Said };
  serveRequestFailed: { method: string; said: Said };
  reportBaseNotDropped: { report: string; table: string; said: string };
  alertNotDelivered: { kind: 'new' | 'overdue' | 'failed'; channel: AlertChannel; attempts: number; said: Said };
  alertsNotNoted: { path: string; said: Said };
  journalLinesSkipped: { path: string; skipped: number; problems: { line: number; problem: Said }[] };
}

/** What a progress line is drawn for: its label, before the count. */
interface ProgressLogParams {
  syncProgress: object;
  importProgress: { file: string };
}

export type LogParams = FileLogParams & RunLogParams & AroundLogParams & ProgressLogParams;
type LogId = keyof LogParams;

/** One warning or note: its id beside its values. */
export type LogSentence = { [K in LogId]: { readonly id: K } & LogParams[K] }[LogId];

/** The label of a progress line (the JSON log's `label` is its English). */
export type ProgressLabel = Extract<LogSentence, { id: keyof ProgressLogParams }>;

/** What a renderer writes with: the locale's formatter, and the same locale's words for what a lower layer said. */
export interface LogWords {
  readonly fmt: Formatter;
  said(said: Said): string;
}

/** A locale's renderers: one per id. */
export type LogCatalogue = { readonly [K in LogId]-?: (p: LogParams[K], w: LogWords) => string };
