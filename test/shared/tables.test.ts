// The table specs are the code's truth about the loaded tables; the frozen migrations make the tables.
// These tests hold the two equal, and hold the staged operation rows to the operations table's columns.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashInRowSchema, cashOutRowSchema } from '../../src/api/schemas.ts';
import {
  BANK_IMPORT_ISSUES_COLUMNS,
  FINDINGS_COLUMNS,
  ORDER_IMPORT_ISSUES_COLUMNS,
  OPERATIONS_TABLE,
  SEEN_COLUMNS,
  TRANSACTIONS_TABLE,
  type ApiCashIn,
  type ApiCashOut,
  type LoadedTable,
} from '../../src/shared/tables.ts';
import { centsOfOperation, operationLine } from '../../src/sync/operation-rows.ts';
import { fileColumnsOf, Stager } from '../../src/sync/stage.ts';
import { fakeCashIn, fakeCashOut } from '../sync/fake-service.ts';
import { migratedWarehouse } from '../warehouse/migrated-copy.ts';

const INFORMATION_SCHEMA_TYPE: Record<string, string> = { TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE' };

describe('table specs', () => {
  let warehouse: Awaited<ReturnType<typeof migratedWarehouse>>;
  beforeAll(async () => {
    warehouse = await migratedWarehouse();
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

  it('findings: the migrated table has the declared columns, types and order', async () => {
    const reader = await warehouse.db.runAndReadAll(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' AND table_name = 'findings' ORDER BY ordinal_position`,
    );
    expect(reader.getRows()).toEqual(Object.entries(FINDINGS_COLUMNS));
  });

  it.each([
    ['order_import_issues', ORDER_IMPORT_ISSUES_COLUMNS],
    ['bank_import_issues', BANK_IMPORT_ISSUES_COLUMNS],
  ] as const)('%s: the migrated table has the declared columns, types and order', async (table, columns) => {
    const reader = await warehouse.db.runAndReadAll(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'main' AND table_name = $t ORDER BY ordinal_position`,
      { t: table },
    );
    expect(reader.getRows()).toEqual(Object.entries(columns));
  });

  it.each([TRANSACTIONS_TABLE, OPERATIONS_TABLE])('$name: keys and compared columns are columns of the table', (spec: LoadedTable) => {
    const names = Object.keys(spec.columns);
    // The key of the row's text in the raw rows' store (warehouse/raw-store.ts) comes last.
    expect(names.at(-1)).toBe('raw_key');
    for (const column of [...spec.keys, ...spec.compared]) expect(names).toContain(column);
  });

  it('a staged operation has exactly the operations table columns: its cents, and the rest out of its listed row', async () => {
    const at = Date.parse('2026-03-10T12:00:00Z');
    const listed = [
      cashInRowSchema.parse(fakeCashIn('ci1', at, { status_description: 'ignored for a cash-in' })),
      cashOutRowSchema.parse(fakeCashOut('co1', at)),
    ];
    const dir = mkdtempSync(join(tmpdir(), 'recon-op-'));
    try {
      const file = join(dir, 'ops.ndjson');
      writeFileSync(file, listed.map((row) => `${operationLine(centsOfOperation(row, 'reais', 'test'), JSON.stringify(row)).toString()}\n`).join(''));
      const stager = new Stager(warehouse.db, 'ops');
      await stager.clearAbandoned();
      await stager.stageWindow({
        window: { stream: 'operations', field: 'date_created', startMs: 0, endMs: 1 },
        total: 2,
        rows: 2,
        pages: 1,
        attempts: 1,
        file,
        rejected: 0,
      });
      await stager.drain();
      const staged = await warehouse.db.runAndReadAll('SELECT * EXCLUDE (window_no) FROM temp.sync_rows_op ORDER BY kind');
      expect(staged.columnNames()).toEqual(Object.keys(fileColumnsOf('operations')));
      expect(Object.keys(fileColumnsOf('operations'))).toEqual(Object.keys(OPERATIONS_TABLE.columns).slice(0, -1));
      const [cashIn, cashOut] = listed as [ApiCashIn, ApiCashOut];
      expect(staged.getRowObjectsJS()).toEqual([
        {
          kind: 'cash_in',
          operation_id: 'ci1',
          item_id: cashIn.item_id ?? null,
          status: cashIn.status,
          status_description: null,
          date_created: new Date(cashIn.date_created),
          date_updated: new Date(cashIn.date_updated),
          amount_cents: BigInt(Math.round(cashIn.amount * 100)),
          paid_amount_cents: BigInt(Math.round(cashIn.paid_amount * 100)),
          paid_off_amount_cents: null,
          customer_name: cashIn.customer_name,
          customer_document_number: cashIn.customer_document_number,
        },
        {
          kind: 'cash_out',
          operation_id: 'co1',
          item_id: cashOut.item_id ?? null,
          status: cashOut.status,
          status_description: cashOut.status_description ?? null,
          date_created: new Date(cashOut.date_created),
          date_updated: new Date(cashOut.date_updated),
          amount_cents: BigInt(Math.round(cashOut.amount * 100)),
          paid_amount_cents: null,
          paid_off_amount_cents: BigInt(Math.round(cashOut.paid_off_amount * 100)),
          customer_name: cashOut.customer_name,
          customer_document_number: cashOut.customer_document_number,
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
