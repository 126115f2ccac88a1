// Settings borrowed for one piece of work come back after it, whether it succeeds or fails.
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { withDuckdbSettings } from '../../src/warehouse/with-settings.ts';

async function settingsOf(db: Awaited<ReturnType<DuckDBInstance['connect']>>): Promise<Record<string, unknown>> {
  const reader = await db.runAndReadAll("SELECT current_setting('threads') AS threads, current_setting('preserve_insertion_order') AS keep");
  return reader.getRowObjects()[0] ?? {};
}

describe('withDuckdbSettings', () => {
  it.each([
    ['succeeds', async () => 'done'],
    [
      'fails',
      async () => {
        throw new Error('the work failed');
      },
    ],
  ])('gives the settings back when the work %s, and runs it under the borrowed ones', async (_how, work) => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const db = await instance.connect();
    try {
      const before = await settingsOf(db);
      let during: Record<string, unknown> = {};
      const outcome = await withDuckdbSettings(db, { threads: '1', preserve_insertion_order: 'false' }, async () => {
        during = await settingsOf(db);
        return work();
      }).then(
        (value) => value,
        (error: Error) => error.message,
      );
      expect(during).toEqual({ threads: 1n, keep: false });
      expect(await settingsOf(db)).toEqual(before);
      expect(before).toEqual({ threads: 2n, keep: true });
      expect(outcome).toBe(_how === 'succeeds' ? 'done' : 'the work failed');
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});

describe('withDuckdbSettings with a setting that already reads as asked', () => {
  it('sends no SET for it, and puts back only what it changed', async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const db = await instance.connect();
    const sent: string[] = [];
    const recorded = {
      runAndReadAll: (sql: string) => {
        sent.push(sql);
        return db.runAndReadAll(sql);
      },
    };
    try {
      await withDuckdbSettings(recorded, { threads: '1', preserve_insertion_order: 'true' }, async () => undefined);
      expect(sent.filter((sql) => sql.startsWith('SET'))).toEqual(["SET threads = '1'", "SET threads = '2'"]);
      expect(await settingsOf(db)).toEqual({ threads: 2n, keep: true });
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});

describe('withDuckdbSettings when the work leaves a transaction aborted', () => {
  it("throws the work's error, not the restoring SET's", async () => {
    const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
    const db = await instance.connect();
    try {
      const failed = await withDuckdbSettings(db, { threads: '1' }, async () => {
        await db.run('BEGIN');
        await db.run("SELECT error('a statement failed')").catch(() => undefined);
        throw new Error('the work failed in its transaction');
      }).catch((error: Error) => error.message);
      expect(failed).toBe('the work failed in its transaction');
    } finally {
      db.closeSync();
      instance.closeSync();
    }
  });
});
