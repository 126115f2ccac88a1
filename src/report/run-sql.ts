// Runs ad hoc SQL on a sealed, read-only warehouse connection, statement by statement, and prints each
// result. A statement that would change the warehouse, touch another file, load an extension or change
// a setting fails with a sentence saying why, not DuckDB's jargon.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import { openWarehouse } from '../warehouse/open.ts';
import { refusalError, refusalOfError, refusalOfKind } from './sql-refusals.ts';
import { writeResult, type SqlFormat, type Write } from './sql-output.ts';

/**
 * Opens the warehouse for this SQL only and closes it right after: a prompt that sits idle holds no
 * lock, so a nightly run started meanwhile gets the file.
 */
export async function runSqlOnWarehouse(path: string, resources: WarehouseResources, sql: string, format: SqlFormat, write: Write): Promise<void> {
  const warehouse = await openWarehouse(path, { readOnly: true, sealed: true, resources });
  try {
    await runSql(warehouse.connection, sql, format, write);
  } finally {
    warehouse.close();
  }
}

async function runSql(db: Pick<DuckDBConnection, 'extractStatements'>, sql: string, format: SqlFormat, write: Write): Promise<void> {
  let extracted;
  try {
    extracted = await db.extractStatements(sql);
  } catch (cause) {
    throw sqlError(cause);
  }
  if (extracted.count === 0) throw new ReconError('usage', 'expected an SQL statement, got none');
  for (let i = 0; i < extracted.count; i++) {
    let prepared;
    try {
      prepared = await extracted.prepare(i);
    } catch (cause) {
      throw sqlError(cause);
    }
    try {
      const refused = refusalOfKind(prepared.statementType, sql);
      if (refused !== undefined) throw refusalError(refused);
      const result = await prepared.stream();
      if (result.columnCount > 0) await writeResult(result, format, write);
    } catch (cause) {
      throw sqlError(cause);
    } finally {
      prepared.destroySync();
    }
  }
}

function sqlError(cause: unknown): ReconError {
  if (cause instanceof ReconError) return cause;
  const message = (cause as Error).message ?? String(cause);
  const refusal = refusalOfError(message);
  if (refusal !== undefined) return refusalError(refusal, message, cause);
  return new ReconError('usage', `SQL failed: ${message}`, { cause });
}
