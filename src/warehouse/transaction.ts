// One explicit transaction around a stretch of warehouse work: everything it wrote commits together, or
// nothing does. Callers that explain a failure in their own words (an import naming
// warehouse.memoryLimit, a publish saying nothing was committed) wrap the error this rethrows.
import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * BEGIN, run `work`, COMMIT; when work or the COMMIT fails, ROLLBACK and rethrow that first error.
 * The ROLLBACK is best effort: after a failed COMMIT DuckDB has already rolled back and answers "no
 * transaction is active", and an error of the ROLLBACK must never stand in for the one that explains.
 */
export async function withTransaction<T>(db: Pick<DuckDBConnection, 'run'>, work: () => Promise<T>): Promise<T> {
  await db.run('BEGIN TRANSACTION');
  try {
    const value = await work();
    await db.run('COMMIT');
    return value;
  } catch (error) {
    await db.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
