// What `--help` says, in English: the one place each command's and each flag's description is written
// (the command definitions in src/cli/commands/ carry none), keyed by the command path a person types
// and the flag's name as the definition declares it. help-pt-BR.ts must word every key: its type is
// derived from this one, so a missing text fails tsc. A text that states a value the code also holds
// (a list of formats, a default port) takes it from HelpFacts instead of repeating it.

/** Values the help states that the commands hold (src/cli/help-facts.ts fills them). */
export interface HelpFacts {
  readonly filterStates: readonly string[];
  readonly listFormats: readonly string[];
  readonly orderExportFormats: readonly string[];
  readonly servePort: number;
  readonly serveHost: string;
  readonly receivePort: number;
}

/** A description: fixed words, or words around facts. */
export type HelpText = string | ((facts: HelpFacts) => string);

const config = { config: 'Config file (default: $RECON_CONFIG or ./recon.config.json)' };
const sandboxRun = { sandbox: 'Use the built-in sandbox run of `npm start` (data/sandbox) instead of the configured warehouse' };
const filter = {
  state: (f: HelpFacts) => `Only findings in this state: ${f.filterStates.join(', ')}`,
  category: 'Only this category, e.g. refund_owed',
  'older-than': 'Only findings first seen at least this long ago, e.g. 7d or 2w',
  assignee: 'Only findings assigned to NAME',
};
const action = {
  by: 'Who does it, for the history (default: your login name)',
  ...filter,
  yes: 'With a filter: do it without asking',
  ...config,
  ...sandboxRun,
};
const job = {
  ...config,
  'fail-on': 'Exit 3 when a night has findings of this state (alerting)',
  out: 'Reports folder (default: reports.outDir of the config)',
  'csv-dialect': 'CSV reports: rfc4180 (",", cents, UTF-8) or br (";", decimal comma, BOM)',
  strict: 'Fail the run when any order row is kept out',
  sandbox: 'Run on the built-in sandbox of the payments service (no key; what `npm start` does), under data/sandbox',
};
const files = { files: 'Order export and bank statement files' };

