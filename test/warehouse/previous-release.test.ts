// A warehouse made by the previous release (schema version 9) opens under this one, migrates, and
// reconciling its last night again gives the findings that release wrote, row for row. (Only the last:
// an earlier night reconciled again sees the orders as later exports left them, under any release.) The fixture was made
// by recon 0.1 (commit 7636df8) against its sandbox: `recon sandbox --seed 7 --days 4 --per-day 60
// --end-date 2026-11-20`, then `recon run backfill --from 2026-11-17 --to 2026-11-20` (zone
// America/Sao_Paulo, orders preset recon-sandbox), and gzipped.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { MIGRATIONS } from '../../src/warehouse/migrations.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'warehouse', 'release-0.1-v9.duckdb.gz');
const ZONE = 'America/Sao_Paulo';
const NIGHTS = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
const FINDING = `business_date::VARCHAR AS business_date, finding_key, category, item_id, operation_id, transaction_ids,
  order_status, payment_status, order_amount_cents::BIGINT AS order_amount_cents, payment_amount_cents::BIGINT AS payment_amount_cents,
  difference_cents::BIGINT AS difference_cents, reason, first_seen::VARCHAR AS first_seen, state`;

const dir = mkdtempSync(join(tmpdir(), 'recon-previous-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a warehouse of the previous release', () => {
  it('migrates, and reconciling its nights again gives the same findings', async () => {
    const path = join(dir, 'recon.duckdb');
    writeFileSync(path, gunzipSync(readFileSync(FIXTURE)));

    // What that release wrote, read before anything of this one touches the file.
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' });
    const before = await instance.connect();
    const version = (await before.runAndReadAll('SELECT max(version)::INTEGER AS v FROM schema_migrations')).getRowObjectsJS();
    const written = (await before.runAndReadAll(`SELECT ${FINDING} FROM findings_latest ORDER BY ALL`)).getRowObjectsJS();
    before.closeSync();
    instance.closeSync();
    expect(version).toEqual([{ v: 9 }]);
    expect(new Set(written.map((f) => f['business_date']))).toEqual(new Set(NIGHTS));

    const warehouse = await openWarehouse(path);
    try {
      const db = warehouse.connection;
      const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJS();
      expect(await rows('SELECT max(version)::INTEGER AS v FROM schema_migrations')).toEqual([{ v: MIGRATIONS.at(-1)?.version }]);
      const config = parseConfig({ timezone: ZONE }, 'test');
      const last = NIGHTS.at(-1) as string;
      const categories = new Set(written.filter((f) => f['business_date'] === last).map((f) => f['category']));
      expect(categories.size).toBeGreaterThanOrEqual(4);
      // After the release's own run, so findings_latest picks this one.
      const clock = { now: () => Date.now() };
      await reconcileDay({ db, clock, logger: silentLogger }, { runId: 'again', day: businessDayOf(last, ZONE) }, config.reconcile);
      expect(await rows(`SELECT DISTINCT run_id FROM findings_latest WHERE business_date = '${last}'`)).toEqual([{ run_id: 'again' }]);
      expect(await rows(`SELECT ${FINDING} FROM findings_latest ORDER BY ALL`)).toEqual(written);
    } finally {
      warehouse.close();
    }
  });
});
