// Runs ad hoc SQL on a read-only warehouse connection, statement by statement, and prints each result.
// A statement that would change the warehouse fails with a sentence saying why, not DuckDB's jargon.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { writeResult, type SqlFormat, type Write } from './sql-output.ts';

export async function runSql(db: Pick<DuckDBConnection, 'extractStatements'>, sql: string, format: SqlFormat, write: Write): Promise<void> {
  let extracted;
  try {
    extracted = await db.extractStatements(sql);
  } catch (cause) {
    throw sqlError(cause);
  }
  if (extracted.count === 0) throw new ReconError('usage', 'expected an SQL statement, got none');
  for (let i = 0; i < extracted.count; i++) {
    try {
      const prepared = await extracted.prepare(i);
      const result = await prepared.stream();
      if (result.columnCount > 0) await writeResult(result, format, write);
    } catch (cause) {
      throw sqlError(cause);
    }
  }
}

function sqlError(cause: unknown): ReconError {
  const message = (cause as Error).message ?? String(cause);
  if (/read-only|read only/i.test(message)) {
    return new ReconError('usage', `recon sql opens the warehouse read-only; statements that change it (INSERT, UPDATE, DELETE, CREATE, ...) are refused (DuckDB: ${message})`, { cause });
  }
  return new ReconError('usage', `SQL failed: ${message}`, { cause });
}
