// withTransaction against a real warehouse: work commits whole; a failure rolls everything back and
// is rethrown as it came, even when the ROLLBACK itself fails.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { withTransaction } from '../../src/warehouse/transaction.ts';

let warehouse: Warehouse;
beforeEach(async () => {
  warehouse = await openWarehouse(':memory:');
  await warehouse.connection.run('CREATE TABLE t (id INTEGER PRIMARY KEY)');
});
afterEach(() => warehouse.close());

async function idsIn(w: Warehouse): Promise<number[]> {
  const reader = await w.connection.runAndReadAll('SELECT id FROM t ORDER BY id');
  return reader.getRowsJS().map((r) => Number(r[0]));
}

const first = new Error('the first error');

describe('withTransaction', () => {
  it('commits what the work wrote and returns its value', async () => {
    const value = await withTransaction(warehouse.connection, async () => {
      await warehouse.connection.run('INSERT INTO t VALUES (1), (2)');
      return 'done';
    });
    expect(value).toBe('done');
    expect(await idsIn(warehouse)).toEqual([1, 2]);
    // No transaction is left open: a new one can begin.
    await withTransaction(warehouse.connection, async () => warehouse.connection.run('INSERT INTO t VALUES (3)'));
    expect(await idsIn(warehouse)).toEqual([1, 2, 3]);
  });

  it.each([
    [
      'the work throws',
      async (w: Warehouse) => {
        await w.connection.run('INSERT INTO t VALUES (1)');
        throw first;
      },
    ],
    [
      'a statement of the work fails',
      async (w: Warehouse) => {
        await w.connection.run('INSERT INTO t VALUES (1)');
        await w.connection.run('INSERT INTO t VALUES (2), (2)');
      },
    ],
  ])('rolls back everything when %s, and rethrows that error', async (_label, work) => {
    await warehouse.connection.run('INSERT INTO t VALUES (9)');
    const failure = await withTransaction(warehouse.connection, () => work(warehouse)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/the first error|PRIMARY KEY or UNIQUE constraint/);
    expect(await idsIn(warehouse)).toEqual([9]);
    await withTransaction(warehouse.connection, async () => warehouse.connection.run('INSERT INTO t VALUES (10)'));
    expect(await idsIn(warehouse)).toEqual([9, 10]);
  });

  it('rethrows the first error when the ROLLBACK itself fails', async () => {
    // The work ends the transaction itself, so withTransaction's ROLLBACK finds none and fails.
    const failure = await withTransaction(warehouse.connection, async () => {
      await warehouse.connection.run('INSERT INTO t VALUES (1)');
      await warehouse.connection.run('ROLLBACK');
      throw first;
    }).catch((error: unknown) => error);
    expect(failure).toBe(first);
    await expect(warehouse.connection.run('ROLLBACK')).rejects.toThrow(/no transaction is active/);
    expect(await idsIn(warehouse)).toEqual([]);
  });

  it('rolls back and rethrows when the COMMIT fails', async () => {
    const failure = await withTransaction(warehouse.connection, async () => {
      await warehouse.connection.run('COMMIT');
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/no transaction is active/);
    await withTransaction(warehouse.connection, async () => warehouse.connection.run('INSERT INTO t VALUES (4)'));
    expect(await idsIn(warehouse)).toEqual([4]);
  });
});
