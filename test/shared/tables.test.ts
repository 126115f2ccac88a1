// The table specs are the code's truth about the loaded tables; the frozen migrations make the tables.
// These tests hold the two equal, and hold the staged operation rows to the operations table's columns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashInRowSchema, cashOutRowSchema } from '../../src/api/schemas.ts';
import { OPERATIONS_TABLE, SEEN_COLUMNS, TRANSACTIONS_TABLE, type LoadedTable } from '../../src/shared/tables.ts';
import { stageRowsOfOperations } from '../../src/sync/operation-rows.ts';
import { fileColumnsOf } from '../../src/sync/stage.ts';
import { fakeCashIn, fakeCashOut } from '../sync/fake-service.ts';
import { memoryWarehouse } from '../reconcile/fixtures.ts';

const INFORMATION_SCHEMA_TYPE: Record<string, string> = { TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE' };

describe('table specs', () => {
  let warehouse: Awaited<ReturnType<typeof memoryWarehouse>>;
  beforeAll(async () => {
    warehouse = await memoryWarehouse();
  });
  afterAll(() => warehouse.close());

  it.each([TRANSACTIONS_TABLE, OPERATIONS_TABLE])('$name: the migrated table has the declared columns, types and order', async (spec: LoadedTable) => {
    const reader = await warehouse.db.runAndReadAll(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' AND table_name = $t ORDER BY ordinal_position`,
      { t: spec.name },
    );
    const declared = [
      ...Object.entries(spec.columns).map(([name, type]) => [name, INFORMATION_SCHEMA_TYPE[type] ?? type]),
      ...SEEN_COLUMNS.map((name) => [name, name.endsWith('_at') ? 'TIMESTAMP WITH TIME ZONE' : 'VARCHAR']),
    ];
    expect(reader.getRows()).toEqual(declared);
  });

  it.each([TRANSACTIONS_TABLE, OPERATIONS_TABLE])('$name: keys and compared columns are columns of the table', (spec: LoadedTable) => {
    const names = Object.keys(spec.columns);
    // The key of the row's text in the raw rows' store (warehouse/raw-store.ts) comes last.
    expect(names.at(-1)).toBe('raw_md5');
    for (const column of [...spec.keys, ...spec.compared]) expect(names).toContain(column);
  });

  it('a staged operation row has exactly the operations table columns, its listed row in place of the key of its text', () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    const listed = [cashInRowSchema.parse(fakeCashIn('ci1', at)), cashOutRowSchema.parse(fakeCashOut('co1', at))];
    const rows = stageRowsOfOperations(listed, 'reais', 'test');
    const columns = Object.keys(OPERATIONS_TABLE.columns);
    for (const row of rows) expect(Object.keys(row)).toEqual([...columns.slice(0, -1), 'raw']);
    expect(columns.at(-1)).toBe('raw_md5');
    expect(Object.keys(fileColumnsOf('operations'))).toEqual(columns.slice(0, -1));
  });
});
