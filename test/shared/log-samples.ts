// One sample of the values of every warning and note id (log-params.ts), with figures past a thousand
// so that the locale's grouping shows: typed as the whole params, so an id without a sample fails tsc.
import type { LogParams } from '../../src/shared/locale/log-params.ts';

const file = '/srv/exports/pedidos-2026-03-01.csv';
const statement = '/srv/extratos/itau-2026-03-01.ofx';
const journal = '/srv/recon/triage/journal.ndjson';
const window = 'transactions date_created [2026-03-01T03:00:00.000Z, 2026-03-02T03:00:00.000Z)';

export const LOG_SAMPLES: LogParams = {
  headerBelowTitle: { file, line: 3, above: 2 },
  csvBomOverrides: { file, configured: 'windows-1252' },
  csvUtf8Overrides: { file, configured: 'latin-1' },
  ordersNoRows: { file },
  presetMerged: { preset: 'shopify', overrides: [{ key: 'orders.columns.item_id', explicit: 'pedido', preset: 'Name' }] },
  ordersProblem: { problem: { id: 'unknownStatuses', file, column: 'situacao', statuses: ['Entregue', 'Em separação'] } },
  sandboxExportsLoaded: { files: 29 },
  statementImportedBefore: { file: statement, earlier: '/srv/extratos/itau-copia.ofx' },
  statementMissing: { file: statement, date: '2026-03-01' },

  syncRowsKeptOut: {
    window,
    rows: 1204,
    first: { page: 3, row: 81, idField: 'transaction_id', rowId: 'tx0180', reason: 'field net_value: expected a number, got null' },
  },
  syncSeenMarksLate: { runId: 'sync-20260302-023000', said: 'Out of Memory Error: failed to pin block of size 256.0 KiB' },
  syncDone: {
    runId: 'sync-20260302-023000',
    windows: 12,
    pages: 1480,
    rows: { new: 52310, changed: 1204, unchanged: 98001 },
    rejected: 3,
    lookups: { read: 14, changed: 2, vanished: 1 },
    retries: 4,
    seconds: 83.4,
  },
  forecastBeyondReach: { from: '2025-01-10', backfillDays: 400, reach: '2025-01-25' },
  backfillPlanned: { from: '2025-01-25', to: '2026-01-31', transactions: 123456, runs: 7 },
  backfillRunDone: { from: '2025-06-01', position: 3, runs: 7, done: 52000, transactions: 123456 },
  backfillNightStarted: { date: '2026-11-19', position: 2, count: 3 },
  warehouseLockWait: {
    path: '/srv/recon/recon.duckdb',
    holder: { pid: 4242, command: 'recon run nightly', sinceMs: Date.UTC(2026, 10, 20, 5, 30) },
    seconds: 30,
  },
  sandboxRunning: { seed: 1, days: 30, perDay: 1200, first: '2026-10-22', last: '2026-11-20', older: { days: 335, perDay: 40, from: '2025-11-21' } },
  apiKeyUnusualPrefix: {},

  feesUnpriced: { unpriced: 1250, sales: 5395, date: '2026-03-01', maxCalls: 500 },
  feesBudgetReached: { budget: 500 },
  feesNoPrice: {
    brand: 'visa',
    netValueCents: 123456,
    said: { id: 'apiGaveUp', request: 'GET /v1/transactions/installments?net_value=123456', status: 503, statusText: 'Service Unavailable', attempts: 3 },
  },
  notificationNotKept: { said: 'ENOSPC: no space left on device, write' },
  serveRequestFailed: { method: 'POST', said: { id: 'journalFull', path: journal, maxBytes: 67108864 } },
  reportBaseNotDropped: { report: 'chargebacks', table: 'temp.main.report_chargebacks', said: 'Connection Error: Connection already closed!' },
  alertNotDelivered: {
    kind: 'overdue',
    channel: { kind: 'email', address: 'smtp.example.com:587' },
    attempts: 3,
    said: { id: 'alertHttpStatus', status: 503 },
  },
  alertsNotNoted: { path: journal, said: { id: 'journalFull', path: journal, maxBytes: 67108864 } },
  journalLinesSkipped: {
    path: journal,
    skipped: 1000000,
    problems: [
      { line: 2, problem: { id: 'journalLineNotJson' } },
      { line: 3, problem: { id: 'journalLineNotEvent', path: 'action', said: 'Invalid option' } },
      { line: 4, problem: { id: 'journalLineTooLong', maxBytes: 65_536 } },
      { line: 5, problem: { id: 'journalLineNotJson' } },
    ],
  },

  syncProgress: {},
  importProgress: { file: 'pedidos-2026-03-01.csv' },
};
