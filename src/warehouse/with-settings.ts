// DuckDB settings changed for one piece of work and given back after it: a step that must hold its
// memory narrower than the instance's (one thread, where each thread would build hash tables and pin
// blocks of its own) borrows them here.
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from './sql.ts';

/**
 * Runs `work` with DuckDB settings changed (e.g. { threads: '1' }) and puts them back after, also when
 * it fails. Outside a transaction: inside one the failure aborts, the restoring SET would fail too and
 * leave the settings changed for the rest of the process.
 */
export async function withDuckdbSettings<T>(
  db: Pick<DuckDBConnection, 'run' | 'runAndReadAll'>,
  settings: Readonly<Record<string, string>>,
  work: () => Promise<T>,
): Promise<T> {
  const names = Object.keys(settings);
  const reader = await db.runAndReadAll(`SELECT ${names.map((name) => `current_setting(${sqlLiteral(name)})::VARCHAR AS ${name}`).join(', ')}`);
  const before = reader.getRowObjects()[0] ?? {};
  for (const [name, value] of Object.entries(settings)) await db.run(`SET ${name} = ${sqlLiteral(value)}`);
  try {
    return await work();
  } finally {
    for (const name of names) await db.run(`SET ${name} = ${sqlLiteral(String(before[name]))}`);
  }
}
