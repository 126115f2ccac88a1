// The night's price snapshot against the sandbox over loopback: two installment calls per brand whose
// pricing is proportional, one per distinct net value for one that is not, never more than
// fees.maxCallsPerNight, nothing asked again on a re-run, nothing asked for what the service cannot
// price; and the fee_mismatch rule reading the snapshot, with the reason the issue asks for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema, type FeesConfig } from '../../src/config/schema.ts';
import { snapshotPrices } from '../../src/fees/snapshot-prices.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { generateHistory, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_PRICING, priceOf } from '../../src/sandbox/pricing.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import type { CardBrand } from '../../src/shared/domain.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { tagOf } from '../reconcile/case-tags.ts';
import { insertTransactions } from '../reconcile/fixtures.ts';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';

const ZONE = 'America/Sao_Paulo';
const DAY = businessDayOf('2026-03-10', ZONE);
const clock = { now: () => DAY.endMs + 7_200_000 };
let sandbox: RunningSandbox;
let api: ReturnType<typeof createPaymentsApi>;

beforeAll(async () => {
  sandbox = await startSandbox({ history: generateHistory({ seed: 3, days: 1, perDay: 0, endDate: '2026-03-09' }), clock, port: 0 });
  api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10 },
  });
});
afterAll(async () => {
  await api.close();
  await sandbox.close();
});

interface Sale {
  id: string;
  brand: string;
  installments: number;
  net: number;
  /** Default: the sandbox's current price. */
  charged?: number;
}

const fees = (over: Partial<FeesConfig> = {}): FeesConfig => configSchema.parse({ fees: { check: 'passed-to-customer', ...over } }).fees;

async function warehouseWith(sales: Sale[]) {
  const warehouse = await migratedWarehouse(ONE_THREAD);
  await insertTransactions(
    warehouse.db,
    sales.map((s) => ({ transaction_id: s.id, net_value: s.net, card_brand: s.brand, created: '2026-03-10T15:00:00Z' })),
  );
  // One UPDATE for all the sales, not one per sale (70 in the first test): a statement has a fixed cost.
  const values = sales.map(
    (s) => `('${s.id}', '${s.installments}', ${s.charged ?? priceOf(sandbox.state.pricing, s.brand as CardBrand, s.net, s.installments)})`,
  );
  await warehouse.db.run(
    `UPDATE transactions SET installments = v.installments, authorized_amount = v.charged, paid_amount = v.charged
     FROM (VALUES ${values.join(', ')}) AS v(id, installments, charged) WHERE transaction_id = v.id`,
  );
  return warehouse;
}

