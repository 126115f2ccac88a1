// What a sheet prints: its printed columns lead in their order, the page fits them to its width only
// while the text stays at 8 pt, headers and footers escape `&`, and every report declares printable columns.
import { describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports/index.ts';
import { choosePrintFit, columnLetterOf, headerFooterOf, orderColumnsForPrint } from '../../src/report/print-layout.ts';
import type { ColumnSpec } from '../../src/report/types.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';

const columns: ColumnSpec[] = ['a', 'b', 'c', 'd'].map((key) => ({ key, header: 'item', type: 'text' }));

describe('print layout', () => {
  it('leads with the printed columns in their order, then the others as declared', () => {
    expect(orderColumnsForPrint('s', columns, ['c', 'a'])).toEqual({ order: [2, 0, 1, 3], printed: 2 });
    expect(orderColumnsForPrint('s', columns, undefined)).toEqual({ order: [0, 1, 2, 3], printed: 4 });
  });

  it.each([[['x']], [['a', 'a']], [[]], [Array.from({ length: 11 }, () => 'a')]])('refuses printColumns %j', (keys) => {
    let error: unknown;
    try {
      orderColumnsForPrint('s', columns, keys);
    } catch (e) {
      error = e;
    }
    expect(isReconError(error, 'report')).toBe(true);
  });

  it('fits to the width (and to one page tall) while the text stays at 8 pt or more, else keeps 73 %', () => {
    expect(choosePrintFit([20, 20, 20])).toEqual({ fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    // 190 units of 5.6 pt at 73 % fill the 27.7 cm: still fitted; 200 would print under 8 pt.
    expect(choosePrintFit([95, 95])).toMatchObject({ fitToPage: true });
    expect(choosePrintFit([100, 100])).toEqual({ fitToPage: false, scale: 73 });
    // A sheet a little longer than a page (about 33 rows of 15 pt) prints on one; a long one runs down the pages.
    expect(choosePrintFit([20, 20], 40 * 15)).toMatchObject({ fitToHeight: 1 });
    expect(choosePrintFit([20, 20], 60 * 15)).toMatchObject({ fitToHeight: 0 });
  });

  it("names the sheet and the night in the locale's words, and escapes a literal &", () => {
    expect(headerFooterOf('P&D', '2026-11-26', messagesFor('pt-BR').print)).toEqual({
      oddHeader: '&L&"-,Bold"P&&D&Rnoite de 26/11/2026',
      oddFooter: '&Cpágina &P de &N',
    });
    expect(headerFooterOf('Fees', '2026-11-26', messagesFor('en').print).oddFooter).toBe('&Cpage &P of &N');
  });

  it('spells column letters as a spreadsheet does', () => {
    expect([1, 8, 26, 27, 52].map(columnLetterOf)).toEqual(['A', 'H', 'Z', 'AA', 'AZ']);
  });

  it("every report's printColumns name its columns, at most 10", () => {
    for (const report of REPORTS) {
      const sheets = typeof report.sheets === 'function' ? report.sheets({ date: '2026-11-26', locale: 'pt-BR', runId: '', timezone: 'UTC' }) : report.sheets;
      for (const sheet of sheets) {
        if (sheet.printColumns) expect(orderColumnsForPrint(sheet.name, sheet.columns, sheet.printColumns).printed).toBeLessThanOrEqual(10);
        // A sheet of findings (one per category) has two dozen columns: it must say which of them print.
        if (report.name === 'discrepancies' && sheet.inWorkbook !== false && sheet.columns.length > 10) expect(sheet.printColumns, sheet.name).toBeDefined();
      }
    }
  });
});
