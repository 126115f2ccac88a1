// Reads a Parquet order export with DuckDB's read_parquet. Values are normalised in SQL so the same row
// rules apply as for text exports: DECIMAL becomes exact decimal text (a DecimalCell, never a double),
// DOUBLE, FLOAT and integers become JS numbers (amounts then go through the money module's rule for
// binary numbers), TIMESTAMP becomes ISO text read as wall clock in the business zone,
// TIMESTAMPTZ becomes ISO text in UTC. line = the row's 1-based position in the file (Parquet has no
// header line). Rows are paged out of a temp table so the caller's appender may run in between.
import type { DuckDBConnection } from '@duckdb/node-api';
import { statSync } from 'node:fs';
import { ReconError } from '../shared/errors.ts';
import { DecimalCell } from './amount-cells.ts';
import type { Cell } from './order-rules.ts';
import { sha256OfFile, type TableReadResult, type TableSink } from './table-sink.ts';

const PAGE_ROWS = 50_000;

export async function readParquetTable(db: DuckDBConnection, file: string, sink: TableSink): Promise<TableReadResult> {
  let columns: { name: string; type: string }[];
  try {
    const described = await db.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($1)', [file]);
    columns = described.getRowObjectsJS().map((row) => ({ name: String(row['column_name']), type: String(row['column_type']) }));
  } catch (cause) {
    throw new ReconError('input', `${file}: not a readable Parquet file (${(cause as Error).message})`, { cause });
  }
  const select = columns.map((c) => `${normalised(c)} AS ${quoteIdent(c.name)}`).join(', ');
  const decimalAt = columns.flatMap((c, i) => (isDecimal(c.type) ? [i] : []));
  try {
    await db.run(
      `CREATE OR REPLACE TEMP TABLE import_parquet AS SELECT file_row_number + 1 AS __line, ${select} FROM read_parquet($1, file_row_number = true)`,
      [file],
    );
    sink.header(
      columns.map((c) => c.name),
      0,
    );
    let records = 0;
    for (let from = 1; ; from += PAGE_ROWS) {
      const page = await db.runAndReadAll('SELECT * FROM import_parquet WHERE __line >= $1 AND __line < $2 ORDER BY __line', [from, from + PAGE_ROWS]);
      const rows = page.getRowsJS();
      if (rows.length === 0) break;
      for (const row of rows) {
        records++;
        const cells = row.slice(1) as Cell[];
        for (const i of decimalAt) {
          const text = cells[i];
          if (typeof text === 'string') cells[i] = new DecimalCell(text);
        }
        sink.row(cells, Number(row[0]));
      }
    }
    return { sha256: await sha256OfFile(file), bytes: statSync(file).size, records };
  } finally {
    await db.run('DROP TABLE IF EXISTS temp.main.import_parquet').catch(() => undefined);
  }
}

function normalised(column: { name: string; type: string }): string {
  const id = quoteIdent(column.name);
  const type = column.type.toUpperCase();
  if (type === 'TIMESTAMP WITH TIME ZONE') return `strftime(timezone('UTC', ${id}), '%Y-%m-%dT%H:%M:%S.%g') || 'Z'`;
  if (type.startsWith('TIMESTAMP')) return `strftime(${id}::TIMESTAMP, '%Y-%m-%dT%H:%M:%S.%g')`;
  if (type === 'DATE') return `strftime(${id}, '%Y-%m-%d')`;
  // A DECIMAL as a double would lose its exactness: its text ("150.90") is read as the exact amount.
  if (isDecimal(type)) return `${id}::VARCHAR`;
  // A FLOAT holds 89.7 as 89.69999694824219, further from the cent than the tolerance for doubles; its
  // shortest text ("89.7", the value the writer meant) read as a double is the nearest double instead.
  if (/^(FLOAT|REAL)$/.test(type)) return `${id}::VARCHAR::DOUBLE`;
  if (/^(DOUBLE|TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT)/.test(type)) return `${id}::DOUBLE`;
  if (type === 'VARCHAR') return id;
  return `${id}::VARCHAR`;
}

function isDecimal(type: string): boolean {
  return /^(DECIMAL|NUMERIC)/i.test(type);
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
