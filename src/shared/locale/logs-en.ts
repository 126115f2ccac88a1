// Every warning and note of a run in English: the JSON log's `message` (cron's log, which engineers
// grep) and the terminal under reports.locale "en". The words are those the log has always written,
// figures as plain digits, so that a grep written for an earlier release still finds its line.
import type { LogCatalogue, RejectedRow } from './log-params.ts';
import { holderOfEn } from './errors-store-en.ts';
import { en } from './en.ts';

const firstRow = (r: RejectedRow) =>
  `page ${r.page} row ${r.row}${r.idField === undefined || r.rowId === undefined ? '' : ` (${r.idField} ${r.rowId})`}: ${r.reason}`;

export const logsEn: LogCatalogue = {
  headerBelowTitle: (p) =>
    `${p.file}: the header is on line ${p.line}; the ${p.above === 1 ? 'line' : `${p.above} lines`} above it (a title?) ` +
    `${p.above === 1 ? 'was' : 'were'} skipped — set orders.csv.skipRows to ${p.above} to say so`,
  csvBomOverrides: (p) =>
    `${p.file}: read as UTF-8: the file starts with a UTF-8 byte-order mark although orders.csv.encoding is "${p.configured}"; ` +
    'set orders.csv.encoding to "utf-8" if the exports are UTF-8',
  csvUtf8Overrides: (p) =>
    `${p.file}: read as UTF-8 although orders.csv.encoding is "${p.configured}": the file is valid UTF-8 with accented characters, ` +
    `which ${p.configured} would garble ("JoÃ£o" for "João"); set orders.csv.encoding to "utf-8" if the exports are UTF-8`,
  ordersNoRows: (p) => `${p.file}: no order rows after the header; nothing imported from it`,
  presetMerged: (p) =>
    `orders.preset "${p.preset}" is merged with explicit keys that replace its values: ${p.overrides
      .map((o) => `${o.key} "${o.explicit}" (the preset's: "${o.preset}")`)
      .join(', ')}; explicit keys win — remove them from the config to use the preset's`,
  ordersProblem: (p, w) => w.said(p.problem),
  sandboxExportsLoaded: (p) => `Loaded ${p.files} earlier daily exports of the sandbox shop (first run only).`,
  statementImportedBefore: (p) => `${p.file}: this statement (the same bytes) was imported before, as ${p.earlier}; nothing changed`,
  statementMissing: (p) =>
    `bank statement ${p.file} for ${p.date} does not exist (yet); the night goes on without it — import it later with recon import, or check bank.statementPath / --statement`,

  syncRowsKeptOut: (p) =>
    `${p.window}: ${p.rows} row${p.rows === 1 ? '' : 's'} kept out of the warehouse (sync_rejects), the first ${p.first === undefined ? '' : firstRow(p.first)}`,
  syncSeenMarksLate: (p) =>
    `sync ${p.runId} is committed, but the last-seen marks of the rows it listed unchanged were not all written (${p.said}); ` +
    'those rows keep an earlier run in last_seen_at / last_seen_run until a later sync lists them again',
  syncDone: (p) => {
    const extra = [
      p.rejected > 0 ? `${p.rejected} kept out (sync_rejects)` : '',
      p.lookups.read > 0 ? `${p.lookups.read} looked up by id (${p.lookups.changed} changed, ${p.lookups.vanished} rejected)` : '',
    ].filter((t) => t !== '');
    return (
      `sync ${p.runId}: ${p.windows} windows, ${p.pages} pages, rows ${p.rows.new} new / ${p.rows.changed} changed / ${p.rows.unchanged} unchanged` +
      `${extra.map((t) => `, ${t}`).join('')}, ${p.retries} retries, ${p.seconds.toFixed(1)} s`
    );
  },
  forecastBeyondReach: (p) =>
    `the cash forecast needs sales from ${p.from}, but sync.backfillDays (${p.backfillDays}) reads back only to ${p.reach}: ` +
    'the forecast says which of its days are partial; raise sync.backfillDays to read further back',
  backfillPlanned: (p) => `backfill of older sales for the cash forecast: ${p.from} to ${p.to}, about ${p.transactions} transactions in ${p.runs} run(s)`,
  backfillRunDone: (p) => `backfill: sales from ${p.from} read (${p.position} of ${p.runs} runs, ${p.done} of about ${p.transactions} transactions)`,
  backfillNightStarted: (p) => `${en.backfill.position(p.date, p.position, p.count)}: running...`,
  warehouseLockWait: (p) =>
    `waiting for the warehouse ${p.path}, held by ${p.holder === undefined ? 'another process' : holderOfEn(p.holder)}; up to ${p.seconds} s (warehouse.lockWaitSeconds)`,
  sandboxRunning: (p) =>
    `Running on the built-in sandbox (seed ${p.seed}, ${p.days} days of ${p.perDay} sales, ${p.first} to ${p.last}` +
    `${p.older === undefined ? '' : `, after ${p.older.days} days of ${p.older.perDay} installment sales from ${p.older.from}`}).`,
  apiKeyUnusualPrefix: () =>
    "RECON_API_KEY does not start with test_ or live_, the prefixes of the service's sandbox and production keys; " +
    'if the service refuses it, check that it is the whole key and not its signing secret',

  feesUnpriced: (p) =>
    `fees: ${p.unpriced} of ${p.sales} card sales of ${p.date} have no price to check ` +
    `(an unknown brand, a net value below 100 cents, a refused request, or fees.maxCallsPerNight = ${p.maxCalls} reached)`,
  feesBudgetReached: (p) => `fees: fees.maxCallsPerNight (${p.budget}) reached; the sales left are not checked tonight`,
  feesNoPrice: (p, w) => `fees: no price for ${p.brand} at ${p.netValueCents} cents: ${w.said(p.said)}`,
  notificationNotKept: (p, w) => `notification not kept: ${w.said(p.said)}`,
  serveRequestFailed: (p, w) => `recon serve: ${p.method} failed: ${w.said(p.said)}`,
  reportBaseNotDropped: (p) => `report ${p.report}: could not drop its base table ${p.table}: ${p.said}`,
  alertNotDelivered: (p, w) =>
    `alert (${p.kind}) to ${p.channel.kind} ${p.channel.address} not delivered after ${p.attempts} attempts: ${w.said(p.said)}; the night goes on`,
  alertsNotNoted: (p, w) => `the alerted findings could not be noted in ${p.path}: ${w.said(p.said)}; they may alert again`,
  journalLinesSkipped: (p, w) =>
    `triage journal ${p.path}: ${p.skipped} line(s) skipped (${p.problems
      .slice(0, 3)
      .map((q) => `line ${q.line}: ${w.said(q.problem)}`)
      .join('; ')}${p.problems.length > 3 ? '; ...' : ''})`,

  syncProgress: () => 'sync',
  importProgress: (p) => `import ${p.file}`,
};
