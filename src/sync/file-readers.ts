// How DuckDB reads a window file (an NDJSON file of staged rows, one per line): as JSON with an
// explicit column spec, or line by line as text, and how a POSITIONAL JOIN of the two is kept honest.
// Shared by staging, publishing, the raw files and the rows kept out.

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

/**
 * `value` once the line `r.line` is known to hold the row whose id is `j.transaction_id`: both readers
 * scan the one file in order, and a POSITIONAL JOIN pairs them; this fails the statement if a line does
 * not hold its own id. The cheap test is the id's text inside the line; an id whose JSON text differs
 * from its value (`a\/b`, `\u00e9`, `\"`) fails it, and only then is the line's own id decoded and compared.
 */
export function inStep(value: string): string {
  return `CASE WHEN strpos(r.line, j.transaction_id) > 0 THEN ${value}
      WHEN json_extract_string(r.line, '$.transaction_id') = j.transaction_id THEN ${value}
      ELSE error('raw row out of step with ' || j.transaction_id) END`;
}

/** read_json's column spec: `transaction_id: 'VARCHAR', ...` */
export function columnSpecOf(columns: Readonly<Record<string, string>>): string {
  return Object.entries(columns).map(([name, type]) => `${name}: '${type}'`).join(', ');
}
