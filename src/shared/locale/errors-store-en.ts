// The English sentences of the errors of the warehouse (warehouse, locked) and of the reports (report):
// a warehouse that cannot be opened, migrated or written, one another process holds, and a report
// query or file that fails. DuckDB's own words are quoted as they came.
import type { ErrorCatalogue } from './error-types.ts';
import type { LockHolder, ReportPart, StoreErrorParams } from './error-params-run.ts';

const partOf = (p: ReportPart) => `report ${p.report}${p.sheet === undefined ? '' : `, sheet ${p.sheet}`}${p.base ? ', base query' : ''}`;

/** The process holding the warehouse, as the locked error and the warning of a wait name it. */
export function holderOfEn(h: LockHolder): string {
  const since = h.sinceMs === undefined ? undefined : `since ${new Date(h.sinceMs).toISOString().slice(11, 16)} UTC`;
  const details = [h.command, since].filter(Boolean);
  return details.length === 0 ? `PID ${h.pid}` : `PID ${h.pid} (${details.join(', ')})`;
}

const STEP = {
  query: 'query failed',
  rows: 'reading rows failed',
  notes: 'notes query failed',
  figures: "the empty sheet's figures query failed",
  csv: 'writing its CSV failed',
};
const SANDBOX_FILE = { ordersExport: 'the orders export', statements: "the sandbox's bank statements in", truth: 'the ground truth' };

export const storeErrorsEn: ErrorCatalogue<StoreErrorParams> = {
  warehouseNewer: (p) =>
    `the warehouse is at schema version ${p.current}, newer than this recon knows (${p.latest}); run the recon that migrated it, or a later one`,
  migrationFailed: (p) => `migration ${p.version} (${p.name}) failed: ${p.said}`,
  warehouseCannotOpen: (p) => `cannot open warehouse ${p.path}: ${p.said}`,
  warehouseLocked: (p) =>
    `warehouse ${p.path} is in use by another recon process${p.holder ? ` (${holderOfEn(p.holder)})` : ''}${
      p.waited ? `; waited ${p.waited.seconds} s${p.waited.key ? ` (${p.waited.key})` : ''}` : ''
    }; wait for it to finish or stop it, then run again`,
  sqlNightFirst: () => 'SQL stopped: a nightly run is waiting for the warehouse, and a night comes first; run the statement again once the night is done',
  lockedNoSnapshot: (p, w) => `${w.say(p.held)}; no night has left a findings snapshot beside it yet, so there is nothing to read meanwhile`,
  statementImportFailed: (p) => `${p.file}: statement import failed and was rolled back: ${p.said}`,
  orderImportFailed: (p) => `order import failed and was rolled back: ${p.said}`,
  reconcileFailed: (p) => `reconcile ${p.date}: ${p.said}`,
  publishFailed: (p) => `publishing sync run ${p.runId} failed, nothing of it was committed: ${p.said}`,
  stagingFailed: (p) => `staging ${p.window} failed: ${p.said}`,
  rawFileTaken: (p) =>
    `expected raw file ${p.path} to be free or left by a killed sync, found one that rows of ${p.table} name (the sequence raw_file_number gave its number out again): the warehouse file and its raw rows' folder do not belong together; put back the folder copied with this warehouse file, then run again`,
  exportFailed: (p) => `export of ${p.table}${p.night === undefined ? '' : ` (night ${p.night})`} to ${p.path} failed: ${p.said}`,
  tempFileFolder: (p) => `${p.path} is a folder, expected a temporary file recon writes; remove it and run again`,
  tempFileTaken: (p) => `cannot create ${p.path} (${p.code}): something else created it meanwhile; recon writes only files it created itself`,
  sandboxFileWrite: (p) => `could not write ${SANDBOX_FILE[p.what]} ${p.path}: ${p.said}`,
  reportFolder: (p) => `cannot create report folder ${p.dir}: ${p.said}`,
  reportNeedsReconcile: (p) =>
    `report ${p.report} for ${p.date}: expected a reconcile run of that date, found none; run \`recon reconcile --date ${p.date}\` first`,
  reportWriteFailed: (p) => `report ${p.report}: writing ${p.dir} failed: ${p.said}`,
  csvSheetUnknown: (p) => `report ${p.report}: csvSheet "${p.csvSheet}" is not one of its sheets (${p.sheets.join(', ')})`,
  csvColumnUnknown: (p) => `report ${p.report}: csvColumns names "${p.key}", which is not a column of sheet ${p.sheet}`,
  baseReadsItself: (p) =>
    `report ${p.report}: expected its base query to read the warehouse, got one that reads $base (itself); fix: name the tables or views it selects from`,
  baseUndeclared: (p) =>
    `${partOf(p.part)}: expected the report to declare a base for the $base its SQL reads, got none; fix: add \`base\` to the ${p.part.report} definition, or select from the warehouse's tables`,
  totalsKey: (p) => `sheet ${p.sheet}: totals key "${p.key}" must name a cents or integer column`,
  journalLineTooLong: (p) => `longer than ${p.maxBytes} bytes`,
  journalLineNotJson: () => 'not JSON',
  journalLineNotEvent: (p) => `not a triage event (${p.path}: ${p.said})`,
  journalPastBound: (p) =>
    `the journal is past ${p.key} (${p.limit} ${p.key === 'triage.journalMaxLines' ? 'lines' : 'bytes'}); the rest is not read: archive it (move it aside) and start a new one`,
  journalLastLineOpen: () => 'the last line has no newline (a write under way or cut short); not read yet',
  alertNoAnswer: (p) => `no answer (${p.timeoutMs !== undefined ? `timed out after ${p.timeoutMs} ms` : (p.code ?? 'no code')})`,
  alertHttpStatus: (p) => `answered HTTP ${p.status}`,
  alertSmtp: (p) => `SMTP ${p.code}: ${p.said}`,
  printColumns: (p) =>
    `sheet ${p.sheet}: expected printColumns to list 1 to 10 distinct keys of its columns, got "${p.key}"; fix: name the columns a person reads on paper`,
  notExactNumber: (p) => `column "${p.key}": ${p.value} does not fit a spreadsheet number exactly`,
  amountTooLarge: (p) => `expected an amount within ±${Number.MAX_SAFE_INTEGER} cents, got ${p.cents}`,
  columnType: (p) => `report column "${p.key}": expected ${p.expected}, got ${p.got} (${p.value})`,
  queryFailed: (p) => `${partOf(p.part)}: ${STEP[p.step]}: ${p.said}`,
  queryDuplicateColumn: (p) => `${partOf(p.part)}: expected unique column names, got "${p.column}" twice`,
  queryMissingColumn: (p) => `${partOf(p.part)}: expected the query to return column "${p.column}", got ${p.got.join(', ')}`,
  figuresMissing: (p) => `${partOf(p.part)}: expected the empty sheet's figures query to return column "${p.column}", got none`,
};
