// Renders ad hoc query results (`recon sql`) as an aligned table, CSV or JSON. Values are printed from
// DuckDB's exact representation: BIGINT, HUGEINT and DECIMAL never pass through a float. Text goes out
// by the one rule of src/shared/display-text.ts, as `recon findings list` writes it: the table shows
// controls escaped, the CSV drops them (and bidi overrides), the JSON escapes them losslessly.
import { DuckDBDecimalValue, type DuckDBResult, type DuckDBValue } from '@duckdb/node-api';
import { safeText } from '../shared/display-text.ts';
import { csvLineOf } from './csv-writer.ts';
import { safeCellText } from './cells.ts';

export type SqlFormat = 'table' | 'csv' | 'json';
export const SQL_FORMATS: readonly SqlFormat[] = ['table', 'csv', 'json'];

/** Rows a table shows before it stops and suggests CSV: the aligned layout needs every row in memory. */
const TABLE_ROW_LIMIT = 10_000;

/** Exact text of a value; null stays null. */
function textOfValue(value: DuckDBValue): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  return String(value);
}

/** A JSON literal of a value, with integers and decimals written as exact number text. */
function jsonOfValue(value: DuckDBValue): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'bigint' || value instanceof DuckDBDecimalValue) return value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  return safeText(JSON.stringify(typeof value === 'string' ? value : String(value)), 'json');
}

function isNumeric(value: DuckDBValue): boolean {
  return typeof value === 'bigint' || typeof value === 'number' || value instanceof DuckDBDecimalValue;
}

/** Writes text, waiting when the stream asks to (a pipe into `head` or a slow terminal). */
export type Write = (text: string) => Promise<void>;

export async function writeResult(result: DuckDBResult, format: SqlFormat, write: Write): Promise<number> {
  const names = result.columnNames();
  if (format === 'csv') return writeCsv(result, names, write);
  if (format === 'json') return writeJson(result, names, write);
  return writeTable(result, names, write);
}

async function writeCsv(result: DuckDBResult, names: string[], write: Write): Promise<number> {
  let count = 0;
  // The CSV may be opened in a spreadsheet: a column name is as hostile as a value (`SELECT 1 AS "=cmd"`).
  await write(csvLineOf(names.map(safeCellText), ','));
  for await (const rows of result.yieldRows()) {
    await write(rows.map((row) => csvLineOf(row.map(csvFieldOfValue), ',')).join(''));
    count += rows.length;
  }
  return count;
}

/** Numbers print as they are (a negative one is a number); any other text goes through the formula rule. */
function csvFieldOfValue(value: DuckDBValue): string {
  const text = textOfValue(value) ?? '';
  return isNumeric(value) ? text : safeCellText(text);
}

async function writeJson(result: DuckDBResult, names: string[], write: Write): Promise<number> {
  const keys = names.map((n) => safeText(JSON.stringify(n), 'json'));
  let count = 0;
  await write('[');
  for await (const rows of result.yieldRows()) {
    let text = '';
    for (const row of rows) {
      text += `${count === 0 ? '\n' : ',\n'}{${row.map((v, i) => `${keys[i]}:${jsonOfValue(v)}`).join(',')}}`;
      count += 1;
    }
    await write(text);
  }
  await write(count === 0 ? ']\n' : '\n]\n');
  return count;
}

async function writeTable(result: DuckDBResult, names: string[], write: Write): Promise<number> {
  const cells: string[][] = [];
  const numeric = names.map(() => false);
  let total = 0;
  for await (const rows of result.yieldRows()) {
    for (const row of rows) {
      total += 1;
      if (cells.length >= TABLE_ROW_LIMIT) continue;
      row.forEach((v, i) => {
        if (isNumeric(v)) numeric[i] = true;
      });
      cells.push(row.map((v) => printable(textOfValue(v) ?? 'NULL')));
    }
  }
  const heads = names.map(printable);
  const widths = heads.map((name, i) => Math.max(name.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (values: string[]) =>
    `${values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join(' | ')
      .trimEnd()}\n`;
  let text = `${line(heads) + widths.map((w) => '-'.repeat(w)).join('-+-')}\n`;
  for (const row of cells) text += line(row);
  const shown = cells.length;
  text += `(${total} row${total === 1 ? '' : 's'}${shown < total ? `; showing the first ${shown}: use --format csv for all` : ''})\n`;
  await write(text);
  return total;
}

/** Control characters would break the alignment (and could move the cursor): shown escaped, bidi overrides removed. */
function printable(text: string): string {
  return safeText(text, 'line');
}
