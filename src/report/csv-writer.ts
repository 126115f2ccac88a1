// CSV for machines and spreadsheets: RFC 4180 (UTF-8, CRLF, header, integer cents, ISO UTC instants),
// or the `br` dialect that a Portuguese spreadsheet opens as it is: `;`, reais with a decimal comma, a
// UTF-8 BOM, instants as local `dd/MM/yyyy HH:mm:ss` in the report's zone, dates as `dd/MM/yyyy` and
// booleans as `sim`/`não`. The keys and the text values are the same in both. The `.br.csv` copy a
// night writes for people under pt-BR (`people`) is the `br` dialect with the workbook's words: its
// headers, and its labels for values (categories, states, statuses, reasons, yes/no, rates as 3,49 %).
import { createWriteStream, type WriteStream } from 'node:fs';
import { openExclusiveFile } from '../shared/exclusive-file.ts';
import { once } from 'node:events';
import type { Messages } from '../shared/locale/index.ts';
import { formatPtBR } from '../shared/locale/format-pt-BR.ts';
import { isoFromMillis, maskDocument, neutraliseFormula, safeCellText } from './cells.ts';
import { displayTextOf, headerOf } from './display-values.ts';
import { keptOutCellText } from '../shared/locale/kept-out-text.ts';
import type { CellValue, ColumnSpec, CsvDialect } from './types.ts';

export interface CsvOptions {
  dialect: CsvDialect;
  maskDocuments: boolean;
  /** The zone `br` writes instants in. */
  timezone: string;
  /** The copy for people (`<name>.br.csv`): headers and values in this catalogue's words. */
  people?: Messages | undefined;
}

/** Header of a column in CSV: its key; in `br`, whose amounts are reais, `_cents` becomes `_reais`; for people, the workbook's. */
export function csvHeaderOf(column: ColumnSpec, dialect: CsvDialect, people?: Messages): string {
  if (people) return headerOf(column, people);
  return dialect === 'br' && column.type === 'cents' ? `${column.key.replace(/_cents$/, '')}_reais` : column.key;
}

/** The text of a text cell in any report format: masked when it is a document, then made safe (cells.ts). */
export function reportText(value: string, column: ColumnSpec, maskDocuments: boolean): string {
  return safeCellText(column.mask === 'document' && maskDocuments ? maskDocument(value) : value);
}

export function csvFieldOf(value: CellValue, column: ColumnSpec, options: CsvOptions): string {
  if (value === null) return '';
  const { people } = options;
  const br = options.dialect === 'br';
  switch (column.type) {
    case 'cents':
      return br ? formatPtBR.plainReais(value as bigint) : String(value);
    case 'integer':
      return String(value);
    case 'rate':
      return people ? people.fmt.rate(value as bigint) : String(value);
    case 'boolean':
      if (people) return people.fmt.boolean(value as boolean);
      return br ? (value ? 'sim' : 'não') : String(value);
    case 'date':
      return br ? formatPtBR.day(value as string) : String(value);
    case 'instant':
      return br ? formatPtBR.instantSeconds(value as number, options.timezone) : isoFromMillis(value as number);
    case 'text':
      return reportText(
        people ? displayTextOf(String(value), column.display, people, options.timezone) : machineTextOf(String(value), column),
        column,
        options.maskDocuments,
      );
  }
}

/** A text value as a machine file keeps it: as queried, but a kept-out reason as stored, without its facts. */
function machineTextOf(value: string, column: ColumnSpec): string {
  return column.display === 'keptOutReason' ? keptOutCellText(value, undefined, 'UTC') : value;
}

/** Quotes a field when it holds the delimiter, a quote, CR or LF (RFC 4180 section 2). */
export function quoteCsvField(field: string, delimiter: string): string {
  return field.includes(delimiter) || /["\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

export function csvLineOf(fields: readonly string[], delimiter: string): string {
  return `${fields.map((f) => quoteCsvField(f, delimiter)).join(delimiter)}\r\n`;
}

/** A CSV file being written; `close()` must run in `finally` (it also waits for the bytes to land). */
export class CsvFileWriter {
  readonly #stream: WriteStream;
  readonly #columns: readonly ColumnSpec[];
  readonly #options: CsvOptions;
  readonly #delimiter: string;
  #rows = 0;

  private constructor(stream: WriteStream, columns: readonly ColumnSpec[], options: CsvOptions) {
    this.#stream = stream;
    this.#columns = columns;
    this.#options = options;
    this.#delimiter = options.dialect === 'br' ? ';' : ',';
  }

  static async open(path: string, columns: readonly ColumnSpec[], options: CsvOptions & { mode: number }): Promise<CsvFileWriter> {
    // Created by recon itself, never through a link planted under its name (shared/exclusive-file.ts).
    const stream = createWriteStream(path, { fd: openExclusiveFile(path, options.mode) });
    const writer = new CsvFileWriter(stream, columns, options);
    const header = columns.map((c) => neutraliseFormula(csvHeaderOf(c, options.dialect, options.people)));
    await writer.#write((options.dialect === 'br' ? '\uFEFF' : '') + csvLineOf(header, writer.#delimiter));
    return writer;
  }

  get rowCount(): number {
    return this.#rows;
  }

  async writeRows(rows: readonly CellValue[][]): Promise<void> {
    let text = '';
    for (const row of rows) {
      text += csvLineOf(
        this.#columns.map((column, i) => csvFieldOf(row[i] ?? null, column, this.#options)),
        this.#delimiter,
      );
    }
    this.#rows += rows.length;
    await this.#write(text);
  }

  async #write(text: string): Promise<void> {
    if (text !== '' && !this.#stream.write(text, 'utf8')) await once(this.#stream, 'drain');
  }

  async close(): Promise<void> {
    if (this.#stream.closed) return;
    await new Promise<void>((resolve, reject) => {
      this.#stream.once('error', reject);
      this.#stream.end(() => resolve());
    });
  }
}
