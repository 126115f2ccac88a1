// Workbooks for people, written with exceljs's streaming writer. Amounts are numbers in R$, instants
// are local wall-clock dates in the locale's format, booleans are the locale's yes/no, codes are
// labels (xlsx-values.ts); the header is frozen, filterable and repeated on every printed page (A4
// landscape, the sheet's printed columns one page wide at 8 pt or more, its title, night and page
// count in the header and footer: print-layout.ts); no cell is ever a formula. A sheet's rows are held
// back until its widths are known: every column is as wide as its longest value (no `###`), text wraps
// past its cap. A sheet longer than BUFFERED_ROWS starts streaming with widths made for the largest
// amounts (xlsx-layout.ts).
import { createWriteStream, type WriteStream } from 'node:fs';
import { openExclusiveFile } from '../shared/exclusive-file.ts';
import type ExcelJS from 'exceljs';
import { ReconError } from '../shared/errors.ts';
import type { Messages } from '../shared/locale/index.ts';
import { reaisNumberFromCents } from './cells.ts';
import { headerOf } from './display-values.ts';
import type { CellValue, ColumnSpec, ColumnType } from './types.ts';
import { alignmentOf, type CellOptions, excelValueOf, safeNumber } from './xlsx-values.ts';
import { choosePrintFit, columnLetterOf, headerFooterOf, orderColumnsForPrint, PRINT_MARGINS } from './print-layout.ts';
import { BRL_FORMAT, columnWidthOf, displayLength, type ExcelValue, LINE_HEIGHT, numFmtOf, streamingFloor, TEXT_CAP, wrappedLines } from './xlsx-layout.ts';
import { type RowXmlWriter, rowXmlWriterOf } from './xlsx-row-xml.ts';
import {
  BOLD_FONT,
  CELL_FONT,
  isSentenceNote,
  type NoteRow,
  noteLinesOf,
  noteRowsOf,
  type SheetNote,
  sheetText,
  writeNoteRow,
  writeSentenceRow,
} from './xlsx-notes.ts';

export type { SheetNote } from './xlsx-notes.ts';

/** Rows held back to measure a sheet before its first row is written (a night's sheets fit in it). */
const BUFFERED_ROWS = 5000;

/** What a sheet prints (SheetSpec's `printColumns` and `printRows`) and the night its header names. */
export interface SheetOptions extends CellOptions {
  totals?: readonly string[];
  printColumns?: readonly string[];
  printRows?: 'all' | 'totals';
  /** The business date, YYYY-MM-DD. */
  day: string;
}

/** A sheet's options as its writer holds them: `rowsAsXml` false writes every data row through exceljs. */
type SheetWriterOptions = SheetOptions & { rowsAsXml?: boolean };

/** What a sheet writes under its rows: its totals row, its notes, or the sentence of an empty sheet. */
interface SheetEnd {
  totals: boolean;
  notes: readonly NoteRow[];
  sentence?: string;
}

/** The page setup every sheet shares: A4 (9) landscape, the header row on each page. */
const PAGE = { paperSize: 9, orientation: 'landscape', printTitlesRow: '1:1', margins: PRINT_MARGINS } as const;

/** Excel forbids `[]:*?/\` in sheet names and cuts them at 31 characters. */
function sheetNameOf(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
}

/** A sheet as the report engine writes it: rows in, then notes and the count of rows it was given. */
export type SheetWriter = Pick<XlsxSheetWriter, 'writeRows' | 'drain' | 'finish' | 'rowCount' | 'setTotals'>;

/** A workbook as the report engine writes it (XlsxFileWriter; a caller may pass another, see OpenWorkbook). */
export interface WorkbookWriter {
  addSheet(name: string, columns: readonly ColumnSpec[], options: SheetOptions): SheetWriter;
  addSentenceSheet(name: string, sentence: string, page: { day: string; messages: Messages }): void;
  commit(): Promise<void>;
  abort(): void;
}

/** Opens a report's workbook file (mode: its file mode); XlsxFileWriter.open unless a caller passes another. */
export type OpenWorkbook = (path: string, mode: number) => Promise<WorkbookWriter>;

/** One open workbook file; `commit()` finishes it, `abort()` (in `finally`) releases it after a failure. */
export class XlsxFileWriter implements WorkbookWriter {
  readonly #stream: WriteStream;
  readonly #workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  readonly #rowsAsXml: boolean;
  #committed = false;

