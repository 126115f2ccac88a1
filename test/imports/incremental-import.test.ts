// Incremental import of cumulative exports: the same files imported night after night into two real
// warehouses, one reading every record (orders.incremental false) and one skipping the records the last
// import loaded, leave the same orders, history, kept-out rows and import figures, through edits,
// repeats, conflicts, a fixed row, a reordered header, a sandbox month and an import of another file in
// between. Import ids differ between the two; each is compared as the ordinal of its import.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconConfig } from '../../src/config/schema.ts';
import type { ImportResult } from '../../src/imports/index.ts';
import { generateHistory, writeOrdersExport } from '../../src/sandbox/index.ts';
import { configWith, openWorkspace, SANDBOX_HEADER, sandboxRow, type Workspace } from './helpers.ts';

const orders = { preset: 'recon-sandbox', csv: { encoding: 'utf-8' } };
const whole = configWith({ ...orders, incremental: false });
const incremental = configWith(orders);

let dir: string;
let file = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'recon-incremental-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An export both warehouses import, from the same path (the path is in `orders.source_file`). */
function exportOf(lines: string[], header = SANDBOX_HEADER): string {
  const path = join(dir, `orders-${++file}.csv`);
  writeFileSync(path, [header, ...lines].join('\n'));
  return path;
}

/** What an import leaves, with each import id replaced by its import's ordinal. */
async function stateOf(ws: Workspace): Promise<Record<string, unknown>> {
  const ordinal = `(SELECT n FROM (SELECT import_id, row_number() OVER (ORDER BY imported_at, import_id) AS n FROM order_imports) i WHERE i.import_id = t.import_id)`;
  return {
    orders: await ws.rows(`SELECT * EXCLUDE (import_id, imported_at), ${ordinal} AS import FROM orders t ORDER BY item_id`),
    history: await ws.rows(`SELECT * EXCLUDE (import_id, imported_at), ${ordinal} AS import FROM order_history t ORDER BY import, item_id, source_line`),
    issues: await ws.rows(`SELECT * EXCLUDE (import_id), ${ordinal} AS import FROM order_import_issues t ORDER BY import, line, kind, item_id`),
    imports: await ws.rows(`SELECT * EXCLUDE (import_id, run_id, imported_at) FROM order_imports ORDER BY imported_at, import_id`),
  };
}

/** The result's figures a caller reads, without what differs by design (ids, seconds, records skipped). */
function figuresOf(result: ImportResult): unknown {
  return result.files.map(({ importId: _id, seconds: _s, rowsUnchanged: _u, ...rest }) => rest);
}

/** Imports the file into both warehouses and expects the same outcome; returns the incremental result. */
async function importBoth(a: Workspace, b: Workspace, path: string, config: { whole: ReconConfig; incremental: ReconConfig } = { whole, incremental }) {
  const read = await a.import([path], config.whole);
  const skipped = await b.import([path], config.incremental);
  expect(figuresOf(skipped)).toEqual(figuresOf(read));
  expect(await stateOf(b)).toEqual(await stateOf(a));
  return skipped.files[0]?.rowsUnchanged ?? 0;
}