const sales = (brand: string, count: number, from = 0): Sale[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${brand}-${from + i}`, brand, installments: 1 + (i % 12), net: 1_000 + 37 * (from + i) }));

describe('snapshotPrices', () => {
  it('prices proportional brands from two calls each, and a re-run asks nothing', async () => {
    const warehouse = await warehouseWith([...sales('visa', 40), ...sales('elo', 30)]);
    const before = sandbox.state.installmentCalls;
    const first = await snapshotPrices({ db: warehouse.db, http: api, clock, logger: silentLogger }, DAY, fees());
    expect(first).toMatchObject({ calls: 4, proportional: ['elo', 'visa'], perValue: [], prices: 70, sales: 70, unpriced: 0 });
    expect(sandbox.state.installmentCalls - before).toBe(4);
    const stored = await warehouse.db.runAndReadAll(`SELECT card_brand, installments, net_value, amount, source FROM installment_prices ORDER BY ALL`);
    for (const row of stored.getRowObjectsJS()) {
      expect(row['amount']).toBe(BigInt(priceOf(DEFAULT_PRICING, row['card_brand'] as CardBrand, Number(row['net_value']), Number(row['installments']))));
      expect(row['source']).toBe('table');
    }
    const again = await snapshotPrices({ db: warehouse.db, http: api, clock, logger: silentLogger }, DAY, fees());
    expect(again).toMatchObject({ calls: 0, prices: 0, sales: 70, unpriced: 0 });
    warehouse.close();
  });

  it('asks a brand whose pricing is not proportional one call per distinct net value, within the budget', async () => {
    sandbox.state.setBrandPricing('hipercard', { ...DEFAULT_PRICING.hipercard, fixedCents: 39 });
    try {
      // 12 hipercard sales on 6 distinct net values (two installment counts each).
      const hiper = Array.from({ length: 12 }, (_, i) => ({
        id: `h-${i}`,
        brand: 'hipercard',
        installments: 1 + (i % 2) * 5,
        net: 2_000 + 100 * Math.floor(i / 2),
      }));
      const warehouse = await warehouseWith([...sales('visa', 5), ...hiper]);
      const open = await snapshotPrices({ db: warehouse.db, http: api, clock, logger: silentLogger }, DAY, fees());
      expect(open).toMatchObject({ calls: 2 + 2 + 6, proportional: ['visa'], perValue: ['hipercard'], prices: 17, unpriced: 0 });
      const sources = await warehouse.db.runAndReadAll(
        `SELECT source, count(*)::INTEGER AS n FROM installment_prices WHERE card_brand = 'hipercard' GROUP BY ALL`,
      );
      expect(sources.getRowObjectsJS()).toEqual([{ source: 'call', n: 12 }]);
      warehouse.close();

      const tight = await warehouseWith([...sales('visa', 5), ...hiper]);
      const capped = await snapshotPrices({ db: tight.db, http: api, clock, logger: silentLogger }, DAY, fees({ maxCallsPerNight: 7 }));
      // hipercard 2 to learn that it is not proportional, visa 2, then 3 of the 6 hipercard net values.
      expect(capped).toMatchObject({ calls: 7, prices: 5 + 6, sales: 17, unpriced: 6 });
      tight.close();
    } finally {
      sandbox.state.setBrandPricing('hipercard', DEFAULT_PRICING.hipercard);
    }
  });

  it('sends nothing for what the service cannot price, and nothing at all when the check is off', async () => {
    const warehouse = await warehouseWith([
      { id: 'd', brand: 'diners', installments: 1, net: 5_000, charged: 5_100 },
      { id: 'small', brand: 'visa', installments: 1, net: 99, charged: 102 },
      { id: 'n13', brand: 'visa', installments: 13, net: 5_000, charged: 6_000 },
    ]);
    const before = sandbox.state.installmentCalls;
    expect(await snapshotPrices({ db: warehouse.db, http: api, clock, logger: silentLogger }, DAY, fees())).toMatchObject({ calls: 0, sales: 3, unpriced: 3 });
    expect(await snapshotPrices({ db: warehouse.db, http: api, clock, logger: silentLogger }, DAY, fees({ check: 'off' }))).toMatchObject({
      calls: 0,
      sales: 0,
    });
    expect(sandbox.state.installmentCalls).toBe(before);
    warehouse.close();
  });
});

// The five sales share one warehouse, one snapshot and the two nights, each with an id of its own
// (test/reconcile/case-tags.ts); each case asserts the findings of its own sale.
describe('fee_mismatch', () => {
  const cases = [
    ['charged the 1x price for 12x', { installments: 12, net: 100_000, charged: 102_990 }, true, '12x visa: charged 1.029,90, table 1.194,90 (rate 19.49%)'],
    ['charged 2 cents over', { installments: 3, net: 100_000, charged: 105_992 }, true, '3x visa: charged 1.059,92, table 1.059,90 (rate 5.99%)'],
    ['charged 1 cent over: within the tolerance', { installments: 3, net: 100_000, charged: 105_991 }, false, ''],
    [
      'charged the net value: fees absorbed',
      { installments: 1, net: 100_000, charged: 100_000 },
      true,
      '1x visa: charged 1.000,00, table 1.029,90 (rate 2.99%)',
    ],
    ['charged its price', { installments: 6, net: 100_000 }, false, ''],
  ] as [string, Omit<Sale, 'id' | 'brand'>, boolean, string][];
  let warehouse: Awaited<ReturnType<typeof warehouseWith>>;
  beforeAll(async () => {
    warehouse = await warehouseWith(cases.map(([, sale], i) => ({ id: `${tagOf(i)}tr_x`, brand: 'visa', ...sale })));
    const deps = { db: warehouse.db, http: api, clock, logger: silentLogger };
    await snapshotPrices(deps, DAY, fees());
    await reconcileDay(deps, { runId: 'r1', day: DAY, fees: fees() }, configSchema.parse({}).reconcile);
    // With the check off the same sales raise nothing.
    await reconcileDay(deps, { runId: 'r2', day: DAY, fees: fees({ check: 'off' }) }, configSchema.parse({}).reconcile);
  });
  afterAll(() => warehouse.close());

  it.each(cases.map((c, i) => [...c, tagOf(i)] as const))('%s', async (_, sale, reported, reason, tag) => {
    const own = `category = 'fee_mismatch' AND contains(transaction_ids, $1)`;
    const rows = (await warehouse.db.runAndReadAll(`SELECT reason, difference_cents FROM findings WHERE run_id = 'r1' AND ${own}`, [tag])).getRowObjectsJS();
    expect(rows).toEqual(
      reported ? [{ reason, difference_cents: BigInt((sale.charged ?? 0) - priceOf(DEFAULT_PRICING, 'visa', sale.net, sale.installments)) }] : [],
    );
    expect((await warehouse.db.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM findings WHERE run_id = 'r2' AND ${own}`, [tag])).getRowObjectsJS()).toEqual([
      { n: 0 },
    ]);
  });
});