const commands = {
  recon: { about: 'Reconcile card payments of the payments service with your order exports, and report to finance', args: {} },
  'recon sandbox': {
    about:
      'Serve a local sandbox of the payments service with a seeded history (GET /v1/transactions, GET /v1/operations, GET /v1/installments, POST routes, /_sandbox admin), and write the matching order exports and ground truth',
    args: {
      seed: 'Seed of the history (same seed, same bytes)',
      days: 'Number of business days of history',
      'per-day': 'Card transactions per day',
      'end-date': 'Last business day YYYY-MM-DD (America/Sao_Paulo); default yesterday',
      'discrepancy-rate': 'Share of orders with an injected discrepancy',
      'mispriced-rate': 'Share of paid card sales charged other than the installment pricing (fee_mismatch; for fees.check)',
      'orders-out': 'Write the order export here; "{date}" in the path writes one file per day',
      'orders-format': (f: HelpFacts) => `Order export format: ${f.orderExportFormats.join(', ')}`,
      'orders-double-amounts': 'xlsx and json: write amounts as binary doubles a spreadsheet formula leaves (0.5700000000000001)',
      'truth-out': 'Write the ground truth (injected discrepancies) as JSON here',
      faults: 'Fault profile: none, flaky, chaos, or rates like "error503=0.1,rateLimit=0.05,latency=0.2,latencyMs=50"',
      'fault-seed': 'Seed of the fault decisions (default: --seed)',
      port: 'Port to listen on (0 = any free port)',
      host: 'Address to listen on',
    },
  },
  'recon sync': {
    about: 'Sync transactions and operations from the payments service into the warehouse',
    args: {
      config: 'Config file (default recon.config.json, or RECON_CONFIG)',
      date: 'Business date YYYY-MM-DD (default: yesterday in the configured zone)',
      since: 'Start of an explicit date_created range (ISO date-time, inclusive); needs --until',
      until: 'End of the range (ISO date-time, exclusive)',
      'lookback-days': 'Days of sales re-read for status changes (default sync.lookbackDays)',
      'sweep-days': 'Days covered by the refunded/chargeback/review sweeps (default sync.sweepDays)',
      replay: 'Rebuild from kept raw pages in this folder, without the API',
    },
  },
  'recon import': {
    about: 'Load order exports (CSV, XLSX, JSON, NDJSON, Parquet) and bank statements (OFX, CNAB 240 .ret/.cnab) into the warehouse',
    args: {
      ...config,
      strict: 'Fail, importing nothing, when any row is kept out or an item_id has conflicting rows',
      date: "The night whose export this is (YYYY-MM-DD): orders it changed are judged on that night's reconciliation",
      ...files,
    },
  },
  'recon reconcile': {
    about:
      "Reconcile one business day again with the nightly's checks (orders, fees, notifications, bank, triage): write its findings, rewrite its reports and summary.json, print counts by category",
    args: {
      ...config,
      ...sandboxRun,
      date: 'Business day YYYY-MM-DD in the configured time zone (default: yesterday)',
      format: 'Output: table or json',
    },
  },
  'recon run': { about: 'Run a scheduled job: nightly or backfill', args: {} },
  'recon run nightly': {
    about: "Sync, import the day's orders, reconcile and write the reports of one business day",
    args: {
      ...job,
      date: 'Business day YYYY-MM-DD (default: yesterday in the configured time zone)',
      orders: 'Orders export to import (repeatable; default: orders.path with {date})',
      statement: 'Bank statement to import (OFX or CNAB 240; default: bank.statementPath with {date}; a missing one is reported and the night goes on)',
    },
  },
  'recon run backfill': {
    about: 'Run the nightly job for every day from --from to --to, skipping nights already done',
    args: {
      ...job,
      from: 'First business day YYYY-MM-DD',
      to: 'Last business day YYYY-MM-DD',
      force: 'Re-run nights that already finished',
    },
  },
  'recon sql': {
    about: 'Run SQL on the warehouse (read-only); without a query, open a prompt',
    args: { query: 'SQL to run, e.g. "SELECT * FROM refunds LIMIT 10"', format: 'Output: table, csv or json', ...config, ...sandboxRun },
  },
  'recon export': {
    about: 'Write every table as Parquet partitioned by day',
    args: {
      format: 'Output format (parquet)',
      out: 'Folder to write into; each table becomes <out>/<table>/day=YYYY-MM-DD/',
      ...config,
      ...sandboxRun,
    },
  },
  'recon close': {
    about:
      "Write the month's close (\"Month close\" workbook and CSV): each tie-out summed over the month's nights up to its latest reconciled one, into that night's report folder; print a line per tie-out and the days missing",
    args: {
      month: 'The month, YYYY-MM (e.g. 2026-11)',
      ...config,
      ...sandboxRun,
    },
  },
  'recon serve': {
    about: (f: HelpFacts) => `Serve the reports page (nights, findings to work on, charts, downloads) on http://${f.serveHost}:${f.servePort}`,
    args: {
      ...config,
      port: (f: HelpFacts) => `Port to listen on (default ${f.servePort}; 0 picks a free one)`,
      host: (f: HelpFacts) => `Address to bind (default ${f.serveHost}); any other than loopback needs RECON_SERVE_TOKEN`,
      sandbox: 'Serve the built-in sandbox run of `npm start` (data/sandbox)',
    },
  },
  'recon receive': {
    about: (f: HelpFacts) => `Receive the service's status notifications (postbacks, webhooks, payment links) on http://127.0.0.1:${f.receivePort}`,
    args: {
      ...config,
      port: (f: HelpFacts) => `Port to listen on (default ${f.receivePort}; 0 picks a free one)`,
      host: 'Address to bind (default 127.0.0.1)',
    },
  },
  'recon findings': { about: 'Work the list of findings: list them, acknowledge, assign, accept as explained, reopen', args: {} },
  'recon findings list': {
    about: "List the latest night's findings with their triage (state, assignee, note, deadline)",
    args: { ...filter, format: (f: HelpFacts) => `Output: ${f.listFormats.join(', ')}`, ...config, ...sandboxRun },
  },
  'recon findings ack': {
    about: 'Acknowledge findings with a note (KEY... or a filter)',
    args: { note: 'What is known, e.g. "credit note issued"', ...action },
  },
  'recon findings assign': { about: 'Assign findings to someone (KEY... or a filter)', args: { to: 'Who takes them', ...action } },
  'recon findings accept': {
    about: 'Accept findings as explained: they will not be fixed (KEY... or a filter)',
    args: { reason: 'Why, e.g. "accepted loss under R$ 5"', ...action },
  },
  'recon findings reopen': { about: 'Take back an acknowledgement or acceptance (KEY... or a filter)', args: { ...action } },
  'recon findings note': {
    about: 'Add a note to findings without changing their state (KEY... or a filter)',
    args: { note: 'The note', ...action },
  },
  'recon check': {
    about:
      'Read order exports and bank statements as the nightly would, commit nothing, and say what would be stored and what to fix (exit 0 only when all would import cleanly)',
    args: { ...config, ...files },
  },
};

type Commands = typeof commands;

/** The help's words in a locale: every command path of the English, each with every one of its flags. */
export interface HelpWords {
  /** The usage text's own words around the commands' (the layout is citty's: src/cli/usage-text.ts). */
  readonly layout: {
    readonly usage: string;
    readonly arguments: string;
    readonly options: string;
    readonly commands: string;
    /** In the usage line, where the options go. */
    readonly optionsSlot: string;
    /** In the closing line, where a command's name goes. */
    readonly commandSlot: string;
    readonly required: string;
    readonly byDefault: (value: string) => string;
    /** The closing line of a command with commands; `line` is `recon run <command> --help`. */
    readonly more: (line: string) => string;
  };
  readonly commands: { readonly [P in keyof Commands]: { readonly about: HelpText; readonly args: { readonly [A in keyof Commands[P]['args']]: HelpText } } };
}

export const helpEn: HelpWords = {
  layout: {
    usage: 'USAGE',
    arguments: 'ARGUMENTS',
    options: 'OPTIONS',
    commands: 'COMMANDS',
    optionsSlot: '[OPTIONS]',
    commandSlot: '<command>',
    required: '(Required)',
    byDefault: (value) => `(Default: ${value})`,
    more: (line) => `Use ${line} for more information about a command.`,
  },
  commands,
};
