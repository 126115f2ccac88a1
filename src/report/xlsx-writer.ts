// Workbooks for people, written with exceljs's streaming writer: rows are committed as they arrive, so
// sheet size is bounded by disk, not memory. Amounts are numbers in R$, instants are local wall-clock
// dates, the header is frozen and filterable, totals are values: no cell is ever a formula.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { ReconError } from '../shared/errors.ts';
import { capExcelText, excelDateFromDateText, excelDateFromInstant, neutraliseFormula, reaisNumberFromCents } from './cells.ts';
import { reportText } from './csv-writer.ts';
import type { CellValue, ColumnSpec, ColumnType } from './types.ts';

const BRL_FORMAT = '"R$ "#,##0.00';
const INSTANT_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DATE_FORMAT = 'yyyy-mm-dd';

const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 18, cents: 15, integer: 10, instant: 20, date: 12, boolean: 10 };
const FORMAT_OF: Partial<Record<ColumnType, string>> = { cents: BRL_FORMAT, instant: INSTANT_FORMAT, date: DATE_FORMAT };

type ExcelValue = string | number | boolean | Date | null;

export interface CellOptions {
  timezone: string;
  maskDocuments: boolean;
}

/** A note under the table: text, or an instant shown in local time. */
export interface SheetNote {
  label: string;
  text?: string | null;
  instantMs?: number | null;
}

function excelValueOf(value: CellValue, column: ColumnSpec, options: CellOptions): ExcelValue {
  if (value === null) return null;
  switch (column.type) {
    case 'cents':
      return reaisNumberFromCents(value as bigint);
    case 'integer':
      return safeNumber(value as bigint, column.key);
    case 'instant':
      return excelDateFromInstant(value as number, options.timezone);
    case 'date':
      return excelDateFromDateText(value as string);
    case 'boolean':
      return value as boolean;
    case 'text':
      return capExcelText(reportText(String(value), column, options.maskDocuments));
  }
}

/** Any other text of a sheet (headers, note labels and values): the formula rule, then Excel's cap. */
function sheetText(text: string): string {
  return capExcelText(neutraliseFormula(text));
}

/** Excel forbids `[]:*?/\` in sheet names and cuts them at 31 characters. */
function sheetNameOf(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
}

/** One open workbook file; `commit()` finishes it, `abort()` (in `finally`) releases it after a failure. */
export class XlsxFileWriter {
  readonly #stream: WriteStream;
  readonly #workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  #committed = false;

  private constructor(stream: WriteStream) {
    this.#stream = stream;
    this.#workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.#workbook.creator = 'recon';
    this.#workbook.lastModifiedBy = 'recon';
  }

  static async open(path: string, mode: number): Promise<XlsxFileWriter> {
    const stream = createWriteStream(path, { mode });
    await once(stream, 'open');
    return new XlsxFileWriter(stream);
  }

  addSheet(name: string, columns: readonly ColumnSpec[], options: CellOptions & { totals?: readonly string[] }): XlsxSheetWriter {
    const sheet = this.#workbook.addWorksheet(sheetNameOf(name), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    return new XlsxSheetWriter(sheet, columns, options);
  }

  async commit(): Promise<void> {
    await this.#workbook.commit();
    this.#committed = true;
  }

  abort(): void {
    if (!this.#committed) this.#stream.destroy();
  }
}

export class XlsxSheetWriter {
  readonly #sheet: ExcelJS.Worksheet;
  readonly #columns: readonly ColumnSpec[];
  readonly #options: CellOptions & { totals?: readonly string[] };
  readonly #sums: (bigint | null)[];
  readonly #cellStyles: Partial<ExcelJS.Style>[];
  #rows = 0;

