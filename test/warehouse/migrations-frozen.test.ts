// Released migrations are frozen: every file is pinned by its sha256 and hashes to its pin, and the
// migrated schema is the snapshot in schema.snapshot.json whether the warehouse is new or was made by any
// earlier version. A schema change is a new migration file, its pin in RELEASED, and `npx vitest run -u`
// to record the new snapshot.
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, MIGRATIONS_DIR } from '../../src/warehouse/migrations.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { rawDirOf, useRawStore } from '../../src/warehouse/raw-store.ts';
import { frozenMigrationProblems } from './frozen-pins.ts';

/**
 * sha256 of every released migration file, from the first to the last. Every commit on main is a release,
 * so a migration is pinned here in the commit that adds it: one line, its file name and
 * `sha256sum src/warehouse/migrations/NNNN-*.sql`. Never change a line.
 */
const RELEASED: ReadonlyArray<readonly [string, string]> = [
  ['0001-initial-schema.sql', '6d893a4760496ec6c0f87c62e3ac6fb011e4b4e1e3f98f508ac768de8000d173'],
  ['0002-report-views.sql', '7e863aadaf16d7c39f20817c022287f1cb89c3f1f01cd3fb10ed480af961fb92'],
  ['0003-sync-staging-and-watermarks.sql', 'd29378bdb69c9d971458bd72b5fdff235399c8fde93f40fbf341c86a10164a25'],
  ['0004-keyless-sync-tables.sql', '502aa0a01d303dfb0255079adb890c62fff9c4300be0c18df933a093c89de84c'],
  ['0005-raw-uncompressed.sql', 'b72e3acfcd62fe76e6579323e2df29f2b3dd656b853f4078f1a311c046d0727a'],
  ['0006-report-views-follow-the-night.sql', '8a7f3d306d4d29d35249c9d5d5b919cc8e54abc3a407645a9bae86588a9f1578'],
  ['0007-drop-sync-staging-tables.sql', 'b20b52283a5f3ad82fd5fd52aba9b0aada9f6d3ed54dc7a7a99350593d8041e9'],
  ['0008-sync-rejects.sql', 'bfdd60cde4490c514b6e9324bc2a783f9ab04022eff9cac541be2a814ddbd43a'],
  ['0009-import-issue-column-and-value.sql', '5a4cdc4a0f50374f60c85c35794807830d5ec8797de5272a0bc792a783c22139'],
  ['0010-keyless-orders.sql', '56b16963725130cad70a9373e4477b56a37bac15ca86ff65da860a3a5381753b'],
  ['0011-findings-with-customer.sql', '0d49461c7ff2e93327797cfd019a7f0d584f1281ce1e9d520de04d39db911a9b'],
  ['0012-order-links.sql', 'f8b379cb4dda3de709bd251905e767bf15405221a56ab7f59251a6267d580b1e'],
  ['0013-night-reads-bounded-by-dates.sql', 'aa281847553cff7347954fcb5a8b234869283fd3d712333bd6d43e18bb3a50ca'],
  ['0014-raw-rows-beside-the-warehouse.sql', '32a671ab9f69875763ace94c3823e9c6330cf8f08e1c365c83d840524ee24d82'],
  ['0015-installment-prices.sql', 'bfffd999b5498b72b3987b07ced7eefbf509b4b96d484885ad603f70541fad33'],
  ['0016-notifications.sql', 'bb98fa15792c0ce80c22ec348ab420cb804c7c2af40bb061fb133be83f6fe7a2'],
  ['0017-bank-statements.sql', 'b323e03dfc78eb152011164a81375854dd16b4a46d2301689f73c71d5503ad96'],
  ['0018-payout-matches.sql', 'b9a843182f52fcc2075ff4d166ddae0f2023871ead00bca2cabc713738e4baa4'],
  ['0019-notification-raw-bytes.sql', 'e735259b0bd848158dd90b5a4c8803f37edc1f268edd03065d11acf937fc56d2'],
  ['0020-finding-facts.sql', 'cbd75ba6ff429bed7bca5109d86c43aa2bcccd942daa3d1e5e729f4fff27033d'],
  ['0021-forecast-lines.sql', '7dd5ab7854322db385ece53466acf6c818ed107c40a22ee9c585541312cc9a89'],
  ['0022-kept-out-facts.sql', 'b08740582295b2fcdbba82787f7e86c6dd72ab3587b82edd0d85bc850185f50b'],
  ['0023-close.sql', '175c4a3ecc2d09b3e5513309ef7ffcaa704e4d88423dabb1cb9ff7c22ad4c28b'],
  ['0024-order-fingerprints.sql', '3cbd1615eded8fb7cd0fdff8dd7aebde71e65335252454c906b0652c012cff6e'],
  ['0025-refunds-between.sql', '024848812828a7e184697a5caf5258f5e046b08a90776eb75795d49396408ecf'],
  ['0026-chargebacks-between.sql', '911d197a12a2dfe67765373ad5326335000e73c685e5a971c66bd294336fce7e'],
];