  private constructor(stream: WriteStream, exceljs: typeof ExcelJS, rowsAsXml: boolean) {
    this.#stream = stream;
    this.#rowsAsXml = rowsAsXml;
    this.#workbook = new exceljs.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    this.#workbook.creator = 'recon';
    this.#workbook.lastModifiedBy = 'recon';
  }

  /** `rowsAsXml` false: every data row through exceljs's Row and Cell (the test that the XML rows write the same bytes). */
  static async open(path: string, mode: number, options: { rowsAsXml?: boolean } = {}): Promise<XlsxFileWriter> {
    // Created by recon itself, never through a link planted under its name (shared/exclusive-file.ts).
    // exceljs (half a second to load) is loaded by the runs that write a workbook, not by every command.
    const { default: exceljs } = await import('exceljs');
    const stream = createWriteStream(path, { fd: openExclusiveFile(path, mode) });
    return new XlsxFileWriter(stream, exceljs, options.rowsAsXml ?? true);
  }

  /**
   * A sheet whose worksheet is added when its widths are known: whether it prints fitted to the page's
   * width goes at the top of the sheet's XML, and the streaming writer writes that top when the sheet is
   * added. The report writer finishes one sheet before it starts the next, so the order is kept.
   */
  addSheet(name: string, columns: readonly ColumnSpec[], options: SheetOptions): XlsxSheetWriter {
    const title = sheetNameOf(name);
    const headerFooter = headerFooterOf(title, options.day, options.messages.print);
    const open = (fit: ReturnType<typeof choosePrintFit>) =>
      this.#workbook.addWorksheet(title, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }], pageSetup: { ...PAGE, ...fit }, headerFooter });
    return new XlsxSheetWriter(title, open, columns, { ...options, rowsAsXml: this.#rowsAsXml });
  }

  /** A sheet that is one sentence (a report whose check is off): a wide column, the text wrapped in it. */
  addSentenceSheet(name: string, sentence: string, page: { day: string; messages: Messages }): void {
    const title = sheetNameOf(name);
    const sheet = this.#workbook.addWorksheet(title, {
      pageSetup: { ...PAGE, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      headerFooter: headerFooterOf(title, page.day, page.messages.print),
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
  readonly #open: (fit: ReturnType<typeof choosePrintFit>) => ExcelJS.Worksheet;
  #sheet: ExcelJS.Worksheet | undefined;
  /** The columns in the sheet's order (printed ones first), and where each one's value is in a row. */
  readonly #columns: readonly ColumnSpec[];
  readonly #order: readonly number[];
  readonly #printed: number;
  readonly #options: SheetWriterOptions;
  readonly #sums: (bigint | null)[];
  readonly #longest: number[];
  /** Rows not written yet: the sheet's widths are set before its first row. Null once streaming. */
  #held: ExcelValue[][] | null = [];
  #cellStyles: Partial<ExcelJS.Style>[] = [];
  /** Writes a data row as XML once the header is committed (xlsx-row-xml.ts); undefined: through exceljs. */
  #rowXml: RowXmlWriter | undefined;
  #widths: number[] = [];
  #rows = 0;
  #lastRow = 0;

  constructor(name: string, open: (fit: ReturnType<typeof choosePrintFit>) => ExcelJS.Worksheet, columns: readonly ColumnSpec[], options: SheetWriterOptions) {
    this.#open = open;
    const { order, printed } = orderColumnsForPrint(name, columns, options.printColumns);
    this.#order = order;
    this.#printed = printed;
    this.#columns = order.map((i) => columns[i] as ColumnSpec);
    this.#options = options;
    for (const key of options.totals ?? []) {
      const column = columns.find((c) => c.key === key);
      if (!column || (column.type !== 'cents' && column.type !== 'integer')) {
        throw new ReconError('report', { id: 'totalsKey', sheet: name, key });
      }
    }
    this.#sums = this.#columns.map((c) => (options.totals?.includes(c.key) ? 0n : null));
    this.#longest = this.#columns.map(() => 0);
  }

  get rowCount(): number {
    return this.#rows;
  }

  /** Rows in the definition's column order (the query's); the sheet writes them in its own. */
  writeRows(rows: readonly CellValue[][]): void {
    for (const given of rows) {
      const values = this.#order.map((i) => given[i] ?? null);
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
      if (this.#held.length >= BUFFERED_ROWS) this.#start();
    }
  }

  #measure(cells: readonly ExcelValue[], as?: ColumnType): void {
    cells.forEach((cell, i) => {
      const type = as ?? this.#columns[i]?.type ?? 'text';
      this.#longest[i] = Math.max(this.#longest[i] ?? 0, displayLength(cell, type, this.#options.messages.excel));
    });
  }

  /**
   * Sets the widths, adds the worksheet fitted to them, writes the header and the rows held so far. `end`:
   * what follows the rows when they are all held (the sheet's height is then known); absent, rows may follow.
   */
  #start(end?: SheetEnd): ExcelJS.Worksheet {
    const { messages } = this.#options;
    this.#widths = this.#columns.map((c, i) =>
      columnWidthOf(c.type, Math.max(this.#longest[i] ?? 0, end ? 0 : streamingFloor(c.type)), headerOf(c, messages), c.width),
    );
    const headers = this.#columns.map((c) => sheetText(headerOf(c, messages)));
    const sheet = this.#open(choosePrintFit(this.#widths.slice(0, this.#printed), end && this.#heightOf(headers, end)));
    this.#sheet = sheet;
    // exceljs leaves out a column exactly 9 wide (its default) and a spreadsheet then shows it at its own
    // 8.43: a hair more keeps the width measured.
    sheet.columns = this.#columns.map((c, i) => ({ key: c.key, width: this.#widths[i] === 9 ? 9.01 : (this.#widths[i] ?? 10) }));
    // Data cells share one style object per column: exceljs keys its cache of style ids by the object,
    // so a shared object is rendered to XML once per column instead of once per cell.
    this.#cellStyles = this.#columns.map((c) => {
      const numFmt = numFmtOf(c.type, messages.excel);
      const alignment = alignmentOf(c.type);
      return numFmt ? { font: CELL_FONT, numFmt, alignment } : { font: CELL_FONT, alignment };
    });
    const header = sheet.addRow(headers);
    this.#columns.forEach((c, i) => {
      header.getCell(i + 1).style = { font: BOLD_FONT, alignment: { ...alignmentOf(c.type), wrapText: true } };
    });
    header.font = BOLD_FONT;
    this.#fitHeight(header, headers, true);
    header.commit();
    this.#lastRow = header.number;
    if (this.#options.rowsAsXml !== false) {
      const letters = this.#columns.map((_, i) => columnLetterOf(i + 1));
      this.#rowXml = rowXmlWriterOf(sheet, this.#cellStyles, letters);
    }
    const held = this.#held ?? [];
    this.#held = null;
    for (const cells of held) this.#writeRow(cells);
    return sheet;
  }

