// Staging pairs each row's typed columns with its own raw JSON (NDJSON cut from the body, or
// re-serialised when a row's text defeats the cut), kept in the raw rows' store and read back through
// the raw views: unknown fields survive, and every raw row belongs to the id beside it, across pages
// and windows, with a mix of both paths.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { syncAll } from '../../src/sync/index.ts';
import { startFakeService, fakeCashIn, fakeCashOut, fakeTransaction } from './fake-service.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';

const NOW = Date.parse('2024-05-10T12:00:00Z');
const DAY = 86_400_000;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('staged raw rows', () => {
  it('keeps unknown fields and pairs every raw row with its own id', async () => {
    const rows = Array.from({ length: 530 }, (_, i) => {
      const id = `tx${String(i).padStart(4, '0')}`;
      const extra = i % 97 === 0 ? { gift: { wrap: true } } : i % 101 === 0 ? { card_holder_name: 'A},{B' } : i % 7 === 0 ? { memo: `línea ${i}` } : {};
      return fakeTransaction(id, NOW - 3 * DAY - i * 60_000, extra);
    });
    const service = await startFakeService(rows, [fakeCashIn('ci1', NOW - DAY, { extra: 1 }), fakeCashOut('co1', NOW - DAY)]);
    const config = parseConfig({ api: { baseUrl: service.url }, sync: { pageSize: 100, windowPageBudget: 2 } }, 'test');
    const api = createPaymentsApi({ baseUrl: service.url, apiKey: 'k', timeoutMs: 2000, retry: config.api.retry });
    const dir = scratchDir('recon-raw-');
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const warehouse = await openMigratedCopy(join(dir, 'w.duckdb'));
    cleanups.push(
      () => service.close(),
      () => api.close(),
      () => warehouse.close(),
    );
    await syncAll(
      { db: warehouse.connection, http: api, clock: { now: () => NOW }, logger: silentLogger },
      { runId: 'r1', day: businessDayOf('2024-05-09', config.timezone), lookbackDays: 7, sweepDays: 30 },
      config,
    );
    const result = await warehouse.connection.runAndReadAll(`SELECT
        count(*) AS n,
        count(*) FILTER (WHERE json_extract_string(raw, '$.transaction_id') <> transaction_id
          OR json_extract_string(raw, '$.card_holder_name') <> card_holder_name
          OR CAST(json_extract_string(raw, '$.net_value') AS BIGINT) <> net_value) AS mismatched,
        count(*) FILTER (WHERE json_extract_string(raw, '$.gift.wrap') = 'true') AS gifts,
        count(*) FILTER (WHERE json_extract_string(raw, '$.memo') LIKE 'línea %') AS memos,
        count(*) FILTER (WHERE card_holder_name = 'A},{B') AS braces
      FROM transactions JOIN transactions_raw USING (transaction_id)`);
    expect(result.getRowObjectsJson()).toEqual([{ n: '530', mismatched: '0', gifts: '6', memos: '75', braces: '5' }]);
    // Operations keep the listed row itself as raw (not the staged row around it).
    const ops = await warehouse.connection.runAndReadAll(
      "SELECT operation_id, json_extract_string(raw, '$.cash_in_id') AS cin, json_extract_string(raw, '$.extra') AS extra, json_extract_string(raw, '$.amount_cents') AS staged FROM operations JOIN operations_raw USING (kind, operation_id) ORDER BY 1",
    );
    expect(ops.getRowObjectsJson()).toEqual([
      { operation_id: 'ci1', cin: 'ci1', extra: '1', staged: null },
      { operation_id: 'co1', cin: null, extra: null, staged: null },
    ]);
  });
});
