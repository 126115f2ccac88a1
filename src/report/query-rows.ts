// Streams a report query from DuckDB chunk by chunk (a 500,000-row sheet never sits in memory whole),
// binding the named parameters the SQL uses (warehouse/sql.ts: DuckDB rejects unused ones).
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import { bindNamedParams } from '../warehouse/sql.ts';
import { cellFromDuckValue } from './cells.ts';
import type { CellValue, ColumnSpec } from './types.ts';

export type QueryParams = Record<string, DuckDBValue>;

/** Yields chunks of rows converted per column spec; fails when the query lacks a column the spec names. */
export async function* rowChunksOf(
  db: Pick<DuckDBConnection, 'prepare'>,
  sql: string,
  params: QueryParams,
  columns: readonly ColumnSpec[],
  label: ReportPart,
): AsyncGenerator<CellValue[][]> {
  let result;
  try {
    const prepared = await db.prepare(sql);
    try {
      bindNamedParams(prepared, params);
      // The stream outlives its prepared statement (DuckDB keeps what the running query needs).
      result = await prepared.stream();
    } finally {
      prepared.destroySync();
    }
  } catch (cause) {
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'query', said: (cause as Error).message }, { cause });
  }
  const names = result.columnNames();
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) throw new ReconError('report', { id: 'queryDuplicateColumn', part: label, column: duplicate });
  const indexes = columns.map((column) => {
    const index = names.indexOf(column.key);
    if (index < 0) throw new ReconError('report', { id: 'queryMissingColumn', part: label, column: column.key, got: names });
    return index;
  });
  try {
    // Column by column, and only the columns the spec names: a sheet's query may carry others (a base's
    // long reason and facts JSON), and decoding their strings for nothing was a fifth of a big sheet's time.
    for await (const chunk of result) {
      const values = indexes.map((index) => chunk.getColumnValues(index));
      const rows: CellValue[][] = [];
      for (let r = 0; r < chunk.rowCount; r++) rows.push(columns.map((column, i) => cellFromDuckValue(values[i]?.[r] ?? null, column.type, column.key)));
      yield rows;
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('report', { id: 'queryFailed', part: label, step: 'rows', said: (cause as Error).message }, { cause });
  }
}
