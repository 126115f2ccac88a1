// The listings over real HTTP (loopback, port 0): filters, paging, errors, authentication and the time model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, generateHistory, type RunningSandbox } from '../../src/sandbox/index.ts';
import type { ApiTransaction } from '../../src/shared/tables.ts';
import { centsFromReaisNumber } from '../../src/shared/money.ts';
import { nightOf } from './naive-reconcile.ts';

const clock = {
  t: 0,
  now() {
    return this.t;
  },
};
let sb: RunningSandbox;

async function get(path: string, key: string | null = sb.apiKey): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(sb.url + path, { headers: key === null ? {} : { api_key: key } });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

async function all(query: string, count = 97): Promise<ApiTransaction[]> {
  const rows: ApiTransaction[] = [];
  for (let page = 1; ; page++) {
    const { json } = await get(`/v1/transactions?${query}${query ? '&' : ''}count=${count}&page=${page}`);
    rows.push(...json.transactions);
    if (json.transactions.length < count) return rows;
  }
}

beforeAll(async () => {
  const history = generateHistory({ seed: 42, days: 6, perDay: 120, endDate: '2025-03-20' });
  clock.t = nightOf('2025-03-20', history.timezone);
  sb = await startSandbox({ history, clock, port: 0 });
});
afterAll(() => sb.close());

