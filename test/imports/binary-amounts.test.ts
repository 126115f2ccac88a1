// Amounts stored as binary numbers, imported from real files into a real warehouse: Excel, JSON
// encoders and Parquet DOUBLEs hold R$ 89,70 as 89.69999999999999, which is 8970 cents; a number that
// is not within 1e-6 reais of a cent (89.6949) is kept out with its reason. A Parquet DECIMAL is read
// exactly from its text, never through a double, whatever the export's CSV dialect.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../src/imports/index.ts';
import { generateHistory, orderRowsFor, writeOrdersExport } from '../../src/sandbox/index.ts';
import { configWith, openWorkspace, ordersById, writeParquet, writeXlsx, type Workspace } from './helpers.ts';

const HEADER = ['pedido', 'cliente', 'documento', 'valor_total', 'situacao', 'criado_em', 'transacao', 'observacao'];
const SANDBOX = configWith({ preset: 'recon-sandbox' });
const CENTS = configWith({ columns: { item_id: 'id', amount: 'total', status: 'status', created_at: 'created_at' }, amountUnit: 'cents' });

/** Amount cells as the writer's double, and the cents each must become. */
const LOADED: [string, number, number][] = [
  ['B-01', 89.69999999999999, 8970],
  ['B-02', 1234.29, 123429],
  ['B-03', 0.57, 57],
  ['B-04', 19.99, 1999],
  ['B-05', 4.35, 435],
  ['B-06', 150, 15000],
  ['B-07', 57 * 0.01, 57], // 0.5700000000000001, what =A2*0.01 leaves
  ['B-08', 0.1 + 0.2, 30], // 0.30000000000000004, what =0.1+0.2 leaves
];

/** Amount cells every import keeps out, with the reason it gives. */
const KEPT_OUT: [string, number, string][] = [
  ['B-09', 89.6949, 'amount 89.6949 has more than two decimals (column "valor_total")'],
  ['B-10', -89.69999999999999, 'negative amount -89,70 (column "valor_total")'],
  ['B-11', 21474836.48, 'amount 21.474.836,48 above the limit 21.474.836,47 (column "valor_total")'],
];

const CASES: [string, number][] = [
  ...LOADED.map(([id, value]): [string, number] => [id, value]),
  ...KEPT_OUT.map(([id, value]): [string, number] => [id, value]),
];

/** The recon-sandbox layout around (pedido, valor_total) rows given as SQL VALUES, for Parquet. */
function sandboxSelect(values: string): string {
  return `SELECT pedido, 'Ana' AS cliente, '123' AS documento, valor_total, 'Pago' AS situacao, '01/05/2024 10:00' AS criado_em,
            NULL::VARCHAR AS transacao, NULL::VARCHAR AS observacao
          FROM (VALUES ${values}) t(pedido, valor_total)`;
}

