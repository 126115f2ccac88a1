// The write routes over real HTTP: creating card transactions (refusal CVVs, simulated antifraud outcomes),
// refunds v1/v2, the review decision, the /_sandbox administration (planting odd and broken rows
// included), live_ keys, and signed postbacks delivered to a loopback receiver.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSandbox, generateHistory, type RunningSandbox } from '../../src/sandbox/index.ts';
import { nightOf } from './naive-reconcile.ts';
import { orderRowsFor } from '../../src/sandbox/orders-export.ts';
import { addDays, businessDateOf } from '../../src/shared/business-day.ts';

const clock = {
  t: 0,
  now() {
    return this.t;
  },
};
let sb: RunningSandbox;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, unknown>; body: any }[] = [];

beforeAll(async () => {
  const history = generateHistory({ seed: 8, days: 100, perDay: 20, endDate: '2025-06-30' });
  clock.t = nightOf('2025-06-30', history.timezone);
  sb = await startSandbox({ history, clock, port: 0 });
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(text) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await sb.close();
  await new Promise((r) => receiver.close(r));
});

async function call(method: string, path: string, body?: unknown, key = sb.apiKey): Promise<{ status: number; json: any }> {
  const res = await fetch(sb.url + path, {
    method,
    headers: { api_key: key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

const card = (extra: Record<string, unknown> = {}) => ({
  amount: 10_500,
  net_value: 10_000,
  installments: '3',
  item_id: `PED-T${Math.random().toString(36).slice(2, 8)}`,
  card_holder_name: 'Ana Souza',
  card_number: '4111111111111111',
  card_expiration_date: '1230',
  card_cvv: '123',
  'customer[name]': 'Ana Souza',
  'customer[email]': 'ana@example.com',
  'customer[document_number]': '52998224725',
  'customer[phone_number]': '+5511987654321',
  'customer[address][country]': 'br',
  ...extra,
});

const listed = async (id: string) => (await call('GET', `/v1/transactions?transaction_id=${id}`)).json.transactions[0];

describe('POST /v1/transactions', () => {
  it('charges a card, lists it, and posts a signed v1 notification to postback_url', async () => {
    const { status, json } = await call('POST', '/v1/transactions', card({ postback_url: receiverUrl }));
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: 'paid',
      net_value: 10_000,
      authorized_amount: 10_500,
      paid_amount: 10_500,
      installments: '3',
      card_brand: 'visa',
      card_first_digits: '411111',
      card_last_digits: '1111',
      acquirer_status_code: '0000',
    });
    expect(await listed(json.transaction_id)).toEqual(json);
    await expect.poll(() => received.find((r) => r.body.transaction_id === json.transaction_id)).toBeDefined();
    const note = received.find((r) => r.body.transaction_id === json.transaction_id)!;
    expect(note.headers['user-agent']).toBe('Service/1.0.0');
    expect(note.headers['service-api-signature']).toBe(sb.apiKey.slice('test_'.length));
    expect(note.body).toMatchObject({
      event: 'transaction_status_changed',
      old_status: 'processing',
      current_status: 'paid',
      desired_status: 'paid',
      paid_amount: 10_500,
    });
  });

  it.each([
    ['601', '1000'],
    ['602', '1011'],
    ['603', '1016'],
    ['604', '5000'],
  ])('card_cvv %s is refused with acquirer code %s', async (cvv, code) => {
    const { status, json } = await call('POST', '/v1/transactions', card({ card_cvv: cvv }));
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'refused', acquirer_status_code: code, authorized_amount: 0, paid_amount: 0, authorization_code: null, nsu: null });
  });

  it('review -> paid via POST /v1/antifraud/transactions/:id, with a postback; a second decision is refused', async () => {
    const { json } = await call('POST', '/v1/transactions', card({ simulate_antifraude_status: 'review', postback_url: receiverUrl }));
    expect(json).toMatchObject({ status: 'review', paid_amount: 0, authorized_amount: 10_500 });
    const decided = await call('POST', `/v1/antifraud/transactions/${json.transaction_id}`, { status: 'paid' });
    expect(decided.status).toBe(200);
    expect(decided.json).toMatchObject({ status: 'paid', paid_amount: 10_500 });
    expect((await listed(json.transaction_id)).status).toBe('paid');
    await expect.poll(() => received.some((r) => r.body.transaction_id === json.transaction_id && r.body.old_status === 'review')).toBe(true);
    const again = await call('POST', `/v1/antifraud/transactions/${json.transaction_id}`, { status: 'rejected' });
    expect(again).toMatchObject({ status: 400, json: { errors: { type: 'transaction' } } });
  });

  it('review -> rejected disappears from the listing; simulate rejected is never listed', async () => {
    const review = (await call('POST', '/v1/transactions', card({ simulate_antifraude_status: 'review' }))).json;
    await call('POST', `/v1/antifraud/transactions/${review.transaction_id}`, { status: 'rejected' });
    expect(await listed(review.transaction_id)).toBeUndefined();
    const { json } = await call('POST', '/v1/transactions', card({ simulate_antifraude_status: 'rejected' }));
    expect(json).toMatchObject({
      status: 'rejected',
      transaction_id: null,
      authorization_code: null,
      nsu: null,
      acquirer_status_code: null,
      acquirer_status_message: null,
      authorized_amount: 0,
    });
  });

  it('simulate_antifraude_env=production validates without charging or storing anything', async () => {
    const before = sb.history.transactions.length;
    const { json } = await call('POST', '/v1/transactions', card({ simulate_antifraude_env: 'production', simulate_antifraude_status: 'rejected' }));
    expect(json.status).toBe('paid');
    expect(sb.history.transactions.length).toBe(before);
  });

  it.each([
    [{ amount: undefined }, 'amount'],
    [{ amount: '100' }, 'amount'],
    [{ amount: null }, 'amount'],
    [{ item_id: '' }, 'item_id'],
    [{ item_id: 'undefined' }, 'item_id'],
    [{ installments: '13' }, 'installments'],
    [{ card_number: undefined }, 'card_number'],
    [{ 'customer[document_number]': '123' }, 'customer[document_number]'],
    [{ 'customer[phone_number]': '11987654321' }, 'customer[phone_number]'],
    [{ simulate_antifraude_status: 'maybe' }, 'simulate_antifraude_status'],
    [{ soft_descriptor: 'far too long descriptor' }, 'soft_descriptor'],
  ])('rejects %o with an error of type %s', async (change, type) => {
    const body: Record<string, unknown> = card(change);
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const { status, json } = await call('POST', '/v1/transactions', body);
    expect(status).toBe(400);
    expect(json.errors.type).toBe(type);
  });

  it('answers 400 to a body that is not a JSON object', async () => {
    const res = await fetch(`${sb.url}/v1/transactions`, { method: 'POST', headers: { api_key: sb.apiKey }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { type: string } }).errors.type).toBe('body');
  });
});

