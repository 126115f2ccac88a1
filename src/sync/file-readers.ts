// How DuckDB reads a window file (an NDJSON file of staged rows, one per line): as JSON with an
// explicit column spec, or line by line as text, and where an operation's line holds the listed row.
// Shared by staging, the raw files and the rows kept out.
import { OPERATION_RAW_MEMBER } from './operation-rows.ts';

/**
 * The largest row a window file holds (bytes of its JSON text); page-lines.ts keeps a larger one out.
 * DuckDB's readers are told so (their defaults stop at 16 MB for a JSON object and 2 MB for a line:
 * a 1 MB text of escapes is a 6 MB line); the CSV buffer must hold the longest line.
 */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;
const READ_LIMIT = MAX_ROW_BYTES + 1024;
export const JSON_READ_OPTIONS = `format = 'newline_delimited', maximum_object_size = ${READ_LIMIT}`;
const CSV_READ_OPTIONS = `max_line_size = ${READ_LIMIT}, buffer_size = ${2 * READ_LIMIT}`;

/**
 * A window file's lines as text, one column `line`: quote/escape are off and the delimiter is a control
 * character, which JSON text never holds raw. `file` is an SQL expression (a parameter or a literal).
 */
export function linesOf(file: string): string {
  return `read_csv(${file}, columns = {'line': 'VARCHAR'}, delim = chr(1), quote = '', escape = '', header = false, auto_detect = false, ${CSV_READ_OPTIONS})`;
}

/** The JSON path of an operation's id in its line, by its kind (SQL, the row's columns under `alias`). */
export function operationIdPathSql(alias: string): string {
  return `CASE ${alias}.kind WHEN 'cash_in' THEN '$.raw.cash_in_id' ELSE '$.raw.cash_out_id' END`;
}

/**
 * The listed row's own text in an operation's line (`line`, SQL): what follows `"raw":`, to the line's
 * closing brace (operation-rows.ts writes the member first among those that can hold text).
 */
export function operationTextSql(line: string): string {
  return `array_slice(${line}, strpos(${line}, '${OPERATION_RAW_MEMBER}') + ${OPERATION_RAW_MEMBER.length}, -2)`;
}

/** read_json's column spec: `transaction_id: 'VARCHAR', ...` */
export function columnSpecOf(columns: Readonly<Record<string, string>>): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name}: '${type}'`)
    .join(', ');
}
