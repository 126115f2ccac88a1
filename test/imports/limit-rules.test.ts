// Import limits at the row and header level, in process on real files: over-long cells keep their row out
// in every format, the header is found under a title (or where orders.csv.skipRows says), encodings are
// told apart, invalid UTF-8 in JSON keeps its element out, and a refused file commits nothing.
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/shared/log.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';
import { configWith, openWorkspace, ordersById, SANDBOX_HEADER, sandboxRow, writeParquet, type Workspace } from './helpers.ts';

function capturing(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { ...silentLogger, warnings, warn: (sentence) => warnings.push(sayLog('en', sentence)) };
}

const UTF8 = { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } };

describe('import limits: rows and headers', () => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = await openWorkspace();
  });
  afterEach(() => ws.close());

  it('CSV: an item_id over 256 characters and a note over 4,096 keep their rows out, by length, with a short value', async () => {
    const longId = 'P'.repeat(300);
    const note = 'n'.repeat(5000);
    const file = ws.write(
      'long.csv',
      [SANDBOX_HEADER, sandboxRow('A'), sandboxRow(longId, '150,00', 'Pago', '01/05/2024 10:00', 'tx_1'), `${sandboxRow('C')}${note}`].join('\n'),
    );
    const result = await ws.import([file], configWith(UTF8));
    expect(result.files[0]).toMatchObject({ rowsRead: 3, rowsLoaded: 1, rowsRejected: 2 });
    const [id, text] = result.files[0]?.rejected ?? [];
    expect(id).toMatchObject({
      line: 3,
      reason: 'item_id is 300 characters long, more than 256 (column "pedido"; orders.limits.maxIdLength)',
      column: 'pedido',
    });
    expect(id?.item_id).toBeUndefined();
    expect(id?.value).toBe(`${'P'.repeat(100)}…`);
    expect(text).toMatchObject({
      line: 4,
      item_id: 'C',
      reason: 'column "observacao" is 5,000 characters long, more than 4,096 (orders.limits.maxTextLength)',
    });
    const issues = await ws.rows("SELECT max(length(value))::INTEGER AS longest, max(length(coalesce(item_id, '')))::INTEGER AS id FROM order_import_issues");
    expect(issues[0]).toEqual({ longest: 101, id: 1 });
  });

  it('the cell limits are configurable', async () => {
    const file = ws.write(
      'ids.csv',
      [
        SANDBOX_HEADER,
        sandboxRow('ABCDEFGHIJ', '150,00', 'Pago', '01/05/2024 10:00', 't1'),
        sandboxRow('ABC', '150,00', 'Pago', '01/05/2024 10:00', 't2'),
      ].join('\n'),
    );
    const result = await ws.import([file], configWith({ ...UTF8, limits: { maxIdLength: 5 } }));
    expect(result.files[0]?.rejected.map((r) => r.reason)).toEqual(['item_id is 10 characters long, more than 5 (column "pedido"; orders.limits.maxIdLength)']);
  });

  it('XLSX: a 10,000-character shared string keeps its row out; title rows above the header are skipped with a warning', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pedidos');
    sheet.addRow(['Relatório de pedidos — maio de 2024']);
    sheet.addRow([]);
    sheet.addRow(SANDBOX_HEADER.split(';'));
    sheet.addRow(['A', 'Ana', '1', 150, 'Pago', '01/05/2024 10:00', 'tx_A', null]);
    sheet.addRow(['B', 'x'.repeat(10_000), '1', 150, 'Pago', '01/05/2024 10:00', 'tx_B', null]);
    const file = `${ws.dir}/titled.xlsx`;
    await workbook.xlsx.writeFile(file);
    const logger = capturing();
    const result = await ws.import([file], configWith({ preset: 'recon-sandbox' }), logger);
    expect(result.files[0]).toMatchObject({ rowsRead: 2, rowsLoaded: 1, rowsRejected: 1 });
    expect(result.files[0]?.rejected[0]).toMatchObject({
      line: 5,
      item_id: 'B',
      reason: expect.stringMatching(/^customer_name is 10,000 characters long, more than 4,096/),
    });
    expect(logger.warnings).toEqual([expect.stringMatching(/titled\.xlsx: the header is on line 3; the 2 lines above it \(a title\?\) were skipped/)]);
  });

  it('orders.csv.skipRows skips the lines it says, without a warning; a wrong count names the missing column', async () => {
    const file = ws.write('titled.csv', ['Pedidos de maio', '', SANDBOX_HEADER, sandboxRow('A')].join('\n'));
    const logger = capturing();
    await ws.import([file], configWith({ ...UTF8, csv: { encoding: 'utf-8', skipRows: 2 } }), logger);
    expect([...(await ordersById(ws)).keys()]).toEqual(['A']);
    expect(logger.warnings).toEqual([]);
    await expect(ws.import([file], configWith({ ...UTF8, csv: { encoding: 'utf-8', skipRows: 3 } }))).rejects.toThrow(
      /expected a column "pedido" \(orders\.columns\.item_id\) in the header; found "A", "Ana"/,
    );
  });

  it('a header that matches another preset under the same delimiter says so', async () => {
    const file = ws.write('woo.csv', ['order_id,order_date,status,order_total,transaction_id', '101,2024-05-01 10:00:00,completed,150.00,tx_1'].join('\n'));
    await expect(ws.import([file], configWith({ preset: 'shopify' }))).rejects.toThrow(
      /expected a column "Name" \(orders\.columns\.item_id\) in the header; found "order_id", .*; the file looks like a WooCommerce export: set orders\.preset to "woocommerce"/,
    );
  });

  it('a UTF-8 BOM under windows-1252 settings is read as UTF-8 with a warning; a plain windows-1252 file is not', async () => {
    const bom = ws.write('bom.csv', `\uFEFF${SANDBOX_HEADER}\n${sandboxRow('A', '150,00', 'Pago', '01/05/2024 10:00', 'tx_A', 'João')}\n`);
    const win = ws.write('win.csv', `${SANDBOX_HEADER}\n${sandboxRow('B', '150,00', 'Pago', '01/05/2024 10:00', 'tx_B', 'João')}\n`, 'windows-1252');
    const logger = capturing();
    await ws.import([bom, win], configWith({ preset: 'recon-sandbox' }), logger);
    const orders = await ordersById(ws);
    expect(orders.get('A')?.['customer_name']).toBe('João');
    expect(orders.get('B')?.['customer_name']).toBe('João');
    expect(logger.warnings).toEqual([
      expect.stringMatching(/bom\.csv: read as UTF-8: the file starts with a UTF-8 byte-order mark although orders\.csv\.encoding is "windows-1252"/),
    ]);
  });

  it('a UTF-8 header with invalid bytes is refused, naming orders.csv.encoding', async () => {
    const file = ws.write('win.csv', `${SANDBOX_HEADER};descrição\n${sandboxRow('A')};x\n`, 'windows-1252');
    const offset = SANDBOX_HEADER.length + ';descri'.length;
    await expect(ws.import([file], configWith(UTF8))).rejects.toThrow(
      new RegExp(`win\\.csv: line 1: the header has invalid UTF-8 at byte ${offset}; .*set orders\\.csv\\.encoding to "windows-1252"`),
    );
  });

  it('JSON and NDJSON: an element or line with invalid UTF-8 is kept out with its byte offset', async () => {
    const order = (id: string, name: Buffer) =>
      Buffer.concat([
        Buffer.from(`{"pedido": "${id}", "cliente": "`),
        name,
        Buffer.from(`", "documento": "1", "valor_total": "150,00", "situacao": "Pago", "criado_em": "01/05/2024 10:00", "transacao": "t${id}"}`),
      ]);
    const jose = Buffer.concat([Buffer.from('Jos'), Buffer.from([0xe9])]); // "José" in windows-1252
    const json = Buffer.concat([Buffer.from('[\n'), order('A', Buffer.from('Ana')), Buffer.from(',\n'), order('B', jose), Buffer.from('\n]\n')]);
    const file = ws.write('orders.json', json);
    const result = await ws.import([file], configWith({ preset: 'recon-sandbox' }));
    expect(result.files[0]?.rejected).toEqual([expect.objectContaining({ line: 3, reason: `invalid UTF-8 at byte ${json.indexOf(0xe9)}` })]);
    const ndjson = Buffer.concat([
      order('A', Buffer.from('Ana')),
      Buffer.from('\n'),
      order('C', Buffer.from('X')),
      Buffer.from('\n'),
      order('B', jose),
      Buffer.from('\n'),
    ]);
    const nd = ws.write('orders.ndjson', ndjson);
    const lines = await ws.import([nd], configWith({ preset: 'recon-sandbox' }));
    expect(lines.files[0]?.rejected).toEqual([expect.objectContaining({ line: 3, reason: `invalid UTF-8 at byte ${ndjson.indexOf(0xe9)}` })]);
  });

  it('a refused file commits nothing, and the files before it stay imported', async () => {
    const good = ws.write('good.csv', [SANDBOX_HEADER, sandboxRow('A')].join('\n'));
    const tooMany = ws.write('many.csv', [SANDBOX_HEADER, sandboxRow('B'), sandboxRow('C'), sandboxRow('D')].join('\n'));
    await expect(ws.import([good, tooMany], configWith({ ...UTF8, limits: { maxRows: 2 } }))).rejects.toThrow(
      /many\.csv: more than 2 rows, the limit \(orders\.limits\.maxRows\)/,
    );
    expect([...(await ordersById(ws)).keys()]).toEqual(['A']);
    expect(await ws.rows('SELECT file FROM order_imports')).toEqual([{ file: good }]);
    expect(await ws.rows("SELECT count(*)::INTEGER AS n FROM order_import_issues WHERE file LIKE '%many.csv'")).toEqual([{ n: 0 }]);
  });

  it('Parquet: the footer row count is checked before any row is read', async () => {
    const file = await writeParquet(
      ws,
      'rows.parquet',
      "SELECT 'P' || i AS pedido, 'Ana' AS cliente, '1' AS documento, '150,00' AS valor_total, 'Pago' AS situacao, '01/05/2024 10:00' AS criado_em, 't' AS transacao FROM range(3) t(i)",
    );
    await expect(ws.import([file], configWith({ preset: 'recon-sandbox', limits: { maxRows: 2 } }))).rejects.toThrow(
      /rows\.parquet: 3 rows, more than the limit of 2 \(orders\.limits\.maxRows\)/,
    );
  });
});
