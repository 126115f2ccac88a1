// Workbooks for people, written with exceljs's streaming writer. Amounts are numbers in R$, instants
// are local wall-clock dates in the locale's format, booleans are the locale's yes/no, codes are
// labels; the header is frozen, filterable and repeated on every printed page (landscape, one page
// wide); no cell is ever a formula. A sheet's rows are held back until its widths are known: every
// column is as wide as its longest value (no `###`), text wraps past its cap. A sheet longer than
// BUFFERED_ROWS starts streaming with widths made for the largest amounts (xlsx-layout.ts).
import { createWriteStream, type WriteStream } from 'node:fs';
import { openExclusiveFile } from '../shared/exclusive-file.ts';
import ExcelJS from 'exceljs';
import { ReconError } from '../shared/errors.ts';
import type { Messages } from '../shared/locale/index.ts';
import { capExcelText, excelDateFromDateText, excelDateFromInstant, fractionFromBasisPoints, reaisNumberFromCents, safeCellText } from './cells.ts';
import { reportText } from './csv-writer.ts';
import { displayTextOf, headerOf } from './display-values.ts';
import type { CellValue, ColumnSpec, ColumnType } from './types.ts';
import { BRL_FORMAT, columnWidthOf, displayLength, type ExcelValue, LINE_HEIGHT, numFmtOf, streamingFloor, TEXT_CAP, wrappedLines } from './xlsx-layout.ts';

/** Rows held back to measure a sheet before its first row is written (a night's sheets fit in it). */
const BUFFERED_ROWS = 5000;

export interface CellOptions {
  timezone: string;
  maskDocuments: boolean;
  messages: Messages;
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
    case 'rate':
      return fractionFromBasisPoints(value as bigint);
    case 'instant':
      return excelDateFromInstant(value as number, options.timezone);
    case 'date':
      return excelDateFromDateText(value as string);
    case 'boolean':
      // Text, not a boolean cell: a spreadsheet shows TRUE/FALSE (or VERDADEIRO/FALSO) otherwise.
      return value ? options.messages.yes : options.messages.no;
    case 'text':
      return capExcelText(reportText(displayTextOf(String(value), column.display, options.messages, options.timezone), column, options.maskDocuments));
  }
}

/**
 * Text wraps, and numbers and dates are right-aligned: each keeps a space on its side (an indent: some
 * spreadsheets honour only the left one) so a number never runs into the text of the next column; Sim/Não
 * sit in the middle of their column.
 */
function alignmentOf(type: ColumnType): Partial<ExcelJS.Alignment> {
  if (type === 'text') return { vertical: 'top', horizontal: 'left', indent: 1, wrapText: true };
  if (type === 'boolean') return { vertical: 'top', horizontal: 'center' };
  return { vertical: 'top', horizontal: 'right', indent: 1 };
}

