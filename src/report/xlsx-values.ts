// A report's values as workbook cells: amounts as numbers in R$, instants as local wall-clock dates,
// booleans as the locale's words, text in the locale's display and safe from formulas; and where each
// type sits in its cell. The writer streams what these return (the CSV shares reportText's masking).
import type ExcelJS from 'exceljs';
import { ReconError } from '../shared/errors.ts';
import type { Messages } from '../shared/locale/index.ts';
import { capExcelText, excelDateFromDateText, excelDateFromInstant, fractionFromBasisPoints, reaisNumberFromCents } from './cells.ts';
import { reportText } from './csv-writer.ts';
import { displayTextOf } from './display-values.ts';
import type { CellValue, ColumnSpec, ColumnType } from './types.ts';
import type { ExcelValue } from './xlsx-layout.ts';

export interface CellOptions {
  timezone: string;
  maskDocuments: boolean;
  messages: Messages;
}

export function excelValueOf(value: CellValue, column: ColumnSpec, options: CellOptions): ExcelValue {
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
export function alignmentOf(type: ColumnType): Partial<ExcelJS.Alignment> {
  if (type === 'text') return { vertical: 'top', horizontal: 'left', indent: 1, wrapText: true };
  if (type === 'boolean') return { vertical: 'top', horizontal: 'center' };
  return { vertical: 'top', horizontal: 'right', indent: 1 };
}

export function safeNumber(value: bigint, key: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ReconError('report', { id: 'notExactNumber', key, value: String(value) });
  }
  return Number(value);
}
