// What `recon check` writes in English: the format read of an orders export, the mapping of its columns,
// the first rows as they would be stored, the bank statement read, and the verdict. Same keys as pt-BR.
import type { Messages } from './index.ts';
import { brazilianReais } from './format-pt-BR.ts';
import { formatEn } from './format-en.ts';

export const checkEn: Messages['check'] = {
  clean: (clean) => (clean ? '  => would import cleanly' : '  => would NOT import cleanly'),
  problem: (setting, said) => `  PROBLEM${setting === undefined ? '' : ` (${setting})`}: ${said}`,
  warning: (said) => `  warning: ${said}`,
  noProblems: '  problems: none',

  ordersHead: (file, format, csv, preset) =>
    `${file}: orders export (${format}${csv === undefined ? '' : `, ${csv.encoding}, delimiter "${csv.delimiter}"`}${preset === undefined ? '' : `, orders.preset "${preset}"`})`,
  header: (line) => `  header on line ${line}; the mapping:`,
  mapped: (key, column) => `    ${key.padEnd(26)} <- column "${column}" (orders.columns.${key})`,
  firstRows: (count) => `  the first ${count} row(s) as they would be stored:`,
  lineItem: (line) => `    line ${line}: a line item of the order above (skipped)`,
  keptOut: (line, reason) => `    line ${line}: KEPT OUT: ${reason}`,
  stored: (line, fields) => `    line ${line}: ${fields}`,
  // The export's own reais beside the cents stored, as earlier releases printed them.
  amount: (cents) => `amount ${brazilianReais(cents)} (${cents} cents)`,
  rowsRead: (rows, whole, keptOut) => `  rows read: ${rows}${whole ? ' (the whole file)' : ''}; kept out by the row rules: ${keptOut}`,

  statementHead: (file) => `${file}: bank statement`,
  statementRead: (format, charset, from, to, read, keptOut) => `  ${format}, ${charset}; period ${from} to ${to}; ${read} line(s) read, ${keptOut} kept out`,
  account: (bank, agency, account, holder) =>
    `  account: bank ${bank}, agency ${agency}, account ${account}${holder === undefined ? '' : `, holder ${holder}`}`,
  statementLine: (postedOn, type, cents, memo) => `    ${postedOn} ${type} ${formatEn.money(cents)} ${memo}`,
  lineKeptOut: (line, reason) => `line ${line} kept out: ${reason}`,
  noAccounts: 'bank.accounts is empty: add the account above to bank.accounts (docs/bank.md) so a night can file the statement',
  matches: (accountId) => `  matches bank.accounts "${accountId}"`,
};