/** Any other text of a sheet (headers, note labels and values): safe text and the formula rule, then Excel's cap. */
function sheetText(text: string): string {
  return capExcelText(safeCellText(text));
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
    // Created by recon itself, never through a link planted under its name (shared/exclusive-file.ts).
    const stream = createWriteStream(path, { fd: openExclusiveFile(path, mode) });
    return new XlsxFileWriter(stream);
  }

  addSheet(name: string, columns: readonly ColumnSpec[], options: CellOptions & { totals?: readonly string[] }): XlsxSheetWriter {
    const sheet = this.#workbook.addWorksheet(sheetNameOf(name), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
      // For the accountant's printer: landscape A4, every column on one page wide, the header on each page.
      pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    return new XlsxSheetWriter(sheet, columns, options);
  }

  /** A sheet that is one sentence (a report whose check is off): a wide column, the text wrapped in it. */
  addSentenceSheet(name: string, sentence: string): void {
    const sheet = this.#workbook.addWorksheet(sheetNameOf(name), {
      pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
    });
    sheet.columns = [{ width: SENTENCE_WIDTH }];
    writeSentenceRow(sheet, sentence, SENTENCE_WIDTH, 1);
    sheet.commit();
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
  readonly #longest: number[];
  /** Rows not written yet: the sheet's widths are set before its first row. Null once streaming. */
  #held: ExcelValue[][] | null = [];
  #cellStyles: Partial<ExcelJS.Style>[] = [];
  #widths: number[] = [];
  #rows = 0;

  constructor(sheet: ExcelJS.Worksheet, columns: readonly ColumnSpec[], options: CellOptions & { totals?: readonly string[] }) {
    this.#sheet = sheet;
    this.#columns = columns;
    this.#options = options;
    for (const key of options.totals ?? []) {
      const column = columns.find((c) => c.key === key);
      if (!column || (column.type !== 'cents' && column.type !== 'integer')) {
        throw new ReconError('report', { id: 'totalsKey', sheet: sheet.name, key });
      }
    }
    this.#sums = columns.map((c) => (options.totals?.includes(c.key) ? 0n : null));
    this.#longest = columns.map(() => 0);
  }

  get rowCount(): number {
    return this.#rows;
  }

  writeRows(rows: readonly CellValue[][]): void {
    for (const values of rows) {
      const cells = this.#columns.map((column, i) => excelValueOf(values[i] ?? null, column, this.#options));
      this.#sums.forEach((sum, i) => {
        if (sum !== null) this.#sums[i] = sum + ((values[i] as bigint | null) ?? 0n);
      });
      this.#rows += 1;
      if (this.#held === null) {
        this.#writeRow(cells);
        continue;
      }
      this.#measure(cells);
      this.#held.push(cells);
      if (this.#held.length >= BUFFERED_ROWS) this.#start(true);
    }
  }

  #measure(cells: readonly ExcelValue[], as?: ColumnType): void {
    cells.forEach((cell, i) => {
      const type = as ?? this.#columns[i]?.type ?? 'text';
      this.#longest[i] = Math.max(this.#longest[i] ?? 0, displayLength(cell, type, this.#options.messages.excel));
    });
  }

  /** Sets the widths and styles, writes the header and the rows held so far; `more`: rows may follow. */
  #start(more: boolean): void {
    const { messages } = this.#options;
    this.#widths = this.#columns.map((c, i) =>
      columnWidthOf(c.type, Math.max(this.#longest[i] ?? 0, more ? streamingFloor(c.type) : 0), headerOf(c, messages), c.width),
    );
    this.#sheet.columns = this.#columns.map((c, i) => ({ key: c.key, width: this.#widths[i] ?? 10 }));
    // Data cells share one style object per column: exceljs keys its cache of style ids by the object,
    // so a shared object is rendered to XML once per column instead of once per cell.
    this.#cellStyles = this.#columns.map((c) => {
      const numFmt = numFmtOf(c.type, messages.excel);
      const alignment = alignmentOf(c.type);
      return numFmt ? { numFmt, alignment } : { alignment };
    });
    const headers = this.#columns.map((c) => sheetText(headerOf(c, messages)));
    const header = this.#sheet.addRow(headers);
    this.#columns.forEach((c, i) => {
      header.getCell(i + 1).style = { font: { bold: true }, alignment: { ...alignmentOf(c.type), wrapText: true } };
    });
    header.font = { bold: true };
    this.#fitHeight(header, headers, true);
    header.commit();
    const held = this.#held ?? [];
    this.#held = null;
    for (const cells of held) this.#writeRow(cells);
  }

  #writeRow(cells: ExcelValue[]): void {
    const row = this.#sheet.addRow(cells);
    this.#cellStyles.forEach((style, i) => {
      row.getCell(i + 1).style = style;
    });
    this.#fitHeight(row, cells);
    row.commit();
  }

  /** A row as tall as its most wrapped text cell (a spreadsheet keeps one line otherwise). */
  #fitHeight(row: ExcelJS.Row, cells: readonly ExcelValue[], bold = false): void {
    let lines = 1;
    cells.forEach((cell, i) => {
      if (typeof cell === 'string' && (bold || this.#columns[i]?.type === 'text')) lines = Math.max(lines, wrappedLines(cell, this.#widths[i] ?? 10, bold));
    });
    if (lines > 1) row.height = lines * LINE_HEIGHT;
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

  /**
   * Writes the totals row and notes, sets the autofilter over header and data, and commits the sheet. A
   * sheet with no rows and an `empty` sentence shows the header, then the sentence across the table's
   * width, and neither totals nor filter: a zero total under no rows reads like an answer.
   */
  finish(notes: readonly SheetNote[] = [], empty?: string): void {
    const { messages, timezone } = this.#options;
    const width = this.#columns.length;
    const sentence = this.#rows === 0 ? empty : undefined;
    if (sentence === undefined) this.#sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.#rows + 1, column: Math.max(width, 1) } };
    const totals = sentence === undefined && this.#sums.some((s) => s !== null) ? this.#totalsRow(messages.total) : undefined;
    const noteRows = notes.map((note) => ({
      label: sheetText(messages.notes[note.label as keyof Messages['notes']] ?? note.label),
      ...noteValueOf(note, timezone, messages),
    }));
    if (this.#held !== null) {
      if (totals) this.#measure(totals);
      // A note's label widens the first column up to the text cap (then wraps; a number or date column
      // has no cap of its own, and a long label would make it as wide as the sentence), its date must
      // fit the second column, and a text value runs on into the empty cells to its right.
      for (const note of noteRows) {
        this.#measure([note.label.slice(0, TEXT_CAP)], 'text');
        if (note.type !== 'text') this.#measure([null, note.value], note.type);
      }
      this.#start(false);
    }
    if (sentence !== undefined) {
      writeSentenceRow(
        this.#sheet,
        sentence,
        this.#widths.reduce((sum, w) => sum + w, 0),
        Math.max(width, 1),
      );
    }
    if (totals) {
      const row = this.#sheet.addRow(totals);
      this.#columns.forEach((column, i) => {
        const alignment = alignmentOf(column.type);
        row.getCell(i + 1).style = column.type === 'cents' ? { font: { bold: true }, numFmt: BRL_FORMAT, alignment } : { font: { bold: true }, alignment };
      });
      row.commit();
    }
    if (noteRows.length > 0) this.#sheet.addRow([]).commit();
    for (const note of noteRows) {
      const row = this.#sheet.addRow([note.label, note.value]);
      const lines = wrappedLines(note.label, this.#widths[0] ?? 10);
      if (lines > 1) row.height = lines * LINE_HEIGHT;
      row.getCell(1).style = { font: { bold: true }, alignment: { vertical: 'top', wrapText: true } };
      const numFmt = note.type === 'text' ? undefined : numFmtOf(note.type, messages.excel);
      row.getCell(2).style = numFmt ? { numFmt, alignment: alignmentOf(note.type) } : { alignment: { vertical: 'top' } };
      row.commit();
    }
    this.#sheet.commit();
  }

  #totalsRow(label: string): ExcelValue[] {
    const labelAt = this.#sums.indexOf(null);
    return this.#columns.map((column, i) => {
      const sum = this.#sums[i];
      if (sum !== null && sum !== undefined) return column.type === 'cents' ? reaisNumberFromCents(sum) : safeNumber(sum, column.key);
      return i === labelAt ? label : null;
    });
  }
}

