// The process's memory budget: DuckDB's share of it, and every open warehouse holding to it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { duckdbMemoryLimitOf } from '../../src/warehouse/memory-limit.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('memory budget', () => {
  it.each([
    ['32MB', '30MiB'], // DuckDB's floor
    ['400MB', '95MiB'], // a quarter of a small budget
    ['512MB', '122MiB'], // the default: 512 MB less Node's 384 MB, a quarter of it too
    ['1GB', '587MiB'],
    ['4GiB', '3729MiB'],
  ])('a budget of %s gives DuckDB %s', (budget, share) => {
    expect(duckdbMemoryLimitOf(budget)).toBe(share);
  });

  it.each([
    ['read-write', {}],
    ['read-only', { readOnly: true }],
    ['sealed', { readOnly: true, sealed: true }],
  ])('a %s warehouse holds to the budget and the threads it was given', async (_kind, options) => {
    const path = join(dir, 'w.duckdb');
    (await openWarehouse(path)).close();
    const warehouse = await openWarehouse(path, { ...options, resources: { memoryLimit: '1GB', threads: 1 } });
    try {
      const row = (
        await warehouse.connection.runAndReadAll(
          "SELECT current_setting('memory_limit') AS m, current_setting('threads') AS t, current_setting('enable_external_file_cache') AS cache",
        )
      ).getRowObjects()[0];
      // No cache of the files it reads: their bytes would compete under the cap (open.ts).
      expect(row).toEqual({ m: '587.0 MiB', t: 1n, cache: false });
    } finally {
      warehouse.close();
    }
  });
});
