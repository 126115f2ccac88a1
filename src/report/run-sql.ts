// Runs ad hoc SQL on a sealed, read-only warehouse connection, statement by statement, and prints each
// result. A statement that would change the warehouse, touch another file, load an extension or change
// a setting fails with a sentence saying why, not DuckDB's jargon. Each statement is bounded: in time
// (sql.timeoutSeconds: DuckDB has no statement timeout, so a timer interrupts the connection), in spill
// (sql.maxSpill, DuckDB's max_temp_directory_size), and it lets go of the warehouse as soon as a night
// waits for it (warehouse/wanted.ts): a query never makes a night fail "in use".
import type { DuckDBConnection } from '@duckdb/node-api';
import { bytesOfSize, type SqlConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import { isOutOfMemory } from '../warehouse/memory-limit.ts';
import { openWarehouse } from '../warehouse/open.ts';
import { spillBytesOf } from '../warehouse/temp-dir.ts';
import { isWanted } from '../warehouse/wanted.ts';
import { refusalError, refusalOfError, refusalOfKind } from './sql-refusals.ts';
import { writeResult, type SqlFormat, type Write } from './sql-output.ts';

/** How often a running statement looks at its clock and for a waiting night. */
const WATCH_MS = 100;

type Stop = 'timeout' | 'night' | 'spill';

/**
 * Opens the warehouse for this SQL only and closes it right after: a prompt that sits idle holds no
 * lock, so a nightly run started meanwhile gets the file.
 */
export async function runSqlOnWarehouse(
  path: string,
  resources: WarehouseResources,
  sql: string,
  format: SqlFormat,
  write: Write,
  bounds: SqlConfig = { timeoutSeconds: 60, maxSpill: '1GB' },
): Promise<void> {
  if (isWanted(path)) throw nightError();
  const warehouse = await openWarehouse(path, { readOnly: true, sealed: true, resources, maxSpill: bounds.maxSpill });
  const started = Date.now();
  const maxSpillBytes = bytesOfSize(bounds.maxSpill);
  let stopped: Stop | undefined;
  const watch = setInterval(() => {
    if (stopped !== undefined) return;
    if (Date.now() - started >= bounds.timeoutSeconds * 1000) stopped = 'timeout';
    else if (isWanted(path)) stopped = 'night';
    else if (warehouse.spillDir !== undefined && spillBytesOf(warehouse.spillDir) > maxSpillBytes) stopped = 'spill';
    if (stopped !== undefined) warehouse.connection.interrupt();
  }, WATCH_MS);
  try {
    await runSql(warehouse.connection, sql, format, write);
  } catch (error) {
    if (stopped === 'timeout') throw new ReconError('usage', { id: 'sqlTimeout', seconds: bounds.timeoutSeconds }, { cause: error });
    if (stopped === 'night') throw nightError(error);
    if (stopped === 'spill' || (isOutOfMemory(error) && /max_temp_directory_size/.test((error as Error).message))) throw spillError(bounds.maxSpill, error);
    throw error;
  } finally {
    clearInterval(watch);
    warehouse.close();
  }
}

function nightError(cause?: unknown): ReconError {
  return new ReconError('locked', { id: 'sqlNightFirst' }, cause === undefined ? undefined : { cause });
}

function spillError(maxSpill: string, cause: unknown): ReconError {
  return new ReconError('usage', { id: 'sqlSpill', maxSpill }, { cause });
}

async function runSql(db: Pick<DuckDBConnection, 'extractStatements'>, sql: string, format: SqlFormat, write: Write): Promise<void> {
  let extracted;
  try {
    extracted = await db.extractStatements(sql);
  } catch (cause) {
    throw sqlError(cause);
  }
  if (extracted.count === 0) throw new ReconError('usage', { id: 'sqlEmpty' });
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
  return new ReconError('usage', { id: 'sqlFailed', said: message }, { cause });
}
