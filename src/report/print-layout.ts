// What a workbook sheet puts on paper for the accountant: the columns it leads with and prints (a
// sheet's `printColumns`), whether the page fits them to its width or keeps the text readable instead,
// and the header and footer every page carries. Pure: the writer asks, exceljs does the printing setup.
import { ReconError } from '../shared/errors.ts';
import type { ColumnSpec } from './types.ts';

/** The most columns a printed page shows: more, and the text shrinks past reading on A4. */
const MAX_PRINT_COLUMNS = 10;

/** Margins in inches: 0.4 in at the sides leaves A4 landscape about 27.7 cm of printable width. */
export const PRINT_MARGINS = { left: 0.4, right: 0.4, top: 0.75, bottom: 0.6, header: 0.3, footer: 0.3 };

/** Points across an A4 landscape page (29.7 cm) less the side margins, and down it (21 cm) less the top and bottom ones. */
const PRINTABLE_POINTS = (29.7 / 2.54 - PRINT_MARGINS.left - PRINT_MARGINS.right) * 72;
// Rows print as tall as the writer sets them (their lines times LINE_HEIGHT), so the height needs no spare.
const PRINTABLE_HEIGHT = (21 / 2.54 - PRINT_MARGINS.top - PRINT_MARGINS.bottom) * 72;
/**
 * Points a column width unit takes on paper at 100 %: the unit is the default font's digit (Calibri
 * 11, 7 px, and its metric twin Carlito in LibreOffice) plus a cell's padding; measured 5.5 in
 * LibreOffice's PDFs, rounded up so the estimate errs towards larger text.
 */
const POINTS_PER_UNIT = 5.6;
/** The cells' font size, and the smallest a printed page may shrink it to. */
const FONT_POINTS = 11;
const MIN_PRINTED_POINTS = 8;
/** The smallest scale (in whole percent, as spreadsheets keep it) that prints the font at 8 pt or more. */
const MIN_SCALE = Math.ceil((MIN_PRINTED_POINTS / FONT_POINTS) * 100);

/** The order a sheet's columns are written in (indexes into `columns`) and how many of them print. */
export interface PrintOrder {
  order: number[];
  printed: number;
}

/**
 * The sheet's columns with its `printColumns` first, in their order, then the others as declared: the
 * print area is a rectangle, so the columns it covers must lead. Every column stays in the sheet.
 */
export function orderColumnsForPrint(sheet: string, columns: readonly ColumnSpec[], printColumns: readonly string[] | undefined): PrintOrder {
  if (printColumns === undefined) return { order: columns.map((_, i) => i), printed: columns.length };
  if (printColumns.length === 0 || printColumns.length > MAX_PRINT_COLUMNS) {
    throw new ReconError('report', { id: 'printColumns', sheet, key: String(printColumns.length) });
  }
  const lead = printColumns.map((key) => {
    const index = columns.findIndex((c) => c.key === key);
    if (index < 0 || printColumns.indexOf(key) !== printColumns.lastIndexOf(key)) throw new ReconError('report', { id: 'printColumns', sheet, key });
    return index;
  });
  const rest = columns.map((_, i) => i).filter((i) => !lead.includes(i));
  return { order: [...lead, ...rest], printed: lead.length };
}

/** How a sheet scales on paper: fitted to the page's width, or at a fixed scale that keeps text readable. */
export type PrintFit = { fitToPage: true; fitToWidth: 1; fitToHeight: 0 | 1 } | { fitToPage: false; scale: number };

/**
 * Fits the printed columns to the page's width when their text stays at 8 pt or more; otherwise prints
 * at the smallest scale that keeps 8 pt and lets the last columns run onto a page of their own: a
 * column on the next sheet of paper can be read, a 5 pt one cannot. A sheet whose height is known
 * (`heightPoints`, header to last note) and fits one page at 8 pt or more prints on one page: the
 * Summary would otherwise leave its last note alone on a second sheet of paper.
 */
export function choosePrintFit(printedWidths: readonly number[], heightPoints?: number): PrintFit {
  const points = printedWidths.reduce((sum, w) => sum + w, 0) * POINTS_PER_UNIT;
  const scale = Math.min(100, Math.floor((PRINTABLE_POINTS / Math.max(points, 1)) * 100));
  if (scale < MIN_SCALE) return { fitToPage: false, scale: MIN_SCALE };
  const tall = heightPoints === undefined ? 0 : Math.floor((PRINTABLE_HEIGHT / Math.max(heightPoints, 1)) * 100);
  return { fitToPage: true, fitToWidth: 1, fitToHeight: tall >= MIN_SCALE ? 1 : 0 };
}

/** The words of a page's header and footer, from the locale's catalogue (`print`). */
export interface PrintWords {
  night: (day: string) => string;
  /** With Excel's codes for the page number (&P) and the page count (&N). */
  pages: string;
}

/** `&` starts a code in a header or footer: a literal one is written twice. */
const literal = (text: string): string => text.replaceAll('&', '&&');

/**
 * Every printed page names its sheet (bold, left) and its night (right), and counts its pages at the
 * foot: the fees' day and month sheets otherwise look alike on paper.
 */
export function headerFooterOf(title: string, day: string, words: PrintWords): { oddHeader: string; oddFooter: string } {
  return { oddHeader: `&L&"-,Bold"${literal(title)}&R${literal(words.night(day))}`, oddFooter: `&C${words.pages}` };
}

/** A1-style letters of a 1-based column number: 1 -> A, 27 -> AA. */
export function columnLetterOf(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
