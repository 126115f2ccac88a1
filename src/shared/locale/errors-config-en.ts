// The English sentences of the config's and the environment's errors (code config), and of the files
// recon keeps beside the warehouse. A key path, an environment variable and a file name stay as written.
import type { ErrorCatalogue } from './error-types.ts';
import type { ConfigErrorParams, KeyShapeProblem, ServiceUrlProblem, StatementAccountFacts } from './error-params-cli.ts';

const KEY_SHAPE: Record<KeyShapeProblem, string> = {
  blank: 'RECON_API_KEY is set but blank: export the API key itself',
  spaceAround: 'RECON_API_KEY starts or ends with a space or a line break (a key file saved with a Windows line end?); export the key without it',
  control: 'RECON_API_KEY holds a control character or a line break, which no HTTP header can carry; export the key alone',
  nonAscii: 'RECON_API_KEY holds a character outside ASCII (a typographic quote or dash pasted from a document?); export the key as the service issued it',
  quoted: 'RECON_API_KEY is wrapped in quotes, which became part of it; export the key without them',
  headerName: 'RECON_API_KEY holds a header or variable name before the key ("api_key: ...", "Bearer ..."); export the key alone',
};

/** The service address's problem, as the config's own check (schema.ts) also words it. */
export function serviceUrlProblemEn(problem: ServiceUrlProblem): string {
  if (problem.kind === 'notUrl') return `expected an https:// address, got "${problem.got}"`;
  if (problem.kind === 'plainHttp')
    return `plain http:// is refused for ${problem.host}: the API key would travel in clear; use https:// (http is allowed only on loopback, e.g. the sandbox on 127.0.0.1)`;
  return `expected an https:// address, got ${problem.protocol}//`;
}

const FIX = 'set warehouse.path to a file on a writable disk, e.g. "data/recon.duckdb"';
const EXPECTED = 'expected the DuckDB file recon keeps its warehouse in';
const WHY: Record<string, string> = { EROFS: 'a read-only file system', EACCES: 'permission denied', EPERM: 'permission denied' };

function describeAccount(a: StatementAccountFacts): string {
  const parts = [`bank ${a.bankCode || '?'}`, `agency ${a.agency || '?'}`, `account ${a.account || '?'}`];
  if (a.document !== '') parts.push(`holder document ${a.document}`);
  return parts.join(', ');
}

