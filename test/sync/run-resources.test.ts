// What a sync narrows of DuckDB's settings it sets back exactly: DuckDB shows a size cut to a tenth of
// its unit, so a size set back as shown would read lower after every sync.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { restorableSize } from '../../src/sync/run-resources.ts';

async function shownAfter(setting: string, value: string, times: number): Promise<string[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const db = await instance.connect();
  try {
    const shown = async () => String((await db.runAndReadAll(`SELECT current_setting('${setting}')::VARCHAR AS v`)).getRowObjects()[0]?.['v']);
    await db.run(`SET ${setting} = '${value}'`);
    const seen = [await shown()];
    for (let i = 0; i < times; i++) {
      await db.run(`SET ${setting} = '${restorableSize(seen.at(-1) ?? '')}'`);
      seen.push(await shown());
    }
    return seen;
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}

describe('restorableSize', () => {
  it.each([
    ['allocator_flush_threshold', '8MB'],
    ['allocator_bulk_deallocation_flush_threshold', '8MB'],
    ['memory_limit', '512MB'],
    ['memory_limit', '128000000B'],
    ['memory_limit', '2GB'],
    ['allocator_flush_threshold', '700KB'],
  ])('%s = %s reads the same after every restore', async (setting, value) => {
    const seen = await shownAfter(setting, value, 5);
    expect(new Set(seen).size).toBe(1);
  });

  it.each([['max'], ['-1'], ['']])('leaves %j, which is no size, as it is', (shown) => {
    expect(restorableSize(shown)).toBe(shown);
  });
});
