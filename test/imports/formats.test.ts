// Every input format and encoding, from real files written in a temp folder: windows-1252 (bytes by
// iconv-lite), UTF-8 with and without BOM, latin-1, XLSX written by exceljs, JSON, NDJSON, and Parquet
// written by DuckDB's COPY.
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configWith, openWorkspace, ordersById, SANDBOX_HEADER, type Workspace } from './helpers.ts';

const HARD_NAME = 'Zé “Tião” Gonçalves – €';
const ROWS = [SANDBOX_HEADER, `PED-1;${HARD_NAME};123;1.234,56;Pago;01/05/2024 22:30;tx_1;ção`, 'PED-2;Inês Araújo;456;0,99;Cancelado;02/05/2024 08:00;;'];

const json = { item_id: 'id', amount: 'total', status: 'status', created_at: 'created_at', customer_name: 'name' };

describe('formats and encodings', () => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = await openWorkspace();
  });
  afterEach(() => ws.close());

  async function expectSandboxOrders(): Promise<void> {
    const orders = await ordersById(ws);
    expect(orders.get('PED-1')).toMatchObject({ customer_name: HARD_NAME, amount_cents: 123456, status: 'paid', created_ms: Date.UTC(2024, 4, 2, 1, 30) });
    expect(orders.get('PED-2')).toMatchObject({ customer_name: 'Inês Araújo', amount_cents: 99, status: 'canceled' });
  }

  it('windows-1252 bytes for “ ” – € decode to the right characters', async () => {
    const file = ws.write('win.csv', ROWS.join('\r\n'), 'windows-1252');
    const bytes = (await import('node:fs')).readFileSync(file);
    expect(bytes.includes(Buffer.from([0x93]))).toBe(true); // “ as one windows-1252 byte
    expect(bytes.includes(Buffer.from([0x80]))).toBe(true); // €
    await ws.import([file], configWith({ preset: 'recon-sandbox' }));
    await expectSandboxOrders();
  });

  it.each([
    ['UTF-8 with BOM', '\uFEFF'],
    ['UTF-8 without BOM', ''],
  ])('%s', async (_name, bom) => {
    const file = ws.write('utf8.csv', bom + ROWS.join('\n'), 'utf-8');
    const result = await ws.import([file], configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } }));
    expect(result.totals.rowsLoaded).toBe(2);
    await expectSandboxOrders();
  });

  it('latin-1', async () => {
    const file = ws.write('latin1.csv', [SANDBOX_HEADER, 'PED-9;José Conceição Müller;1;5,00;Pago;01/05/2024 10:00;;'].join('\n'), 'latin1');
    await ws.import([file], configWith({ preset: 'recon-sandbox', csv: { encoding: 'latin-1' } }));
    expect((await ordersById(ws)).get('PED-9')).toMatchObject({ customer_name: 'José Conceição Müller', amount_cents: 500 });
  });

  it('XLSX written by exceljs: numeric and text amounts, date cells read as local wall clock, row numbers as lines', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Resumo').addRow(['nothing to see']);
    const sheet = workbook.addWorksheet('Pedidos');
    sheet.addRow(['pedido', 'cliente', 'documento', 'valor_total', 'situacao', 'criado_em', 'transacao', 'observacao']);
    sheet.addRow(['PED-1', HARD_NAME, '123', 1234.56, 'Pago', new Date(Date.UTC(2024, 4, 1, 22, 30)), 'tx_1', null]);
    sheet.addRow([1002, 'Inês', '456', '0,99', 'Cancelado', '02/05/2024 08:00', null, null]);
    sheet.addRow(['PED-3', 'Ana', '789', 0.1 + 0.2, 'Pago', new Date(Date.UTC(2024, 4, 1, 9, 0)), null, null]);
    sheet.getColumn(6).numFmt = 'dd/mm/yyyy hh:mm';
    const file = `${ws.dir}/pedidos.xlsx`;
    await workbook.xlsx.writeFile(file);

    const result = await ws.import([file], configWith({ preset: 'recon-sandbox', sheet: 'Pedidos' }));
    expect(result.files[0]).toMatchObject({ format: 'xlsx', rowsRead: 3, rowsLoaded: 3, rowsRejected: 0 });
    const orders = await ordersById(ws);
    expect(orders.get('PED-3')).toMatchObject({ amount_cents: 30 }); // the double 0.30000000000000004 is R$ 0,30
    expect(orders.get('PED-1')).toMatchObject({ amount_cents: 123456, customer_name: HARD_NAME, created_ms: Date.UTC(2024, 4, 2, 1, 30), source_line: 2 });
    expect(orders.get('1002')).toMatchObject({ amount_cents: 99, status: 'canceled', created_ms: Date.UTC(2024, 4, 2, 11, 0) });
  });

  it('XLSX: a sheet that is not there is named in the error', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Vendas').addRow(['pedido']);
    const file = `${ws.dir}/vendas.xlsx`;
    await workbook.xlsx.writeFile(file);
    await expect(ws.import([file], configWith({ preset: 'recon-sandbox', sheet: 'Pedidos' }))).rejects.toThrow(
      /expected a worksheet named "Pedidos" \(orders\.sheet\); found "Vendas"/,
    );
  });

  it('JSON array: numbers and text, the physical line of each object, a broken element is one rejected row', async () => {
    const text = [
      '[',
      '  {"id": "J-1", "total": 150.9, "status": "paid", "created_at": "2024-05-01T22:30:00-03:00", "name": "Ana"},',
      '  {',
      '    "id": "J-2", "total": "20.00", "status": "refunded",',
      '    "created_at": "2024-05-01 10:00:00", "name": null',
      '  },',
      '  {"id": "J-3", "total": 1e400, "status": "paid", "created_at": "2024-05-01 10:00:00"},',
      '  {"id": "J-4", "total": 5, "status": "pending", "created_at": "2024-05-01 10:00:00", "name": {"first": "x"}}',
      ']',
    ].join('\n');
    const file = ws.write('orders.json', text);
    const result = await ws.import([file], configWith({ columns: json }));
    expect(result.files[0]).toMatchObject({ format: 'json', rowsRead: 4, rowsLoaded: 3, rowsRejected: 1 });
    expect(result.files[0]?.rejected[0]).toMatchObject({ line: 7, item_id: 'J-3', reason: expect.stringMatching(/unparseable amount "Infinity"/) });
    const orders = await ordersById(ws);
    expect(orders.get('J-1')).toMatchObject({ amount_cents: 15090, created_ms: Date.UTC(2024, 4, 2, 1, 30), source_line: 2 });
    expect(orders.get('J-2')).toMatchObject({
      amount_cents: 2000,
      status: 'refunded',
      customer_name: null,
      source_line: 3,
      created_ms: Date.UTC(2024, 4, 1, 13, 0),
    });
    expect(orders.get('J-4')).toMatchObject({ customer_name: '{"first":"x"}', source_line: 8 });
  });

  it('NDJSON: one object per line, a broken line is rejected with its line number', async () => {
    const file = ws.write(
      'orders.ndjson',
      [
        '{"id": "N-1", "total": 10, "status": "paid", "created_at": "2024-05-01 10:00:00", "name": "Ana"}',
        '',
        '{"id": "N-2", "total": 10, "status": "paid", "created_at": "2024-05-01 10:00:00"', // cut short
        '["not", "an", "object"]',
        '{"id": "N-3", "total": 12.5, "status": "canceled", "created_at": "2024-05-01 10:00:00", "name": "Bia"}',
      ].join('\n'),
    );
    const result = await ws.import([file], configWith({ columns: json }));
    expect(result.files[0]).toMatchObject({ format: 'ndjson', rowsRead: 4, rowsLoaded: 2, rowsRejected: 2 });
    expect(result.files[0]?.rejected.map((r) => [r.line, r.reason.slice(0, 20)])).toEqual([
      [3, 'not valid JSON (Expe'],
      [4, 'expected a JSON obje'],
    ]);
    expect((await ordersById(ws)).get('N-3')).toMatchObject({ amount_cents: 1250, source_line: 5 });
  });

  it('Parquet written by DuckDB: DECIMAL and DOUBLE amounts, TIMESTAMP as local wall clock, TIMESTAMPTZ as instant', async () => {
    const file = `${ws.dir}/orders.parquet`;
    await ws.warehouse.connection.run(
      `COPY (
         SELECT * FROM (VALUES
           ('P-1', 150.90::DECIMAL(12,2), 'Pago', TIMESTAMP '2024-05-01 22:30:00', 'Ana'),
           ('P-2', 0.10::DECIMAL(12,2), 'Estornado', TIMESTAMP '2024-05-01 10:00:00', NULL),
           ('P-3', -1.00::DECIMAL(12,2), 'Pago', TIMESTAMP '2024-05-01 10:00:00', 'Bia')
         ) t(pedido, valor_total, situacao, criado_em, cliente)
       ) TO '${file}' (FORMAT parquet)`,
    );
    const result = await ws.import([file], configWith({ preset: 'recon-sandbox', columns: { transaction_id: 'pedido', customer_document_number: 'cliente' } }));
    expect(result.files[0]).toMatchObject({ format: 'parquet', rowsRead: 3, rowsLoaded: 2, rowsRejected: 1 });
    expect(result.files[0]?.rejected[0]).toMatchObject({ line: 3, reason: expect.stringMatching(/negative amount -1,00/) });
    const orders = await ordersById(ws);
    expect(orders.get('P-1')).toMatchObject({ amount_cents: 15090, status: 'paid', created_ms: Date.UTC(2024, 4, 2, 1, 30), customer_name: 'Ana' });
    expect(orders.get('P-2')).toMatchObject({ amount_cents: 10, status: 'refunded', customer_name: null });

    const tz = `${ws.dir}/orders-tz.parquet`;
    await ws.warehouse.connection.run(
      `COPY (SELECT 'Q-1' AS id, 1999 AS total, 'paid' AS status, TIMESTAMPTZ '2024-05-02 01:30:00+00' AS created_at) TO '${tz}' (FORMAT parquet)`,
    );
    await ws.import([tz], configWith({ columns: { item_id: 'id', amount: 'total', status: 'status', created_at: 'created_at' }, amountUnit: 'cents' }));
    expect((await ordersById(ws)).get('Q-1')).toMatchObject({ amount_cents: 1999, created_ms: Date.UTC(2024, 4, 2, 1, 30) });
  });
});