  constructor(sheet: ExcelJS.Worksheet, columns: readonly ColumnSpec[], options: CellOptions & { totals?: readonly string[] }) {
    this.#sheet = sheet;
    this.#columns = columns;
    this.#options = options;
    for (const key of options.totals ?? []) {
      const column = columns.find((c) => c.key === key);
      if (!column || (column.type !== 'cents' && column.type !== 'integer')) {
        throw new ReconError('report', `sheet ${sheet.name}: totals key "${key}" must name a cents or integer column`);
      }
    }
    this.#sums = columns.map((c) => (options.totals?.includes(c.key) ? 0n : null));
    // Formats live on the columns: every cell of a column inherits its style without a per-cell lookup.
    sheet.columns = columns.map((c) => {
      const numFmt = FORMAT_OF[c.type];
      return { key: c.key, width: c.width ?? Math.max(DEFAULT_WIDTH[c.type], c.header.length + 3), ...(numFmt ? { style: { numFmt } } : {}) };
    });
    // exceljs gives each new cell its own copy of the column's style and renders that copy as XML to find
    // its style id, once per cell (more than half of the time a row took); its cache of ids is keyed by
    // the style object, so data cells share one object per column instead. The ids are the same: a
    // column's cells all have its numFmt, or none and a type (text, number, boolean, empty) whose style
    // XML is the same. The totals and header rows keep their own styles (they set a font).
    this.#cellStyles = columns.map((c) => {
      const numFmt = FORMAT_OF[c.type];
      return numFmt ? { numFmt } : {};
    });
    const header = sheet.addRow(columns.map((c) => sheetText(c.header)));
    header.font = { bold: true };
    header.commit();
  }

  get rowCount(): number {
    return this.#rows;
  }

  writeRows(rows: readonly CellValue[][]): void {
    for (const values of rows) {
      const row = this.#sheet.addRow(this.#columns.map((column, i) => excelValueOf(values[i] ?? null, column, this.#options)));
      this.#cellStyles.forEach((style, i) => {
        row.getCell(i + 1).style = style;
      });
      this.#sums.forEach((sum, i) => {
        if (sum !== null) this.#sums[i] = sum + ((values[i] as bigint | null) ?? 0n);
      });
      row.commit();
      this.#rows += 1;
    }
  }

  /**
   * exceljs's streaming writer ignores backpressure: committed rows pile up as uncompressed XML in the
   * zip's input buffer when rows come faster than zlib takes them. Waiting here after each chunk keeps
   * memory flat whatever the sheet's size. (Reads exceljs 4.4 internals; without them it does nothing.)
   */
  async drain(maxBufferedBytes = 4 * 1024 * 1024): Promise<void> {
    const pipes = (this.#sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes ?? [];
    for (const pipe of pipes) {
      const state = (pipe as { _writableState?: { length?: number } })._writableState;
      for (let waited = 0; (state?.length ?? 0) > maxBufferedBytes && waited < 120_000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }

  /** Writes the totals row and notes, sets the autofilter over header and data, and commits the sheet. */
  finish(notes: readonly SheetNote[] = []): void {
    const width = this.#columns.length;
    this.#sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.#rows + 1, column: Math.max(width, 1) } };
    if (this.#sums.some((s) => s !== null)) {
      const labelAt = this.#sums.indexOf(null);
      const row = this.#sheet.addRow(
        this.#columns.map((column, i) => {
          const sum = this.#sums[i];
          if (sum !== null && sum !== undefined) return column.type === 'cents' ? reaisNumberFromCents(sum) : safeNumber(sum, column.key);
          return i === labelAt ? 'Total' : null;
        }),
      );
      this.#columns.forEach((column, i) => {
        if (column.type === 'cents') row.getCell(i + 1).numFmt = BRL_FORMAT;
      });
      row.font = { bold: true };
      row.commit();
    }
    if (notes.length > 0) this.#sheet.addRow([]).commit();
    for (const note of notes) {
      const value =
        note.instantMs !== null && note.instantMs !== undefined ? excelDateFromInstant(note.instantMs, this.#options.timezone) : sheetText(note.text ?? '');
      const row = this.#sheet.addRow([sheetText(note.label), value]);
      row.getCell(1).font = { bold: true };
      if (value instanceof Date) row.getCell(2).numFmt = INSTANT_FORMAT;
      row.commit();
    }
    this.#sheet.commit();
  }
}

function safeNumber(value: bigint, key: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ReconError('report', `column "${key}": ${value} does not fit a spreadsheet number exactly`);
  }
  return Number(value);
}
