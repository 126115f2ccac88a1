// A shop's cumulative export imported night after night on a real warehouse: an order the file brings
// back as it is stays untouched (its provenance names the import that brought its content), a changed
// one is replaced, a new version goes to order_history only when its history fields changed, and a
// cumulative export larger than DuckDB's share of a small budget imports again on top of itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configWith, openWorkspace, ordersById, SANDBOX_HEADER, sandboxRow, type Workspace } from './helpers.ts';

const utf8Sandbox = configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' }, statusMap: { Aprovado: 'paid' } });

interface Case {
  name: string;
  /** Order A's row in tonight's export (yesterday's was sandboxRow('A')); undefined: A is not in it. */
  tonight: string | undefined;
  /** Whether A's row in orders is tonight's import's. */
  replaced: boolean;
  /** A's versions in order_history after both imports. */
  versions: number;
  changed: Record<string, unknown>;
}

const cases: Case[] = [
  { name: 'unchanged: left as it is', tonight: sandboxRow('A'), replaced: false, versions: 1, changed: { status: 'paid', source_line: 2 } },
  { name: 'status edited: replaced, a version', tonight: sandboxRow('A', '150,00', 'Estornado'), replaced: true, versions: 2, changed: { status: 'refunded' } },
  { name: 'amount edited: replaced, a version', tonight: sandboxRow('A', '149,90'), replaced: true, versions: 2, changed: { amount_cents: 14990 } },
  {
    name: 'creation time edited: replaced, a version',
    tonight: sandboxRow('A', '150,00', 'Pago', '01/05/2024 11:00'),
    replaced: true,
    versions: 2,
    changed: { created_ms: Date.UTC(2024, 4, 1, 14) },
  },
  {
    name: 'transaction edited: replaced, a version',
    tonight: sandboxRow('A', '150,00', 'Pago', '01/05/2024 10:00', 'tx_other'),
    replaced: true,
    versions: 2,
    changed: { transaction_id: 'tx_other' },
  },
  {
    name: 'customer edited: replaced, no version',
    tonight: sandboxRow('A', '150,00', 'Pago', '01/05/2024 10:00', 'tx_A', 'Bia'),
    replaced: true,
    versions: 1,
    changed: { customer_name: 'Bia' },
  },
  {
    name: 'status text edited to one of the same status: replaced, no version',
    tonight: sandboxRow('A', '150,00', 'Aprovado'),
    replaced: true,
    versions: 1,
    changed: { status: 'paid', source_status: 'Aprovado' },
  },
  { name: 'missing from tonight: left as it is', tonight: undefined, replaced: false, versions: 1, changed: { status: 'paid', source_line: 2 } },
];

describe('cumulative exports', () => {
  let ws: Workspace;
  beforeEach(async () => {
    ws = await openWorkspace();
  });
  afterEach(() => ws.close());

  it.each(cases)('order A $name', async (c) => {
    const yesterday = await ws.import([ws.write('day1.csv', [SANDBOX_HEADER, sandboxRow('A'), sandboxRow('B')].join('\n'))], utf8Sandbox);
    // Tonight's export puts a new order first, so every order it brings back sits on another line.
    const rows = [sandboxRow('C'), sandboxRow('B'), ...(c.tonight === undefined ? [] : [c.tonight])];
    const tonight = await ws.import([ws.write('day2.csv', [SANDBOX_HEADER, ...rows].join('\n'))], utf8Sandbox);
    expect(tonight.files[0]).toMatchObject({ rowsRead: rows.length, rowsLoaded: rows.length });
    const orders = await ordersById(ws);
    const imported = (id: string) => orders.get(id)?.['import_id'];
    expect(imported('A')).toBe((c.replaced ? tonight : yesterday).files[0]?.importId);
    expect(orders.get('A')).toMatchObject(c.changed);
    expect([imported('B'), imported('C')]).toEqual([yesterday.files[0]?.importId, tonight.files[0]?.importId]);
    expect(orders.get('B')).toMatchObject({ source_line: 3 });
    expect(await ws.rows('SELECT item_id, count(*)::INTEGER AS n FROM order_history GROUP BY item_id ORDER BY item_id')).toEqual([
      { item_id: 'A', n: c.versions },
      { item_id: 'B', n: 1 },
      { item_id: 'C', n: 1 },
    ]);
    expect(await ws.rows('SELECT count(*)::INTEGER AS n, count(DISTINCT item_id)::INTEGER AS ids FROM orders')).toEqual([{ n: 3, ids: 3 }]);
  });

  it("a cumulative export imports again over yesterday's under a budget whose DuckDB share cannot hold it twice", async () => {
    // 128MB leaves DuckDB 32 MiB; deleting and inserting again every order of a 40,000-order export,
    // as the merge once did, ran out of it.
    ws.close();
    ws = await openWorkspace({ resources: { memoryLimit: '128MB' } });
    const config = configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } }, { warehouse: { memoryLimit: '128MB' } });
    const exportOf = (count: number, edited: (i: number) => boolean) => {
      const lines = [SANDBOX_HEADER];
      for (let i = 1; i <= count; i++)
        lines.push(sandboxRow(`PED-${i}`, `${1 + (i % 900)},${String(i % 100).padStart(2, '0')}`, edited(i) ? 'Estornado' : 'Pago'));
      return lines.join('\n');
    };
    await ws.import(
      [
        ws.write(
          'day1.csv',
          exportOf(40_000, () => false),
        ),
      ],
      config,
    );
    const tonight = await ws.import(
      [
        ws.write(
          'day2.csv',
          exportOf(41_200, (i) => i % 400 === 7),
        ),
      ],
      config,
    );
    expect(tonight.totals).toMatchObject({ rowsRead: 41_200, rowsLoaded: 41_200, rowsRejected: 0 });
    expect(await ws.rows("SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE status = 'refunded')::INTEGER AS refunded FROM orders")).toEqual([
      { n: 41_200, refunded: 103 },
    ]);
    // 40,000 first versions, 1,200 new orders and 100 edited ones.
    expect(await ws.rows('SELECT count(*)::INTEGER AS n FROM order_history')).toEqual([{ n: 41_300 }]);
  });
});