describe('GET /v1/transactions', () => {
  it('returns the last 10 by default, newest first, with total, page and offset (number of pages)', async () => {
    const truth = sb.state.listedTransactions();
    const { status, json, headers } = await get('/v1/transactions');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/application\/json/);
    expect(json).toMatchObject({ total: truth.length, page: 1, offset: Math.ceil(truth.length / 10) });
    expect(json.transactions).toEqual(truth.slice(0, 10));
    expect(truth.every((t) => (t.status as string) !== 'rejected')).toBe(true);
  });

  it('has exactly the v1 row fields plus item_id', async () => {
    const { json } = await get('/v1/transactions?count=1');
    expect(Object.keys(json.transactions[0]).sort()).toEqual(
      [
        'status',
        'authorization_code',
        'nsu',
        'date_created',
        'date_updated',
        'net_value',
        'authorized_amount',
        'paid_amount',
        'refunded_amount',
        'installments',
        'transaction_id',
        'item_id',
        'card_holder_name',
        'card_brand',
        'card_first_digits',
        'card_last_digits',
        'acquirer_status_code',
        'acquirer_status_message',
      ].sort(),
    );
  });

  it('pages through everything with no row lost or doubled, and answers an empty page beyond the end', async () => {
    const rows = await all('');
    expect(rows).toEqual(sb.state.listedTransactions());
    const { json } = await get('/v1/transactions?count=1000&page=99');
    expect(json.transactions).toEqual([]);
    expect(json.total).toBe(rows.length);
  });

  const truthIn = (lo: number, hi: number) => sb.state.listedTransactions().filter((t) => Date.parse(t.date_created) >= lo && Date.parse(t.date_created) <= hi);

  it.each([
    ['>=', (m: number) => [m, Infinity]],
    ['>', (m: number) => [m + 1, Infinity]],
    ['<=', (m: number) => [-Infinity, m]],
    ['<', (m: number) => [-Infinity, m - 1]],
    ['', (m: number) => [m, m]],
  ] as const)('filters date_created with prefix "%s"', async (prefix, range) => {
    const pivot = Date.parse(sb.state.listedTransactions()[200]!.date_created);
    const [lo, hi] = range(pivot);
    const rows = await all(`date_created=${encodeURIComponent(prefix + pivot)}`);
    expect(rows).toEqual(truthIn(lo!, hi!));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('intersects repeated date_created filters into a half-open window', async () => {
    const truth = sb.state.listedTransactions();
    const lo = Date.parse(truth[400]!.date_created);
    const hi = Date.parse(truth[100]!.date_created);
    const rows = await all(`date_created=${encodeURIComponent(`>=${lo}`)}&date_created=${encodeURIComponent(`<${hi}`)}`);
    expect(rows).toEqual(truthIn(lo, hi - 1));
    expect(rows).toHaveLength(300);
    const { json } = await get(`/v1/transactions?date_created=${encodeURIComponent(`>=${lo}`)}&date_created=${encodeURIComponent(`<${hi}`)}&count=1`);
    expect(json).toMatchObject({ total: 300, offset: 300 });
  });

  it.each(['paid', 'review', 'refused', 'refunded', 'chargeback', 'processing'])('filters status=%s', async (status) => {
    const rows = await all(`status=${status}`);
    expect(rows).toEqual(sb.state.listedTransactions().filter((t) => t.status === status));
  });

  it('combines status with a date window, and finds one transaction by id', async () => {
    const truth = sb.state.listedTransactions();
    const lo = Date.parse(truth[500]!.date_created);
    expect(await all(`status=paid&date_created=${encodeURIComponent(`>=${lo}`)}`)).toEqual(
      truth.filter((t) => t.status === 'paid' && Date.parse(t.date_created) >= lo),
    );
    const one = truth[123]!;
    const { json } = await get(`/v1/transactions?transaction_id=${one.transaction_id}`);
    expect(json).toEqual({ total: 1, page: 1, offset: 1, transactions: [one] });
    expect((await get('/v1/transactions?transaction_id=tr_nope')).json).toEqual({ total: 0, page: 1, offset: 0, transactions: [] });
    expect((await get(`/v1/transactions?transaction_id=${one.transaction_id}&status=${one.status === 'paid' ? 'refunded' : 'paid'}`)).json.total).toBe(0);
  });

  it.each([
    ['count=1001', 'count'],
    ['count=0', 'count'],
    ['count=ten', 'count'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['date_created=yesterday', 'date_created'],
    ['date_created=%3E%3D', 'date_created'],
    ['date_created=', 'date_created'],
    ['status=', 'status'],
    ['status=null', 'status'],
    ['status=undefined', 'status'],
    ['status=rejected', 'status'],
    ['status=paid&status=refunded', 'status'],
    ['transaction_id=', 'transaction_id'],
    ['count=5&count=6', 'count'],
  ])('rejects %s with a v1 error of type %s', async (query, type) => {
    const { status, json } = await get(`/v1/transactions?${query}`);
    expect(status).toBe(400);
    expect(json.errors.type).toBe(type);
    expect(typeof json.errors.message).toBe('string');
  });
});

describe('authentication and routing', () => {
  it.each([
    [null, 401],
    ['', 401],
    ['secret', 401],
    ['test_', 401],
    ['test_anything', 200],
    ['live_anything', 200],
  ])('api_key %s -> %i on the listing', async (key, expected) => {
    const { status, json } = await get('/v1/transactions?count=1', key);
    expect(status).toBe(expected);
    if (expected === 401) {
      expect(json.errors.type).toBe('api_key');
      expect(json.transactions).toBeUndefined();
    }
  });

  it('answers unknown routes and methods with v1 error objects, never HTML', async () => {
    const missing = await get('/v1/nothing');
    expect(missing.status).toBe(404);
    expect(missing.json.errors.type).toBe('not_found');
    const res = await fetch(`${sb.url}/v1/transactions`, { method: 'DELETE', headers: { api_key: sb.apiKey } });
    expect(res.status).toBe(405);
    expect(((await res.json()) as { errors: { type: string } }).errors.type).toBe('method');
  });
});

describe('GET /v1/operations', () => {
  it('lists cash-ins and cash-outs newest first with amounts in reais, paging and filters', async () => {
    const truth = sb.state.listedOperations();
    const { json } = await get('/v1/operations?count=1000');
    expect(json.operations).toEqual(truth);
    expect(json.total).toBe(truth.length);
    expect(truth.some((o) => 'cash_in_id' in o)).toBe(true);
    expect(truth.some((o) => 'cash_out_id' in o && typeof o['status_description'] === 'string')).toBe(true);
    for (const o of truth) expect(centsFromReaisNumber(o.amount)).toBeGreaterThan(0);
    const page2 = await get('/v1/operations?count=5&page=2');
    expect(page2.json.operations).toEqual(truth.slice(5, 10));
    const pivot = Date.parse(truth[20]!.date_updated);
    const upd = await get(`/v1/operations?count=1000&date_updated=${encodeURIComponent(`>=${pivot}`)}`);
    expect(upd.json.operations).toEqual(truth.filter((o) => Date.parse(o.date_updated) >= pivot));
    const created = await get(`/v1/operations?count=1000&date_created=${encodeURIComponent(`<${Date.parse(truth[20]!.date_created)}`)}`);
    expect(created.json.operations).toEqual(truth.filter((o) => Date.parse(o.date_created) < Date.parse(truth[20]!.date_created)));
    const doc = truth[3]!.customer_document_number;
    const byDoc = await get(`/v1/operations?customer_document_number=${doc}`);
    expect(byDoc.json.operations).toEqual(truth.filter((o) => o.customer_document_number === doc));
    expect((await get('/v1/operations?customer_document_number=')).status).toBe(400);
    expect((await get('/v1/operations?count=1001')).status).toBe(400);
  });
});

describe('time model', () => {
  it('lists only rows created at or before now, with statuses as of now', async () => {
    const saved = clock.t;
    try {
      const history = sb.history;
      const refunded = history.transactions.find((t) => t.versions.some((v) => v.status === 'refunded') && t.versions.length === 2)!;
      const refundAt = refunded.versions[1]!.atMs;
      clock.t = refundAt - 1;
      const before = (await get(`/v1/transactions?transaction_id=${refunded.id}`)).json.transactions[0];
      expect(before.status).toBe('paid');
      const later = (await get('/v1/transactions?count=1000')).json.transactions as ApiTransaction[];
      expect(later.every((t) => Date.parse(t.date_created) <= clock.t)).toBe(true);
      clock.t = refundAt;
      const after = (await get(`/v1/transactions?transaction_id=${refunded.id}`)).json.transactions[0];
      expect(after).toMatchObject({ status: 'refunded', paid_amount: 0, refunded_amount: before.paid_amount, date_updated: new Date(refundAt).toISOString() });
      clock.t = refunded.createdMs - 1;
      expect((await get(`/v1/transactions?transaction_id=${refunded.id}`)).json.total).toBe(0);
    } finally {
      clock.t = saved;
    }
  });
});
