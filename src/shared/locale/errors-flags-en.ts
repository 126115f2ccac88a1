// The English sentences of the command line's errors (usage): dates and flags, the sandbox's flags,
// triage from the terminal or the page, and recon sql. Bounds of a setting are written as it is typed.
import type { ErrorCatalogue } from './error-types.ts';
import type { FlagErrorParams, SqlRefusal } from './error-params-cli.ts';
import { terminalEn } from './terminal-en.ts';

const SQL_WHY: Record<SqlRefusal, string> = {
  files: 'it cannot read or write any other file (COPY, EXPORT DATABASE, ATTACH, read_csv or read_text of a path)',
  extensions: 'it cannot install or load extensions (INSTALL, LOAD)',
  settings: 'its settings cannot be changed (SET, RESET, PRAGMA)',
  writes: 'statements that change the warehouse (INSERT, UPDATE, DELETE, CREATE, ...) are refused',
  indirect:
    'it runs statements as they are written: PREPARE, EXECUTE and EXPLAIN ANALYZE (which runs what it explains) are refused; write the statement itself, or EXPLAIN it',
};

/** What the page's action needs, for one finding and in bulk: the reason of an acceptance, the note of the others. */
const NEEDS_NOTE_EN: Record<'ack' | 'accept' | 'note', [string, string]> = {
  ack: [
    'acknowledging a finding needs a note saying what is known',
    'acknowledging findings in bulk needs a note saying what is known of them, recorded on each one',
  ],
  accept: ['accepting a finding as explained needs a reason', 'accepting findings in bulk needs a reason why they will not be fixed, recorded on each one'],
  note: ['a note needs its text', 'a note in bulk needs its text'],
};

