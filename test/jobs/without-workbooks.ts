// The ground-truth suites' workbook writer (runNightly's openWorkbook, which truth-nights.ts passes): the
// night's reports step runs whole (its queries, its CSVs, the row counts summary.json gives, each file
// created and renamed into place), but a workbook is an empty file. The suites score the findings in the
// warehouse and summary.json, never a workbook, and rendering a night's six workbooks through exceljs was
// about a seventh of a night's CPU (six nights of 60 sales: 12.7 s of CPU against 10.9 s). What a
// workbook holds is proven where it is read: test/report and the two shared nights of test/serve.
// scripts/sandbox-list-size.ts runs its nights with it too: it reads the list from the warehouse.
import { writeFileSync } from 'node:fs';
import type { OpenWorkbook, WorkbookWriter } from '../../src/report/index.ts';

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
  setTotals(): void {}
  finish(): void {}
}

/** Creates its file where the real writer does (the reports step renames it into place), empty. */
class EmptyWorkbook implements WorkbookWriter {
  addSheet(): UnrenderedSheet {
    return new UnrenderedSheet();
  }
  addSentenceSheet(): void {}
  async commit(): Promise<void> {}
  abort(): void {}
}

/** Opens a workbook that stays an empty file. */
export const openEmptyWorkbook: OpenWorkbook = async (path) => {
  writeFileSync(path, '', { flag: 'wx' });
  return new EmptyWorkbook();
};
