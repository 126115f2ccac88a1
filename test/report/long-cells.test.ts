// A text longer than Excel's cell limit, end to end through writeReports: the workbook cell is cut to
// 32,767 characters and says so (read back with exceljs), the CSV keeps the whole text, and hostile
// text with leading blanks or full-width signs is neutralised by the same rule in both files.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReports } from '../../src/report/index.ts';
import { REPORTS } from '../../reports/index.ts';
import { EXCEL_CELL_MAX } from '../../src/report/cells.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, DAY, ZONE, type Fixture } from './fixture.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const LONG = 100_000;
const MARK = '… [cut: 100,000 characters]';

let fixture: Fixture;
let out: string;

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  out = join(fixture.dir, 'reports');
  // A reason of 100,000 characters (a finding stored without facts: its sentence is shown as written); two findings whose reasons start with a blank or a full-width sign.
  await fixture.warehouse.connection.run(`
    UPDATE findings SET reason = repeat('ab', ${LONG / 2}), facts = NULL WHERE finding_key = 'amount_mismatch:I1';
    UPDATE findings SET reason = ' \t=HYPERLINK("http://evil.example")' WHERE finding_key = 'refund_not_recorded:I2';
    UPDATE findings SET reason = '\uFF1D1+1' WHERE finding_key = 'chargeback_open:I5';`);
  await writeReports(
    { db: fixture.warehouse.connection, logger: silentLogger },
    { day: businessDayOf(DAY, ZONE), outDir: out, maskDocuments: true, csvDialect: 'rfc4180', locale: 'en', fileMode: '0600', definitions: REPORTS },
  );
}, 60_000);

afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

async function reasonsOf(sheetName: string): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(join(out, DAY, 'discrepancies.xlsx'));
  const sheet = workbook.getWorksheet(sheetName)!;
  const column = (sheet.getRow(1).values as unknown[]).indexOf('Reason');
  const reasons: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1 && typeof row.getCell(column).value === 'string') reasons.push(row.getCell(column).value as string);
  });
  return reasons;
}

describe('text longer than an Excel cell', () => {
  it('is cut to 32,767 characters in the workbook, ending in a mark that says how long it was', async () => {
    const [reason] = await reasonsOf('amount_mismatch');
    expect(reason).toHaveLength(EXCEL_CELL_MAX);
    expect(reason!.endsWith(MARK)).toBe(true);
    expect(reason!.startsWith('ab'.repeat(100))).toBe(true);
  });

  it('is kept whole in the CSV', () => {
    const csv = readFileSync(join(out, DAY, 'discrepancies.csv'), 'utf8');
    expect(csv).toContain(`,${'ab'.repeat(LONG / 2)},`);
    expect(csv).not.toContain('[cut:');
  });
});

describe('formula text behind blanks or in full-width signs', () => {
  it('is neutralised in the workbook', async () => {
    expect(await reasonsOf('refund_not_recorded')).toEqual([`' \t=HYPERLINK("http://evil.example")`]);
    expect(await reasonsOf('chargeback_open')).toEqual(["'\uFF1D1+1"]);
  });

  it('is neutralised in the CSV by the same rule', () => {
    const csv = readFileSync(join(out, DAY, 'discrepancies.csv'), 'utf8');
    expect(csv).toContain(`"' \t=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain(",'\uFF1D1+1,");
  });
});
