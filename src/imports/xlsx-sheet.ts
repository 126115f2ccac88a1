// Turns a worksheet part's XML events into rows of cells, as the row rules expect them: shared and inline
// strings as text, numbers as JS numbers (Excel holds R$ 89,70 as 89.69999999999999; the money module's
// rule for binary numbers reads it), numbers in a date style as Dates whose UTC fields are the wall clock
// the sheet shows, booleans, and formula cells as their cached result. A cell's text is kept up to the
// cell limit; beyond it only its length is counted, so an 8 MB cell becomes a LongTextCell.
import { LongTextCell, LONG_TEXT_HEAD, type Cell } from './cell-text.ts';
import type { SharedStrings } from './xlsx-shared-strings.ts';
import type { XmlEvents } from './xlsx-xml.ts';

/** Excel's last column (XFD): a reference beyond it is not a spreadsheet's. */
const MAX_COLUMNS = 16_384;

export interface SheetContext {
  shared: SharedStrings;
  dateStyles: ReadonlySet<number>;
  date1904: boolean;
  /** Characters a cell's text is kept up to. */
  limit: number;
  fail(why: string): Error;
}

/** Events for one worksheet part; `onRow` gets every row with a non-empty cell, with its row number. */
export function sheetRowEvents(ctx: SheetContext, onRow: (cells: Cell[], line: number) => void): XmlEvents {
  let inSheetData = false;
  let row: Cell[] | undefined;
  let rowNumber = 0;
  let column = -1;
  let cell: { type: string; style: number } | undefined;
  let capture: 'v' | 't' | undefined;
  let inInline = false;
  let phonetic = 0;
  let text = '';
  let length = 0;
  return {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      else if (!inSheetData) return;
      else if (name === 'row') {
        row = [];
        rowNumber = Number(attributes['r'] ?? rowNumber + 1);
        column = -1;
      } else if (name === 'c' && row !== undefined) {
        const ref = attributes['r'];
        column = ref === undefined ? column + 1 : columnIndex(ref);
        if (column < 0 || column >= MAX_COLUMNS) throw ctx.fail(`a cell reference "${ref}" beyond column XFD`);
        cell = { type: attributes['t'] ?? 'n', style: Number(attributes['s'] ?? 0) };
        text = '';
        length = 0;
      } else if (cell === undefined) return;
      else if (name === 'v') capture = 'v';
      else if (name === 'is') inInline = true;
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && inInline && phonetic === 0) capture = 't';
    },
    close(name) {
      if (name === 'sheetData') inSheetData = false;
      else if (name === 'v' || name === 't') capture = undefined;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'c' && cell !== undefined && row !== undefined) {
        const value = cellValue(ctx, cell, text, length);
        if (value !== null) {
          while (row.length < column) row.push(null);
          row[column] = value;
        }
        cell = undefined;
      } else if (name === 'row' && row !== undefined) {
        if (row.some((v) => v !== null && v !== '')) onRow(row, rowNumber);
        row = undefined;
      }
    },
    text(piece) {
      if (capture === undefined) return;
      length += piece.length;
      if (text.length <= ctx.limit) text += piece.slice(0, ctx.limit + 1 - text.length);
    },
  };
}

function cellValue(ctx: SheetContext, cell: { type: string; style: number }, text: string, length: number): Cell {
  if (length > ctx.limit) return new LongTextCell(length, text.slice(0, LONG_TEXT_HEAD));
  switch (cell.type) {
    case 's':
      return text === '' ? null : (ctx.shared.get(Number(text)) ?? null);
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return text;
    case 'b':
      return text === '' ? null : Number(text) !== 0;
    default: {
      if (text.trim() === '') return null;
      const number = Number(text);
      if (!Number.isFinite(number)) return text;
      return ctx.dateStyles.has(cell.style) ? excelDate(number, ctx.date1904) : number;
    }
  }
}

/** A serial day number as a Date whose UTC fields are the wall clock it shows (the exceljs convention). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** "C5" -> 2; -1 for a reference without column letters. */
function columnIndex(ref: string): number {
  let index = 0;
  let letters = 0;
  for (; letters < ref.length; letters++) {
    const c = ref.charCodeAt(letters) & ~0x20; // upper case
    if (c < 65 || c > 90) break;
    index = index * 26 + (c - 64);
    if (index > MAX_COLUMNS) return MAX_COLUMNS;
  }
  return letters === 0 ? -1 : index - 1;
}
