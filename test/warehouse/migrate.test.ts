// Migrations: a fresh file gets every version once; reopening applies nothing twice; a file migrated
// by a newer recon is refused rather than written with SQL that may not fit its tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { MIGRATIONS } from '../../src/warehouse/migrations.ts';
import { ReconError } from '../../src/shared/errors.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recon-migrate-'));
  dirs.push(dir);
  return join(dir, 'w.duckdb');
}

async function versionsOf(path: string): Promise<number[]> {
  const warehouse = await openWarehouse(path, { readOnly: true });
  try {
    const reader = await warehouse.connection.runAndReadAll('SELECT version FROM schema_migrations ORDER BY version');
    return reader.getRowObjects().map((r) => Number(r['version']));
  } finally {
    warehouse.close();
  }
}

describe('migrate', () => {
  it('applies every migration once, and nothing again on reopen', async () => {
    const path = freshPath();
    (await openWarehouse(path)).close();
    (await openWarehouse(path)).close();
    expect(await versionsOf(path)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('moves the orders of a warehouse at version 9 into a table without a key index, row for row', async () => {
    const path = freshPath();
    const instance = await DuckDBInstance.create(path);
    const db = await instance.connect();
    try {
      await db.run('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)');
      for (const migration of MIGRATIONS.filter((m) => m.version <= 9)) {
        await db.run(migration.sql);
        await db.run('INSERT INTO schema_migrations VALUES ($1, $2, now())', [migration.version, migration.name]);
      }
      await db.run(`INSERT INTO orders VALUES
        ('B', 'paid', 2000, '2024-05-02 10:00:00+00', 'tx_b', NULL, NULL, 'Bia', NULL, 'Pago', 'imp-1', 'a.csv', 3, '2024-05-03 06:00:00+00'),
        ('A', 'pending', 1000, '2024-05-01 10:00:00+00', NULL, '123', '456', NULL, '111', 'Aguardando', 'imp-1', 'a.csv', 2, '2024-05-03 06:00:00+00')`);
    } finally {
      db.closeSync();
      instance.closeSync();
    }
    const warehouse = await openWarehouse(path);
    try {
      const rows = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS();
      expect(await rows('SELECT item_id, status, amount_cents::INTEGER AS cents, nsu, customer_name, source_line FROM orders ORDER BY item_id')).toEqual([
        { item_id: 'A', status: 'pending', cents: 1000, nsu: '123', customer_name: null, source_line: 2 },
        { item_id: 'B', status: 'paid', cents: 2000, nsu: null, customer_name: 'Bia', source_line: 3 },
      ]);
      expect(await rows("SELECT count(*)::INTEGER AS n FROM duckdb_indexes() WHERE table_name = 'orders'")).toEqual([{ n: 0 }]);
      expect(await rows("SELECT count(*)::INTEGER AS n FROM duckdb_constraints() WHERE table_name = 'orders' AND constraint_type = 'PRIMARY KEY'")).toEqual([
        { n: 0 },
      ]);
      expect(await rows("SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'item_id'")).toEqual([
        { column_name: 'item_id', is_nullable: 'NO' },
      ]);
    } finally {
      warehouse.close();
    }
  });

  it('refuses a warehouse migrated by a newer recon, naming both versions', async () => {
    const path = freshPath();
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    const first = await openWarehouse(path);
    try {
      await first.connection.run(`INSERT INTO schema_migrations VALUES (${latest + 1}, 'from the future', now())`);
    } finally {
      first.close();
    }
    const error = await openWarehouse(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReconError);
    expect((error as ReconError).code).toBe('warehouse');
    expect((error as ReconError).message).toBe(
      `the warehouse is at schema version ${latest + 1}, newer than this recon knows (${latest}); run the recon that migrated it, or a later one`,
    );
  });
});