describe('refunds', () => {
  it.each(['v1', 'v2'])('POST /%s/transactions/:id/refund refunds a paid transaction once', async (v) => {
    const paid = (await call('POST', '/v1/transactions', card())).json;
    const { status, json } = await call('POST', `/${v}/transactions/${paid.transaction_id}/refund`, {});
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: 'refunded', paid_amount: 0, refunded_amount: 10_500, transaction_id: paid.transaction_id });
    expect('authorization_code' in json).toBe(v === 'v1');
    expect((await listed(paid.transaction_id)).status).toBe('refunded');
    const again = await call('POST', `/${v}/transactions/${paid.transaction_id}/refund`, {});
    expect(again).toMatchObject({ status: 400, json: { errors: { type: 'transaction' } } });
    const unknown = await call('POST', `/${v}/transactions/tr_missing/refund`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors).toMatchObject({ type: 'transaction' });
    expect(unknown.json.errors.message).toMatch(/not found/);
  });
});

describe('live_ keys', () => {
  it.each([
    ['POST', '/v1/transactions', card({ simulate_antifraude_status: 'paid' })],
    ['POST', '/v1/transactions', card({ simulate_antifraude_env: 'sandbox' })],
    ['POST', '/v1/antifraud/transactions/tr_x', { status: 'paid' }],
    ['GET', '/_sandbox', undefined],
    ['POST', '/_sandbox/transactions/tr_x/chargeback', {}],
  ])('%s %s answers 403', async (method, path, body) => {
    const { status, json } = await call(method, path, body, 'live_abcdef');
    expect(status).toBe(403);
    expect(json.errors.type).toBe('forbidden');
  });

  it('may still charge without sandbox parameters (the CVV rule is sandbox-only)', async () => {
    const { status, json } = await call('POST', '/v1/transactions', card({ card_cvv: '601' }), 'live_abcdef');
    expect(status).toBe(200);
    expect(json.status).toBe('paid');
  });
});