const row = sandboxRow;
const night1 = ['A', 'B', 'C', 'D', 'F'].map((id) => row(id)).concat(row('E', 'x'));
const nights: { name: string; lines: string[]; header?: string; unchanged: number }[] = [
  { name: 'the first import reads every record', lines: night1, unchanged: 0 },
  {
    name: 'a new order first, one edited, the rest unchanged on other lines, the kept-out row kept out again',
    lines: [row('G'), row('B'), row('A'), row('C', '150,00', 'Estornado'), row('D'), row('E', 'x'), row('F')],
    unchanged: 4,
  },
  {
    name: 'an unchanged record twice: read whole, the repeat folded, a kept-out row kept out once',
    lines: [row('G'), row('A'), row('A'), row('B'), row('C', '150,00', 'Estornado'), row('H', 'y')],
    unchanged: 0,
  },
  {
    name: 'an unchanged record beside a changed one of its item: read whole, a conflict',
    lines: [row('G'), row('A'), row('B'), row('B', '151,00'), row('C', '150,00', 'Estornado'), row('E', '12,00')],
    unchanged: 0,
  },
  // The night before was read whole: its records are the ones stored, but for the conflicting item's.
  { name: 'the conflict resolved, an order gone', lines: [row('A'), row('B'), row('C', '150,00', 'Estornado'), row('E', '12,00')], unchanged: 3 },
  { name: 'the same file again', lines: [row('A'), row('B'), row('C', '150,00', 'Estornado'), row('E', '12,00')], unchanged: 4 },
  {
    name: 'a trimmed twin of a record: read again, the order left as it is',
    lines: [row('A'), row('B'), `${row('C', '150,00', 'Estornado')} `, row('E', '12,00')],
    unchanged: 3,
  },
  {
    name: 'the header in another order: read whole',
    header: 'situacao;pedido;cliente;documento;valor_total;criado_em;transacao;observacao',
    lines: ['Pago;A;Ana;123.456.789-09;150,00;01/05/2024 10:00;tx_A;', 'Pago;B;Ana;123.456.789-09;150,00;01/05/2024 10:00;tx_B;'],
    unchanged: 0,
  },
];

describe('incremental import of a cumulative export', () => {
  let a: Workspace;
  let b: Workspace;
  beforeAll(async () => {
    [a, b] = await Promise.all([openWorkspace(), openWorkspace()]);
  });
  afterAll(() => {
    a.close();
    b.close();
  });

  // Each night imports on top of the nights before it (the cases run in order).
  it.each(nights)('$name', async ({ lines, header, unchanged }) => {
    expect(await importBoth(a, b, exportOf(lines, header))).toBe(unchanged);
  });

  it('an import of another file in between makes the fingerprints stale: the next night reads every record', async () => {
    const lines = nights.at(-1)?.lines ?? [];
    const header = nights.at(-1)?.header;
    expect(await importBoth(a, b, exportOf(lines, header))).toBe(2);
    await importBoth(a, b, exportOf([row('A', '99,00')]));
    // The cumulative export brings A back as it was: read again, so the latest import wins as before.
    expect(await importBoth(a, b, exportOf(lines, header))).toBe(0);
    expect(await b.rows(`SELECT amount_cents::INTEGER AS cents FROM orders WHERE item_id = 'A'`)).toEqual([{ cents: 15000 }]);
  });

  it('a line of invalid UTF-8 is kept out every night, its neighbours skipped', async () => {
    const bytes = (...lines: (string | Buffer)[]) => {
      const path = join(dir, `orders-${++file}.csv`);
      writeFileSync(path, Buffer.concat(lines.flatMap((l) => [typeof l === 'string' ? Buffer.from(l) : l, Buffer.from('\n')])));
      return path;
    };
    const broken = Buffer.concat([Buffer.from('Z;Jo'), Buffer.from([0xe3]), Buffer.from('o;123;1,00;Pago;01/05/2024 10:00;tx_Z;')]);
    expect(await importBoth(a, b, bytes(SANDBOX_HEADER, row('A'), broken, row('B')))).toBe(0);
    expect(await importBoth(a, b, bytes(SANDBOX_HEADER, row('A'), broken, row('B')))).toBe(2);
  });

  it('a config that reads the records differently reads every record', async () => {
    // B's status is one the config does not know: kept out, and read again each night until it reads.
    const lines = [row('A'), row('B', '150,00', 'Aprovado')];
    await importBoth(a, b, exportOf(lines));
    expect(await importBoth(a, b, exportOf(lines))).toBe(1);
    const mapped = {
      whole: configWith({ ...orders, incremental: false, statusMap: { Aprovado: 'paid' } }),
      incremental: configWith({ ...orders, statusMap: { Aprovado: 'paid' } }),
    };
    expect(await importBoth(a, b, exportOf(lines), mapped)).toBe(0);
    expect(await importBoth(a, b, exportOf(lines), mapped)).toBe(2);
  });
});

