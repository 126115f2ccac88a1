// Migration 14: the listed rows' texts leave transactions.raw and operations.raw for zstd Parquet files
// beside the warehouse. A warehouse of the version before keeps every text, exactly, readable through
// the raw views across a reopen; each row still has one (raw_md5 is NOT NULL); the other columns keep
// compressing inside the warehouse.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/warehouse/migrations.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { rawDirOf } from '../../src/warehouse/raw-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// The texts as the version before migration 14 held them in raw, and what the raw views must give back.
const TEXT = {
  transactions: `'{"transaction_id":"tx' || i || '","memo":"' || repeat('ab', 40) || ',\\"q\\",é' || '"}'`,
  operations: `'{"cash_in_id":"ci' || i || '","memo":"' || repeat('ab', 40) || ',\\"q\\",é' || '"}'`,
};
const INSERTS = {
  transactions: `INSERT INTO transactions (transaction_id, status, date_created, date_updated, raw, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
    SELECT 'tx' || i, 'paid', now(), now(), ${TEXT.transactions}, now(), now(), 'r', 'r' FROM range(3000) t(i)`,
  operations: `INSERT INTO operations (kind, operation_id, status, date_created, date_updated, amount_cents, raw, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
    SELECT 'cash_in', 'ci' || i, 'paid', now(), now(), i, ${TEXT.operations}, now(), now(), 'r', 'r' FROM range(3000) t(i)`,
};
const VIEW = { transactions: 'transactions_raw', operations: 'operations_raw' };
const ID = { transactions: 'substr(transaction_id, 3)', operations: 'substr(operation_id, 3)' };

/** A warehouse file as the version before migration 14 left it, holding 3000 rows in `table`. */
async function warehouseBefore14(path: string, table: keyof typeof INSERTS): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const db = await instance.connect();
  try {
    await db.run('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)');
    for (const migration of MIGRATIONS.filter((m) => m.version < 14)) {
      await db.run(migration.sql);
      await db.run('INSERT INTO schema_migrations VALUES ($1, $2, now())', [migration.version, migration.name]);
    }
    await db.run(INSERTS[table]);
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

describe('raw storage (migration 14)', () => {
  it.each(Object.keys(INSERTS) as Array<keyof typeof INSERTS>)(
    '%s: every text moves into zstd Parquet beside the warehouse, exactly, across a reopen',
    async (table) => {
      const dir = mkdtempSync(join(tmpdir(), 'recon-raw-'));
      dirs.push(dir);
      const path = join(dir, 'w.duckdb');
      await warehouseBefore14(path, table);
      const expected = (alias: string) => TEXT[table].replaceAll(' i ', ` CAST(${alias} AS INTEGER) `);
      const wrong = `SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE raw IS DISTINCT FROM ${expected(ID[table])})::INTEGER AS wrong FROM ${VIEW[table]}`;
      const first = await openWarehouse(path);
      try {
        expect((await first.connection.runAndReadAll(wrong)).getRowObjectsJson()).toEqual([{ n: 3000, wrong: 0 }]);
        // Every row keeps where its text is.
        await expect(first.connection.run(`UPDATE ${table} SET raw_key = NULL WHERE status = 'paid'`)).rejects.toThrow(/NOT NULL/);
      } finally {
        first.close();
      }
      const files = readdirSync(join(rawDirOf(path), table));
      expect(files).toEqual(['0.parquet']);
      const again = await openWarehouse(path, { readOnly: true });
      try {
        const db = again.connection;
        expect((await db.runAndReadAll(wrong)).getRowObjectsJson()).toEqual([{ n: 3000, wrong: 0 }]);
        const codecs = await db.runAndReadAll(
          `SELECT list(DISTINCT compression) AS codecs FROM parquet_metadata(getvariable('recon_raw_dir') || '/${table}/*.parquet')`,
        );
        expect(codecs.getRowObjectsJson()).toEqual([{ codecs: ['ZSTD'] }]);
        const columns = await db.runAndReadAll(`SELECT column_name FROM information_schema.columns WHERE table_name = '${table}' AND column_name LIKE 'raw%'`);
        expect(columns.getRows()).toEqual([['raw_key']]);
        const kinds = await db.runAndReadAll(
          `SELECT list(DISTINCT compression ORDER BY compression) AS kinds FROM pragma_storage_info('${table}') WHERE column_name = 'status' AND segment_type <> 'VALIDITY'`,
        );
        expect(kinds.getRowObjectsJson()[0]?.['kinds']).not.toContain('Uncompressed');
      } finally {
        again.close();
      }
    },
  );
});
