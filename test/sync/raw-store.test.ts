// The raw rows' store beside the warehouse, through everything that reads it: each run keeps only the
// texts the warehouse does not hold yet (a new row; a row listed with another text, even one that only
// moved a key; a row whose raw file is gone), the raw views give every row its latest text exactly, the
// sealed `recon sql` reads them (and still nothing else), and `recon export` writes them as Parquet.
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, describe, expect, it } from 'vitest';
import { exportParquet } from '../../src/report/parquet-export.ts';
import { runSqlOnWarehouse } from '../../src/report/run-sql.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { rawDigestSql, rawDirOf } from '../../src/warehouse/raw-store.ts';
import { DAY, NOW, exactRows, onCleanup, rows, setup, cleanUpSyncs } from './fake-sync.ts';
import { fakeCashIn, fakeTransaction, startFakeService, type FakeRow } from './fake-service.ts';

afterEach(cleanUpSyncs);

/** The row with its keys in another order (same values): a text only its raw row tells apart. */
function reordered(row: FakeRow): FakeRow {
  return Object.fromEntries(Object.entries(row).reverse());
}

describe('the raw rows store', () => {
  it('keeps each text once, the latest per row readable exactly, across runs', async () => {
    const txs = Array.from({ length: 250 }, (_, i) => fakeTransaction(`tx${String(i).padStart(3, '0')}`, NOW - 2 * DAY - i * 60_000));
    const service = await startFakeService(txs, [fakeCashIn('ci1', NOW - DAY)]);
    const { warehouse, run } = await setup(service);
    const first = await run();
    expect(first.transactions.new).toBe(250);
    const files = () => readdirSync(join(rawDirOf(warehouse.path), 'transactions')).length;
    const stored = async () =>
      Number((await rows(warehouse, "SELECT count(*) AS n FROM read_parquet(getvariable('recon_raw_dir') || '/transactions/*.parquet')"))[0]?.['n']);
    expect(await stored()).toBe(250);
    const afterFirst = files();

    // Run 2: one row changes status, one only lists its keys in another order, the rest as before.
    txs[10] = { ...txs[10]!, status: 'refunded', refunded_amount: 10_000, date_updated: new Date(NOW - DAY).toISOString() };
    txs[20] = reordered(txs[20]!);
    const second = await run();
    expect(second.transactions).toEqual({ new: 0, changed: 1, unchanged: 249 });
    expect(await stored()).toBe(252);
    expect(files()).toBe(afterFirst + 1);

    // Run 3: nothing new to keep, no file.
    await run();
    expect(await stored()).toBe(252);
    expect(files()).toBe(afterFirst + 1);

    const texts = await exactRows(warehouse, 'SELECT encode(transaction_id) AS id, encode(raw) AS raw FROM transactions_raw');
    expect(texts).toHaveLength(250);
    const byId = new Map(texts.map((t) => [t['id'], t['raw'] as string]));
    for (const row of txs) expect(byId.get(row['transaction_id'] as string)).toBe(JSON.stringify(row));
    expect(await rows(warehouse, 'SELECT count(*) AS n FROM operations_raw')).toEqual([{ n: '1' }]);
  });

  // The texts kept again of a window are placed by their rank among its kept rows: several of them at
  // once used to come out of DuckDB in another order, and rows were shown other rows' texts.
  it.each([2, 20, 120, 249])('gives each row its own text when %i of 250 held rows are listed with another text', async (changed) => {
    const txs = Array.from({ length: 250 }, (_, i) => fakeTransaction(`tx${String(i).padStart(3, '0')}`, NOW - 2 * DAY - i * 60_000));
    const ops = Array.from({ length: 250 }, (_, i) => fakeCashIn(`ci${String(i).padStart(3, '0')}`, NOW - 2 * DAY - i * 60_000));
    const service = await startFakeService(txs, ops);
    const { warehouse, run } = await setup(service);
    await run();
    // A field no column holds: the rows count as unchanged, their texts are kept again.
    for (let i = 0; i < changed; i++) {
      txs[i] = { ...txs[i]!, memo: `listed again ${i}` };
      ops[i] = { ...ops[i]!, memo: `listed again ${i}` };
    }
    expect((await run()).transactions).toEqual({ new: 0, changed: 0, unchanged: 250 });
    const texts = await exactRows(warehouse, 'SELECT encode(transaction_id) AS id, encode(raw) AS raw FROM transactions_raw');
    const byId = new Map(texts.map((t) => [t['id'], t['raw'] as string]));
    expect(txs.filter((row) => byId.get(row['transaction_id'] as string) !== JSON.stringify(row)).map((row) => row['transaction_id'])).toEqual([]);
    const listed = await exactRows(warehouse, 'SELECT encode(operation_id) AS id, encode(raw) AS raw FROM operations_raw');
    const opById = new Map(listed.map((t) => [t['id'], t['raw'] as string]));
    expect(ops.filter((row) => opById.get(row['cash_in_id'] as string) !== JSON.stringify(row)).map((row) => row['cash_in_id'])).toEqual([]);
    // The query docs/warehouse.md gives to find rows whose text is not their own.
    const misplaced = `SELECT count(*) AS n FROM transactions t JOIN transactions_raw r USING (transaction_id)
      WHERE CAST(r.raw->>'date_created' AS TIMESTAMPTZ) IS DISTINCT FROM t.date_created`;
    expect(await rows(warehouse, misplaced)).toEqual([{ n: '0' }]);
  });

  it('keeps again the texts whose raw file is gone, though the rows are listed as they were', async () => {
    const txs = Array.from({ length: 20 }, (_, i) => fakeTransaction(`tx${String(i).padStart(2, '0')}`, NOW - 2 * DAY - i * 60_000));
    const service = await startFakeService(txs);
    const { warehouse, run } = await setup(service);
    await run();
    const folder = join(rawDirOf(warehouse.path), 'transactions');
    // File 0 is migration 14's; the run's texts are in the others. A copy of the warehouse without them:
    for (const file of readdirSync(folder).filter((f) => f !== '0.parquet')) rmSync(join(folder, file));
    const missing = 'SELECT count(*) FILTER (WHERE raw IS NULL) AS n FROM transactions_raw';
    expect(await rows(warehouse, missing)).toEqual([{ n: '20' }]);
    expect((await run()).transactions).toEqual({ new: 0, changed: 0, unchanged: 20 });
    expect(await rows(warehouse, missing)).toEqual([{ n: '0' }]);
    const texts = await exactRows(warehouse, 'SELECT encode(transaction_id) AS id, encode(raw) AS raw FROM transactions_raw');
    const byId = new Map(texts.map((t) => [t['id'], t['raw'] as string]));
    for (const row of txs) expect(byId.get(row['transaction_id'] as string)).toBe(JSON.stringify(row));
  });

  it('compares held texts with files written before the digest column by their pieces, and with later files by their digests', async () => {
    const txs = Array.from({ length: 40 }, (_, i) => fakeTransaction(`tx${String(i).padStart(2, '0')}`, NOW - 2 * DAY - i * 60_000));
    const service = await startFakeService(txs);
    const { warehouse, run } = await setup(service);
    await run();
    const folder = join(rawDirOf(warehouse.path), 'transactions');
    const digested = async () => {
      const list = readdirSync(folder).map((f) => `'${join(folder, f)}'`);
      const found = await rows(
        warehouse,
        `SELECT parse_filename(file_name, true) AS f FROM parquet_schema([${list.join(', ')}]) WHERE name = 'digest' ORDER BY 1`,
      );
      return found.map((r) => r['f']);
    };
    const written = (await digested()).length;
    expect(written).toBeGreaterThan(0);
    // Each digest is kept exactly (a UBIGINT), and is the one the pieces give.
    const files = `read_parquet('${join(folder, '*.parquet')}', union_by_name = true) p WHERE digest IS NOT NULL`;
    expect(
      await rows(warehouse, `SELECT typeof(digest) AS t, count(*) FILTER (WHERE digest <> ${rawDigestSql('p')}) AS off FROM ${files} GROUP BY ALL`),
    ).toEqual([{ t: 'UBIGINT', off: '0' }]);
    // The run's files as a version before the digest column wrote them: the same pieces, no digest.
    for (const file of readdirSync(folder).filter((f) => f !== '0.parquet')) {
      const path = join(folder, file);
      await warehouse.connection.run(`COPY (SELECT * EXCLUDE (digest) FROM read_parquet('${path}')) TO '${path}.old' (FORMAT parquet)`);
      renameSync(`${path}.old`, path);
    }
    expect(await digested()).toEqual([]);
    // One row moves a key, one changes status; the others are listed as they were.
    txs[5] = reordered(txs[5]!);
    txs[30] = { ...txs[30]!, status: 'refunded', refunded_amount: 10_000, date_updated: new Date(NOW - DAY).toISOString() };
    const stored = "SELECT count(*) AS n FROM read_parquet(getvariable('recon_raw_dir') || '/transactions/*.parquet')";
    expect((await run()).transactions).toEqual({ new: 0, changed: 1, unchanged: 39 });
    expect(await rows(warehouse, stored)).toEqual([{ n: '42' }]);
    expect(await digested()).toHaveLength(1);
    // Now a mix of both: the moved key back (a text the old files no longer name), nothing else.
    txs[5] = reordered(txs[5]!);
    expect((await run()).transactions).toEqual({ new: 0, changed: 0, unchanged: 40 });
    expect(await rows(warehouse, stored)).toEqual([{ n: '43' }]);
    expect((await run()).transactions).toEqual({ new: 0, changed: 0, unchanged: 40 });
    expect(await rows(warehouse, stored)).toEqual([{ n: '43' }]);
    const texts = await exactRows(warehouse, 'SELECT encode(transaction_id) AS id, encode(raw) AS raw FROM transactions_raw');
    const byId = new Map(texts.map((t) => [t['id'], t['raw'] as string]));
    for (const row of txs) expect(byId.get(row['transaction_id'] as string)).toBe(JSON.stringify(row));
  });

  it('never replaces a raw file that rows name, if its number is given out again', async () => {
    const txs = [fakeTransaction('tx1', NOW - DAY), fakeTransaction('tx2', NOW - 2 * DAY)];
    const service = await startFakeService(txs);
    const { warehouse, run } = await setup(service);
    await run();
    await warehouse.connection.run('DROP SEQUENCE raw_file_number; CREATE SEQUENCE raw_file_number START 1');
    txs[0] = { ...txs[0]!, status: 'refunded', date_updated: new Date(NOW - DAY / 2).toISOString() };
    await expect(run()).rejects.toThrow(/expected raw file .*1\.parquet to be free or left by a killed sync, found one that rows of transactions name/);
    const texts = await rows(warehouse, "SELECT raw->>'status' AS status FROM transactions_raw ORDER BY transaction_id");
    expect(texts).toEqual([{ status: 'paid' }, { status: 'paid' }]);
  });

  it('is read by the sealed `recon sql`, which still reads no other file, and written out by `recon export`', async () => {
    const txs = [fakeTransaction('tx1', NOW - DAY, { memo: 'línea 1' }), fakeTransaction('tx2', NOW - 2 * DAY)];
    const service = await startFakeService(txs);
    const { dir, warehouse, run } = await setup(service);
    await run();
    warehouse.close();
    writeFileSync(join(dir, 'secret.txt'), 'SECRET\n');

    let out = '';
    const write = async (text: string) => {
      out += text;
    };
    const resources = { memoryLimit: '512MB' };
    await runSqlOnWarehouse(warehouse.path, resources, 'SELECT transaction_id, raw FROM transactions_raw ORDER BY transaction_id', 'json', write);
    expect((JSON.parse(out) as Array<{ raw: string }>).map((r) => JSON.parse(r.raw))).toEqual([txs[0], txs[1]]);
    await expect(runSqlOnWarehouse(warehouse.path, resources, `SELECT content FROM read_text('${join(dir, 'secret.txt')}')`, 'json', write)).rejects.toThrow(
      /reads only the warehouse/,
    );
    await expect(
      runSqlOnWarehouse(warehouse.path, resources, `COPY (SELECT 1) TO '${rawDirOf(warehouse.path)}/transactions/x.parquet'`, 'json', write),
    ).rejects.toThrow(/reads only the warehouse/);
    expect(readdirSync(join(rawDirOf(warehouse.path), 'transactions'))).not.toContain('x.parquet');

    const { openWarehouse } = await import('../../src/warehouse/open.ts');
    const reader = await openWarehouse(warehouse.path, { readOnly: true });
    const exported = await exportParquet(
      { db: reader.connection, logger: silentLogger },
      { outDir: join(dir, 'export'), timezone: 'America/Sao_Paulo', fileMode: '0600' },
    ).finally(() => reader.close());
    expect(exported.find((t) => t.name === 'transactions_raw')).toMatchObject({ rows: 2, dayColumn: 'date_created' });
    const instance = await DuckDBInstance.create(':memory:');
    const db = await instance.connect();
    onCleanup(() => {
      db.closeSync();
      instance.closeSync();
    });
    const back = await db.runAndReadAll(
      `SELECT transaction_id, raw FROM read_parquet('${join(dir, 'export', 'transactions_raw')}/**/*.parquet', hive_partitioning = true) ORDER BY 1`,
    );
    expect(back.getRowObjectsJson().map((r) => JSON.parse(String(r['raw'])))).toEqual([txs[0], txs[1]]);
  });
});