export const flagErrorsEn: ErrorCatalogue<FlagErrorParams> = {
  dateFormat: (p) => `expected a date as YYYY-MM-DD, got "${p.got}"`,
  // The instant in UTC, as the JSON log and cron's own clock read it.
  nightNotEnded: (p) =>
    `the night of ${p.date} has not ended yet in ${p.zone}: run it after ${new Date(p.readyAtMs).toISOString()} (the end of the day plus sync.settleMinutes)`,
  fromAfterTo: (p) => `expected --from ${p.from} to be on or before --to ${p.to}`,
  unknownOption: (p) => `unknown option ${p.option}; see \`${p.command} --help\``,
  unknownCommand: (p) => `unknown command ${p.got}; see \`${p.command} --help\``,
  noSubcommand: (p) => `${p.command} needs a command; see \`${p.command} --help\``,
  missingFlag: (p) => `${p.command} needs ${p.flag}; see \`${p.command} --help\``,
  csvDialect: (p) => `--csv-dialect expects rfc4180 or br, got "${p.got}"`,
  failOn: (p) => `--fail-on expects "new", got "${p.got}"`,
  checkNoFiles: () => 'expected at least one file to check: recon check [--config FILE] FILE...',
  importNoFiles: () => 'expected at least one order export or bank statement: recon import [--config FILE] [--strict] FILE...',
  importNoOrderFiles: () => 'expected at least one order export file to import',
  portFlag: (p) => `--port expects a number from 0 to 65535, got "${p.got}"`,
  dateOrRange: () => 'expected either --date or --since/--until, not both',
  sinceUntilTogether: () => 'expected --since and --until together',
  untilAfterSince: (p) => `expected --until after --since, got ${p.since} .. ${p.until}`,
  isoInstantFlag: (p) => `expected ${p.flag} as an ISO date or date-time (e.g. 2024-05-01T00:00), got "${p.got}"`,
  wholeDaysFlag: (p) => `expected ${p.flag} as a whole number of days (0-3650), got "${p.got}"`,
  tableFormat: (p) => `expected --format table, csv or json, got "${p.got}"`,
  exportFormat: (p) => `expected --format parquet, got "${p.got}"`,
  exportOut: () => 'expected --out DIR, the folder to write the Parquet files into',
  closeMonth: (p) => `expected --month as a year and a month, YYYY-MM (e.g. 2026-11), got "${p.got}"`,
  closeMonthNoNight: (p) =>
    `expected a night of ${p.month} reconciled with its close in the warehouse, found none${p.latest === null ? '' : ` (the latest night with its close is ${p.latest})`}; run \`recon run nightly --date\` for a day of that month, or pick a month the warehouse holds`,
  warehouseEmpty: () =>
    'the warehouse holds no payments and no orders yet: run `recon sync` and `recon import`, or `recon run nightly` (after `npm start`, add --sandbox)',
  outsideSandbox: (p) =>
    `${p.flag} ${p.date} lies outside the built-in sandbox's history (${p.first} to ${p.last}); pick a day in that range, or set RECON_API_KEY and api.baseUrl to reconcile the real service`,
  faultsProfile: (p) => `expected --faults none, flaky or chaos, got "${p.got}"`,
  faultRate: (p) => `fault rate ${p.name} must be a number >= 0, got ${p.got}`,
  faultRatesSum: (p) => `fault rates that fail a request add up to ${p.sum}; keep them below 1 so retries get through`,
  faultsFlag: (p) => `expected --faults none|flaky|chaos or rates like "error503=0.1,latencyMs=50" (known: ${p.known.join(', ')}), got "${p.got}"`,
  wholeNumberFlag: (p) => `expected --${p.name} to be a whole number >= ${p.min}, got "${p.got}"`,
  numberFlag: (p) => `expected ${p.flag} to be a number, got "${p.got}"`,
  ordersExportFormat: (p) => `expected ${p.flag ? '--orders-format' : 'an orders format'} ${p.formats.join(', ')}, got "${p.got}"`,
  sandboxSeed: (p) => `expected --seed to be an integer, got ${p.got}`,
  sandboxDays: (p) => `expected --days between 1 and 3660, got ${p.got}`,
  sandboxPerDay: (p) => `expected --per-day between 0 and 1000000, got ${p.got}`,
  sandboxRate: (p) => `expected a ${p.which} rate between 0 and 0.5, got ${p.got}`,
  busyDayOffset: (p) => `expected a busy day's offset between 0 and ${p.last}, got ${p.got}`,
  busyDaySales: (p) => `expected a busy day's sales between 0 and 1000000, got ${p.got}`,
  olderDays: (p) => `expected older sales over 0 to 3660 days, got ${p.got}`,
  olderPerDay: (p) => `expected 0 to 100000 older sales a day, got ${p.got}`,
  sandboxListen: (p) => `the sandbox could not listen on ${p.host}:${p.port}: ${p.why}`,
  serveListen: (p) => `recon serve could not listen on ${p.host}:${p.port}: ${p.why}${p.taken ? ' (the port is taken; pass another --port)' : ''}`,
  keysAndFilter: (p) => `give finding keys or a filter (${p.on === 'cli' ? '--state, --category, ...' : 'view, state, category'}), not both`,
  keysOrFilter: () => 'expected finding keys (see `recon findings list`) or a filter such as --category refund_owed --older-than 7d; got neither',
  confirmNoTerminal: (p, w) => `${terminalEn.listing.confirm(p.action, p.count, w.fmt.count(p.count))} ${terminalEn.listing.noTerminal}`,
  notConfirmed: () => terminalEn.listing.notConfirmed,
  noKeys: (p) => `expected at least one finding key (or a filter) to ${p.action}, got none`,
  needsNote: (p) => (p.action === 'accept' ? 'accept needs --reason "why it will not be fixed"' : `${p.action} needs --note "what is known"`),
  assignNeedsTo: () => 'assign needs --to NAME',
  olderThanFlag: (p) => `--older-than expects an age such as 7d or 2w, got "${p.got}"`,
  stateFlag: (p) => `--state expects one of ${p.states.join(', ')}, got "${p.got}"`,
  pageAction: (p) => `expected action to be one of ${p.actions.join(', ')}, got "${p.got}"`,
  pageActor: (p) => `expected your name (1 to ${p.max} characters) in the "actor" field: the journal records who did it`,
  pageView: (p) => `expected view to be one of ${p.views.join(', ')}, got "${p.got}"`,
  pageExpect: (p) => `expected "expect" to be a count, got "${p.got}"`,
  pageNeedsNote: (p) => `${NEEDS_NOTE_EN[p.action][p.bulk ? 1 : 0]}; nothing was written`,
  pageNoneMatch: () => 'no findings of the view are left to act on; nothing was written',
  pageCountChanged: (p, w) =>
    `the page showed ${w.fmt.count(p.shown)} findings, the list now has ${w.fmt.count(p.now)}: nothing was written; reload the page and try again`,
  sqlTimeout: (p) =>
    `SQL stopped after ${p.seconds} s (sql.timeoutSeconds): expected a statement that ends sooner; narrow it (a WHERE on the date, a LIMIT), or raise sql.timeoutSeconds in the config`,
  sqlSpill: (p) =>
    `SQL stopped: it needed more than ${p.maxSpill} of temporary disk (sql.maxSpill); narrow it (fewer rows or columns before an ORDER BY or a join), or raise sql.maxSpill in the config`,
  sqlEmpty: () => 'expected an SQL statement, got none',
  sqlNone: () => 'no SQL given: pass a query, or pipe statements that end with ";"',
  sqlFailed: (p) => `SQL failed: ${p.said}`,
  sqlReadOnly: (p) =>
    `recon sql is read-only; it reads only the warehouse: ${SQL_WHY[p.refusal]}; to write tables to files use \`recon export --format parquet --out DIR\`, or redirect \`recon sql --format csv "SELECT ..."\` to a file${p.said === undefined ? '' : ` (DuckDB: ${p.said})`}`,
};