const dir = mkdtempSync(join(tmpdir(), 'recon-frozen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Tables with their columns and constraints, indexes, views with their SQL, in a stable order. */
async function schemaOf(db: DuckDBConnection): Promise<unknown> {
  const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJS();
  return {
    columns: await rows(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`,
    ),
    constraints: await rows(
      `SELECT table_name, constraint_type, constraint_column_names::VARCHAR AS columns FROM duckdb_constraints()
       WHERE schema_name = 'main' ORDER BY ALL`,
    ),
    indexes: await rows(`SELECT table_name, index_name FROM duckdb_indexes() WHERE schema_name = 'main' ORDER BY ALL`),
    views: await rows(`SELECT view_name, sql FROM duckdb_views() WHERE schema_name = 'main' AND NOT internal ORDER BY view_name`),
  };
}

/** Migrates, closes and reads the schema back: DuckDB re-serialises a view's SQL when it reloads it from disk. */
async function schemaAfterOpening(path: string): Promise<unknown> {
  (await openWarehouse(path)).close();
  const warehouse = await openWarehouse(path, { readOnly: true });
  try {
    return await schemaOf(warehouse.connection);
  } finally {
    warehouse.close();
  }
}

/**
 * Warehouse files left at each version by older recons, as migrate() leaves them: one file takes the
 * migrations one by one, as successive releases would, and after each one a copy of it (with its raw
 * rows' folder) is kept as the warehouse left at that version. Made once for every case: replaying
 * migrations 1..v afresh for each v was the same work twenty times over.
 */
async function warehousesAtEachVersion(versions: readonly number[]): Promise<Map<number, string>> {
  const ladder = join(dir, 'ladder.duckdb');
  const paths = new Map<number, string>();
  let applied = 0;
  for (const version of versions) {
    const instance = await DuckDBInstance.create(ladder);
    const db = await instance.connect();
    try {
      // Migration 14 writes into the raw rows' folder, as openWarehouse prepares it.
      await useRawStore(db, { create: true });
      if (applied === 0) await db.run('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMPTZ NOT NULL)');
      for (const migration of MIGRATIONS.filter((m) => m.version > applied && m.version <= version)) {
        await db.run(migration.sql);
        await db.run('INSERT INTO schema_migrations VALUES ($1, $2, now())', [migration.version, migration.name]);
      }
    } finally {
      db.closeSync();
      instance.closeSync();
    }
    applied = version;
    const path = join(dir, `at-${version}.duckdb`);
    copyFileSync(ladder, path);
    cpSync(rawDirOf(ladder), rawDirOf(path), { recursive: true });
    paths.set(version, path);
  }
  return paths;
}

describe('migrations', () => {
  it('every migration file is pinned, and hashes to its pin', () => {
    const files = MIGRATIONS.map(({ file }) => ({ file, bytes: readFileSync(join(MIGRATIONS_DIR, file)) }));
    const problems = frozenMigrationProblems(files, RELEASED);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  const text = (t: string) => new TextEncoder().encode(t);
  const pinOf = (t: string) => createHash('sha256').update(t).digest('hex');
  it.each([
    { name: 'every file pinned and unchanged', files: ['a', 'b'], pins: ['a', 'b'], says: [] },
    {
      name: 'a released file edited',
      files: ['a', 'b!'],
      pins: ['a', 'b'],
      says: ['0002-b.sql was released and has changed', 'write a new migration instead of editing 0002'],
    },
    { name: 'a new file without its pin', files: ['a', 'b'], pins: ['a'], says: ["0002-b.sql is not pinned: add ['0002-b.sql', '"] },
    { name: 'a pinned file removed', files: ['a'], pins: ['a', 'b'], says: ['0002-b.sql is pinned but gone'] },
  ])('the pin check: $name', ({ files, pins, says }) => {
    const name = (i: number) => `000${i + 1}-${['a', 'b'][i]}.sql`;
    const problems = frozenMigrationProblems(
      files.map((t, i) => ({ file: name(i), bytes: text(t) })),
      pins.map((t, i) => [name(i), pinOf(t)] as const),
    );
    expect(problems).toHaveLength(says.length === 0 ? 0 : 1);
    for (const words of says) expect(problems[0]).toContain(words);
  });

  it('a new warehouse has the recorded schema', async () => {
    const schema = await schemaAfterOpening(join(dir, 'fresh.duckdb'));
    await expect(`${JSON.stringify(schema, null, 2)}\n`).toMatchFileSnapshot('./schema.snapshot.json');
  });

  // One new warehouse to compare every older one with: migrating a new file is the same work each time.
  let fresh: Promise<unknown> | undefined;
  const olderVersions = MIGRATIONS.slice(0, -1).map((m) => m.version);
  let older: Promise<Map<number, string>> | undefined;
  it.each(olderVersions)('a warehouse left at version %i migrates to the same schema', async (version) => {
    fresh ??= schemaAfterOpening(join(dir, 'fresh-reference.duckdb'));
    older ??= warehousesAtEachVersion(olderVersions);
    const path = (await older).get(version);
    expect(path).toBeDefined();
    expect(await schemaAfterOpening(path!)).toEqual(await fresh);
  });
});
