// What a sync narrows of DuckDB's memory settings it sets back exactly, night after night: DuckDB shows a
// size cut to a tenth of its unit, so a size set back as shown would read lower after every sync.
import { afterEach, describe, expect, it } from 'vitest';
import { narrowDuckdbMemory } from '../../src/sync/run-resources.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';

const NAMES = ['memory_limit', 'allocator_flush_threshold', 'allocator_bulk_deallocation_flush_threshold'];
const opened: Warehouse[] = [];
afterEach(() => {
  for (const w of opened.splice(0)) w.close();
});

async function shown(w: Warehouse): Promise<Record<string, unknown>> {
  const sql = `SELECT ${NAMES.map((n) => `current_setting('${n}')::VARCHAR AS ${n}`).join(', ')}`;
  return (await w.connection.runAndReadAll(sql)).getRowObjects()[0] ?? {};
}

describe('narrowDuckdbMemory', () => {
  it.each([['512MB'], ['2GB'], ['700MB'], ['1000MB']])('memoryLimit %s: the settings read the same after five syncs', async (memoryLimit) => {
    const w = await openWarehouse(':memory:', { resources: { memoryLimit } });
    opened.push(w);
    const before = await shown(w);
    for (let i = 0; i < 5; i++) {
      const restore = await narrowDuckdbMemory(w.connection);
      expect(await shown(w)).not.toEqual(before);
      await restore();
      expect(await shown(w)).toEqual(before);
    }
  });

  it('a setting changed on purpose after the open is set back to that change, not to the open', async () => {
    const w = await openWarehouse(':memory:', { resources: { memoryLimit: '512MB' } });
    opened.push(w);
    await w.connection.run("SET memory_limit = '300MiB'");
    const restore = await narrowDuckdbMemory(w.connection);
    await restore();
    expect((await shown(w))['memory_limit']).toBe('300.0 MiB');
  });
});