describe('amounts stored as binary numbers', () => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = await openWorkspace();
  });
  afterEach(() => ws.close());

  async function expectCentsAndReasons(result: ImportResult): Promise<void> {
    expect(result.files[0]).toMatchObject({ rowsRead: CASES.length, rowsLoaded: LOADED.length, rowsRejected: KEPT_OUT.length });
    expect(result.files[0]?.rejected.map((r) => [r.item_id, r.reason])).toEqual(KEPT_OUT.map(([id, , reason]) => [id, reason]));
    const orders = await ordersById(ws);
    expect([...orders.values()].map((o) => [o['item_id'], o['amount_cents']])).toEqual(LOADED.map(([id, , cents]) => [id, cents]));
  }

  it('XLSX written by exceljs: number cells such as 89.69999999999999 become cents, 89.6949 is kept out', async () => {
    const file = await writeXlsx(ws, 'pedidos.xlsx', [
      HEADER,
      ...CASES.map(([id, value]) => [id, 'Ana', '123', value, 'Pago', '01/05/2024 10:00', null, null]),
    ]);
    const check = new ExcelJS.Workbook();
    await check.xlsx.readFile(file);
    expect(check.getWorksheet('Pedidos')?.getRow(2).getCell(4).value).toBe(89.69999999999999); // the file holds the double
    const result = await ws.import([file], SANDBOX);
    expect(result.files[0]?.format).toBe('xlsx');
    expect(result.files[0]?.rejected[0]).toMatchObject({ line: 10 });
    await expectCentsAndReasons(result);
  });

  it('JSON export with number literals such as 89.69999999999999', async () => {
    const objects = CASES.map(
      ([id, value]) =>
        `{"pedido":"${id}","cliente":"Ana","documento":"123","valor_total":${JSON.stringify(value)},"situacao":"Pago","criado_em":"01/05/2024 10:00","transacao":null,"observacao":null}`,
    );
    const file = ws.write('pedidos.json', `[\n${objects.join(',\n')}\n]\n`);
    expect(readFileSync(file, 'utf8')).toContain('"valor_total":89.69999999999999,');
    const result = await ws.import([file], SANDBOX);
    expect(result.files[0]?.rejected[0]).toMatchObject({ line: 10 });
    await expectCentsAndReasons(result);
  });

  it('Parquet written by DuckDB with a DOUBLE amount column', async () => {
    const rows = CASES.map(([id, value]) => `('${id}', CAST('${value}' AS DOUBLE))`).join(', ');
    const file = await writeParquet(ws, 'pedidos.parquet', sandboxSelect(rows));
    expect(await ws.rows(`SELECT typeof(valor_total) AS type FROM read_parquet('${file}') LIMIT 1`)).toEqual([{ type: 'DOUBLE' }]);
    const result = await ws.import([file], SANDBOX);
    expect(result.files[0]?.rejected[0]).toMatchObject({ line: 9 }); // Parquet lines are row positions
    await expectCentsAndReasons(result);
  });

  it('Parquet FLOAT: 89.7 as a 32-bit float (89.69999694824219) is read from its shortest text as 8970', async () => {
    const file = await writeParquet(ws, 'float.parquet', sandboxSelect(`('F-1', 89.7::FLOAT)`));
    const result = await ws.import([file], SANDBOX);
    expect(result.files[0]).toMatchObject({ rowsLoaded: 1, rowsRejected: 0 });
    expect((await ordersById(ws)).get('F-1')).toMatchObject({ amount_cents: 8970 });
  });

  it('Parquet DECIMAL(18,2) is read exactly from its text, in a decimal-comma dialect too; DECIMAL(18,7) keeps out what is not exactly a cent', async () => {
    const file = await writeParquet(
      ws,
      'decimal.parquet',
      sandboxSelect(`('D-1', 89.70::DECIMAL(18,2)), ('D-2', 1234.29::DECIMAL(18,2)), ('D-3', 0.57::DECIMAL(18,2)), ('D-4', 21474836.47::DECIMAL(18,2))`),
    );
    expect(await ws.rows(`SELECT typeof(valor_total) AS type FROM read_parquet('${file}') LIMIT 1`)).toEqual([{ type: 'DECIMAL(18,2)' }]);
    const result = await ws.import([file], SANDBOX); // decimal ",", thousands "." for text amounts
    expect(result.files[0]).toMatchObject({ rowsLoaded: 4, rowsRejected: 0 });
    // 89.6900001 is within 1e-6 of a cent as a double, but a DECIMAL says exactly what it is.
    const fine = await writeParquet(
      ws,
      'decimal7.parquet',
      sandboxSelect(`('E-1', 89.69::DECIMAL(18,7)), ('E-2', 89.6949::DECIMAL(18,7)), ('E-3', 89.6900001::DECIMAL(18,7))`),
    );
    const second = await ws.import([fine], SANDBOX);
    expect(second.files[0]?.rejected.map((r) => [r.line, r.item_id, r.reason])).toEqual([
      [2, 'E-2', 'amount 89.6949 has more than two decimals (column "valor_total")'],
      [3, 'E-3', 'amount 89.6900001 has more than two decimals (column "valor_total")'],
    ]);
    const orders = await ordersById(ws);
    expect([...orders.values()].map((o) => [o['item_id'], o['amount_cents']])).toEqual([
      ['D-1', 8970],
      ['D-2', 123429],
      ['D-3', 57],
      ['D-4', 2147483647],
      ['E-1', 8969],
    ]);
  });

  it('amountUnit cents: a number within 1e-6 of a whole number is that number of cents, a DECIMAL exactly one, else kept out', async () => {
    const file = ws.write(
      'cents.ndjson',
      [
        '{"id": "C-1", "total": 8970.000000000002, "status": "paid", "created_at": "2024-05-01 10:00:00"}',
        '{"id": "C-2", "total": 8969.999999999998, "status": "paid", "created_at": "2024-05-01 10:00:00"}',
        '{"id": "C-3", "total": 8970.5, "status": "paid", "created_at": "2024-05-01 10:00:00"}',
        '{"id": "C-4", "total": 150, "status": "paid", "created_at": "2024-05-01 10:00:00"}',
      ].join('\n'),
    );
    const result = await ws.import([file], CENTS);
    expect(result.files[0]?.rejected).toEqual([
      {
        file,
        line: 3,
        item_id: 'C-3',
        reason: 'amount 8970.5 is not a whole number of cents (column "total")',
        facts: [{ kind: 'amountOffGrid', text: '8970.5', unit: 'cents', column: 'total' }],
        column: 'total',
        value: '8970.5',
      },
    ]);
    const decimal = await writeParquet(
      ws,
      'cents.parquet',
      `SELECT *, 'paid' AS status, '2024-05-01 10:00:00' AS created_at FROM (VALUES ('C-5', 8970.00::DECIMAL(12,2)), ('C-6', 8970.50::DECIMAL(12,2))) t(id, total)`,
    );
    const second = await ws.import([decimal], CENTS);
    expect(second.files[0]?.rejected.map((r) => r.reason)).toEqual(['amount 8970.5 is not a whole number of cents (column "total")']);
    const orders = await ordersById(ws);
    expect([...orders.values()].map((o) => [o['item_id'], o['amount_cents']])).toEqual([
      ['C-1', 8970],
      ['C-2', 8970],
      ['C-4', 150],
      ['C-5', 8970],
    ]);
  });

  it.each(['xlsx', 'json'] as const)(
    'the sandbox %s export with doubleAmounts carries doubles next to the cent and imports every amount exactly',
    async (format) => {
      const history = generateHistory({ seed: 5, days: 2, perDay: 150, endDate: '2025-03-10' });
      const file = `${ws.dir}/sandbox.${format}`;
      await writeOrdersExport(history, file, { format, date: '2025-03-10', doubleAmounts: true });
      const expected = orderRowsFor(history, '2025-03-10');
      const doubles = expected.filter((r) => String(r.valorCents * 0.01) !== String(r.valorCents / 100));
      expect(doubles.length).toBeGreaterThan(0); // e.g. 0.5700000000000001 for R$ 0,57
      if (format === 'json') expect(readFileSync(file, 'utf8')).toContain(`"valor_total":${doubles[0]!.valorCents * 0.01},`);
      else {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file);
        expect(workbook.worksheets[0]?.getColumn(4).values).toContain(doubles[0]!.valorCents * 0.01);
      }
      const result = await ws.import([file], SANDBOX);
      expect(result.files[0]).toMatchObject({ rowsRead: expected.length, rowsLoaded: expected.length, rowsRejected: 0 });
      const orders = await ordersById(ws);
      expect(expected.map((r) => [r.pedido, orders.get(r.pedido)?.['amount_cents']])).toEqual(expected.map((r) => [r.pedido, r.valorCents]));
    },
  );
});
