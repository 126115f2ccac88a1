// DuckDB settings changed for one piece of work and given back after it: a step that must hold its
// memory narrower than the instance's (one thread, where each thread would build hash tables and pin
// blocks of its own) borrows them here.
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from './sql.ts';

/**
 * One DuckDB thread: with two, each thread builds hash tables and pins blocks of its own, and a night's
 * joins of a promotion day need twice the share (the reconcile of the 200,000-sale night failed to pin a
 * block; its refunds report needed more than 122 MiB with two threads and under 100 MiB with one).
 */
export const ONE_THREAD: Readonly<Record<string, string>> = { threads: '1' };

/**
 * Runs `work` with DuckDB settings changed (e.g. { threads: '1' }) and puts back those it changed, also
 * when it fails or a SET fails partway. When the work failed, its error is the one that explains: a
 * restore that fails then (inside a transaction the failure aborted, or after DuckDB invalidated the
 * database) is dropped and the settings stay changed, so a setting that must come back whatever happens
 * is borrowed outside any transaction (the publish's and the reconcile's threads).
 */
export async function withDuckdbSettings<T>(
  db: Pick<DuckDBConnection, 'runAndReadAll'>,
  settings: Readonly<Record<string, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const names = Object.keys(settings);
  const reader = await db.runAndReadAll(`SELECT ${names.map((name) => `current_setting(${sqlLiteral(name)})::VARCHAR AS ${name}`).join(', ')}`);
  const before = reader.getRowObjects()[0] ?? {};
  const changed: string[] = [];
  const restore = async () => {
    for (const name of changed) await db.runAndReadAll(`SET ${name} = ${sqlLiteral(String(before[name]))}`);
  };
  let value: T;
  try {
    for (const name of names) {
      // A setting that reads as asked already is left alone (and not put back).
      if (String(before[name]) === settings[name]) continue;
      await db.runAndReadAll(`SET ${name} = ${sqlLiteral(settings[name] ?? '')}`);
      changed.push(name);
    }
    value = await work();
  } catch (error) {
    await restore().catch(() => undefined);
    throw error;
  }
  await restore();
  return value;
}
