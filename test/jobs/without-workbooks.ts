// The ground-truth suites' stand-in for the workbook writer (src/report/xlsx-writer.ts), which each suite
// puts in place with vi.mock: the night's reports step runs whole (its queries, its CSVs, the row counts
// summary.json gives, each file created and renamed into place), but a workbook is an empty file. The
// suites score the findings in the warehouse and summary.json, never a workbook, and rendering a night's
// six workbooks through exceljs was about a seventh of a night's CPU (six nights of 60 sales: 12.7 s of
// CPU against 10.9 s). What a workbook holds is proven where it is read: test/report and the two shared
// nights of test/serve.
import { writeFileSync } from 'node:fs';
import type * as XlsxWriter from '../../src/report/xlsx-writer.ts';

type Module = typeof XlsxWriter;

/** Counts the rows a sheet is given, as the real one does, and renders none. */
class UnrenderedSheet {
  #rows = 0;
  get rowCount(): number {
    return this.#rows;
  }
  writeRows(rows: readonly unknown[]): void {
    this.#rows += rows.length;
  }
  async drain(): Promise<void> {}
  finish(): void {}
}

/** Creates its file where the real writer does (the reports step renames it into place), empty. */
class EmptyWorkbook {
  static async open(path: string): Promise<EmptyWorkbook> {
    writeFileSync(path, '', { flag: 'wx' });
    return new EmptyWorkbook();
  }
  addSheet(): UnrenderedSheet {
    return new UnrenderedSheet();
  }
  addSentenceSheet(): void {}
  async commit(): Promise<void> {}
  abort(): void {}
}

/** The writer's module with its workbooks left empty; for vi.mock's factory, given the original. */
export function withoutWorkbooks(real: Module): Module {
  return { ...real, XlsxFileWriter: EmptyWorkbook as unknown as Module['XlsxFileWriter'] };
}
