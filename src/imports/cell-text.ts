// The cells readers hand to the row rules, as text: trimmed strings, dates as ISO instants, and the
// placeholder a reader leaves for a text too long to carry. Pure.
import type { DecimalCell } from './amount-cells.ts';

/**
 * A text cell a reader would not materialise (an 8 MB string in a Parquet column or a workbook's
 * shared strings): only its length and first characters travel, so the row rules can keep the row
 * out with the length as the reason while the cell itself never takes memory or reaches the warehouse.
 */
export class LongTextCell {
  constructor(
    readonly length: number,
    readonly head: string,
  ) {}
  toString(): string {
    return `${this.head}…`;
  }
}

/** A value as a reader produced it: CSV gives text, spreadsheets and JSON also numbers and dates. */
export type Cell = string | number | boolean | Date | DecimalCell | LongTextCell | null | undefined;

/** How many characters of an over-long cell a reader keeps, to show it in a rejection. */
export const LONG_TEXT_HEAD = 100;

export function textOf(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  return String(cell);
}

/** A cell as a reason quotes it: at most 40 characters. */
export function shown(cell: Cell): string {
  const text = textOf(cell);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Characters of a text cell (a long one counts in full); 0 for numbers, dates and empty cells. */
export function textLength(cell: Cell): number {
  if (typeof cell === 'string') return cell.length;
  if (cell instanceof LongTextCell) return cell.length;
  return 0;
}

/**
 * A copy of `text` that holds no reference to the string it was cut from. V8 keeps a substring of 13 or
 * more characters as a slice of its parent: a date remembered by a cache would pin the whole decoded
 * megabyte of the file it came from, and a cache of thousands of them hundreds of megabytes.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
