// The night's installment price snapshot: for every (brand, installments, net value) of the day's
// charged card sales, the total the service's pricing asks, written to installment_prices for the day.
// Calls are bounded: per brand, two (its rates at the reference value, and a check at a second value,
// price-model.ts); only a brand whose pricing is not proportional costs one call per distinct net value,
// each answer kept for every installment count of that value, within fees.maxCallsPerNight. A re-run
// of the night asks only for prices the snapshot lacks. A sale left without a price is counted, never
// guessed; an answer the service refuses or breaks leaves its brand unpriced and the night goes on.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { InstallmentOption, PaymentsApi } from '../api/index.ts';
import type { FeesConfig } from '../config/schema.ts';
import type { BusinessDay } from '../shared/business-day.ts';
import type { Clock } from '../shared/clock.ts';
import { CARD_BRANDS } from '../shared/domain.ts';
import { ReconError, saidOf } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { dateParam, instantParam, runWithParams } from '../warehouse/sql.ts';
import { CHECK_NET_VALUE, learnRates, predictsAnswer, priceFromRates, REFERENCE_NET_VALUE, type BrandRates } from './price-model.ts';
import { CHARGED_SALE_SQL, MIN_PRICED_NET_VALUE } from './sales.ts';

export interface SnapshotDeps {
  db: Pick<DuckDBConnection, 'runAndReadAll' | 'prepare'>;
  http: Pick<PaymentsApi, 'listInstallments'>;
  clock: Clock;
  logger: Logger;
}

export interface FeesSnapshot {
  check: FeesConfig['check'];
  /** GET /v1/installments requests the night sent (its retries aside). */
  calls: number;
  /** Brands priced from their learned rates, and brands priced net value by net value. */
  proportional: string[];
  perValue: string[];
  /** Prices written to installment_prices for the day by this run. */
  prices: number;
  /** The day's charged sales, and those left without a price (unknown brand, net value below 100, budget, refusal). */
  sales: number;
  unpriced: number;
}

interface Need {
  brand: string;
  installments: number;
  netValue: number;
  sales: number;
}

interface PriceRow {
  b: string;
  n: number;
  v: number;
  a: number;
  r: string;
  s: 'table' | 'call';
}

const NEEDS_SQL = `
SELECT t.card_brand AS brand, TRY_CAST(t.installments AS INTEGER) AS installments, t.net_value, count(*) AS sales,
       EXISTS (SELECT 1 FROM installment_prices p WHERE p.business_date = $d AND p.card_brand = t.card_brand
               AND p.installments = TRY_CAST(t.installments AS INTEGER) AND p.net_value = t.net_value) AS priced
FROM transactions t
WHERE t.date_created >= $d_start AND t.date_created < $d_end AND ${CHARGED_SALE_SQL}
GROUP BY ALL ORDER BY ALL`;

const INSERT_SQL = `
INSERT INTO installment_prices
SELECT $d, r.b, r.n, r.v, r.a, CAST(r.r AS DECIMAL(9, 4)), r.s, $at
FROM (SELECT unnest(CAST(json($rows) AS STRUCT(b VARCHAR, n INTEGER, v BIGINT, a BIGINT, r VARCHAR, s VARCHAR)[]), recursive := true)) AS r`;

export async function snapshotPrices(deps: SnapshotDeps, day: BusinessDay, config: FeesConfig): Promise<FeesSnapshot> {
  const result: FeesSnapshot = { check: config.check, calls: 0, proportional: [], perValue: [], prices: 0, sales: 0, unpriced: 0 };
  if (config.check === 'off') return result;
  const params = { d: dateParam(day.date), d_start: instantParam(day.startMs), d_end: instantParam(day.endMs) };
  const needs: Need[] = [];
  for (const row of await (await runWithParams(deps.db, NEEDS_SQL, params)).getRowObjects()) {
    const need = { brand: String(row['brand']), installments: Number(row['installments']), netValue: Number(row['net_value']), sales: Number(row['sales']) };
    result.sales += need.sales;
    if (row['priced'] === true) continue;
    if (!isPriceable(row)) result.unpriced += need.sales;
    else needs.push(need);
  }
  const caller = new BudgetedCaller(deps, config.maxCallsPerNight);
  const brands = [...new Set(needs.map((n) => n.brand))];
  // First every brand's two calls (each covers all of its sales when proportional), then the net values
  // of the others, those with the most sales first: a tight budget then checks the most sales it can.
  const rows: PriceRow[] = [];
  const perValue: Need[] = [];
  for (const brand of brands) {
    const ofBrand = needs.filter((n) => n.brand === brand);
    const rates = await learnProportionalRates(caller, brand);
    if (rates) {
      result.proportional.push(brand);
      rows.push(...ofBrand.flatMap((need) => priceFromTable(rates, need)));
    } else {
      perValue.push(...ofBrand);
    }
  }
  rows.push(...(await priceValueByValue(caller, perValue)));
  result.perValue = [...new Set(perValue.map((n) => n.brand))].filter((b) => rows.some((r) => r.b === b));
  const got = new Set(rows.map((r) => `${r.b}|${r.n}|${r.v}`));
  for (const need of needs) if (!got.has(`${need.brand}|${need.installments}|${need.netValue}`)) result.unpriced += need.sales;
  result.calls = caller.calls;
  if (rows.length > 0) await runWithParams(deps.db, INSERT_SQL, { d: params.d, at: instantParam(deps.clock.now()), rows: JSON.stringify(rows) });
  result.prices = rows.length;
  if (result.unpriced > 0)
    deps.logger.warn({ id: 'feesUnpriced', unpriced: result.unpriced, sales: result.sales, date: day.date, maxCalls: config.maxCallsPerNight });
  return result;
}