export const configErrorsEn: ErrorCatalogue<ConfigErrorParams> = {
  configUnreadable: (p) => `config file ${p.file}: cannot be read (${p.code}); pass an existing file with --config`,
  configNotJson: (p) => `config file ${p.file}: not valid JSON (${p.said})`,
  configInvalid: (p) =>
    `config file ${p.source} is invalid:\n${p.problems
      .map(
        (q) =>
          `  ${q.path}: ${q.unknownKeys ? `unknown key(s) ${q.unknownKeys.map((k) => `"${k}"`).join(', ')}; remove them or check the spelling` : q.serviceUrl ? serviceUrlProblemEn(q.serviceUrl) : q.said}`,
      )
      .join('\n')}`,
  serviceUrl: (p) => `${p.name}: ${serviceUrlProblemEn(p.problem)}`,
  keyShape: (p) => KEY_SHAPE[p.problem],
  keyRefused: (p) =>
    `the payments service refused the API key: GET ${p.path} answered ${p.status} ${p.statusText}${p.said}; check RECON_API_KEY: ` +
    'export the key of this service and environment (test_... for its sandbox, live_... for production), never the signing secret alone',
  keyNotForSigning: () => 'RECON_API_KEY does not look like a key (expected test_... or live_...); the notifications are signed with its tail',
  receiveNoKey: () => 'RECON_API_KEY is not set: the notifications are signed with its tail; export the key the service was called with',
  syncNeeds: (p) =>
    `recon sync needs ${[
      p.key && 'the API key (environment variable RECON_API_KEY)',
      p.address && 'the service address (api.baseUrl in the config, or RECON_BASE_URL)',
    ]
      .filter(Boolean)
      .join(
        ' and ',
      )}: export the key in the environment (a test_ key for the sandbox), set api.baseUrl or RECON_BASE_URL, or run \`recon sandbox\` for a local service`,
  noService: (p) =>
    `no payments service to reconcile: RECON_API_KEY is not set and api.baseUrl is not configured (read ${
      p.configFile === undefined ? 'no config file (./recon.config.json or --config FILE)' : `the config file ${p.configFile}`
    }); set api.baseUrl in the config and export RECON_API_KEY, or add --sandbox (what \`npm start\` does) to run on the built-in sandbox`,
  noApiKey: () => 'RECON_API_KEY is not set: export the API key in the environment (it is never read from the command line or the config file)',
  noBaseUrl: () => 'api.baseUrl is not set: add it to the config file, or set RECON_BASE_URL',
  noOrdersExport: () => 'no orders export to reconcile against: set orders.path in the config (it may contain {date}) or pass --orders FILE',
  outDirUncreatable: (p) =>
    `reports.outDir: cannot create the report folder ${p.dir} (${p.code}); expected a writable folder (set reports.outDir or pass --out DIR)`,
  serveNeedsToken: (p) =>
    `recon serve --host ${p.host} is reachable from other machines and needs a token: set RECON_SERVE_TOKEN (at least ${p.min} random characters, e.g. \`openssl rand -hex 24\`), or bind to 127.0.0.1`,
  serveTokenShort: (p) => `RECON_SERVE_TOKEN must have at least ${p.min} characters, got ${p.got}`,
  ordersPreset: (p) => `orders.preset: expected one of ${p.presets.join(', ')}, got "${p.got}"`,
  ordersColumnUnset: (p) =>
    `orders.columns.${p.key} is not set: name the export's column that holds the order's ${p.key.replace('_', ' ')}, or choose orders.preset (${p.presets.join(', ')})`,
  ordersSeparators: (p) => `orders.csv: the decimal and thousands separators are both "${p.separator}"; set orders.csv.thousands to "" or another character`,
  tooManyLookups: (p, w) =>
    `${w.fmt.count(p.total)} transactions held in review, refunded or chargeback were not listed by this run's windows and need a look-up by id, more than sync.maxIdLookups (${p.max}); raise sync.maxIdLookups in the config and run again`,
  warehouseMissing: (p) =>
    `warehouse ${p.path} does not exist yet; run \`recon run nightly\` first (after \`npm start\`, add --sandbox to read the sandbox run's warehouse)`,
  warehouseFolder: (p) => `warehouse.path ${p.path} is a directory; ${EXPECTED} — set warehouse.path to a file, e.g. "${p.suggested}"`,
  warehouseNotFile: (p) => `warehouse.path ${p.path} is not a regular file (a device, pipe or socket); ${EXPECTED} — ${FIX}`,
  warehouseUnwritable: (p) =>
    `warehouse.path ${p.path}: ${p.where} cannot be written (${p.code}: ${WHY[p.code] ?? 'cannot be created'}); ${EXPECTED}, in a folder recon can write to — ${FIX}`,
  warehouseOpenForWriting: (p) => `warehouse.path ${p.path} cannot be opened for writing (${p.said}); ${FIX}`,
  besideWarehouse: (p) =>
    `the ${p.what === 'inbox' ? 'notifications inbox' : 'triage journal'} ${p.path} cannot be ${
      p.verb === 'sealed' ? 'sealed for the fold' : p.verb === 'deleted' ? 'deleted after the fold' : p.verb
    } (${p.code})${
      p.expected === null
        ? ''
        : p.expected === 'writableFolder'
          ? '; expected a writable folder beside the warehouse'
          : '; expected a readable file beside the warehouse'
    }`,
  accountAmbiguous: (p, w) =>
    `${p.file}: the statement's account (${describeAccount(p.account)}) matches ${w.fmt.count(p.matches)} accounts of bank.accounts by document; ` +
    `set bank.accounts[].bankAccount to "${p.account.account}" on the right one so recon can tell them apart`,
  accountUnmatched: (p, w) =>
    `${p.file}: the statement's account (${describeAccount(p.account)}) matches none of bank.accounts (${w.fmt.count(p.configured)} configured); ${
      p.account.document === ''
        ? `add it to bank.accounts with "bankAccount": "${p.account.account}" (OFX names no holder document)`
        : `add it to bank.accounts with "document": "${p.account.document}" (or set "bankAccount": "${p.account.account}" on an account)`
    }`,
};
