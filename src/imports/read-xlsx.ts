// Reads an XLSX order export with exceljs's streaming WorkbookReader: one sheet (orders.sheet, else the
// first), header on its first non-empty row, line = the sheet's row number. Numeric cells stay numbers
// (Excel holds R$ 89,70 as a double such as 89.69999999999999; the row rules read amounts through the
// money module's rule for binary numbers); date cells arrive as Dates whose UTC fields are the wall
// clock the sheet shows.
import { statSync } from 'node:fs';
import { ReconError } from '../shared/errors.ts';
import type { Cell } from './order-rules.ts';
import { sha256OfFile, type TableReadResult, type TableSink } from './table-sink.ts';

export async function readXlsxTable(file: string, options: { sheet: string | undefined }, sink: TableSink): Promise<TableReadResult> {
  // exceljs costs ~0.4 s to load: only an XLSX import pays it.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let found = false;
  let sawHeader = false;
  let records = 0;
  const sheetsSeen: string[] = [];
  try {
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name: string }).name;
      sheetsSeen.push(name);
      const wanted = options.sheet === undefined ? !found : name === options.sheet;
      if (!wanted || found) continue; // unread sheets are drained by exceljs
      found = true;
      for await (const row of worksheet) {
        const values = Array.from(row.values as unknown[]).slice(1).map(cellValue);
        if (values.every((v) => v === null || v === '')) continue;
        if (!sawHeader) {
          sawHeader = true;
          sink.header(values.map((v) => (v === null || v === undefined ? '' : String(v))), row.number);
          continue;
        }
        records++;
        sink.row(values, row.number);
      }
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', `${file}: not a readable XLSX workbook (${(cause as Error).message})`, { cause });
  }
  if (!found) {
    const which = options.sheet === undefined ? 'any worksheet' : `a worksheet named "${options.sheet}" (orders.sheet)`;
    throw new ReconError('input', `${file}: expected ${which}; found ${sheetsSeen.map((s) => `"${s}"`).join(', ') || 'none'}`);
  }
  if (!sawHeader) throw new ReconError('input', `${file}: the worksheet is empty; expected a header row and one order per row`);
  return { sha256: await sha256OfFile(file), bytes: statSync(file).size, records };
}

/** exceljs cell values: rich text, formulas and hyperlinks are objects; reduce them to what the cell shows. */
function cellValue(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellValue(v.result);
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return String(value);
}