describe('/_sandbox administration and in-process mutations', () => {
  it('charges back and refunds old sales at a given instant, as listed afterwards', async () => {
    const { history, state } = sb;
    const old = history.transactions.filter((t) => t.versions.length === 1 && t.versions[0]!.status === 'paid');
    const [a, b] = [old[10]!, old[500]!];
    const at = clock.t - 60_000;
    const cb = await call('POST', `/_sandbox/transactions/${a.id}/chargeback`, { at });
    expect(cb.json).toMatchObject({ status: 'chargeback', date_updated: new Date(at).toISOString() });
    state.refund(b.id, at, { recordInOrder: true });
    expect((await listed(a.id)).status).toBe('chargeback');
    expect((await listed(b.id)).status).toBe('refunded');
    expect(state.order(b.itemId)!.versions.at(-1)!.status).toBe('Estornado');
    expect(() => state.refund(b.id)).toThrow(/refunded; expected paid/);
    expect(() => state.chargeback('tr_missing')).toThrow(/not found/);
  });

  it("edits an order: that day's export and later ones show the new total and status, earlier ones do not", async () => {
    const { history } = sb;
    const order = history.orders.find((o) => o.createdMs < clock.t - 30 * 86_400_000 && o.versions.at(-1)!.status === 'Pago')!;
    const at = clock.t - 3 * 3_600_000;
    const edited = await call('POST', `/_sandbox/orders/${order.itemId}`, { amount_cents: order.amount + 1_000, at });
    expect(edited.json).toEqual({
      item_id: order.itemId,
      status: 'Pago',
      amount_cents: order.amount + 1_000,
      transaction_id: order.versions.at(-1)!.transactionId,
    });
    const day = businessDateOf(at, history.timezone);
    const row = (date?: string) => orderRowsFor(history, date).find((r) => r.pedido === order.itemId);
    expect(row(day)).toMatchObject({ valorCents: order.amount + 1_000, situacao: 'Pago' });
    expect(row(addDays(day, -1))).toBeUndefined();
    expect(row()).toMatchObject({ valorCents: order.amount + 1_000 });
    const flipped = await call('POST', `/_sandbox/orders/${order.itemId}`, { status: 'Cancelado', at: at + 60_000 });
    expect(flipped.json).toMatchObject({ status: 'Cancelado', amount_cents: order.amount + 1_000 });
    expect((await call('POST', `/_sandbox/orders/${order.itemId}`, { status: 'paid' })).status).toBe(400);
    expect((await call('POST', `/_sandbox/orders/${order.itemId}`, { amount_cents: 10, at: at - 86_400_000 })).status).toBe(400);
    expect((await call('POST', '/_sandbox/orders/PED-NOPE', { amount_cents: 10 })).status).toBe(404);
  });

  it('creates cash-ins and cash-outs and moves them through their states', async () => {
    const ci = await call('POST', '/_sandbox/cash-ins', {
      item_id: 'PED-PIX1',
      amount_cents: 15_090,
      customer_name: 'Ana',
      customer_document_number: '52998224725',
    });
    expect(ci.json).toMatchObject({ status: 'active', amount: 150.9, paid_amount: 0, item_id: 'PED-PIX1' });
    const paid = await call('POST', `/_sandbox/operations/${ci.json.cash_in_id}/status`, { status: 'paid', settled_cents: 15_000 });
    expect(paid.json).toMatchObject({ status: 'paid', paid_amount: 150 });
    const co = await call('POST', '/_sandbox/cash-outs', { amount_cents: 99_999, customer_name: 'Bruno', customer_document_number: '52998224725' });
    expect(co.json).toMatchObject({ status: 'processing', amount: 999.99 });
    expect((await call('POST', `/_sandbox/operations/${co.json.cash_out_id}/status`, { status: 'fulfilled' })).status).toBe(400);
    await call('POST', `/_sandbox/operations/${co.json.cash_out_id}/status`, { status: 'pending' });
    const done = await call('POST', `/_sandbox/operations/${co.json.cash_out_id}/status`, { status: 'fulfilled' });
    expect(done.json).toMatchObject({ status: 'fulfilled', paid_off_amount: 999.99 });
    const ops = (await call('GET', '/v1/operations?customer_document_number=52998224725')).json.operations;
    expect(ops.map((o: any) => o.status).sort()).toEqual(['fulfilled', 'paid']);
    const info = await call('GET', '/_sandbox');
    expect(info.json).toMatchObject({ seed: 8, days: 100, end_date: '2025-06-30' });
  });
});

