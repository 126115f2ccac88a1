// Reads an XLSX order export: one sheet (orders.sheet, else the first tab), header found as in a CSV (the
// first row with every mapped column, within the first rows), line = the sheet's row number. A workbook
// is a zip, so nothing is trusted before it is counted: the zip directory is checked against
// orders.limits (entries, declared sizes) before anything is inflated, and every inflated byte is counted
// against the file's decompressed budget while the parts stream (xlsx-zip.ts, through yauzl; the XML through
// saxes, xlsx-xml.ts). Only the parts the
// sheet needs are read; shared strings are held compactly within a fixed budget; no temp files.
import { statSync } from 'node:fs';
import { ReconError } from '../shared/errors.ts';
import { searchHeader } from './header-search.ts';
import { decompressedBudget, DecompressedCounter } from './limits.ts';
import { sha256OfFile, type ReadOptions, type TableReadResult, type TableSink } from './table-sink.ts';
import { parsePart, readDateStyles, readSharedStrings, readWorkbookLayout } from './xlsx-parts.ts';
import { sheetRowEvents } from './xlsx-sheet.ts';
import { notReadable, openWorkbookZip, type WorkbookZip } from './xlsx-zip.ts';

export interface XlsxReadOptions extends ReadOptions {
  /** orders.sheet: the sheet to read; the first tab when unset. */
  sheet: string | undefined;
  preset: string | undefined;
  /** Every column name the mapping needs: how the header row is recognised. */
  wanted: string[];
}

export async function readXlsxTable(file: string, options: XlsxReadOptions, sink: TableSink): Promise<TableReadResult> {
  const { limits } = options;
  const fileBytes = statSync(file).size;
  const { zip: zipFile, entries } = await openWorkbookZip(file, fileBytes, limits);
  let records = 0;
  try {
    const zip: WorkbookZip = { file, zip: zipFile, entries, counter: new DecompressedCounter(file, decompressedBudget(limits, fileBytes)) };
    const layout = await readWorkbookLayout(zip);
    const sheet = options.sheet === undefined ? layout.sheets[0] : layout.sheets.find((s) => s.name === options.sheet);
    if (sheet === undefined) {
      const sheets = layout.sheets.map((s) => s.name);
      throw new ReconError('input', { id: 'xlsxNoSheet', file, ...(options.sheet === undefined ? {} : { sheet: options.sheet }), sheets });
    }
    const limit = Math.max(limits.maxTextLength, limits.maxIdLength);
    const dateStyles = await readDateStyles(zip, layout.styles);
    const shared = await readSharedStrings(zip, layout.sharedStrings, limit);
    const search = searchHeader({
      file,
      wanted: options.wanted,
      skipRows: 0,
      preset: options.preset,
      sink,
      warn: options.warn,
      onRow: (record) => {
        records++;
        sink.row(record.cells, record.line);
      },
    });
    const fail = (why: string) => notReadable(file, { kind: 'part', part: sheet.part ?? sheet.name, said: why });
    const events = sheetRowEvents({ shared, dateStyles, date1904: layout.date1904, limit, fail }, (cells, line) => {
      const record = { cells, line, lastLine: line };
      if (search.take(record)) return;
      records++;
      sink.row(cells, line);
    });
    if (sheet.part === undefined || !(await parsePart(zip, sheet.part, events))) throw notReadable(file, { kind: 'noSheetPart', sheet: sheet.name });
    search.end();
    if (!search.found) throw new ReconError('input', { id: 'xlsxEmpty', file });
  } finally {
    zipFile.close();
  }
  return { sha256: await sha256OfFile(file), bytes: fileBytes, records };
}