/** Width of a sentence sheet's one column: a line of about a hundred characters, on a landscape page. */
const SENTENCE_WIDTH = 110;

/**
 * One sentence as a row: merged across `span` columns (their widths adding to `width`) so it reads
 * across the table, wrapped, and as tall as its lines (spreadsheets do not grow a merged row themselves).
 */
function writeSentenceRow(sheet: ExcelJS.Worksheet, sentence: string, width: number, span: number): void {
  const text = sheetText(sentence);
  const row = sheet.addRow([text]);
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.getCell(1).style = { font: { italic: true }, alignment: { vertical: 'top', horizontal: 'left', indent: 1, wrapText: true } };
  row.height = (wrappedLines(text, width) + 0.5) * LINE_HEIGHT;
  row.commit();
}

/** A note's value as a cell: an instant or a date as such; a run's outcome (`done`...) in the locale's words. */
function noteValueOf(note: SheetNote, timezone: string, messages: Messages): { value: ExcelValue; type: 'instant' | 'date' | 'text' } {
  if (note.instantMs !== null && note.instantMs !== undefined) return { value: excelDateFromInstant(note.instantMs, timezone), type: 'instant' };
  const text = note.text ?? '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { value: excelDateFromDateText(text), type: 'date' };
  return { value: sheetText(messages.page.outcomes[text] ?? text), type: 'text' };
}

function safeNumber(value: bigint, key: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ReconError('report', { id: 'notExactNumber', key, value: String(value) });
  }
  return Number(value);
}
