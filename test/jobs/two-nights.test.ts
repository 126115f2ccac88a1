// Two nights on the sandbox: night 1 reports what the ground truth says; then a refund of a recent sale
// and a chargeback on an old sale happen; night 2's refunds and chargebacks reports hold them, and the
// earlier findings show as open or resolved.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { configSchema } from '../../src/config/schema.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { generateHistory, startSandbox, writeOrdersExport, type RunningSandbox } from '../../src/sandbox/index.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { addDays, datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { runNightly, type NightlyOutcome } from '../../jobs/nightly.ts';

const ZONE = 'America/Sao_Paulo';
const END = '2026-03-20';
const NIGHT1 = addDays(END, -1);
const at = (date: string, hours: number) => DateTime.fromISO(date, { zone: ZONE }).plus({ hours }).toMillis();

let dir: string;
let now = 0;
let sandbox: RunningSandbox;
let warehouse: Warehouse;
let api: ReturnType<typeof createPaymentsApi>;
const history = generateHistory({ seed: 11, days: 10, perDay: 40, endDate: END, discrepancyRate: 0.08 });
const config = () =>
  configSchema.parse({ timezone: ZONE, orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') }, reports: { outDir: join(dir, 'reports') } });

async function night(date: string): Promise<NightlyOutcome> {
  await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
  now = at(date, 26); // 02:00 on the next day
  return runNightly({ db: warehouse.connection, api, clock: { now: () => now }, logger: silentLogger }, { date }, config());
}

function csvRows(file: string): Record<string, string>[] {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\r\n');
  const keys = (header ?? '').split(',');
  // These columns hold no commas or quotes except `reason`, which the tests below do not read.
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i] ?? String(i), v])));
}

const outcomes = new Map<string, NightlyOutcome>();
let refunded = '';
let chargedBack = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-two-nights-'));
  sandbox = await startSandbox({ history, clock: { now: () => now } });
  api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 5 },
  });
  warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  for (const date of datesBetween(history.startDate, NIGHT1, ZONE)) outcomes.set(date, await night(date));

  // Between the nights: a recent sale is refunded and the oldest clean sale is charged back, and the
  // shop's export does not show either.
  const clean = (tx: (typeof history.transactions)[number]) =>
    history.discrepancies.every((d) => d.item_id !== tx.itemId) && tx.versions.length === 1 && tx.versions[0]?.status === 'paid';
  const recent = history.transactions.filter((tx) => clean(tx) && tx.createdMs >= at(NIGHT1, 0) && tx.createdMs < at(NIGHT1, 20));
  const old = history.transactions.filter((tx) => clean(tx) && tx.createdMs < at(history.startDate, 24));
  refunded = recent[0]!.id;
  chargedBack = old[0]!.id;
  sandbox.state.refund(refunded, at(END, 10));
  sandbox.state.chargeback(chargedBack, at(END, 11));
  outcomes.set(END, await night(END));
}, 120_000);

afterAll(async () => {
  warehouse?.close();
  await api?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two nights on the sandbox', () => {
  it('night 1 reports exactly the discrepancies the ground truth dates to it', () => {
    const rows = csvRows(join(dir, 'reports', NIGHT1, 'discrepancies.csv')).filter((r) => r['state'] === 'new');
    const found = rows.map((r) => `${r['category']}:${r['operation_id'] || r['item_id']}`).sort();
    const expected = history.discrepancies
      .filter((d) => d.date === NIGHT1)
      .map((d) => `${d.category}:${d.operation_id ?? d.item_id}`)
      .sort();
    expect(found).toEqual(expected);
  });

  it("night 2's refunds report holds the refund of the recent sale", () => {
    const rows = csvRows(join(dir, 'reports', END, 'refunds.csv'));
    const row = rows.find((r) => r['transaction_id'] === refunded);
    expect(row).toMatchObject({ order_status: 'paid', order_reflects_refund: 'false' });
  });

  it("night 2's chargebacks report holds the old sale's chargeback, flagged new", () => {
    const rows = csvRows(join(dir, 'reports', END, 'chargebacks.csv'));
    const row = rows.find((r) => r['transaction_id'] === chargedBack);
    // Aged by the dispute clock (charged back on night 2: 0 days); the sale is older.
    expect(row).toMatchObject({ is_new: 'true', age_bucket: '0-30d', days_since_chargeback: '0' });
    expect(Number(row?.['age_days'])).toBeGreaterThanOrEqual(7);
  });

  it('night 2 raises them as new findings and carries the earlier ones as open or resolved', () => {
    const rows = csvRows(join(dir, 'reports', END, 'discrepancies.csv'));
    const item = (id: string) => history.transactions.find((tx) => tx.id === id)!.itemId;
    expect(rows).toContainEqual(expect.objectContaining({ category: 'refund_not_recorded', state: 'new', item_id: item(refunded) }));
    expect(rows).toContainEqual(expect.objectContaining({ category: 'chargeback_open', state: 'new', item_id: item(chargedBack) }));
    const carried = rows.filter((r) => r['state'] === 'open' || r['state'] === 'resolved');
    expect(carried.length).toBeGreaterThan(0);
    for (const r of carried) expect(r['first_seen']! < END).toBe(true);
    const night1Open = outcomes.get(NIGHT1)!.reconcile.totals;
    const night2 = outcomes.get(END)!.reconcile.totals;
    expect(night2.open + night2.resolved).toBe(night1Open.new + night1Open.open);
  });

  it('re-running night 2 writes byte-identical CSV reports', async () => {
    const before = ['discrepancies', 'refunds', 'chargebacks'].map((r) => readFileSync(join(dir, 'reports', END, `${r}.csv`)));
    const first = outcomes.get(END)!.reconcile.totals;
    // A re-run reconciles against the same previous night, so the same findings come out.
    const again = await night(END);
    expect(again.reconcile.totals).toEqual(first);
    const after = ['discrepancies', 'refunds', 'chargebacks'].map((r) => readFileSync(join(dir, 'reports', END, `${r}.csv`)));
    expect(after).toEqual(before);
  });
});
