// Por que uma linha de uma exportação de pedidos ou um lançamento de um extrato ficou de fora, em
// português, a partir dos fatos guardados (kept-out-types.ts). Chaves de configuração, nomes de colunas,
// campos do arquivo (DTPOSTED, FITID) e o que o arquivo diz vão como estão escritos, entre aspas; valores,
// contagens, dias e instantes passam pelo formatador do locale.
import type { KeptOutRenderers } from './kept-out-types.ts';

/** The order fields by the words a finance team uses for them; ids stay as the export names them. */
const FIELDS: Readonly<Record<string, string>> = {
  item_id: 'o item_id',
  amount: 'o valor',
  amount_cents: 'o valor',
  status: 'a situação',
  created_at: 'a data do pedido',
  created_ms: 'a data do pedido',
  transaction_id: 'o transaction_id',
  nsu: 'o NSU',
  authorization_code: 'o código de autorização',
  customer_name: 'o nome do cliente',
  customer_document_number: 'o documento do cliente',
};
const field = (name: string): string => FIELDS[name] ?? `o campo ${name}`;
/** The same without its article, before the values on which an item's rows disagree. */
const bare = (name: string): string => field(name).replace(/^(o|a) /, '');

const STATEMENT_FIELDS = { fitid: 'o FITID', documentNumber: 'o número do documento', memo: 'o histórico' } as const;

const OFF_THE_GRID = { reais: 'tem mais de duas casas decimais', cents: 'não é um número inteiro de centavos' } as const;

export const keptOutPtBR: KeptOutRenderers = {
  fieldCount: (r, f) => `esperados ${f.count(r.expected)} campos, como no cabeçalho; a linha tem ${f.count(r.found)}`,
  columnTooLong: (r, f) => `a coluna "${r.column}" tem ${f.count(r.length)} caracteres, mais que ${f.count(r.max)} (${r.key})`,
  fieldTooLong: (r, f) => `${field(r.field)} tem ${f.count(r.length)} caracteres, mais que ${f.count(r.max)} (coluna "${r.column}"; ${r.key})`,
  valueMissing: (r) => `falta ${field(r.field)} (coluna "${r.column}")`,
  amountOffGrid: (r) => `o valor "${r.text}" ${OFF_THE_GRID[r.unit]} (coluna "${r.column}")`,
  amountUnreadable: (r) =>
    `valor ilegível "${r.text}" (coluna "${r.column}"): esperado ${
      r.unit === 'cents'
        ? 'um valor inteiro em centavos (orders.amountUnit "cents")'
        : `um valor em reais (decimal "${r.decimal}", milhar "${r.thousands}": orders.csv.decimal, orders.csv.thousands)`
    }`,
  amountNegative: (r, f) => `valor negativo ${f.money(r.cents)} (coluna "${r.column}")`,
  amountAboveLimit: (r, f) => `valor ${f.money(r.cents)} acima do limite de ${f.money(r.limitCents)} (coluna "${r.column}")`,
  statusUnknown: (r) =>
    `situação desconhecida "${r.text}" (coluna "${r.column}"): esperada uma de ${r.known.map((s) => `"${s}"`).join(', ')} ou uma entrada de orders.statusMap`,
  dateUnreadable: (r) => `data ilegível "${r.text}" (coluna "${r.column}"): esperado "${r.dateFormat}" ou ISO 8601 (orders.dateFormat)`,
  invalidUtf8: (r, f) => `UTF-8 inválido no byte ${f.count(r.byte)}`,
  invalidJson: (r) => `JSON inválido (${r.said})`,
  notAnObject: (r) => `esperado um objeto JSON, mas veio ${r.found ?? 'uma lista'}`,
  rowsDisagree: (r, f) => {
    const differences = r.differences.map((d) => {
      const values: readonly (string | number | null)[] = d.values;
      const shown = values.map((v) => {
        if (v === null) return '(vazio)';
        if (d.field === 'amount_cents') return f.money(Number(v));
        if (d.field === 'created_ms') return f.instant(Number(v));
        return d.field === 'status' ? f.status(String(v)) : `"${v}"`;
      });
      return `${bare(d.field)} ${shown.join(' × ')}`;
    });
    return `o item_id "${r.itemId}" tem ${f.count(r.lines.length)} linhas que divergem (linhas ${r.lines.map((n) => f.count(n)).join(', ')}): ${differences.join('; ')}; nenhuma delas foi carregada`;
  },
  ofxBadDate: (r) => `DTPOSTED inválido "${r.text}" (esperado AAAAMMDD, com ou sem a hora)`,
  ofxBadAmount: (r) => `TRNAMT inválido "${r.text}" (esperado um valor decimal como -12.34)`,
  cnabRecordLength: (r, f) => `esperado um registro de ${f.count(r.expected)} caracteres; a linha tem ${f.count(r.found)}`,
  cnabRecordType: (r) => `tipo de registro desconhecido "${r.type}" (esperado 0, 1, 3, 5 ou 9)`,
  cnabBadDate: (r) => `data de lançamento inválida "${r.text}" (esperado DDMMAAAA nas posições 143 a 150)`,
  cnabBadAmount: (r) => `valor inválido "${r.text}" (esperados 18 dígitos com 2 casas decimais nas posições 151 a 168)`,
  cnabBadFlag: (r) => `indicador de débito/crédito inválido "${r.text}" (esperado D ou C na posição 169)`,
  cnabAmountOutOfRange: (r) => `o valor "${r.text.trim()}" passa do maior valor aceito`,
  statementTextTooLong: (r, f) => `${STATEMENT_FIELDS[r.field]} tem ${f.count(r.length)} caracteres, mais que ${f.count(r.limit)} (bank.limits.${r.key})`,
  fitidDerivedShape: (r) =>
    `o FITID "${r.fitid}" tem a forma de um id que o recon deriva sozinho ("syn:..." ou ".../AAAA-MM-DD/centavos") e poderia passar por outro lançamento; ficou de fora`,
  lineIdTaken: (r, f) =>
    `o id de lançamento "${r.id}" já identifica outro lançamento desta conta (${f.day(r.heldOn)}, ${f.money(r.heldCents)}), ` +
    `não este (${f.day(r.postedOn)}, ${f.money(r.cents)}); ficou de fora em vez de ser fundido com ele`,
};
