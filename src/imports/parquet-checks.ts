// What a Parquet export is checked for before a single row is materialised: its footer (row count and
// the bytes its column chunks decompress to), the types of the mapped columns (an amount that is a
// STRUCT or a LIST cannot become cents), and the bytes of text the mapped columns hold once read —
// summed by DuckDB as it streams, so a dictionary page that repeats one 8 MB string a million times is
// refused without ever being expanded. The SQL that reads the rows keeps any text over the cell limit out
// as its length and first characters.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { sqlIdentifier } from '../warehouse/sql.ts';
import { LONG_TEXT_HEAD } from './cell-text.ts';
import { decompressedBudget, decompressedLimitError, rowLimitError, type OrdersLimits } from './limits.ts';

export interface ParquetColumn {
  name: string;
  type: string;
}

export async function describeParquet(db: DuckDBConnection, file: string): Promise<ParquetColumn[]> {
  return readingParquet(file, async () => {
    const described = await db.runAndReadAll('DESCRIBE SELECT * FROM read_parquet($file)', { file });
    return described.getRowObjectsJS().map((row) => ({ name: String(row['column_name']), type: String(row['column_type']) }));
  });
}

/** The footer's row count and decompressed size against orders.limits, before anything is read. */
export async function checkParquetFooter(db: DuckDBConnection, file: string, fileBytes: number, limits: OrdersLimits): Promise<void> {
  const [footer] = await readingParquet(file, async () => {
    const reader = await db.runAndReadAll(
      `SELECT (SELECT sum(num_rows) FROM parquet_file_metadata($file))::BIGINT AS num_rows,
              (SELECT coalesce(sum(total_uncompressed_size), 0) FROM parquet_metadata($file))::BIGINT AS uncompressed`,
      { file },
    );
    return reader.getRowObjectsJS();
  });
  const rows = Number(footer?.['num_rows'] ?? 0);
  if (rows > limits.maxRows) throw rowLimitError(file, limits, rows);
  const budget = decompressedBudget(limits, fileBytes);
  const uncompressed = Number(footer?.['uncompressed'] ?? 0);
  if (uncompressed > budget.bytes) throw decompressedLimitError(file, { counted: 'parquetFooter' }, uncompressed, budget);
}

/** Bytes of text the mapped text columns hold once read, summed as DuckDB streams the file. */
export async function checkParquetText(db: DuckDBConnection, file: string, fileBytes: number, columns: ParquetColumn[], limits: OrdersLimits): Promise<void> {
  const texts = columns.filter((c) => isText(c.type));
  if (texts.length === 0) return;
  const bytesOf = (c: ParquetColumn) => (/^BLOB$/i.test(c.type) ? `octet_length(${sqlIdentifier(c.name)})` : `strlen(${sqlIdentifier(c.name)})`);
  const sum = texts.map((c) => `coalesce(sum(${bytesOf(c)}), 0)`).join(' + ');
  const [total] = await readingParquet(file, async () =>
    (await db.runAndReadAll(`SELECT (${sum})::BIGINT AS bytes FROM read_parquet($file)`, { file })).getRowObjectsJS(),
  );
  const budget = decompressedBudget(limits, fileBytes);
  const bytes = Number(total?.['bytes'] ?? 0);
  if (bytes > budget.bytes) throw decompressedLimitError(file, { counted: 'parquetTexts', columns: texts.map((c) => c.name) }, bytes, budget);
}

/** A mapped column whose type no order field can come from (STRUCT, LIST, MAP, UNION, ARRAY) refuses the file. */
export function checkParquetTypes(file: string, columns: ParquetColumn[], fieldAt: ReadonlyMap<number, string>): void {
  for (const [at, field] of fieldAt) {
    const column = columns[at];
    if (column === undefined || !isNested(column.type)) continue;
    const type = column.type.length > 120 ? `${column.type.slice(0, 120)}…` : column.type;
    throw new ReconError(
      'input',
      { id: 'parquetColumnType', file, column: column.name, field, type },
      { details: { file, column: column.name, field, type: column.type } },
    );
  }
}

/** The SELECT list of one column: normalised as the row rules expect, over-long text cut to its head. */
export function selectOf(column: ParquetColumn, used: boolean, maxText: number): { value: string; length: string | undefined } {
  if (!used) return { value: 'NULL', length: undefined };
  const value = normalised(column);
  if (!isText(column.type) && !needsCast(column.type)) return { value, length: undefined };
  const tooLong = `length(${value}) > ${maxText}`;
  return { value: `CASE WHEN ${tooLong} THEN left(${value}, ${LONG_TEXT_HEAD}) ELSE ${value} END`, length: `CASE WHEN ${tooLong} THEN length(${value}) END` };
}

function normalised(column: ParquetColumn): string {
  const id = sqlIdentifier(column.name);
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

/** Types read as they are stored: strings and bytes, whose length is the file's to choose. */
function isText(type: string): boolean {
  return /^(VARCHAR|BLOB)$/i.test(type);
}

/** Types cast to text that are not short by construction (ENUM, UUID, JSON, BIT...). */
function needsCast(type: string): boolean {
  return !/^(TIMESTAMP|DATE|DECIMAL|NUMERIC|FLOAT|REAL|DOUBLE|TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|BOOLEAN|TIME)/i.test(
    type,
  );
}

function isNested(type: string): boolean {
  return /^(STRUCT|MAP|UNION)\s*\(/i.test(type) || /\]$/.test(type.trim());
}

export function isDecimal(type: string): boolean {
  return /^(DECIMAL|NUMERIC)/i.test(type);
}

/** DuckDB's errors on a file it cannot read become input errors (exit 2) naming the file. */
export async function readingParquet<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', { id: 'parquetUnreadable', file, said: (cause as Error).message.split('\n')[0] ?? '' }, { cause });
  }
}
