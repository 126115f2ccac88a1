// Reads a Parquet order export with DuckDB's read_parquet, after parquet-checks.ts has checked its footer,
// the types of the mapped columns and the bytes of their text. Values are normalised in SQL so the same
// row rules apply as for text exports: DECIMAL becomes exact decimal text (a DecimalCell, never a double),
// DOUBLE, FLOAT and integers become JS numbers (amounts then go through the money module's rule for
// binary numbers), TIMESTAMP becomes ISO text read as wall clock in the business zone, TIMESTAMPTZ becomes
// ISO text in UTC; text over the cell limit arrives as a LongTextCell. Only the mapped columns are read.
// line = the row's 1-based position in the file (Parquet has no header line). Rows are paged out of a temp
// table, written under DuckDB's memory cap (warehouse.memoryLimit), so the caller's appender may run in
// between.
import type { DuckDBConnection } from '@duckdb/node-api';
import { statSync } from 'node:fs';
import { ReconError } from '../shared/errors.ts';
import { isOutOfMemory } from '../warehouse/memory-limit.ts';
import { DecimalCell } from './amount-cells.ts';
import { LongTextCell, type Cell } from './cell-text.ts';
import { checkParquetFooter, checkParquetText, checkParquetTypes, describeParquet, isDecimal, readingParquet, selectOf } from './parquet-checks.ts';
import { sha256OfFile, type ReadOptions, type TableReadResult, type TableSink } from './table-sink.ts';

/** Rows per page, and the JS memory a page may take at most (its longest row decides). */
const PAGE_ROWS = 2_048;
const PAGE_BYTES = 16 * 1024 * 1024;

export interface ParquetReadOptions extends ReadOptions {
  /** warehouse.memoryLimit, which the import holds DuckDB to: named when the file needs more. */
  memoryLimit: string;
}

export async function readParquetTable(db: DuckDBConnection, file: string, options: ParquetReadOptions, sink: TableSink): Promise<TableReadResult> {
  const { limits } = options;
  const fileBytes = statSync(file).size;
  const columns = await describeParquet(db, file);
  await checkParquetFooter(db, file, fileBytes, limits);
  const fieldAt = sink.header(
    columns.map((c) => c.name),
    0,
  );
  checkParquetTypes(file, columns, fieldAt);
  const maxText = Math.max(limits.maxTextLength, limits.maxIdLength);
  const selects = columns.map((c, i) => selectOf(c, fieldAt.has(i), maxText));
  const lengthAt = selects.flatMap((s, i) => (s.length === undefined ? [] : [i]));
  const select = [...selects.map((s, i) => `${s.value} AS c${i}`), ...lengthAt.map((i) => `${selects[i]?.length} AS l${i}`)].join(', ');
  const decimalAt = columns.flatMap((c, i) => (isDecimal(c.type) && fieldAt.has(i) ? [i] : []));
  // importOrders holds DuckDB to warehouse.memoryLimit for the whole import; past it, this is the file's fault.
  await checkParquetText(
    db,
    file,
    fileBytes,
    columns.filter((_, i) => fieldAt.has(i)),
    limits,
  );
  await underMemoryCap(file, options.memoryLimit, () =>
    db.run(`CREATE OR REPLACE TEMP TABLE import_parquet AS SELECT file_row_number + 1 AS __line, ${select} FROM read_parquet($file, file_row_number = true)`, {
      file,
    }),
  );
  try {
    const pageRows = await pageRowsFor(db, selects.length);
    let records = 0;
    for (let from = 1; ; from += pageRows) {
      const page = await db.runAndReadAll('SELECT * FROM import_parquet WHERE __line >= $from AND __line < $to ORDER BY __line', { from, to: from + pageRows });
      const rows = page.getRowsJS();
      if (rows.length === 0) break;
      for (const row of rows) {
        records++;
        const cells = row.slice(1, 1 + columns.length) as Cell[];
        for (const i of decimalAt) {
          const text = cells[i];
          if (typeof text === 'string') cells[i] = new DecimalCell(text);
        }
        lengthAt.forEach((i, k) => {
          const length = row[1 + columns.length + k];
          if (length !== null && length !== undefined) cells[i] = new LongTextCell(Number(length), String(cells[i] ?? ''));
        });
        sink.row(cells, Number(row[0]));
      }
    }
    return { sha256: await sha256OfFile(file), bytes: fileBytes, records };
  } finally {
    await db.run('DROP TABLE IF EXISTS temp.main.import_parquet').catch(() => undefined);
  }
}

/** Reading past DuckDB's memory cap is the file's fault: an input error naming the setting. */
async function underMemoryCap<T>(file: string, memoryLimit: string, work: () => Promise<T>): Promise<T> {
  try {
    return await readingParquet(file, work);
  } catch (error) {
    if (!isOutOfMemory((error as { cause?: unknown }).cause ?? error)) throw error;
    throw new ReconError('input', { id: 'parquetMemory', file, memoryLimit }, { cause: error });
  }
}

/** As many rows per page as keep a page's text under PAGE_BYTES, given the longest row staged. */
async function pageRowsFor(db: DuckDBConnection, columns: number): Promise<number> {
  if (columns === 0) return PAGE_ROWS;
  const sizes = Array.from({ length: columns }, (_, i) => `coalesce(strlen(c${i}::VARCHAR), 0)`).join(' + ');
  const reader = await db.runAndReadAll(`SELECT coalesce(max(${sizes}), 0)::BIGINT AS widest FROM import_parquet`);
  const widest = Number(reader.getRowObjectsJS()[0]?.['widest'] ?? 0);
  // A JS string may take two bytes a character, and each cell has its own overhead.
  const perRow = 2 * widest + 64 * columns;
  return Math.max(256, Math.min(PAGE_ROWS, Math.floor(PAGE_BYTES / perRow)));
}