describe('/_sandbox planting: odd strings and broken rows', () => {
  it('plants a sale whose id, item and holder carry escapes; listed by id and in its date window, spelled as JSON', async () => {
    const odd = { transaction_id: 'tr_a/b_é_"q"_\u0001', item_id: 'PED/é"\\\u0001', card_holder_name: 'JOSÉ "ZÉ" \u001f' };
    const at = clock.t - 3_600_000;
    const { status, json } = await call('POST', '/_sandbox/transactions', { ...odd, at });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ...odd, status: 'paid', date_created: new Date(at).toISOString() });
    const res = await fetch(`${sb.url}/v1/transactions?transaction_id=${encodeURIComponent(odd.transaction_id)}`, { headers: { api_key: sb.apiKey } });
    const text = await res.text();
    expect(text).toContain('\\u0001');
    expect(JSON.parse(text)).toEqual({ total: 1, page: 1, offset: 1, transactions: [json] });
    const window = (await call('GET', `/v1/transactions?date_created=${encodeURIComponent(`>=${at}`)}&date_created=${encodeURIComponent(`<${at + 1}`)}`)).json;
    expect(window.transactions).toEqual([json]);
    expect((await call('POST', '/_sandbox/transactions', { transaction_id: odd.transaction_id })).status).toBe(400);
  });

  it('breaks a listing row (a field as text, a field removed) until it is mended', async () => {
    const { json: sale } = await call('POST', '/_sandbox/transactions', { transaction_id: 'tr_breakable', at: clock.t - 7_200_000 });
    const broken = await call('POST', '/_sandbox/transactions/tr_breakable/break', { field: 'paid_amount' });
    expect(broken.json.paid_amount).toBe(String(sale.paid_amount));
    await call('POST', '/_sandbox/transactions/tr_breakable/break', { field: 'status', remove: true });
    const listedRow = (await call('GET', '/v1/transactions?transaction_id=tr_breakable')).json.transactions[0];
    expect(listedRow).toEqual({ ...sale, paid_amount: String(sale.paid_amount), status: undefined });
    expect('status' in listedRow).toBe(false);
    const page = (
      await call(
        'GET',
        `/v1/transactions?date_created=${encodeURIComponent(`>=${clock.t - 7_200_000}`)}&date_created=${encodeURIComponent(`<${clock.t - 7_199_999}`)}`,
      )
    ).json;
    expect(page.transactions).toEqual([listedRow]);
    await call('POST', '/_sandbox/transactions/tr_breakable/mend', {});
    expect((await call('GET', '/v1/transactions?transaction_id=tr_breakable')).json.transactions[0]).toEqual(sale);
    expect((await call('POST', '/_sandbox/transactions/tr_nope/break', { field: 'paid_amount' })).status).toBe(404);
  });

  it('finds a review by id until it is decided rejected, then never lists it', async () => {
    const { json: review } = await call('POST', '/_sandbox/transactions', { status: 'review', at: clock.t - 60_000 });
    expect((await call('GET', `/v1/transactions?transaction_id=${review.transaction_id}`)).json.total).toBe(1);
    await call('POST', `/_sandbox/transactions/${review.transaction_id}/review`, { status: 'rejected', at: clock.t });
    expect((await call('GET', `/v1/transactions?transaction_id=${review.transaction_id}&count=1`)).json).toEqual({
      total: 0,
      page: 1,
      offset: 0,
      transactions: [],
    });
    expect((await call('GET', '/v1/transactions?status=review&count=1000')).json.transactions.map((t: any) => t.transaction_id)).not.toContain(
      review.transaction_id,
    );
  });
});
