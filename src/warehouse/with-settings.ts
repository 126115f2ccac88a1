// DuckDB settings changed for one piece of work and given back after it: a step that must hold its
// memory narrower than the instance's (one thread, where each thread would build hash tables and pin
// blocks of its own) borrows them here.
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from './sql.ts';

/**
 * Runs `work` with DuckDB settings changed (e.g. { threads: '1' }) and puts back those it changed, also
 * when it fails or a SET fails partway. When the work failed, its error is the one that explains: a
 * restore that fails then (inside a transaction the failure aborted, or after DuckDB invalidated the
 * database) is dropped and the settings stay changed, so a setting that must come back whatever happens
 * is borrowed outside any transaction (the publish's and the reconcile's threads).
 */
export async function withDuckdbSettings<T>(
  db: Pick<DuckDBConnection, 'run' | 'runAndReadAll'>,
  settings: Readonly<Record<string, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const names = Object.keys(settings);
  const reader = await db.runAndReadAll(`SELECT ${names.map((name) => `current_setting(${sqlLiteral(name)})::VARCHAR AS ${name}`).join(', ')}`);
  const before = reader.getRowObjects()[0] ?? {};
  const changed: string[] = [];
  const restore = async () => {
    for (const name of changed) await db.run(`SET ${name} = ${sqlLiteral(String(before[name]))}`);
  };
  let value: T;
  try {
    for (const name of names) {
      await db.run(`SET ${name} = ${sqlLiteral(settings[name] ?? '')}`);
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
