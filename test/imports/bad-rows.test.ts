// Every bad-row reason is kept out with its file, physical line and reason; nothing is dropped silently;
// --strict turns any of them into a failed run with nothing committed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../src/imports/index.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { configWith, openWorkspace, SANDBOX_HEADER, sandboxRow, type Workspace } from './helpers.ts';

const LINES = [
  SANDBOX_HEADER, // 1
  sandboxRow('PED-1'), // 2 good
  sandboxRow(''), // 3
  sandboxRow('PED-3', 'abc'), // 4
  sandboxRow('PED-4', '150,00', 'Pago', '31/02/2024 10:00'), // 5
  sandboxRow('PED-5', '-10,00'), // 6
  sandboxRow('PED-6', '21.474.836,48'), // 7
  sandboxRow('PED-7', '150,00', 'Enviado'), // 8
  sandboxRow('PED-8', '150,00', ''), // 9
  'PED-9;Ana;123;150,00;Pago;01/05/2024 10:00;tx', // 10: 7 fields
  'PED-10;Ana;123;150,00;Pago;01/05/2024 10:00;tx;"uma observação', // 11 good, spans two lines
  'em duas linhas"', // 12
  sandboxRow('PED-13', ''), // 13
  sandboxRow('PED-14', '150,00', 'Pago', ''), // 14
  sandboxRow('PED-15', '1,2,3', 'Extraviado'), // 15: two reasons
  sandboxRow('PED-16', '21.474.836,47'), // 16 good: the largest amount allowed
  sandboxRow('PED-17', '150,00', 'Pago', '2024-05-01 10:00'), // 17 good: ISO accepted
];

const EXPECTED_REJECTIONS: [string, number, string | undefined, RegExp][] = [
  ['missing id', 3, undefined, /^missing item_id \(column "pedido"\)$/],
  [
    'unparseable amount',
    4,
    'PED-3',
    /unparseable amount "abc" \(column "valor_total"\): expected an amount in reais \(decimal ",", thousands "\.": orders\.csv\.decimal, orders\.csv\.thousands\)/,
  ],
  [
    'unparseable date',
    5,
    'PED-4',
    /unparseable date "31\/02\/2024 10:00" \(column "criado_em"\): expected dd\/MM\/yyyy HH:mm or ISO 8601 \(orders\.dateFormat\)/,
  ],
  ['negative amount', 6, 'PED-5', /negative amount -10,00/],
  ['amount above int32 cents', 7, 'PED-6', /amount 21\.474\.836,48 above the limit 21\.474\.836,47/],
  ['unknown status', 8, 'PED-7', /unknown status "Enviado" \(column "situacao"\): expected one of "Pago", .*"Estornado"/],
  ['missing status', 9, 'PED-8', /missing status \(column "situacao"\)/],
  ['wrong field count', 10, 'PED-9', /expected 8 fields as in the header, found 7/],
  ['missing amount', 13, 'PED-13', /missing amount \(column "valor_total"\)/],
  ['missing date', 14, 'PED-14', /missing created_at \(column "criado_em"\)/],
  ['several problems at once', 15, 'PED-15', /unparseable amount "1,2,3".*; unknown status "Extraviado"/],
];

describe('bad rows', () => {
  let ws: Workspace;
  let file: string;
  let result: ImportResult;
  const config = configWith({ preset: 'recon-sandbox', csv: { encoding: 'utf-8' } });

  beforeAll(async () => {
    ws = await openWorkspace();
    file = ws.write('bad-rows.csv', `${LINES.join('\n')}\n`);
    result = await ws.import([file], config);
  });
  afterAll(() => ws.close());

  it.each(EXPECTED_REJECTIONS)('%s: line %i is kept out with its reason', async (_name, line, itemId, reason) => {
    const listed = result.files[0]?.rejected.filter((r) => r.line === line) ?? [];
    expect(listed).toHaveLength(1);
    expect(listed[0]?.file).toBe(file);
    expect(listed[0]?.item_id).toBe(itemId);
    expect(listed[0]?.reason).toMatch(reason);
    const stored = await ws.rows(`SELECT item_id, kind, reason FROM order_import_issues WHERE line = $1`, [line]);
    expect(stored).toEqual([{ item_id: itemId ?? null, kind: 'rejected', reason: listed[0]?.reason }]);
  });

  it('loads the good rows, counts every row, and drops nothing silently', async () => {
    const f = result.files[0];
    expect(f?.rowsRead).toBe(LINES.length - 2); // minus header, minus the continuation line of line 11
    expect(f?.rowsRejected).toBe(EXPECTED_REJECTIONS.length);
    expect(f?.rowsLoaded).toBe(4);
    expect((f?.rowsLoaded ?? 0) + (f?.rowsRejected ?? 0) + (f?.duplicatesIdentical ?? 0) + (f?.conflictRows ?? 0)).toBe(f?.rowsRead);
    const orders = await ws.rows('SELECT item_id, source_line, amount_cents::BIGINT AS cents FROM orders ORDER BY source_line');
    expect(orders).toEqual([
      { item_id: 'PED-1', source_line: 2, cents: 15000n },
      { item_id: 'PED-10', source_line: 11, cents: 15000n },
      { item_id: 'PED-16', source_line: 16, cents: 2147483647n },
      { item_id: 'PED-17', source_line: 17, cents: 15000n },
    ]);
    const imports = await ws.rows('SELECT rows_read, rows_loaded, rows_rejected, conflicts FROM order_imports');
    expect(imports).toEqual([{ rows_read: 15n, rows_loaded: 4n, rows_rejected: 11n, conflicts: 0n }]);
  });

  it('--strict fails the run on the same file and commits nothing', async () => {
    const strictWs = await openWorkspace();
    try {
      const good = strictWs.write('good.csv', [SANDBOX_HEADER, sandboxRow('OK-1')].join('\n'));
      const bad = strictWs.write('bad.csv', LINES.join('\n'));
      let error: unknown;
      try {
        await strictWs.import({ files: [good, bad], strict: true }, config);
      } catch (e) {
        error = e;
      }
      expect(isReconError(error, 'input')).toBe(true);
      expect((error as Error).message).toMatch(/bad\.csv: --strict: 11 rejected row\(s\) and 0 conflicting item_id\(s\); nothing was imported/);
      expect((error as Error).message).toMatch(/line 3: missing item_id/);
      for (const table of ['orders', 'order_history', 'order_imports', 'order_import_issues']) {
        expect(await strictWs.rows(`SELECT count(*)::INTEGER AS n FROM ${table}`)).toEqual([{ n: 0 }]);
      }
      // The same warehouse still takes a clean strict import afterwards.
      const ok = await strictWs.import({ files: [good], strict: true }, config);
      expect(ok.totals.rowsLoaded).toBe(1);
    } finally {
      strictWs.close();
    }
  });
});