describe('prices that change', () => {
  it('holds each sale to the snapshot of its own day: a new price the next day, an old price charged after it', async () => {
    const day2 = businessDayOf('2026-03-11', ZONE);
    const warehouse = await migratedWarehouse(ONE_THREAD);
    const deps = { db: warehouse.db, http: api, clock, logger: silentLogger };
    const reconcile = configSchema.parse({}).reconcile;
    try {
      const old = priceOf(DEFAULT_PRICING, 'elo', 50_000, 3);
      await insertTransactions(warehouse.db, [{ transaction_id: 'sold-d1', net_value: 50_000, card_brand: 'elo', created: '2026-03-10T15:00:00Z' }]);
      await warehouse.db.run(`UPDATE transactions SET installments = '3', authorized_amount = ${old} WHERE transaction_id = 'sold-d1'`);
      await snapshotPrices(deps, DAY, fees());
      await reconcileDay(deps, { runId: 'n1', day: DAY, fees: fees() }, reconcile);

      // Elo raises its prices overnight; the shop charges the new price to one sale and the old to another.
      sandbox.state.setBrandPricing('elo', { basisPoints: DEFAULT_PRICING.elo.basisPoints.map((bp) => bp + 50), fixedCents: 0 });
      const raised = priceOf(sandbox.state.pricing, 'elo', 50_000, 3);
      await insertTransactions(warehouse.db, [
        { transaction_id: 'new-price', net_value: 50_000, card_brand: 'elo', created: '2026-03-11T15:00:00Z' },
        { transaction_id: 'old-price', net_value: 50_000, card_brand: 'elo', created: '2026-03-11T16:00:00Z' },
      ]);
      await warehouse.db.run(`UPDATE transactions SET installments = '3', authorized_amount = ${raised} WHERE transaction_id = 'new-price'`);
      await warehouse.db.run(`UPDATE transactions SET installments = '3', authorized_amount = ${old} WHERE transaction_id = 'old-price'`);
      await snapshotPrices({ ...deps, clock: { now: () => day2.endMs + 7_200_000 } }, day2, fees());
      await reconcileDay(deps, { runId: 'n2', day: day2, fees: fees() }, reconcile);

      const found = await warehouse.db.runAndReadAll(
        `SELECT run_id, transaction_ids, difference_cents FROM findings WHERE category = 'fee_mismatch' ORDER BY ALL`,
      );
      expect(found.getRowObjectsJS()).toEqual([{ run_id: 'n2', transaction_ids: 'old-price', difference_cents: BigInt(old - raised) }]);
      const days = await warehouse.db.runAndReadAll(
        `SELECT strftime(business_date, '%Y-%m-%d') AS day, amount FROM installment_prices WHERE card_brand = 'elo' AND installments = 3 ORDER BY day`,
      );
      expect(days.getRowObjectsJS()).toEqual([
        { day: '2026-03-10', amount: BigInt(old) },
        { day: '2026-03-11', amount: BigInt(raised) },
      ]);
    } finally {
      sandbox.state.setBrandPricing('elo', DEFAULT_PRICING.elo);
      warehouse.close();
    }
  });
});
