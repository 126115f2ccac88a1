// A sheet's data rows written as XML straight into exceljs's sheet stream: the very bytes its row and
// cell renderers write for them (test/report/xlsx-row-xml.test.ts compares whole workbooks byte for
// byte), without building a Row, a Cell per value and an XML stream per row. On a night with 18,750
// findings that building was about a third of the discrepancies report's time. It reads exceljs 4.4's
// streaming internals; where they are not as expected it returns nothing and the sheet is written row
// by row through exceljs, as before.
import { createRequire } from 'node:module';
import type ExcelJS from 'exceljs';
import type { ExcelValue } from './xlsx-layout.ts';

/** exceljs's own escaping and date serial (exceljs/lib/utils/utils.js), so the bytes cannot drift from its. */
interface ExcelUtils {
  xmlEncode(text: string): string;
  dateToExcel(date: Date, date1904?: boolean): number;
}

/** The streaming worksheet's internals the rows are written through. */
interface StreamingSheet {
  stream: { write(text: string): unknown };
  useSharedStrings?: boolean;
  startedData: boolean;
  _rowZero: number;
  _rows: unknown[];
  _workbook: { styles: { addStyleModel(style: object, cellType?: number): number } };
}

/** exceljs's ValueType numbers for the values a report writes (exceljs/lib/doc/enums.js). */
const VALUE_TYPE = { null: 0, number: 2, string: 3, date: 4, boolean: 9 } as const;

export type RowXmlWriter = (cells: readonly ExcelValue[], height: number | undefined) => number;

let utils: ExcelUtils | undefined;

function excelUtils(): ExcelUtils {
  utils ??= createRequire(import.meta.url)('exceljs/lib/utils/utils.js') as ExcelUtils;
  return utils;
}

function isStreamingSheet(sheet: unknown): sheet is StreamingSheet {
  const s = sheet as Partial<StreamingSheet>;
  return (
    typeof s.stream?.write === 'function' &&
    s.startedData === true &&
    // Shared strings would make a text cell `t="s"`, an index into another part.
    s.useSharedStrings !== true &&
    typeof s._rowZero === 'number' &&
    Array.isArray(s._rows) &&
    s._rows.length === 0 &&
    typeof s._workbook?.styles?.addStyleModel === 'function'
  );
}

function typeOf(value: ExcelValue): number {
  if (value === null) return VALUE_TYPE.null;
  if (typeof value === 'string') return VALUE_TYPE.string;
  if (typeof value === 'number') return VALUE_TYPE.number;
  if (typeof value === 'boolean') return VALUE_TYPE.boolean;
  return VALUE_TYPE.date;
}

/**
 * A writer of the sheet's next rows, each cell with its column's style (`styles`, one object per column,
 * as exceljs keys its style ids by the object), returning the row's number; undefined when the sheet is
 * not exceljs's streaming worksheet with its header committed and no row pending.
 */
export function rowXmlWriterOf(sheet: ExcelJS.Worksheet, styles: readonly Partial<ExcelJS.Style>[], letters: readonly string[]): RowXmlWriter | undefined {
  if (!isStreamingSheet(sheet) || styles.length === 0 || styles.length !== letters.length) return undefined;
  const { xmlEncode, dateToExcel } = excelUtils();
  const registry = sheet._workbook.styles;
  // exceljs gives every row the style {} and writes its id only when it is not 0 (then with customFormat).
  if (registry.addStyleModel({}) !== 0) return undefined;
  const spans = ` spans="1:${styles.length}" x14ac:dyDescent="0.25">`;
  return (cells, height) => {
    const number = sheet._rowZero;
    // exceljs writes no row of only empty cells (nor looks up their styles), and its number is used up.
    if (!height && cells.every((value) => value === null || value === undefined)) {
      sheet._rowZero = number + 1;
      return number;
    }
    let xml = `<row r="${number}"${height ? ` ht="${height}" customHeight="1"` : ''}${spans}`;
    for (let i = 0; i < styles.length; i++) {
      const value = cells[i] ?? null;
      // The id exceljs would give the cell: its style object's, its type deciding a default number format once.
      const styleId = registry.addStyleModel(styles[i] ?? {}, typeOf(value));
      // An empty cell without a style is no cell at all.
      if (value === null && !styleId) continue;
      xml += `<c r="${letters[i]}${number}"${styleId ? ` s="${styleId}"` : ''}`;
      if (value === null) xml += '/>';
      else if (typeof value === 'string') xml += ` t="str"><v>${xmlEncode(value)}</v></c>`;
      else if (typeof value === 'number') xml += `><v>${xmlEncode(value.toString())}</v></c>`;
      else if (typeof value === 'boolean') xml += ` t="b"><v>${value ? '1' : '0'}</v></c>`;
      else xml += `><v>${xmlEncode(dateToExcel(value).toString())}</v></c>`;
    }
    sheet.stream.write(`${xml}</row>`);
    sheet._rowZero = number + 1;
    return number;
  };
}
