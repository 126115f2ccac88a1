// What the long-running and file commands print for a person, in English (see command-words-pt-BR.ts,
// whose shape this follows).
import type { CommandWords } from './command-words-pt-BR.ts';

export const commandWordsEn: CommandWords = {
  serveListening: (url, reports, warehouse, token) =>
    `recon serve: ${url}/  (reports ${reports}, warehouse ${warehouse} read-only${token ? ', token required' : ''}). Ctrl+C stops it.`,
  receiveListening: (url, inbox) => `recon receive: ${url}/  (inbox ${inbox}). Ctrl+C stops it.`,
  sqlBanner: 'recon sql (read-only). End statements with ";". .tables lists tables and views, .quit leaves.',
  sandbox: {
    generated: ([tx, ops, orders, injected], period, ms) =>
      `generated ${tx} transactions, ${ops} operations, ${orders} orders, ${injected} injected discrepancies (${period}) in ${ms} ms`,
    listening: (url, faults) => `sandbox of the payments service listening on ${url} (faults: ${faults})`,
    apiKey: (key) => `api key: ${key}  (any key starting test_ works; live_ keys get 403 on sandbox-only routes)`,
    tryThese: 'try:',
    stop: 'stop with Ctrl-C',
  },
  export: {
    rows: (count, n) => (count === 1 ? `${n} row ` : `${n} rows`),
    byDay: (column) => `by day of ${column}`,
    oneFile: 'one file (no timestamp)',
    readBack: (sql) => `Read back with: ${sql}`,
  },
  close: {
    heading: (month, from, upTo, nights) => `Month close ${month}: ${from} to ${upTo}, ${nights === 1 ? '1 night' : `${nights} nights`} summed`,
    missing: (days) => `Nights missing (no close stored): ${days}`,
    written: 'Reports folder',
  },
  importOrders: {
    headers: ['file', 'format', 'read', 'loaded', 'duplicates', 'rejected', 'conflicts', 'seconds'],
    total: 'total',
    conflict: 'conflict',
    rejected: 'rejected',
    nothingKeptOut: 'Nothing was kept out.',
    keptOut: (n) => `Kept out (${n}):`,
    more: (n, sql) => `… and ${n} more: ${sql}`,
  },
  importStatements: {
    headers: ['statement', 'format', 'charset', 'account', 'read', 'loaded', 'rejected'],
    importedBefore: '0 (imported before)',
    keptOut: 'statement lines kept out (all are in bank_import_issues):',
    line: (file, line, reason) => `${file}: line ${line}: ${reason}`,
    more: (n) => `... and ${n} more`,
  },
};
