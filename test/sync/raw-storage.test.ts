// Migration 5: raw of transactions and operations is stored uncompressed (its compression was most of
// a sync's publish cost), still NOT NULL, and survives a reopen; the other columns keep compressing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openWarehouse } from '../../src/warehouse/open.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const INSERTS = {
  transactions: `INSERT INTO transactions (transaction_id, status, date_created, date_updated, raw, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
    SELECT 'tx' || i, 'paid', now(), now(), '{"transaction_id":"tx' || i || '","memo":"' || repeat('ab', 40) || '"}', now(), now(), 'r', 'r' FROM range(3000) t(i)`,
  operations: `INSERT INTO operations (kind, operation_id, status, date_created, date_updated, amount_cents, raw, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
    SELECT 'cash_in', 'ci' || i, 'paid', now(), now(), i, '{"cash_in_id":"ci' || i || '","memo":"' || repeat('ab', 40) || '"}', now(), now(), 'r', 'r' FROM range(3000) t(i)`,
};

describe('raw storage (migration 5)', () => {
  it.each(Object.entries(INSERTS))('%s.raw is stored uncompressed, NOT NULL, across a reopen', async (table, insert) => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-raw-'));
    dirs.push(dir);
    const path = join(dir, 'w.duckdb');
    const first = await openWarehouse(path);
    try {
      await first.connection.run(insert);
      await expect(first.connection.run(insert.replace(/'\{"[\s\S]*?\}'(?=, now\(\), now\(\), 'r')/, 'NULL'))).rejects.toThrow(/NOT NULL/);
    } finally {
      first.close();
    }
    const again = await openWarehouse(path);
    try {
      await again.connection.run(insert.replaceAll("'tx' ||", "'tx2_' ||").replaceAll("'ci' ||", "'ci2_' ||"));
      await again.connection.run('CHECKPOINT');
      const reader = await again.connection.runAndReadAll(
        `SELECT column_name, list(DISTINCT compression ORDER BY compression) AS kinds FROM pragma_storage_info('${table}')
         WHERE column_name IN ('raw', 'status') AND segment_type <> 'VALIDITY' GROUP BY column_name ORDER BY column_name`,
      );
      const kinds = Object.fromEntries(reader.getRowObjectsJson().map((r) => [r['column_name'], r['kinds']]));
      expect(kinds['raw']).toEqual(['Uncompressed']);
      expect(kinds['status']).not.toContain('Uncompressed');
      const count = await again.connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${table}`);
      expect(count.getRowObjectsJson()).toEqual([{ n: 6000 }]);
    } finally {
      again.close();
    }
  });
});