function isPriceable(row: Record<string, unknown>): boolean {
  const n = Number(row['installments']);
  const net = Number(row['net_value']);
  return (CARD_BRANDS as readonly string[]).includes(String(row['brand'])) && n >= 1 && n <= 12 && net >= MIN_PRICED_NET_VALUE;
}

/** The brand's rates when its pricing is proportional (price-model.ts), else undefined. */
async function learnProportionalRates(caller: BudgetedCaller, brand: string): Promise<BrandRates | undefined> {
  const reference = await caller.ask(brand, REFERENCE_NET_VALUE);
  const check = reference && (await caller.ask(brand, CHECK_NET_VALUE));
  if (!reference || !check) return undefined;
  const rates = learnRates(reference);
  return predictsAnswer(rates, CHECK_NET_VALUE, check) ? rates : undefined;
}

function priceFromTable(rates: BrandRates, need: Need): PriceRow[] {
  const amount = priceFromRates(rates, need.netValue, need.installments);
  const rate = rates.get(need.installments);
  return amount === undefined || rate === undefined ? [] : [row(need.brand, need, amount, rate.interestRate, 'table')];
}

/** One call per distinct (brand, net value), the values with the most sales first; each answer prices every installment count of it. */
async function priceValueByValue(caller: BudgetedCaller, needs: readonly Need[]): Promise<PriceRow[]> {
  const values = new Map<string, { brand: string; netValue: number; sales: number }>();
  for (const need of needs) {
    const key = `${need.brand}|${need.netValue}`;
    const value = values.get(key) ?? { brand: need.brand, netValue: need.netValue, sales: 0 };
    value.sales += need.sales;
    values.set(key, value);
  }
  const rows: PriceRow[] = [];
  const ordered = [...values.values()].sort((a, b) => b.sales - a.sales || (a.brand < b.brand ? -1 : a.brand > b.brand ? 1 : a.netValue - b.netValue));
  for (const { brand, netValue } of ordered) {
    const answer = await caller.ask(brand, netValue);
    if (!answer) continue;
    for (const need of needs.filter((n) => n.brand === brand && n.netValue === netValue)) {
      const option = answer.find((o) => o.installments === need.installments);
      if (option) rows.push(row(brand, need, option.amountCents, option.interestRate, 'call'));
    }
  }
  return rows;
}

function row(brand: string, need: Need, amount: number, rate: string, source: PriceRow['s']): PriceRow {
  return { b: brand, n: need.installments, v: need.netValue, a: amount, r: rate, s: source };
}

/**
 * The night's calls: each (brand, net value) asked once, none past the budget, and an answer the
 * service refuses or breaks (after the client's retries) leaves that price unknown instead of failing
 * the night: the fee check is one finding among many.
 */
class BudgetedCaller {
  calls = 0;
  private readonly cache = new Map<string, InstallmentOption[] | undefined>();
  private warnedBudget = false;

  constructor(
    private readonly deps: SnapshotDeps,
    private readonly budget: number,
  ) {}

  async ask(brand: string, netValue: number): Promise<InstallmentOption[] | undefined> {
    const key = `${brand}|${netValue}`;
    if (this.cache.has(key)) return this.cache.get(key);
    if (this.calls >= this.budget) {
      if (!this.warnedBudget) this.deps.logger.warn({ id: 'feesBudgetReached', budget: this.budget });
      this.warnedBudget = true;
      return undefined;
    }
    this.calls++;
    let answer: InstallmentOption[] | undefined;
    try {
      answer = await this.deps.http.listInstallments(netValue, brand);
    } catch (error) {
      if (!(error instanceof ReconError) || !['api_http', 'api_network', 'api_schema'].includes(error.code)) throw error;
      this.deps.logger.warn({ id: 'feesNoPrice', brand, netValueCents: netValue, said: saidOf(error) });
    }
    this.cache.set(key, answer);
    return answer;
  }
}
