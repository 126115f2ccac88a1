// The values of the errors of the command line and the config: flags, settings and the environment
// (codes usage and config). Each id's English and Portuguese sentences are in errors-cli-*.ts.

/** A setting's bound is written as the config or the flag takes it (3660, 0.5), never grouped. */
type Bound = number;

/** What `recon findings` or the page does to findings (src/triage/actions.ts). */
type TriageVerb = 'ack' | 'assign' | 'accept' | 'reopen' | 'note';

/** Why `recon sql` turned a statement away (src/report/sql-refusals.ts). */
export type SqlRefusal = 'files' | 'extensions' | 'settings' | 'writes' | 'indirect';

/** What is wrong with RECON_API_KEY's shape (src/api/key-shape.ts); the key itself is never quoted. */
export type KeyShapeProblem = 'blank' | 'spaceAround' | 'control' | 'nonAscii' | 'quoted' | 'headerName';

/** What is wrong with a service address (src/config/schema.ts). */
export type ServiceUrlProblem = { kind: 'notUrl'; got: string } | { kind: 'plainHttp'; host: string } | { kind: 'scheme'; protocol: string };

/** A config problem zod found: unknown keys are named here; any other is zod's or the schema's own text, quoted. */
export interface ConfigProblem {
  path: string;
  unknownKeys?: string[];
  serviceUrl?: ServiceUrlProblem;
  said?: string;
}

/** The command line's errors: its dates and flags, the sandbox's, triage's and recon sql's. */
export interface FlagErrorParams {
  // Dates and flags of the command line.
  dateFormat: { got: string };
  nightNotEnded: { date: string; zone: string; readyAtMs: number };
  fromAfterTo: { from: string; to: string };
  unknownOption: { option: string; command: string };
  // What citty refuses before a command runs, said by recon (src/cli/main.ts).
  unknownCommand: { got: string; command: string };
  noSubcommand: { command: string };
  missingFlag: { flag: string; command: string };
  csvDialect: { got: string };
  failOn: { got: string };
  checkNoFiles: object;
  importNoFiles: object;
  importNoOrderFiles: object;
  portFlag: { got: string };
  dateOrRange: object;
  sinceUntilTogether: object;
  untilAfterSince: { since: string; until: string };
  isoInstantFlag: { flag: string; got: string };
  wholeDaysFlag: { flag: string; got: string };
  tableFormat: { got: string };
  exportFormat: { got: string };
  exportOut: object;
  closeMonth: { got: string };
  closeMonthNoNight: { month: string; latest: string | null };
  warehouseEmpty: object;
  outsideSandbox: { flag: string; date: string; first: string; last: string };
  // The sandbox's flags.
  faultsProfile: { got: string };
  faultRate: { name: string; got: string };
  faultRatesSum: { sum: number };
  faultsFlag: { known: string[]; got: string };
  wholeNumberFlag: { name: string; min: Bound; got: string };
  numberFlag: { flag: string; got: string };
  ordersExportFormat: { flag: boolean; formats: readonly string[]; got: string };
  sandboxSeed: { got: number };
  sandboxDays: { got: number };
  sandboxPerDay: { got: number };
  sandboxRate: { which: 'discrepancy' | 'mispriced'; got: number };
  busyDayOffset: { last: number; got: number };
  busyDaySales: { got: number };
  olderDays: { got: number };
  olderPerDay: { got: number };
  sandboxListen: { host: string; port: number; why: string };
  serveListen: { host: string; port: number; why: string; taken: boolean };
  // Triage, from the command line or the page.
  keysAndFilter: { on: 'cli' | 'page' };
  keysOrFilter: object;
  confirmNoTerminal: { action: TriageVerb; count: number };
  notConfirmed: object;
  noKeys: { action: TriageVerb };
  needsNote: { action: TriageVerb };
  assignNeedsTo: object;
  olderThanFlag: { got: string };
  stateFlag: { states: readonly string[]; got: string };
  pageAction: { actions: readonly string[]; got: string };
  pageActor: { max: Bound };
  pageView: { views: readonly string[]; got: string };
  pageExpect: { got: string };
  /** An acknowledgement, acceptance or note from the page without its text; `bulk` when it names a filter. */
  pageNeedsNote: { action: 'ack' | 'accept' | 'note'; bulk: boolean };
  pageNoneMatch: object;
  /** A bulk action whose list changed since the page showed it. */
  pageCountChanged: { shown: number; now: number };
  // recon sql.
  sqlTimeout: { seconds: Bound };
  sqlSpill: { maxSpill: string };
  sqlEmpty: object;
  sqlNone: object;
  sqlFailed: { said: string };
  sqlReadOnly: { refusal: SqlRefusal; said?: string };
}

/** The config file's and the environment's errors, and the files recon keeps beside the warehouse. */
export interface ConfigErrorParams {
  configUnreadable: { file: string; code: string };
  configNotJson: { file: string; said: string };
  configInvalid: { source: string; problems: ConfigProblem[] };
  serviceUrl: { name: string; problem: ServiceUrlProblem };
  keyShape: { problem: KeyShapeProblem };
  keyRefused: { path: string; status: number; statusText: string; said: string };
  keyNotForSigning: object;
  receiveNoKey: object;
  syncNeeds: { key: boolean; address: boolean };
  noService: { configFile?: string };
  noApiKey: object;
  noBaseUrl: object;
  noOrdersExport: object;
  outDirUncreatable: { dir: string; code: string };
  serveNeedsToken: { host: string; min: Bound };
  serveTokenShort: { min: Bound; got: number };
  ordersPreset: { presets: readonly string[]; got: string };
  ordersColumnUnset: { key: string; presets: readonly string[] };
  ordersSeparators: { separator: string };
  tooManyLookups: { total: number; max: Bound };
  warehouseMissing: { path: string };
  warehouseFolder: { path: string; suggested: string };
  warehouseNotFile: { path: string };
  warehouseUnwritable: { path: string; where: string; code: string };
  warehouseOpenForWriting: { path: string; said: string };
  besideWarehouse: {
    what: 'inbox' | 'journal';
    path: string;
    verb: 'written' | 'read' | 'sealed' | 'deleted';
    code: string;
    expected: 'writableFolder' | 'readableFile' | null;
  };
  accountAmbiguous: { file: string; account: StatementAccountFacts; matches: number };
  accountUnmatched: { file: string; account: StatementAccountFacts; configured: number };
}

export type CliErrorParams = FlagErrorParams & ConfigErrorParams;

/** The account a bank statement names (bank code, agency, account, holder document). */
export interface StatementAccountFacts {
  bankCode: string;
  agency: string;
  account: string;
  document: string;
}
