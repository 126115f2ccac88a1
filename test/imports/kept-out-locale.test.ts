// Under reports.locale pt-BR, why a row is kept out reads in Portuguese wherever a person reads it: the
// terminal's "Ficaram de fora" list, the `orders-rejected` workbook and `.br.csv` that `recon import`
// writes when too many rows are kept out, the refusal of `--strict`, and `recon check` of a bank statement. The warehouse, the
// machine CSV and the JSON lines keep the English reason, with the facts beside it in the warehouse.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptOutText } from '../../src/imports/import-text.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { keptOutReasonIn, readKeptOutFacts } from '../../src/shared/locale/kept-out-text.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { ofx1, trn } from '../bank/statement-helpers.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { configWith, openWorkspace, SANDBOX_HEADER, sandboxRow, type Workspace } from './helpers.ts';

const ROWS = [
  SANDBOX_HEADER,
  sandboxRow('A'),
  sandboxRow('B', 'x'),
  sandboxRow('C', '-12,34'),
  sandboxRow('D', '150,00', 'Enviado'),
  sandboxRow('E', '150,00', 'Pago', '31/02/2026 10:00'),
  sandboxRow('F', '10,00'),
  sandboxRow('F', '12,00'),
].join('\n');

const ptBR = messagesFor('pt-BR');
const ZONE = 'America/Sao_Paulo';

describe('kept-out reasons under pt-BR', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'recon-kept-out-locale-'));
    const account = { id: 'itau-1', document: '12.345.678/0001-90', bankAccount: '56789-0' };
    writeFileSync(
      join(dir, 'recon.config.json'),
      JSON.stringify({
        warehouse: { path: 'w.duckdb' },
        timezone: ZONE,
        orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' }, maxRejectedShare: 0.1 },
        reports: { locale: 'pt-BR', outDir: 'reports' },
        bank: { accounts: [account] },
      }),
    );
    writeFileSync(join(dir, 'pedidos.csv'), ROWS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('recon import writes the rows it kept out with their reasons in Portuguese for people, in English for machines', async () => {
    const ran = await runCliInProcess(['import', '--date', '2026-03-10', 'pedidos.csv'], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/a importação de pedidos deixou de fora 6 de 7 linhas/);
    const out = join(dir, 'reports', 'imports', '2026-03-10');

    const people = readFileSync(join(out, 'orders-rejected.br.csv'), 'utf8');
    for (const reason of [
      'valor ilegível ""x"" (coluna ""valor_total""): esperado um valor em reais (decimal "","", milhar ""."": orders.csv.decimal, orders.csv.thousands)',
      'valor negativo -R$ 12,34 (coluna ""valor_total"")',
      'situação desconhecida ""Enviado"" (coluna ""situacao"")',
      'data ilegível ""31/02/2026 10:00"" (coluna ""criado_em"")',
      'o item_id ""F"" tem 2 linhas que divergem (linhas 7, 8): valor R$ 10,00 × R$ 12,00; nenhuma delas foi carregada',
    ])
      expect(people).toContain(reason);
    expect(people).not.toMatch(/unparseable|negative amount|unknown status|rows that disagree/);

    const machine = readFileSync(join(out, 'orders-rejected.csv'), 'utf8').split('\r\n');
    expect(machine[0]).toBe('file,line,column_name,value,item_id,kind,reason');
    expect(machine.join('\n')).toContain('unparseable amount ""x"" (column ""valor_total"")');
    expect(machine.join('\n')).toContain('item_id ""F"" has 2 rows that disagree (lines 7, 8): amount 10,00 vs 12,00; none of them was loaded');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(out, 'orders-rejected.xlsx'));
    const sheet = workbook.getWorksheet(ptBR.sheets.keptOutOrders);
    const reasons: string[] = [];
    sheet?.eachRow((row, n) => {
      if (n > 1) reasons.push(String(row.getCell(7).value));
    });
    expect(reasons).toContain('valor negativo -R$ 12,34 (coluna "valor_total")');
    expect(reasons.join('\n')).not.toMatch(/unparseable|negative amount|unknown status|rows that disagree/);

    // The warehouse keeps the English reason, and the facts every locale renders.
    const warehouse = await openWarehouse(join(dir, 'w.duckdb'), { readOnly: true });
    try {
      const rows = (await warehouse.connection.runAndReadAll("SELECT reason, facts FROM order_import_issues WHERE item_id = 'C'")).getRowObjectsJS() as {
        reason: string;
        facts: string;
      }[];
      expect(rows).toEqual([{ reason: 'negative amount -12,34 (column "valor_total")', facts: expect.any(String) }]);
      expect(readKeptOutFacts(rows[0]?.facts ?? null)).toEqual([{ kind: 'amountNegative', cents: -1234, column: 'valor_total' }]);
    } finally {
      warehouse.close();
    }
  });

  it('recon import --strict names the rows it refuses for in Portuguese', async () => {
    const ran = await runCliInProcess(['import', '--strict', 'pedidos.csv'], { cwd: dir });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toMatch(/^ {2}linha 3: valor ilegível "x" \(coluna "valor_total"\)/m);
    expect(ran.stderr).toMatch(/^ {2}linhas 7, 8: o item_id "F" tem 2 linhas que divergem/m);
    // What the person reads (the JSON log line before it keeps English, as every log line does).
    expect(ran.stderr.slice(ran.stderr.indexOf('\nrecon: '))).not.toMatch(/unparseable|rows that disagree/);
  });

  it('recon check says why a statement line is kept out in Portuguese', async () => {
    const statement = join(dir, 'extrato.ofx');
    writeFileSync(statement, ofx1([trn({ amount: '10.00' }), trn({ amount: '12.3x', fitid: 'F2' })]), 'latin1');
    const ran = await runCliInProcess(['check', statement], { cwd: dir });
    expect(ran.stdout).toMatch(/lançamento da linha \d+ mantido fora: TRNAMT inválido "12\.3x" \(esperado um valor decimal como -12\.34\)/);
    expect(ran.stdout).not.toMatch(/bad TRNAMT/);
  });
});

describe("the terminal's list of rows kept out", () => {
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openWorkspace();
  });
  afterAll(() => ws.close());

  it('says each reason in the locale', async () => {
    const config = configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } }, { timezone: ZONE });
    const result = await ws.import([ws.write('pedidos.csv', ROWS)], config);
    const text = keptOutText(result, 20, { words: ptBR.commands.importOrders, fmt: ptBR.fmt, reason: keptOutReasonIn(ptBR, ZONE) });
    expect(text).toMatch(/^Ficaram de fora \(5\):/);
    expect(text).toMatch(/pedidos\.csv:7 {2}conflito {2}o item_id "F" tem 2 linhas que divergem/);
    expect(text).toMatch(/pedidos\.csv:3 {2}rejeitada {2}valor ilegível "x" \(coluna "valor_total"\)/);
    expect(text).toMatch(/pedidos\.csv:6 {2}rejeitada {2}data ilegível "31\/02\/2026 10:00"/);
    // The same result in English is the stored reason, as `recon import` printed it before.
    expect(keptOutText(result, 20)).toMatch(/pedidos\.csv:3 {2}rejected {2}unparseable amount "x" \(column "valor_total"\)/);
  });
});
