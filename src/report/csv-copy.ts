// A report's CSV written by DuckDB (`COPY ... TO`), byte for byte the file csv-writer.ts writes: the same
// cells (safe text, the formula guard, masked documents, each dialect's money, dates, instants and
// booleans), the same quoting (a field is quoted when it holds the delimiter, a quote, CR or LF), CRLF
// line ends and, in `br`, the UTF-8 BOM. A busy night's CSV is tens of thousands of rows: DuckDB
// formats and writes them in its own threads instead of passing every cell through JavaScript.
// test/report/csv-copy.test.ts (hostile cells) and csv-copy-sandbox.test.ts (a sandbox night) hold
// the two writers equal byte for byte.
//
// Each rule below mirrors one of cells.ts / csv-writer.ts / shared/display-text.ts; change them together.
import { closeSync, fchmodSync, mkdtempSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { ReportPart } from '../shared/locale/error-params-run.ts';
import { runWithParams, sqlIdentifier, sqlLiteral } from '../warehouse/sql.ts';
import { neutraliseFormula } from './cells.ts';
import { csvHeaderOf } from './csv-writer.ts';
import type { QueryParams } from './query-rows.ts';
import type { Messages } from '../shared/locale/index.ts';
import type { ColumnSpec, CsvDialect } from './types.ts';

/** safeText(text, 'file'): bidi formatting, then controls other than tab, CR and LF, removed. */
const BIDI_FORMATTING = '[\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]';
const CONTROLS_BUT_TAB_AND_BREAKS = '[\\x{00}-\\x{08}\\x{0B}\\x{0C}\\x{0E}-\\x{1F}\\x{7F}-\\x{9F}]';
/** cells.ts FORMULA_START, in RE2, as a group: the guard is a `'` put before what it matched. */
const FORMULA_START = '^((?:[\\t\\r\\n]|[ \\t\\r\\n\\x{00}]*[=+\\-@\\x{FF1D}\\x{FF0B}\\x{FF0D}\\x{FF20}]))';

export interface CsvCopyOptions {
  dialect: CsvDialect;
  maskDocuments: boolean;
  /** The zone `br` writes instants in. */
  timezone: string;
  /** The copy for people (`<name>.br.csv`, csv-writer.ts): the workbook's headers and yes/no words. */
  people?: Messages | undefined;
}

/**
 * Whether COPY can write the copy for people of these columns: none shows a value in the locale's words
 * (a label, a reason, a rate as "3,49 %"), which only the streaming writer renders.
 */
export function copiesForPeople(columns: readonly ColumnSpec[]): boolean {
  return columns.every((column) => column.display === undefined && column.type !== 'rate');
}

/** cells.ts maskDocument: a CPF as `***.456.789-**`, a CNPJ as `**.345.678/0001-**`, anything else `***`. */
function maskedSql(v: string): string {
  const d = `regexp_replace(${v}, '[^0-9]', '', 'g')`;
  return `CASE WHEN length(${d}) = 11 THEN '***.' || ${d}[4:6] || '.' || ${d}[7:9] || '-**'
    WHEN length(${d}) = 14 THEN '**.' || ${d}[3:5] || '.' || ${d}[6:8] || '/' || ${d}[9:12] || '-**'
    WHEN ${v} IS NULL OR ${v} = '' THEN '' ELSE '***' END`;
}

/** csv-writer.ts reportText: masked when a document, then safe text and the formula guard. */
function textSql(v: string, column: ColumnSpec, maskDocuments: boolean): string {
  const text = column.mask === 'document' && maskDocuments ? maskedSql(`CAST(${v} AS VARCHAR)`) : `CAST(${v} AS VARCHAR)`;
  const safe = `regexp_replace(regexp_replace(${text}, '${BIDI_FORMATTING}', '', 'g'), '${CONTROLS_BUT_TAB_AND_BREAKS}', '', 'g')`;
  return `regexp_replace(${safe}, '${FORMULA_START}', '''\\1')`;
}

/** csv-writer.ts csvFieldOf as SQL; NULL for an empty field (DuckDB quotes an empty string, never a NULL). */
function fieldSql(column: ColumnSpec, options: CsvCopyOptions): string {
  const v = `q.${sqlIdentifier(column.key)}`;
  const br = options.dialect === 'br';
  let field: string;
  switch (column.type) {
    case 'cents':
      field = br
        ? `CASE WHEN ${v} < 0 THEN '-' ELSE '' END || CAST(abs(CAST(${v} AS HUGEINT)) // 100 AS VARCHAR) || ',' || lpad(CAST(abs(CAST(${v} AS HUGEINT)) % 100 AS VARCHAR), 2, '0')`
        : `CAST(CAST(${v} AS HUGEINT) AS VARCHAR)`;
      break;
    case 'integer':
    case 'rate':
      // A rate is its integer (hundredths of a percent) in a machine CSV, as the streaming writer writes it.
      field = `CAST(CAST(${v} AS HUGEINT) AS VARCHAR)`;
      break;
    case 'boolean': {
      const [yes, no] = options.people ? [options.people.fmt.boolean(true), options.people.fmt.boolean(false)] : br ? ['sim', 'não'] : ['true', 'false'];
      // A NULL stays an empty field, as the streaming writer leaves it.
      field = `CASE WHEN ${v} THEN ${sqlLiteral(yes)} WHEN NOT ${v} THEN ${sqlLiteral(no)} END`;
      break;
    }
    case 'date':
      field = `strftime(CAST(${v} AS DATE), '${br ? '%d/%m/%Y' : '%Y-%m-%d'}')`;
      break;
    case 'instant':
      field = br
        ? `strftime(timezone(${sqlLiteral(options.timezone)}, ${v}), '%d/%m/%Y %H:%M:%S')`
        : `strftime(timezone('UTC', ${v}), '%Y-%m-%dT%H:%M:%S.%gZ')`;
      break;
    case 'text':
      field = textSql(v, column, options.maskDocuments);
      break;
  }
  return `NULLIF(${field}, '')`;
}

/**
 * The COPY of `sql`'s rows as the CSV of `columns`: the header is the column names (the `br` BOM is
 * part of the first), and every field is text already, so DuckDB only quotes and joins.
 */
function csvCopySql(sql: string, columns: readonly ColumnSpec[], options: CsvCopyOptions, path: string): string {
  const select = columns.map((column, i) => {
    const header = neutraliseFormula(csvHeaderOf(column, options.dialect, options.people));
    return `${fieldSql(column, options)} AS ${sqlIdentifier((i === 0 && options.dialect === 'br' ? '\uFEFF' : '') + header)}`;
  });
  const delimiter = options.dialect === 'br' ? ';' : ',';
  return `COPY (SELECT ${select.join(',\n  ')}\nFROM (${sql}) AS q) TO ${sqlLiteral(path)}
  (FORMAT csv, HEADER true, DELIMITER '${delimiter}', QUOTE '"', ESCAPE '"', NEW_LINE '\r\n')`;
}

type Db = Pick<DuckDBConnection, 'prepare' | 'runAndReadAll'>;

/**
 * Writes the CSV at `path` (a report's `.partial` name) with DuckDB and returns its rows. DuckDB creates
 * the file in a folder of its own that only this user can enter, where no link can be planted; it gets
 * its mode through its descriptor, then takes its name by rename, which replaces a planted entry.
 */
export async function copyCsv(
  db: Db,
  request: { sql: string; params: QueryParams; columns: readonly ColumnSpec[]; options: CsvCopyOptions; path: string; mode: number; label: ReportPart },
): Promise<number> {
  const folder = mkdtempSync(`${request.path}.copy-`);
  try {
    const inside = join(folder, 'rows.csv');
    let rows: number;
    try {
      const result = await runWithParams(db, csvCopySql(request.sql, request.columns, request.options, inside), request.params);
      rows = Number((await result.getRows())[0]?.[0] ?? 0);
    } catch (cause) {
      throw new ReconError('report', { id: 'queryFailed', part: request.label, step: 'csv', said: (cause as Error).message }, { cause });
    }
    const fd = openSync(inside, 'r');
    try {
      fchmodSync(fd, request.mode);
    } finally {
      closeSync(fd);
    }
    renameSync(inside, request.path);
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