  #writeRow(cells: ExcelValue[]): void {
    if (this.#rowXml) {
      this.#lastRow = this.#rowXml(cells, this.#rowHeightOf(cells));
      return;
    }
    const row = (this.#sheet as ExcelJS.Worksheet).addRow(cells);
    this.#cellStyles.forEach((style, i) => {
      row.getCell(i + 1).style = style;
    });
    this.#fitHeight(row, cells);
    row.commit();
    this.#lastRow = row.number;
  }

  /** A row as tall as its most wrapped text cell (a spreadsheet keeps one line otherwise). */
  #fitHeight(row: ExcelJS.Row, cells: readonly ExcelValue[], bold = false): void {
    const height = this.#rowHeightOf(cells, bold);
    if (height !== undefined) row.height = height;
  }

  /** Points a row needs for its most wrapped text cell; undefined: one line, the spreadsheet's own height. */
  #rowHeightOf(cells: readonly ExcelValue[], bold = false): number | undefined {
    const lines = this.#linesOf(cells, bold);
    return lines > 1 ? lines * LINE_HEIGHT : undefined;
  }

  #linesOf(cells: readonly ExcelValue[], bold = false): number {
    let lines = 1;
    cells.forEach((cell, i) => {
      if (typeof cell === 'string' && (bold || this.#columns[i]?.type === 'text')) lines = Math.max(lines, wrappedLines(cell, this.#widths[i] ?? 10, bold));
    });
    return lines;
  }

  /** Points from the header to the last note, as the rows will be written (their heights are set from the same lines). */
  #heightOf(headers: readonly ExcelValue[], end: SheetEnd): number {
    let lines = this.#linesOf(headers, true);
    for (const cells of this.#held ?? []) lines += this.#linesOf(cells);
    if (end.sentence !== undefined)
      lines +=
        wrappedLines(
          end.sentence,
          this.#widths.reduce((sum, w) => sum + w, 0),
        ) + 0.5;
    if (end.totals) lines += 1;
    if (end.notes.length > 0) lines += 1 + end.notes.reduce((sum, note) => sum + noteLinesOf(note, this.#widths, Math.max(this.#printed, 1)), 0);
    return lines * LINE_HEIGHT;
  }

  /**
   * exceljs's streaming writer ignores backpressure: committed rows pile up as uncompressed XML in the
   * zip's input buffer when rows come faster than zlib takes them. Waiting here after each chunk keeps
   * memory flat whatever the sheet's size. (Reads exceljs 4.4 internals; without them it does nothing.)
   */
  async drain(maxBufferedBytes = 4 * 1024 * 1024): Promise<void> {
    const pipes = (this.#sheet as unknown as { stream?: { pipes?: unknown[] } } | undefined)?.stream?.pipes ?? [];
    for (const pipe of pipes) {
      const state = (pipe as { _writableState?: { length?: number } })._writableState;
      for (let waited = 0; (state?.length ?? 0) > maxBufferedBytes && waited < 120_000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }

  /**
   * Writes the totals row and notes, sets the autofilter over header and data and the print area over
   * the printed columns, and commits the sheet. A sheet with no rows and an `empty` sentence shows the
   * header, then the sentence across the table's width, and neither totals nor filter: a zero total
   * under no rows reads like an answer.
   */
  finish(notes: readonly SheetNote[] = [], empty?: string): void {
    const { messages, timezone } = this.#options;
    const width = this.#columns.length;
    const sentence = this.#rows === 0 ? empty : undefined;
    const totals = sentence === undefined && this.#sums.some((s) => s !== null) ? this.#totalsRow(messages.total) : undefined;
    const noteRows = noteRowsOf(notes, timezone, messages);
    if (this.#held !== null) {
      if (totals) this.#measure(totals);
      // A note's label widens the first column up to the text cap (then wraps; a number or date column
      // has no cap of its own, and a long label would make it as wide as the sentence), and its date
      // must fit the second column. Text values and sentences are merged across the printed columns.
      for (const note of noteRows) {
        if (isSentenceNote(note)) continue;
        this.#measure([note.label.slice(0, TEXT_CAP)], 'text');
        if (note.type !== 'text') this.#measure([null, note.value], note.type);
      }
      this.#start({ totals: totals !== undefined, notes: noteRows, ...(sentence === undefined ? {} : { sentence }) });
    }
    const sheet = this.#sheet as ExcelJS.Worksheet;
    if (sentence === undefined) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.#rows + 1, column: Math.max(width, 1) } };
    if (sentence !== undefined) {
      writeSentenceRow(
        sheet,
        sentence,
        this.#widths.reduce((sum, w) => sum + w, 0),
        Math.max(width, 1),
      );
      this.#lastRow += 1;
    }
    const rowsEnd = this.#lastRow;
    if (totals) {
      const row = sheet.addRow(totals);
      this.#columns.forEach((column, i) => {
        const alignment = alignmentOf(column.type);
        row.getCell(i + 1).style = column.type === 'cents' ? { font: BOLD_FONT, numFmt: BRL_FORMAT, alignment } : { font: BOLD_FONT, alignment };
      });
      row.commit();
      this.#lastRow = row.number;
    }
    if (noteRows.length > 0) sheet.addRow([]).commit();
    for (const note of noteRows) writeNoteRow(sheet, note, this.#widths, Math.max(this.#printed, 1), messages);
    this.#lastRow += noteRows.length > 0 ? noteRows.length + 1 : 0;
    this.#setPrintArea(sheet, rowsEnd);
    sheet.commit();
  }

  /**
   * The printed columns, every row; or, for a sheet that prints its totals only, the rows under its
   * table (the header repeats above them as the print titles).
   */
  #setPrintArea(sheet: ExcelJS.Worksheet, rowsEnd: number): void {
    const last = columnLetterOf(Math.max(this.#printed, 1));
    const tail = this.#options.printRows === 'totals' && this.#rows > 0 && this.#lastRow > rowsEnd;
    const [from, to] = tail ? [rowsEnd + 1, this.#lastRow] : [1, Math.max(this.#lastRow, 1)];
    // exceljs puts a `$` before each side of the range it is given: `A$1` becomes the absolute `$A$1`
    // (from `A1` it would write `$A1`, a row relative to the cursor, which LibreOffice prints wrongly).
    sheet.pageSetup.printArea = `A$${from}:${last}$${to}`;
  }

  /**
   * The totals row's sums, by column key, in place of those of the rows written: a sheet cut at its cap
   * totals every row of its query (the CSV's), not only the rows it shows.
   */
  setTotals(sums: ReadonlyMap<string, bigint>): void {
    this.#columns.forEach((column, i) => {
      const sum = sums.get(column.key);
      if (sum !== undefined && this.#sums[i] !== null) this.#sums[i] = sum;
    });
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
