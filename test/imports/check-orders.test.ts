// The orders pre-check, table-driven: each mistake is named with its setting and the value that fits,
// a problem stops only when the import would fail on it anyway, and a clean export has no problem. Real
// files, the import's own readers and rules, a real (throw-away) DuckDB warehouse for Parquet's sake.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrdersFile } from '../../src/imports/check-orders.ts';
import { precheckOrders } from '../../src/imports/index.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';
import { FIXTURES, SANDBOX_HEADER, configWith, openWorkspace, sandboxRow, type Workspace } from './helpers.ts';

let ws: Workspace;
beforeAll(async () => {
  ws = await openWorkspace();
});
afterAll(() => ws?.close());

const NAMES = ['João', 'José', 'Mário', 'Inês', 'Cecília', 'Conceição'];
const EXAMPLE_ORDERS = {
  csv: { delimiter: ';', decimal: ',', thousands: '.', encoding: 'windows-1252' },
  columns: { item_id: 'pedido', amount: 'valor_total', status: 'situacao', created_at: 'criado_em', transaction_id: 'transacao' },
  dateFormat: 'dd/MM/yyyy HH:mm',
  statusMap: { Pago: 'paid', Cancelado: 'canceled', Estornado: 'refunded', 'Aguardando pagamento': 'pending' },
};

interface Case {
  name: string;
  file: () => string;
  orders: Record<string, unknown>;
  /** [setting, message pattern, stops] per problem, in order. */
  problems: Array<[string | undefined, RegExp, boolean]>;
}

const CASES: Case[] = [
  {
    name: 'a clean sandbox export',
    file: () => ws.write('clean.csv', [SANDBOX_HEADER, sandboxRow('A'), sandboxRow('B')].join('\n'), 'windows-1252'),
    orders: { preset: 'recon-sandbox' },
    problems: [],
  },
  {
    name: 'a windows-1252 export under orders.csv.encoding "utf-8"',
    file: () =>
      ws.write(
        'w1252.csv',
        [SANDBOX_HEADER, ...NAMES.map((n, i) => sandboxRow(`P${i}`, '150,00', 'Pago', '01/05/2024 10:00', 'tx', n))].join('\n'),
        'windows-1252',
      ),
    orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
    problems: [
      [
        'orders.csv.encoding',
        /the file looks like windows-1252, not UTF-8 \(byte \d+ is 0xE3, "ã" in windows-1252; 6 of the first 6 rows .*set orders\.csv\.encoding to "windows-1252"/,
        true,
      ],
    ],
  },
  {
    name: 'one accented row in 200 under UTF-8 settings: named, but under the share',
    file: () =>
      ws.write(
        'one-bad.csv',
        Buffer.concat([
          Buffer.from([SANDBOX_HEADER, ...Array.from({ length: 199 }, (_, i) => sandboxRow(`Q${i}`)), ''].join('\n')),
          Buffer.from(`${sandboxRow('Z', '150,00', 'Pago', '01/05/2024 10:00', 'tx', 'ZZZ')}\n`.replace('ZZZ', 'Jo\u00e3o'), 'latin1'),
        ]),
      ),
    orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
    problems: [['orders.csv.encoding', /looks like windows-1252/, false]],
  },
  {
    name: 'dot decimals and dashed dates: both named at once',
    file: () =>
      ws.write(
        'dots.csv',
        [SANDBOX_HEADER, sandboxRow('A', '1234.50', 'Pago', '09-05-2024 10:00'), sandboxRow('B', '9.90', 'Pago', '10-05-2024 11:30')].join('\n'),
      ),
    orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
    problems: [
      ['orders.csv.decimal', /2 of the first 2 rows .* set orders\.csv\.decimal to "\." and orders\.csv\.thousands to ""/, true],
      ['orders.dateFormat', /set orders\.dateFormat to "dd-MM-yyyy HH:mm"/, true],
    ],
  },
  {
    name: 'a comma-delimited file under ";"',
    file: () => ws.write('commas.csv', [SANDBOX_HEADER.replaceAll(';', ','), sandboxRow('A').replaceAll(';', ',').replace('150,00', '150.00')].join('\n')),
    orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
    problems: [
      ['orders.csv.delimiter', /the header has 1 column under delimiter ';' but 8 under ','; set orders\.csv\.delimiter to ","/, true],
      ['orders.csv.decimal', /set orders\.csv\.decimal to "\."/, true],
    ],
  },
  {
    name: 'preset shopify beside the example config: both named, with the keys to remove',
    file: () => {
      const path = join(ws.dir, 'shopify.csv');
      copyFileSync(join(FIXTURES, 'shopify-orders.csv'), path);
      return path;
    },
    orders: { preset: 'shopify', ...EXAMPLE_ORDERS },
    problems: [
      [
        'orders.preset',
        /expected a column "pedido" .*the file fits orders\.preset "shopify" as it is, but explicit keys replace its values: orders\.columns\.item_id "pedido" \(the preset's: "Name"\).* — remove them/,
        true,
      ],
    ],
  },
  {
    name: 'an unknown status: a warning naming orders.statusMap',
    file: () => ws.write('status.csv', [SANDBOX_HEADER, sandboxRow('A'), sandboxRow('B', '150,00', 'Entregue')].join('\n')),
    orders: { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } },
    problems: [['orders.statusMap', /statuses in column "situacao" that orders\.statusMap does not know: "Entregue"/, false]],
  },
];

describe('the orders pre-check', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const check = await checkOrdersFile({ db: ws.warehouse.connection, config: configWith(c.orders) }, c.file());
    expect(check.problems.map((p) => [p.setting, p.stops])).toEqual(c.problems.map(([setting, , stops]) => [setting, stops]));
    for (const [i, [, pattern]] of c.problems.entries()) expect(check.problems[i]?.message).toMatch(pattern);
  });

  it('stops with one error naming every problem that stops, and warns of the others', async () => {
    const warned: string[] = [];
    const dots = ws.write('dots2.csv', [SANDBOX_HEADER, sandboxRow('A', '1234.50', 'Entregue')].join('\n'));
    const error = await precheckOrders(
      { db: ws.warehouse.connection, config: configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } }), warn: (s) => warned.push(sayLog('en', s)) },
      [dots],
    ).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/set orders\.csv\.decimal to "\."/);
    expect(warned.join('\n')).toMatch(/orders\.statusMap does not know: "Entregue"/);
    expect(warned.join('\n')).toMatch(/orders\.preset "recon-sandbox" is merged with explicit keys that replace its values: orders\.csv\.encoding "utf-8"/);
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_imports')).toEqual([{ n: 0 }]);
  });
});