describe('a sandbox month of cumulative exports', () => {
  it('leaves the same warehouse night after night, reading only the new and edited records', async () => {
    const [a, b] = await Promise.all([openWorkspace(), openWorkspace()]);
    try {
      const history = generateHistory({ seed: 5, days: 30, perDay: 40, endDate: '2025-04-30' });
      const config = { whole: configWith({ preset: 'recon-sandbox', incremental: false }), incremental: configWith({ preset: 'recon-sandbox' }) };
      let skipped = 0;
      for (const date of ['2025-04-26', '2025-04-27', '2025-04-28', '2025-04-29', '2025-04-30']) {
        const path = join(dir, `sandbox-${date}.csv`);
        await writeOrdersExport({ ...history, endDate: date }, path, { format: 'csv-br' });
        skipped += await importBoth(a, b, path, config);
      }
      // Four nights over about a thousand orders each: most records skipped.
      expect(skipped).toBeGreaterThan(3000);
    } finally {
      a.close();
      b.close();
    }
  });
});

/** One order per [id, amount in reais, status], in each format's own cells (numbers, dates, decimals). */
type Order = [string, number, string];
const writers: { format: string; write(orders: Order[], path: string, ws: Workspace): Promise<void> }[] = [
  {
    format: 'xlsx',
    async write(rows, path) {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Pedidos');
      sheet.addRow(['id', 'total', 'status', 'created_at']);
      for (const [id, reais, status] of rows) sheet.addRow([id, reais, status, new Date(Date.UTC(2024, 4, 1, 12))]);
      await workbook.xlsx.writeFile(path);
    },
  },
  {
    format: 'ndjson',
    async write(rows, path) {
      writeFileSync(path, rows.map(([id, total, status]) => JSON.stringify({ id, total, status, created_at: '2024-05-01T12:00:00Z' })).join('\n'));
    },
  },
  {
    format: 'parquet',
    async write(rows, path, ws) {
      const values = rows.map(([id, reais, status]) => `('${id}', ${reais.toFixed(2)}::DECIMAL(12,2), '${status}', TIMESTAMPTZ '2024-05-01 12:00:00+00')`);
      await ws.warehouse.connection.run(`COPY (SELECT * FROM (VALUES ${values.join(', ')}) t(id, total, status, created_at)) TO '${path}' (FORMAT parquet)`);
    },
  },
];

describe.each(writers)('incremental import of a cumulative $format export', ({ format, write }) => {
  it('skips the unchanged records and leaves what reading them all leaves', async () => {
    const [a, b] = await Promise.all([openWorkspace(), openWorkspace()]);
    try {
      const columns = { item_id: 'id', amount: 'total', status: 'status', created_at: 'created_at' };
      const config = { whole: configWith({ columns, incremental: false }), incremental: configWith({ columns }) };
      const night = async (rows: Order[]) => {
        const path = join(dir, `orders-${++file}.${format}`);
        await write(rows, path, a);
        return importBoth(a, b, path, config);
      };
      expect(
        await night([
          ['A', 10.5, 'paid'],
          ['B', 89.6949, 'paid'],
          ['C', 7, 'pending'],
        ]),
      ).toBe(0);
      // B's amount has more than two decimals: kept out, and read again every night (the Parquet file
      // holds it as a DECIMAL(12,2), 89.69, which loads).
      expect(
        await night([
          ['A', 10.5, 'paid'],
          ['B', 89.6949, 'paid'],
          ['C', 7, 'paid'],
          ['D', 1, 'paid'],
        ]),
      ).toBe(format === 'parquet' ? 2 : 1);
      expect(
        await night([
          ['A', 10.5, 'paid'],
          ['B', 0.3, 'paid'],
          ['C', 7, 'paid'],
          ['D', 1, 'paid'],
        ]),
      ).toBe(3);
    } finally {
      a.close();
      b.close();
    }
  });
});
