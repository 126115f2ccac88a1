// `recon check` speaks the config's reports.locale: an orders export that does not fit and a bank
// statement that does, read in process under pt-BR and under en. The words around the facts follow the
// locale (the verdict, PROBLEM, the statement's period, lines and account, money in the locale's format,
// why a row is kept out); config keys, file names, column names and what the file held stay as written.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './in-process.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const EXPORT = join(FIXTURES, 'bad', 'orders', 'dot-decimals-dash-dates.csv');
const STATEMENT = join(FIXTURES, 'bank', 'itau-extrato.ofx');

const dir = mkdtempSync(join(tmpdir(), 'recon-check-locale-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const configOf = (locale: string) => {
  const file = join(dir, `recon.${locale}.json`);
  const account = { id: 'itau-1234-56789-0', document: '12.345.678/0001-90', bankAccount: '56789-0' };
  // A UTF-8 key beside the preset: the merge is said as a warning.
  const orders = { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } };
  writeFileSync(file, JSON.stringify({ warehouse: { path: join(dir, 'w.duckdb') }, reports: { locale }, orders, bank: { accounts: [account] } }));
  return file;
};

const checkIn = (locale: string) => runCliInProcess(['check', '--config', configOf(locale), EXPORT, STATEMENT], { cwd: dir });

describe('recon check under reports.locale', () => {
  it('pt-BR: every line a person reads is Portuguese', async () => {
    const ran = await checkIn('pt-BR');
    expect(ran.code).toBe(2);
    const lines = ran.stdout.split('\n');
    for (const expected of [
      `${EXPORT}: exportação de pedidos (csv, utf-8, delimitador ";", orders.preset "recon-sandbox")`,
      '  cabeçalho na linha 1; o mapeamento:',
      '    item_id                    <- coluna "pedido" (orders.columns.item_id)',
      '  as primeiras 3 linhas como seriam gravadas:',
      '  linhas lidas: 3 (o arquivo inteiro); mantidas fora pelas regras das linhas: 3',
      '  => NÃO seria importado sem problemas',
      `${STATEMENT}: extrato bancário`,
      '  ofx1, windows-1252; período de 01/05/2024 a 03/05/2024; 5 lançamentos lidos, 0 mantido(s) fora',
      '  conta: banco 341, agência 1234, conta 56789-0',
      '    01/05/2024 crédito R$ 1.523,45 PAGTOS CARTÃO CRÉDITO',
      '    01/05/2024 débito -R$ 12,90 TARIFA BANCÁRIA',
      '  confere com bank.accounts "itau-1234-56789-0"',
      '  problemas: nenhum',
      '  => seria importado sem problemas',
    ])
      expect(lines, expected).toContain(expected);
    expect(ran.stdout).toMatch(/^ {2}PROBLEMA \(orders\.csv\.decimal\): .*3 das primeiras 3 linhas .* defina orders\.csv\.decimal como "\."/m);
    expect(ran.stdout).toMatch(/^ {2}PROBLEMA \(orders\.dateFormat\): .*defina orders\.dateFormat como "dd-MM-yyyy HH:mm"$/m);
    expect(ran.stdout).toMatch(/^ {2}aviso: orders\.preset "recon-sandbox" é combinado com chaves explícitas .*orders\.csv\.encoding "utf-8"/m);
    // Why each row is kept out, in Portuguese: the column and the text the file held as written.
    expect(ran.stdout).toMatch(
      /^ {4}linha 2: MANTIDA FORA: valor ilegível "1234\.50" \(coluna "valor_total"\): esperado um valor em reais \(decimal ",", milhar "\.": orders\.csv\.decimal, orders\.csv\.thousands\); data ilegível "[^"]+" \(coluna "[^"]+"\): esperado "[^"]+" ou ISO 8601 \(orders\.dateFormat\)$/m,
    );
    // None of the English words of the report is left, the rows' reasons included.
    expect(ran.stdout).not.toMatch(
      /would|import cleanly|PROBLEM[ :]|warning:|bank statement|period|line\(s\)|\bcents\b|problems: none|matches|the mapping|rows read|unparseable|expected|column "/,
    );
    expect(ran.stderr).toMatch(/^recon: 1 de 2 arquivo\(s\) não seriam importados sem problemas/m);
  });

  it('en: the same report in English, money in the English format', async () => {
    const ran = await checkIn('en');
    expect(ran.code).toBe(2);
    const lines = ran.stdout.split('\n');
    for (const expected of [
      `${EXPORT}: orders export (csv, utf-8, delimiter ";", orders.preset "recon-sandbox")`,
      '  header on line 1; the mapping:',
      '    item_id                    <- column "pedido" (orders.columns.item_id)',
      '  the first 3 row(s) as they would be stored:',
      '  rows read: 3 (the whole file); kept out by the row rules: 3',
      '  => would NOT import cleanly',
      `${STATEMENT}: bank statement`,
      '  ofx1, windows-1252; period 2024-05-01 to 2024-05-03; 5 line(s) read, 0 kept out',
      '  account: bank 341, agency 1234, account 56789-0',
      '    2024-05-01 credit R$ 1,523.45 PAGTOS CARTÃO CRÉDITO',
      '    2024-05-01 debit -R$ 12.90 TARIFA BANCÁRIA',
      '  matches bank.accounts "itau-1234-56789-0"',
      '  problems: none',
      '  => would import cleanly',
    ])
      expect(lines, expected).toContain(expected);
    expect(ran.stdout).toMatch(/^ {2}PROBLEM \(orders\.csv\.decimal\): .*set orders\.csv\.decimal to "\."/m);
    expect(ran.stdout).toMatch(/^ {2}warning: orders\.preset "recon-sandbox" is merged with explicit keys/m);
    expect(ran.stdout).toMatch(/^ {4}line 2: KEPT OUT: unparseable amount "1234\.50"/m);
    expect(ran.stderr).toMatch(/^recon: 1 of 2 file\(s\) would not import cleanly/m);
  });
});
