// Import semantics on a real warehouse: presets, duplicates and conflicts, latest-import-wins with
// history, idempotent re-imports, missing columns, empty and header-only files, the time zone.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveOrdersConfig } from '../../src/imports/index.ts';
import { isReconError } from '../../src/shared/errors.ts';
import type { Logger } from '../../src/shared/log.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';
import { configWith, FIXTURES, openWorkspace, ordersById, SANDBOX_HEADER, sandboxRow, type Workspace } from './helpers.ts';

const utf8Sandbox = configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } });

async function errorOf(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the import to fail');
}

describe('order imports', () => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = await openWorkspace();
  });
  afterEach(() => ws.close());

  it('recon-sandbox preset: windows-1252 fixture with “ ” – €, a multi-line field and the zone', async () => {
    const result = await ws.import([join(FIXTURES, 'recon-sandbox-windows-1252.csv')], configWith({ preset: 'recon-sandbox' }));
    expect(result.totals).toMatchObject({ rowsRead: 5, rowsLoaded: 5, rowsRejected: 0 });
    const orders = await ordersById(ws);
    expect(orders.get('PED-1001')).toMatchObject({
      status: 'paid',
      amount_cents: 123456,
      customer_name: 'José “Zé” Araújo',
      customer_document_number: '123.456.789-09',
      transaction_id: 'tx_1001',
      source_status: 'Pago',
      created_ms: Date.UTC(2024, 4, 1, 12, 15),
    });
    expect(orders.get('PED-1002')).toMatchObject({ status: 'pending', amount_cents: 15090, transaction_id: null });
    // 22:30 in São Paulo is 01:30 UTC on the next day.
    expect(orders.get('PED-1003')).toMatchObject({ status: 'canceled', created_ms: Date.UTC(2024, 4, 2, 1, 30) });
    expect(orders.get('PED-1004')).toMatchObject({ status: 'refunded', amount_cents: 200000, source_line: 5 });
    expect(orders.get('PED-1005')).toMatchObject({ amount_cents: 1050, source_line: 7 });
  });

  it('shopify preset: line-item continuation rows are counted, not loaded or rejected', async () => {
    const result = await ws.import([join(FIXTURES, 'shopify-orders.csv')], configWith({ preset: 'shopify' }));
    expect(result.files[0]).toMatchObject({ rowsRead: 5, continuationRows: 1, rowsLoaded: 4, rowsRejected: 0 });
    const orders = await ordersById(ws);
    expect(orders.get('#1001')).toMatchObject({ status: 'paid', amount_cents: 14990, created_ms: Date.UTC(2024, 4, 1, 17, 32, 7), customer_name: 'Ana Souza' });
    expect(orders.get('#1002')).toMatchObject({ status: 'refunded', amount_cents: 5900, customer_name: 'Bruno Lima, Jr.' });
    expect(orders.get('#1003')).toMatchObject({ status: 'pending', amount_cents: 2000 });
    expect(orders.get('#1004')).toMatchObject({ status: 'canceled', amount_cents: 3550 });
  });

  it('woocommerce preset: statuses, transaction ids and local times', async () => {
    const result = await ws.import([join(FIXTURES, 'woocommerce-orders.csv')], configWith({ preset: 'woocommerce' }));
    expect(result.totals).toMatchObject({ rowsRead: 5, rowsLoaded: 5, rowsRejected: 0 });
    const orders = await ordersById(ws);
    expect([...orders.values()].map((o) => [o['item_id'], o['status'], o['amount_cents'], o['transaction_id']])).toEqual([
      ['4101', 'paid', 21500, 'tx_w4101'],
      ['4102', 'pending', 4990, null],
      ['4103', 'paid', 100000, 'tx_w4103'],
      ['4104', 'canceled', 1200, null],
      ['4105', 'refunded', 7525, 'tx_w4105'],
    ]);
    expect(orders.get('4101')?.['created_ms']).toBe(Date.UTC(2024, 4, 1, 13, 0));
  });

  it('explicit keys override the preset key by key', async () => {
    const file = ws.write('override.csv', [SANDBOX_HEADER.replaceAll(';', '|'), sandboxRow('P-1', '10,00', 'Enviado').replaceAll(';', '|')].join('\n'));
    const config = configWith({
      preset: 'recon-sandbox',
      csv: { delimiter: '|', encoding: 'utf-8' },
      statusMap: { Enviado: 'paid' },
      columns: { nsu: 'observacao' },
    });
    const resolved = resolveOrdersConfig(config);
    expect(resolved.csv).toEqual({ delimiter: '|', quote: '"', decimal: ',', thousands: '.', encoding: 'utf-8' });
    expect(resolved.statusMap).toMatchObject({ Pago: 'paid', Enviado: 'paid' });
    const result = await ws.import([file], config);
    expect(result.totals.rowsLoaded).toBe(1);
    expect((await ordersById(ws)).get('P-1')).toMatchObject({ status: 'paid', source_status: 'Enviado', nsu: null });
  });

  it('an identical duplicate row is one order, counted', async () => {
    const file = ws.write('dups.csv', [SANDBOX_HEADER, sandboxRow('A'), sandboxRow('B'), sandboxRow('A'), sandboxRow('A')].join('\n'));
    const result = await ws.import([file], utf8Sandbox);
    expect(result.files[0]).toMatchObject({ rowsRead: 4, rowsLoaded: 2, duplicatesIdentical: 2, conflicts: [] });
    expect((await ordersById(ws)).get('A')).toMatchObject({ source_line: 2 });
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_import_issues')).toEqual([{ n: 0 }]);
  });

  it('the same item_id with conflicting rows is a conflict, kept out of orders (the older version stays)', async () => {
    await ws.import([ws.write('day1.csv', [SANDBOX_HEADER, sandboxRow('A', '100,00')].join('\n'))], utf8Sandbox);
    const file = ws.write(
      'day2.csv',
      [SANDBOX_HEADER, sandboxRow('A', '150,00'), sandboxRow('B'), sandboxRow('A', '149,90', 'Cancelado'), sandboxRow('A', '150,00')].join('\n'),
    );
    // What the row is kept out for, as the warehouse stores it beside the English reason.
    const CONFLICT_FACTS = {
      kind: 'rowsDisagree',
      itemId: 'A',
      lines: [2, 4, 5],
      differences: [
        { field: 'status', values: ['paid', 'canceled'] },
        { field: 'amount_cents', values: [15000, 14990] },
      ],
    };
    const result = await ws.import([file], utf8Sandbox);
    const f = result.files[0];
    expect(f).toMatchObject({ rowsRead: 4, rowsLoaded: 1, conflictRows: 3, duplicatesIdentical: 0 });
    expect(f?.conflicts).toEqual([
      {
        item_id: 'A',
        lines: [2, 4, 5],
        reason: 'item_id "A" has 3 rows that disagree (lines 2, 4, 5): status "paid" vs "canceled"; amount 150,00 vs 149,90; none of them was loaded',
        facts: [CONFLICT_FACTS],
      },
    ]);
    expect((await ordersById(ws)).get('A')).toMatchObject({ amount_cents: 10000 });
    expect(await ws.rows("SELECT file, line, item_id, kind, facts FROM order_import_issues WHERE kind = 'conflict'")).toEqual([
      { file, line: 2, item_id: 'A', kind: 'conflict', facts: JSON.stringify([CONFLICT_FACTS]) },
    ]);
  });

  it('latest import wins; order_history keeps each version; re-importing is idempotent', async () => {
    const day1 = ws.write('day1.csv', [SANDBOX_HEADER, sandboxRow('A', '150,00', 'Pago'), sandboxRow('B', '20,00', 'Aguardando pagamento')].join('\n'));
    const day2 = ws.write('day2.csv', [SANDBOX_HEADER, sandboxRow('B', '20,00', 'Pago'), sandboxRow('C', '30,00', 'Pago')].join('\n'));
    const first = await ws.import([day1], utf8Sandbox);
    const second = await ws.import([day2], utf8Sandbox);
    const afterTwo = await ordersById(ws);
    expect([...afterTwo.values()].map((o) => [o['item_id'], o['status'], o['import_id']])).toEqual([
      ['A', 'paid', first.files[0]?.importId],
      ['B', 'paid', second.files[0]?.importId],
      ['C', 'paid', second.files[0]?.importId],
    ]);
    const history = await ws.rows('SELECT item_id, status, import_id FROM order_history ORDER BY item_id, imported_at, status');
    expect(history.map((h) => [h['item_id'], h['status']])).toEqual([
      ['A', 'paid'],
      ['B', 'pending'],
      ['B', 'paid'],
      ['C', 'paid'],
    ]);

    const again = await ws.import([day2], utf8Sandbox);
    expect(again.files[0]?.sha256).toBe(second.files[0]?.sha256);
    const afterAgain = await ordersById(ws);
    const content = (m: Map<string, Record<string, unknown>>) => [...m.values()].map(({ import_id: _ignored, ...rest }) => rest);
    expect(content(afterAgain)).toEqual(content(afterTwo));
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_history')).toEqual([{ n: 4 }]);
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_imports')).toEqual([{ n: 3 }]);
    // orders has no key index: the merge alone keeps one row per item_id.
    expect(await ws.rows('SELECT count(*)::INTEGER AS n, count(DISTINCT item_id)::INTEGER AS ids FROM orders')).toEqual([{ n: 3, ids: 3 }]);
  });

  it('--strict files share one transaction: an order the second file brings again is replaced, not doubled', async () => {
    const day1 = ws.write('day1.csv', [SANDBOX_HEADER, sandboxRow('A', '150,00', 'Aguardando pagamento'), sandboxRow('B', '20,00', 'Pago')].join('\n'));
    const day2 = ws.write('day2.csv', [SANDBOX_HEADER, sandboxRow('A', '150,00', 'Pago')].join('\n'));
    const result = await ws.import({ files: [day1, day2], strict: true }, utf8Sandbox);
    expect(await ws.rows('SELECT item_id, status, import_id FROM orders ORDER BY item_id')).toEqual([
      { item_id: 'A', status: 'paid', import_id: result.files[1]?.importId },
      { item_id: 'B', status: 'paid', import_id: result.files[0]?.importId },
    ]);
    expect(await ws.rows('SELECT item_id, status FROM order_history ORDER BY item_id, imported_at')).toEqual([
      { item_id: 'A', status: 'pending' },
      { item_id: 'A', status: 'paid' },
      { item_id: 'B', status: 'paid' },
    ]);
  });

  it('a missing mapped column names the file, the column expected and the columns found', async () => {
    const file = ws.write('no-status.csv', ['pedido;valor_total;criado_em', 'A;10,00;01/05/2024 10:00'].join('\n'));
    const error = await errorOf(() =>
      ws.import([file], configWith({ preset: 'recon-sandbox', columns: { transaction_id: 'pedido' }, csv: { encoding: 'utf-8' } })),
    );
    expect(isReconError(error, 'input')).toBe(true);
    expect(error.message).toBe(`${file}: expected a column "situacao" (orders.columns.status) in the header; found "pedido", "valor_total", "criado_em"`);
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_imports')).toEqual([{ n: 0 }]);
  });

  it('an empty file is an input error; a header-only file imports 0 rows with a warning', async () => {
    const empty = ws.write('empty.csv', '');
    const error = await errorOf(() => ws.import([empty], utf8Sandbox));
    expect(isReconError(error, 'input')).toBe(true);
    expect(error.message).toMatch(/empty\.csv: the file is empty \(0 bytes\); expected a header line/);

    const warnings: string[] = [];
    const logger: Logger = { event() {}, info() {}, warn: (s) => warnings.push(sayLog('en', s)), progress: () => ({ tick() {}, stop() {} }) };
    const headerOnly = ws.write('header.csv', `${SANDBOX_HEADER}\r\n`);
    const result = await ws.import([headerOnly], utf8Sandbox, logger);
    expect(result.totals).toMatchObject({ rowsRead: 0, rowsLoaded: 0 });
    expect(warnings).toEqual([`${headerOnly}: no order rows after the header; nothing imported from it`]);
    expect(await ws.rows('SELECT rows_read::INTEGER AS n FROM order_imports')).toEqual([{ n: 0 }]);
  });

  it('without --strict each file is its own transaction: a broken second file leaves the first imported', async () => {
    const good = ws.write('good.csv', [SANDBOX_HEADER, sandboxRow('A')].join('\n'));
    const broken = ws.write('broken.csv', ['pedido;x', 'B;1'].join('\n'));
    const error = await errorOf(() => ws.import([good, broken], utf8Sandbox));
    expect(isReconError(error, 'input')).toBe(true);
    expect([...(await ordersById(ws)).keys()]).toEqual(['A']);
  });

  it('config errors name the missing key; unknown presets and unreadable files are refused', async () => {
    expect(() => resolveOrdersConfig(configWith({ columns: { item_id: 'id', amount: 'total', status: 'st' } }))).toThrow(
      /orders\.columns\.created_at is not set: name the export's column/,
    );
    expect(() => resolveOrdersConfig(configWith({ preset: 'magento' }))).toThrow(
      /orders\.preset: expected one of shopify, woocommerce, recon-sandbox, got "magento"/,
    );
    const error = await errorOf(() => ws.import([join(ws.dir, 'missing.csv')], utf8Sandbox));
    expect(error.message).toMatch(/missing\.csv: cannot be read \(ENOENT\)/);
    const unknown = ws.write('orders.xml', '<orders/>');
    expect((await errorOf(() => ws.import([unknown], utf8Sandbox))).message).toMatch(/cannot tell the format from the extension "\.xml"/);
  });
});
