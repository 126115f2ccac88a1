// Migrations: a fresh file gets every version once; reopening applies nothing twice; a file migrated
// by a newer recon is refused rather than written with SQL that may not fit its tables.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect((error as ReconError).message).toBe(`the warehouse is at schema version ${latest + 1}, newer than this recon knows (${latest}); run the recon that migrated it, or a later one`);
  });
});
