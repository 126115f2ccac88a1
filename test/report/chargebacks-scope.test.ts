// The chargebacks report's scope: the list holds the day's new chargebacks and the open ones the day's
// reconcile run has an unresolved chargeback_open finding for (by the finding's order or one of its
// transactions); 'By brand' still counts and ages every chargeback open as of the day's end.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReports } from '../../src/report/index.ts';
import { chargebacks } from '../../reports/chargebacks.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, DAY, ZONE, type Fixture } from './fixture.ts';

let fixture: Fixture;
let written = 0;

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

/** Writes the report; returns its CSV as rows keyed by header. */
async function chargebacksCsv(): Promise<Record<string, string>[]> {
  const outDir = join(fixture.dir, `out-${++written}`);
  await writeReports(
    { db: fixture.warehouse.connection, logger: silentLogger },
    { day: businessDayOf(DAY, ZONE), outDir, maskDocuments: true, csvDialect: 'rfc4180', locale: 'en', fileMode: '0600', definitions: [chargebacks] },
  );
  const [header, ...lines] = readFileSync(join(outDir, DAY, 'chargebacks.csv'), 'utf8')
    .trim()
    .split('\r\n');
  const keys = (header ?? '').split(',');
  // The fixture's chargeback rows hold no commas or quotes.
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i] ?? String(i), v])));
}

const finding = (run: string, key: string, item: string, transactions: string, state: string) =>
  `INSERT INTO findings VALUES ('${run}', DATE '${DAY}', '${key}', 'chargeback_open', '${item}', NULL, '${transactions}', 'paid', 'chargeback', 1, 1, 0, 'test', DATE '2024-03-01', '${state}', NULL)`;

describe('chargebacks report scope', () => {
  it("lists the day's new chargebacks and those with an open finding; older ones only count in the totals", async () => {
    const rows = await chargebacksCsv();
    expect(rows.map((r) => [r['transaction_id'], r['is_new'], r['has_open_finding']])).toEqual([
      ['T9', 'true', 'false'],
      ['T5', 'true', 'true'],
    ]);
    // The CSV keys are a contract: the earlier columns in their order, the new one appended.
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'transaction_id',
      'item_id',
      'is_new',
      'sold_at',
      'charged_back_at',
      'age_days',
      'age_bucket',
      'net_value_cents',
      'card_brand',
      'card_last_digits',
      'order_item_id',
      'order_status',
      'order_amount_cents',
      'has_open_finding',
      'days_since_chargeback',
    ]);
  });

  it('lists an older chargeback once the run holds an unresolved finding naming its transaction', async () => {
    // Resolved, or of another run: not listed.
    await fixture.warehouse.connection.run(
      `${finding('rec-1', 'chargeback_open:I6', 'I6', 'T6', 'resolved')}; ${finding('rec-0', 'chargeback_open:I6', 'I6', 'T6', 'open')}`,
    );
    expect((await chargebacksCsv()).map((r) => r['transaction_id'])).toEqual(['T9', 'T5']);
    await fixture.warehouse.connection.run(`UPDATE findings SET state = 'open' WHERE run_id = 'rec-1' AND finding_key = 'chargeback_open:I6'`);
    const rows = await chargebacksCsv();
    expect(rows.map((r) => [r['transaction_id'], r['is_new'], r['age_bucket'], r['has_open_finding']])).toEqual([
      // Aged by the dispute clock: T6 was charged back on March 1st, 14 days before the day's end.
      ['T6', 'false', '0-30d', 'true'],
      ['T9', 'true', '0-30d', 'false'],
      ['T5', 'true', '0-30d', 'true'],
    ]);
  });

  it('lists a chargeback whose order the finding names, even when its transaction ids differ', async () => {
    // T9 belongs to order ORD-9 (the export named T9); the finding lists another transaction of it.
    await fixture.warehouse.connection.run(finding('rec-1', 'chargeback_open:ORD-9', 'ORD-9', 'T99', 'new'));
    const t9 = (await chargebacksCsv()).find((r) => r['transaction_id'] === 'T9');
    expect(t9).toMatchObject({ order_item_id: 'ORD-9', has_open_finding: 'true' });
  });

  it("'By brand' counts every chargeback open as of the day's end, listed or not", async () => {
    const outDir = join(fixture.dir, 'by-brand');
    await fixture.warehouse.connection.run(`DELETE FROM findings WHERE category = 'chargeback_open' AND finding_key <> 'chargeback_open:I5'`);
    const result = await writeReports(
      { db: fixture.warehouse.connection, logger: silentLogger },
      { day: businessDayOf(DAY, ZONE), outDir, maskDocuments: true, csvDialect: 'rfc4180', locale: 'en', fileMode: '0600', definitions: [chargebacks] },
    );
    expect(result.counts).toMatchObject({ chargebacks: 2, 'chargebacks/Chargebacks': 2, 'chargebacks/By brand': 3 });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(outDir, DAY, 'chargebacks.xlsx'));
    const byBrand = workbook.getWorksheet('By brand')!;
    // card_brand, chargebacks, new, 0-30, 31-60, 61-90, 91-120, >120 days, net value: T6 (mastercard, 14 days) is counted.
    expect((byBrand.getRow(3).values as unknown[]).slice(1)).toEqual(['mastercard', 1, 0, 1, 0, 0, 0, 0, 70]);
    expect((byBrand.getRow(5).values as unknown[]).slice(1)).toEqual(['Total', 3, 2, 3, 0, 0, 0, 0, 150]);
  });
});
