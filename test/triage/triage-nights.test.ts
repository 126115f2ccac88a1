// Triage across real nights on a real warehouse file: the steps the nightly wires (reconcile, the triage
// fold, the reports), with acknowledgements written to the journal between them. An acknowledged
// finding keeps its note in the next workbook; one whose facts change is open again; one the data
// resolves is resolved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../reports/index.ts';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { writeReports } from '../../src/report/index.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { listFindings, recordAction, type TriageContext } from '../../src/triage/actions.ts';
import { triageNight, type NightTriage } from '../../src/triage/night.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { insertOrders, insertTransactions } from '../reconcile/fixtures.ts';

const ZONE = 'America/Sao_Paulo';
const config = configSchema.parse({ timezone: ZONE });
const dir = mkdtempSync(join(tmpdir(), 'recon-triage-nights-'));
const path = join(dir, 'recon.duckdb');
const out = join(dir, 'reports');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = (nowIso: string): TriageContext => ({
  warehousePath: path,
  fileMode: '0600',
  zone: ZONE,
  slaDays: config.reconcile.slaDays,
  clock: fixedClock(Date.parse(nowIso)),
});

async function night(date: string, before?: (db: import('@duckdb/node-api').DuckDBConnection) => Promise<void>): Promise<NightTriage> {
  const warehouse = await openWarehouse(path);
  try {
    const db = warehouse.connection;
    await before?.(db);
    const deps = { db, clock: fixedClock(Date.parse(`${date}T08:00:00Z`) + 86_400_000), logger: silentLogger };
    const day = businessDayOf(date, ZONE);
    const reconcile = await reconcileDay(deps, { runId: `rec-${date}`, day }, config.reconcile);
    const triage = await triageNight(deps, { runId: reconcile.runId, day, fileMode: '0600', slaDays: config.reconcile.slaDays });
    await writeReports(
      { db, logger: silentLogger },
      { day, runId: reconcile.runId, outDir: out, maskDocuments: true, csvDialect: 'rfc4180', fileMode: '0600', locale: 'en', definitions: REPORTS },
    );
    return triage;
  } finally {
    warehouse.close();
  }
}

/** The rows of a workbook sheet as objects keyed by header. */
async function sheetRows(date: string, sheetName: string): Promise<Record<string, unknown>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(out, date, 'discrepancies.xlsx'));
  const sheet = wb.getWorksheet(sheetName);
  if (!sheet) return [];
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    if (values[0] === 'Total') return;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return rows;
}

let second: NightTriage;

beforeAll(async () => {
  await night('2026-03-10', async (db) => {
    await insertOrders(db, [
      { item_id: 'A', created: '2026-03-10T14:00:00Z' },
      { item_id: 'D', created: '2026-03-10T14:10:00Z' },
      { item_id: 'B', amount: 500, created: '2026-03-10T15:00:00Z' },
    ]);
    await insertTransactions(db, [{ transaction_id: 't1', item_id: 'B', net_value: 400, created: '2026-03-10T15:01:00Z' }]);
  });
  // The morning after: finance works the list (the warehouse is free; the CLI and page read it).
  const morning = ctx('2026-03-11T12:00:00Z');
  await recordAction(morning, { action: 'ack', keys: ['missing_payment:A', 'missing_payment:D'], by: 'ana', via: 'cli', note: 'customer paid by bank slip' });
  await recordAction(morning, { action: 'ack', keys: ['amount_mismatch:B'], by: 'ana', via: 'cli', note: 'discount on the phone' });
  await recordAction(morning, { action: 'assign', keys: ['missing_payment:D'], by: 'ana', via: 'cli', to: 'bia' });
  // During the day the facts move: A's payment arrives, B's amount is corrected on the service.
  second = await night('2026-03-11', async (db) => {
    await insertTransactions(db, [{ transaction_id: 't2', item_id: 'A', created: '2026-03-11T13:00:00Z' }]);
    await db.run(`UPDATE transactions SET net_value = 450, date_updated = TIMESTAMPTZ '2026-03-11 13:00:00Z' WHERE transaction_id = 't1'`);
  });
});

describe('the next night', () => {
  it('keeps an unchanged acknowledged finding acknowledged, with its note and assignee in the workbook', async () => {
    const rows = await sheetRows('2026-03-11', 'missing_payment');
    const d = rows.find((r) => r['Finding key'] === 'missing_payment:D');
    expect(d).toMatchObject({
      State: 'open',
      Triage: 'acknowledged',
      Note: 'customer paid by bank slip',
      'Noted by': 'ana',
      'Assigned to': 'bia',
      Overdue: 'No',
    });
    expect(d?.['Since']).toBeInstanceOf(Date);
  });

  it('resolves a finding the data resolved, acknowledged or not', async () => {
    const rows = await sheetRows('2026-03-11', 'missing_payment');
    expect(rows.find((r) => r['Finding key'] === 'missing_payment:A')).toMatchObject({ State: 'resolved', Triage: 'resolved' });
  });

  it('reopens a finding whose facts changed since it was acknowledged, and says since when', async () => {
    const rows = await sheetRows('2026-03-11', 'amount_mismatch');
    expect(rows.find((r) => r['Finding key'] === 'amount_mismatch:B')).toMatchObject({
      Triage: 'open',
      Changed: 'changed since acknowledged on 2026-03-11',
    });
    expect(second.summary).toMatchObject({ acknowledged: 1, changed: 1 });
  });

  it('splits the Summary by acknowledged and overdue', async () => {
    const rows = await sheetRows('2026-03-11', 'Summary');
    expect(rows.find((r) => r['Category'] === 'missing_payment')).toMatchObject({ Acknowledged: 1, Overdue: 0 });
  });

  it('the CLI and the page see the same triage right away', async () => {
    const listing = await listFindings(ctx('2026-03-12T12:00:00Z'), { state: 'acknowledged' });
    expect(listing.items.map((i) => i.row.key)).toEqual(['missing_payment:D']);
    expect(listing.busyNight).toBeUndefined();
  });

  it('a finding past its deadline is overdue three nights on', async () => {
    const third = await night('2026-03-13');
    const d = third.views.find((v) => v.key === 'missing_payment:D');
    expect(d).toMatchObject({ state: 'acknowledged', dueDate: '2026-03-12', overdue: true });
    expect(third.summary.overdue).toBeGreaterThanOrEqual(1);
  });
});
