// How wide a workbook column must be so a spreadsheet shows every value whole (a number or a date in
// a column too narrow shows `###`), and the number formats of each column type. Pure: the writer
// measures the values it writes with these functions, and the tests measure the workbook it wrote.
import type { ColumnType } from './types.ts';

export const BRL_FORMAT = '"R$ "#,##0.00';

/** A cell's value as exceljs takes it. */
export type ExcelValue = string | number | boolean | Date | null;

/** Excel number formats of a locale (the catalogue's `excel`). */
export interface ExcelFormats {
  instantFormat: string;
  dateFormat: string;
}

export function numFmtOf(type: ColumnType, formats: ExcelFormats): string | undefined {
  if (type === 'cents') return BRL_FORMAT;
  // Counts with the spreadsheet's own thousands separator (5.395 in Portuguese), rates as 3,49 %.
  if (type === 'integer') return '#,##0';
  if (type === 'rate') return '0.00%';
  if (type === 'instant') return formats.instantFormat;
  if (type === 'date') return formats.dateFormat;
  return undefined;
}

/** Characters of a whole number with thousands groups: 1234567 -> 9 ("1.234.567"). */
function groupedLength(whole: number): number {
  const digits = String(Math.trunc(Math.abs(whole))).length;
  return digits + Math.floor((digits - 1) / 3);
}

/**
 * Characters a spreadsheet shows for a cell: a cents number with the BRL format (`R$ 1.234,56`), a
 * count as its digits, a date in its format (as long as the format), text as its longest line.
 */
export function displayLength(value: ExcelValue, type: ColumnType, formats: ExcelFormats): number {
  if (value === null) return 0;
  if (value instanceof Date) return (type === 'date' ? formats.dateFormat : formats.instantFormat).length;
  if (typeof value === 'number') {
    const sign = value < 0 ? 1 : 0;
    if (type === 'cents') return sign + 3 + groupedLength(value) + 3;
    if (type === 'rate') return sign + String(Math.trunc(Math.abs(value * 100))).length + 5;
    return sign + groupedLength(value);
  }
  if (typeof value === 'boolean') return 5;
  return Math.max(0, ...value.split('\n').map((line) => line.length));
}

/**
 * The longest value a column of a large sheet (one still streaming when its widths had to be set) is
 * made ready for: R$ 99.999.999.999,99 and counts up to twelve digits, negative.
 */
export function streamingFloor(type: ColumnType): number {
  if (type === 'cents') return 1 + 3 + groupedLength(99_999_999_999) + 3;
  if (type === 'integer') return 16;
  if (type === 'rate') return 9;
  return 0;
}

/** Default widest width of a text column, in characters. */
export const TEXT_CAP = 40;
/** A header longer than this wraps onto more lines rather than widening a narrow column. */
const HEADER_WRAP = 14;

/**
 * A column's width in Excel units (the width of a digit): the longest value plus a margin (text up to
 * its cap, beyond which it wraps), and room for the header's longest word (the header wraps).
 */
export function columnWidthOf(type: ColumnType, longest: number, header: string, cap: number | undefined): number {
  const data = type === 'text' ? Math.min(longest, cap ?? TEXT_CAP) : longest;
  const words = Math.max(0, ...header.split(/\s+/).map((w) => w.length));
  // Bold header text is wider than the digits the unit is measured in.
  const head = Math.ceil(Math.max(words, Math.min(header.length, HEADER_WRAP)) * BOLD);
  // Letters average wider than digits too; numbers and dates are digits and separators.
  const body = type === 'text' ? Math.ceil(data * TEXT) : data;
  return Math.max(body, head, 4) + MARGIN;
}

/** Width units kept free in a column: a cell's own padding and a space before the next column. */
const MARGIN = 3;
const BOLD = 1.25;
const TEXT = 1.1;

/** Points of one line of the default font: a row of n wrapped lines is n times as tall. */
export const LINE_HEIGHT = 15;

/**
 * Lines a text takes in a wrapping cell of `width` (the inverse of columnWidthOf, words kept whole as a
 * spreadsheet keeps them). Spreadsheets do not grow a row for wrapped text on their own when they open
 * a file, so the writer sets each row's height from this.
 */
export function wrappedLines(text: string, width: number, bold = false): number {
  // Headers were given room for their bold letters (BOLD); a line holds as many as the width allowed for.
  const perLine = Math.max(1, Math.floor((width - MARGIN) / (bold ? BOLD : TEXT) + 1e-9));
  // Most cells fit on one line: words and the spaces between them never take more than the text's length.
  if (text.length <= perLine && !text.includes('\n')) return 1;
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines += 1;
    for (const word of paragraph.split(' ')) {
      const need = used === 0 ? word.length : used + 1 + word.length;
      if (need <= perLine) used = need;
      else {
        // A word longer than the line is broken across lines.
        lines += used === 0 ? Math.ceil(word.length / perLine) - 1 : Math.ceil(word.length / perLine);
        used = word.length % perLine || perLine;
      }
    }
  }
  return lines;
}
