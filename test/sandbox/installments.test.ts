// GET /v1/installments over real HTTP (loopback, port 0): twelve options from the brand's pricing table,
// which the generated sales follow; the pt_br block; the v1 error object for each refused parameter;
// mispriced sales planted on demand; and prices that change from a moment on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { DEFAULT_PRICING, priceOf } from '../../src/sandbox/pricing.ts';
import { CARD_BRANDS, type CardBrand } from '../../src/shared/domain.ts';
import { centsFromReaisNumber } from '../../src/shared/money.ts';
import { nightOf } from './naive-reconcile.ts';

const clock = { now: () => nightOf('2025-03-20', 'America/Sao_Paulo') };
let sb: RunningSandbox;

async function get(path: string, init: RequestInit = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(sb.url + path, { ...init, headers: { api_key: sb.apiKey } });
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  const history = generateHistory({ seed: 7, days: 3, perDay: 200, endDate: '2025-03-20' });
  sb = await startSandbox({ history, clock, port: 0 });
});
afterAll(() => sb.close());

describe('GET /v1/installments', () => {
  it('answers twelve options per brand from its table: amount, installment_value, interest_rate', async () => {
    for (const brand of CARD_BRANDS) {
      const { status, json } = await get(`/v1/installments?net_value=100000&card_brand=${brand}`);
      expect(status).toBe(200);
      expect(json).toHaveLength(12);
      json.forEach((option: any, i: number) => {
        const n = i + 1;
        const amount = priceOf(DEFAULT_PRICING, brand, 100_000, n);
        expect(option).toEqual({
          installment: String(n),
          amount,
          installment_value: Math.floor(amount / n),
          interest_rate: DEFAULT_PRICING[brand].basisPoints[i]! / 100,
        });
      });
    }
    // The example of the issue: R$ 1.000,00 in 12x on visa is 2.99% + 11 x 1.5% = 19.49%.
    const { json } = await get('/v1/installments?net_value=100000&card_brand=visa');
    expect(json[11]).toMatchObject({ amount: 119_490, interest_rate: 19.49 });
  });

  it('adds the pt_br block on request: float reais that convert exactly, BRL text, the rate with a decimal comma', async () => {
    const { json } = await get('/v1/installments?net_value=123457&card_brand=elo&pt_br=true');
    for (const option of json) {
      expect(centsFromReaisNumber(option.pt_br.amount)).toBe(option.amount);
      expect(centsFromReaisNumber(option.pt_br.installment_value)).toBe(option.installment_value);
      expect(option.pt_br.amount_currency).toMatch(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
      expect(option.pt_br.interest_rate).toBe(`${String(option.interest_rate.toFixed(2)).replace('.', ',')}%`);
    }
    expect(json[0].pt_br).toMatchObject({ amount: 1273.95, amount_currency: 'R$ 1.273,95', interest_rate: '3,19%' });
    const plain = await get('/v1/installments?net_value=123457&card_brand=elo&pt_br=false');
    expect(plain.json[0].pt_br).toBeUndefined();
  });

  it('every generated sale was charged its table price', () => {
    const charged = sb.history.transactions.filter((t) => t.versions[0]!.authorized > 0);
    expect(charged.length).toBeGreaterThan(300);
    for (const t of charged) expect(t.versions[0]!.authorized).toBe(priceOf(DEFAULT_PRICING, t.brand, t.netValue, t.installments));
  });

  it.each([
    ['net_value below 100', '?net_value=99&card_brand=visa', 'net_value', /at least 100/],
    ['net_value missing', '?card_brand=visa', 'net_value', /required/],
    ['net_value not whole cents', '?net_value=10.50&card_brand=visa', 'net_value', /whole number/],
    ['net_value beyond int32', '?net_value=2147483648&card_brand=visa', 'net_value', /whole number/],
    ['net_value empty', '?net_value=&card_brand=visa', 'net_value', /must not be empty/],
    ['card_brand unknown', '?net_value=1000&card_brand=diners', 'card_brand', /one of visa, mastercard/],
    ['card_brand missing', '?net_value=1000', 'card_brand', /required/],
    ['card_brand null', '?net_value=1000&card_brand=null', 'card_brand', /must not be null/],
    ['card_brand undefined', '?net_value=1000&card_brand=undefined', 'card_brand', /must not be undefined/],
    ['pt_br not a boolean', '?net_value=1000&card_brand=visa&pt_br=sim', 'pt_br', /true or false/],
    ['a parameter twice', '?net_value=1000&net_value=2000&card_brand=visa', 'net_value', /more than once/],
  ])('refuses %s with the v1 error object', async (_, query, type, message) => {
    const { status, json } = await get(`/v1/installments${query}`);
    expect(status).toBe(400);
    expect(Object.keys(json)).toEqual(['errors']);
    expect(json.errors).toEqual({ type, message: expect.stringMatching(message) });
  });

  it('refuses another method and a request without a key', async () => {
    expect((await get('/v1/installments?net_value=1000&card_brand=visa', { method: 'POST' })).status).toBe(405);
    const res = await fetch(`${sb.url}/v1/installments?net_value=1000&card_brand=visa`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { type: string } }).errors.type).toBe('api_key');
  });

  it('counts its calls, and answers from new prices once a brand changes them', async () => {
    const before = sb.state.installmentCalls;
    const brand: CardBrand = 'hipercard';
    const res = await fetch(`${sb.url}/_sandbox/pricing/${brand}`, {
      method: 'POST',
      headers: { api_key: sb.apiKey },
      body: JSON.stringify({ basis_points: Array.from({ length: 12 }, (_, i) => 400 + 100 * i), fixed_cents: 50 }),
    });
    expect(res.status).toBe(200);
    const { json } = await get(`/v1/installments?net_value=10000&card_brand=${brand}`);
    expect(json[2]).toMatchObject({ amount: 10_000 + 600 + 50, interest_rate: 6 });
    expect(sb.state.installmentCalls).toBe(before + 1);
    sb.state.setBrandPricing(brand, DEFAULT_PRICING[brand]);
  });

  it('plants a mispriced sale on demand: listed with the amount it was charged', async () => {
    const res = await fetch(`${sb.url}/_sandbox/transactions`, {
      method: 'POST',
      headers: { api_key: sb.apiKey },
      body: JSON.stringify({ net_value: 50_000, card_brand: 'amex', installments: '6', authorized_amount: 51_000 }),
    });
    const row = await res.json();
    expect(row).toMatchObject({ net_value: 50_000, authorized_amount: 51_000, paid_amount: 51_000, installments: '6', card_brand: 'amex' });
    const priced = (await (
      await fetch(`${sb.url}/_sandbox/transactions`, {
        method: 'POST',
        headers: { api_key: sb.apiKey },
        body: JSON.stringify({ net_value: 50_000, card_brand: 'amex', installments: '6' }),
      })
    ).json()) as { authorized_amount: number };
    expect(priced.authorized_amount).toBe(priceOf(DEFAULT_PRICING, 'amex', 50_000, 6));
  });
});
