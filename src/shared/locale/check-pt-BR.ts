// O que `recon check` escreve em português: o formato lido de uma exportação de pedidos, o mapeamento
// das colunas, as primeiras linhas como seriam gravadas, o extrato bancário lido e o veredito. Nomes de
// campos (item_id, status, created_at), chaves de configuração, nomes de arquivos e o que o arquivo diz
// vão como estão escritos; valores e contagens passam pelo formatador do locale.
import { formatPtBR } from './format-pt-BR.ts';

const n = (value: number): string => formatPtBR.count(value);

export const checkPtBR = {
  /** The verdict after each file. */
  clean: (clean: boolean): string => (clean ? '  => seria importado sem problemas' : '  => NÃO seria importado sem problemas'),
  problem: (setting: string | undefined, said: string): string => `  PROBLEMA${setting === undefined ? '' : ` (${setting})`}: ${said}`,
  warning: (said: string): string => `  aviso: ${said}`,
  noProblems: '  problemas: nenhum',

  /** An orders export (src/imports/check-text.ts). */
  ordersHead: (file: string, format: string, csv: { encoding: string; delimiter: string } | undefined, preset: string | undefined): string =>
    `${file}: exportação de pedidos (${format}${csv === undefined ? '' : `, ${csv.encoding}, delimitador "${csv.delimiter}"`}${preset === undefined ? '' : `, orders.preset "${preset}"`})`,
  header: (line: number): string => `  cabeçalho na linha ${n(line)}; o mapeamento:`,
  mapped: (key: string, column: string): string => `    ${key.padEnd(26)} <- coluna "${column}" (orders.columns.${key})`,
  firstRows: (count: number): string => (count === 1 ? '  a primeira linha como seria gravada:' : `  as primeiras ${n(count)} linhas como seriam gravadas:`),
  lineItem: (line: number): string => `    linha ${n(line)}: um item do pedido acima (pulado)`,
  keptOut: (line: number, reason: string): string => `    linha ${n(line)}: MANTIDA FORA: ${reason}`,
  stored: (line: number, fields: string): string => `    linha ${n(line)}: ${fields}`,
  amount: (cents: number): string => `valor ${formatPtBR.money(cents)} (${cents} centavos)`,
  rowsRead: (rows: number, whole: boolean, keptOut: number): string =>
    `  linhas lidas: ${n(rows)}${whole ? ' (o arquivo inteiro)' : ''}; mantidas fora pelas regras das linhas: ${n(keptOut)}`,

  /** A bank statement (src/cli/commands/check.ts). */
  statementHead: (file: string): string => `${file}: extrato bancário`,
  statementRead: (format: string, charset: string, from: string, to: string, read: number, keptOut: number): string =>
    `  ${format}, ${charset}; período de ${formatPtBR.day(from)} a ${formatPtBR.day(to)}; ${read === 1 ? '1 lançamento lido' : `${n(read)} lançamentos lidos`}, ${n(keptOut)} mantido(s) fora`,
  account: (bank: string, agency: string, account: string, holder: string | undefined): string =>
    `  conta: banco ${bank}, agência ${agency}, conta ${account}${holder === undefined ? '' : `, titular ${holder}`}`,
  statementLine: (postedOn: string, type: 'credit' | 'debit', cents: number, memo: string): string =>
    `    ${formatPtBR.day(postedOn)} ${type === 'credit' ? 'crédito' : 'débito'} ${formatPtBR.money(cents)} ${memo}`,
  lineKeptOut: (line: number, reason: string): string => `lançamento da linha ${n(line)} mantido fora: ${reason}`,
  noAccounts: 'bank.accounts está vazio: acrescente a conta acima a bank.accounts (docs/bank.md) para que uma noite possa arquivar o extrato',
  matches: (accountId: string): string => `  confere com bank.accounts "${accountId}"`,
};
