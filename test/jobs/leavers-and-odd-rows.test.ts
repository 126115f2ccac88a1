// Nights on the sandbox where the service's listings change in ways the sweeps cannot show: a stale
// review decided paid after the lookback, and one rejected (it vanishes from the listing), resolve on the
// next night and say why; a sale whose ids carry every escape is stored exactly; a listed row that breaks
// the interface is kept out while the night completes, done with warnings, and shown in the workbook.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNightly, type NightlyOutcome } from '../../jobs/nightly.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema } from '../../src/config/schema.ts';
import { generateHistory, startSandbox, writeOrdersExport, type RunningSandbox } from '../../src/sandbox/index.ts';
import { breakRow, plantTransaction } from '../../src/sandbox/plant.ts';
import { addDays, datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';

const ZONE = 'America/Sao_Paulo';
const END = '2026-03-20';
const LAST_BUT_ONE = addDays(END, -1);
const history = generateHistory({ seed: 5, days: 12, perDay: 40, endDate: END, discrepancyRate: 0.12 });
const at = (date: string, hours: number) => DateTime.fromISO(date, { zone: ZONE }).plus({ hours }).toMillis();
const ODD_ID = 'tr_odd\\/\u00e9"\u0001\n\u2028x';

let dir: string;
let now = 0;
let sandbox: RunningSandbox;
let warehouse: Warehouse;
let api: ReturnType<typeof createPaymentsApi>;
let endNight: NightlyOutcome;
const reviews = history.discrepancies.filter((d) => d.category === 'stale_review' && d.date <= LAST_BUT_ONE).map((d) => d.transaction_ids![0]!);

async function night(date: string): Promise<NightlyOutcome> {
  await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
  now = at(date, 26);
  const config = configSchema.parse({
    timezone: ZONE,
    // A short lookback: a decided review is then older than every date window, only a look-up finds it.
    sync: { lookbackDays: 1 },
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
  });
  return runNightly({ db: warehouse.connection, api, clock: { now: () => now }, logger: silentLogger }, { date }, config);
}

async function rows(sql: string, params: string[] = []): Promise<Record<string, unknown>[]> {
  return (await warehouse.connection.runAndReadAll(sql, params)).getRowObjectsJS();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-leavers-'));
  sandbox = await startSandbox({ history, clock: { now: () => now } });
  api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 5 },
  });
  warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  for (const date of datesBetween(history.startDate, LAST_BUT_ONE, ZONE)) await night(date);
  // During the last day: two stale reviews are decided, a sale with odd ids is made, and an older sale's
  // listing row breaks (a text where the interface says an integer).
  sandbox.state.decideReview(reviews[0]!, 'paid', at(END, 10));
  sandbox.state.decideReview(reviews[1]!, 'rejected', at(END, 11));
  plantTransaction(sandbox.state, { id: ODD_ID, itemId: 'PED\\/ODD\u00e9', holder: 'Jo\u00e3o "Zé"\t\u0001', atMs: at(END, 12) });
  const older = history.transactions.find(
    (tx) => tx.createdMs >= at(LAST_BUT_ONE, 0) && tx.createdMs < at(LAST_BUT_ONE, 24) && tx.versions.length === 1 && tx.versions[0]!.status === 'paid',
  )!;
  breakRow(sandbox.state, older.id, { field: 'paid_amount', value: 'dez reais' });
  endNight = await night(END);
}, 180_000);

afterAll(async () => {
  warehouse?.close();
  await api?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('what the sweeps cannot show, over nights', () => {
  it('had at least two stale reviews to decide', () => {
    expect(reviews.length).toBeGreaterThanOrEqual(2);
  });

  it('a review decided paid after the lookback resolves, and says so', async () => {
    const found = await rows(`SELECT state, reason FROM findings WHERE run_id = $1 AND finding_key = $2`, [
      endNight.reconcile.runId,
      `stale_review:${reviews[0]}`,
    ]);
    expect(found).toEqual([{ state: 'resolved', reason: expect.stringMatching(new RegExp(`^transaction ${reviews[0]} left review: now paid since `)) }]);
    expect(await rows(`SELECT status FROM transactions WHERE transaction_id = $1`, [reviews[0]!])).toEqual([{ status: 'paid' }]);
  });

  it('a review rejected (no longer listed) is recorded rejected, resolves, and says why', async () => {
    const found = await rows(`SELECT state, reason FROM findings WHERE run_id = $1 AND finding_key = $2`, [
      endNight.reconcile.runId,
      `stale_review:${reviews[1]}`,
    ]);
    expect(found).toEqual([
      { state: 'resolved', reason: expect.stringMatching(/left review: rejected by the fraud check \(no longer listed by the service; seen missing on /) },
    ]);
    expect(await rows(`SELECT status FROM transaction_history WHERE transaction_id = $1 ORDER BY first_seen_at`, [reviews[1]!])).toEqual([
      { status: 'review' },
      { status: 'rejected' },
    ]);
    expect(endNight.sync.lookups).toMatchObject({ changed: 1, vanished: 1 });
  });

  it('stores a sale whose ids carry escapes, quotes, control characters and a line separator exactly', async () => {
    expect(await rows(`SELECT item_id, card_holder_name FROM transactions WHERE transaction_id = $1`, [ODD_ID])).toEqual([
      { item_id: 'PED\\/ODD\u00e9', card_holder_name: 'Jo\u00e3o "Zé"\t\u0001' },
    ]);
  });

  it('keeps a broken listed row out while the night completes, done with warnings, and shows it', async () => {
    expect(endNight.summary.outcome).toBe('done_with_warnings');
    expect(endNight.summary.sync?.rejected).toBeGreaterThanOrEqual(1);
    const summary = JSON.parse(readFileSync(join(dir, 'reports', END, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ outcome: 'done_with_warnings', sync: { rejected: endNight.sync.rejected } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'reports', END, 'discrepancies.xlsx'));
    // The default locale, pt-BR, names the sheets.
    const sheet = workbook.getWorksheet('Linhas não sincronizadas')!;
    expect(sheet.rowCount).toBe(endNight.sync.rejected + 1);
    expect(String(sheet.getRow(2).getCell(6).value)).toMatch(/paid_amount/);
    expect(String(sheet.getRow(2).getCell(7).value)).toContain('"dez reais"');
    expect(await rows(`SELECT outcome FROM runs WHERE run_id = $1`, [endNight.summary.run_id])).toEqual([{ outcome: 'done_with_warnings' }]);
  });

  it("reports exactly the ground truth's findings of the last night besides", async () => {
    const found = (
      await rows(`SELECT category || ':' || coalesce(operation_id, item_id) AS k FROM findings WHERE run_id = $1 AND state = 'new' ORDER BY k`, [
        endNight.reconcile.runId,
      ])
    ).map((r) => r['k']);
    const expected = history.discrepancies.filter((d) => d.date === END).map((d) => `${d.category}:${d.operation_id ?? d.item_id}`);
    // The sale decided paid still has its order pending: a true order_status_behind of the night.
    const decided = history.transactions.find((tx) => tx.id === reviews[0])!.itemId;
    // The odd sale has no order: it is a true unmatched payment of the night.
    expect(found).toEqual([...expected, `order_status_behind:${decided}`, 'unmatched_payment:PED\\/ODD\u00e9'].sort());
  });
});
