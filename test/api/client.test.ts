// The payments-API client against real loopback servers: retries, immediate failures, schema errors.
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentsApi, queryString } from '../../src/api/index.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { startLoopback, sendJson, type Loopback } from './loopback.ts';
import { fakeTransaction } from '../sync/fake-service.ts';

const KEY = 'test_supersecretkey42';
const retry = { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2_000 };
const query = {
  filters: [
    ['date_created', '>=1000'],
    ['date_created', '<2000'],
  ] as const,
  count: 2,
};
const goodPage = { total: 1, page: 1, offset: 0, transactions: [fakeTransaction('tx1', 1500)] };

let server: Loopback | undefined;
let api: ReturnType<typeof createPaymentsApi> | undefined;
afterEach(async () => {
  await api?.close();
  await server?.close();
  api = undefined;
  server = undefined;
});

async function serve(handler: Parameters<typeof startLoopback>[0]) {
  server = await startLoopback(handler);
  api = createPaymentsApi({ baseUrl: server.url, apiKey: KEY, timeoutMs: 1_000, retry });
  return { server, api };
}

async function failure(promise: Promise<unknown>): Promise<ReconError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReconError);
  return error as ReconError;
}

describe('payments API client', () => {
  it('sends api_key and Content-Type, 1-based page and count, bounds as >= and <', async () => {
    const { server, api } = await serve((_req, res) => sendJson(res, 200, goodPage));
    const page = await api.listTransactionsPage(query, 1);
    expect(page.rows.map((r) => r.transaction_id)).toEqual(['tx1']);
    const sent = server.requests[0]!;
    expect(sent.headers['api_key']).toBe(KEY);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(decodeURIComponent(sent.url)).toBe('/v1/transactions?date_created=>=1000&date_created=<2000&count=2&page=1');
  });

  type Fault = { status: number; headers?: Record<string, string> } | undefined;
  it.each<[string, (n: number) => Fault, number]>([
    ['503 then 200', (n) => (n < 3 ? { status: 503 } : undefined), 2],
    ['500, 502 then 200', (n) => (n === 1 ? { status: 500 } : n === 2 ? { status: 502 } : undefined), 2],
    ['429 with Retry-After then 200', (n) => (n === 1 ? { status: 429, headers: { 'retry-after': '0' } } : undefined), 1],
  ])('retries %s', async (_name, plan, retries) => {
    const { api } = await serve((_req, res, n) => {
      const fault = plan(n);
      if (fault) sendJson(res, fault.status, { errors: { type: 'server', message: 'busy' } }, fault.headers);
      else sendJson(res, 200, goodPage);
    });
    const page = await api.listTransactionsPage(query, 1);
    expect(page.total).toBe(1);
    expect(api.counters()).toEqual({ requests: retries + 1, retries });
  });

  it('retries a connection reset and a body cut short of its Content-Length', async () => {
    const { api } = await serve((req, res, n) => {
      if (n === 1) return req.socket.destroy();
      if (n === 2) {
        const text = JSON.stringify(goodPage);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': text.length });
        res.write(text.slice(0, 40));
        setTimeout(() => req.socket.destroy(), 5);
        return;
      }
      sendJson(res, 200, goodPage);
    });
    const page = await api.listTransactionsPage(query, 1);
    expect(page.rows).toHaveLength(1);
    expect(api.counters().retries).toBe(2);
  });

  it('gives up after the configured attempts with path, query and status, never the key', async () => {
    const { server, api } = await serve((_req, res) => sendJson(res, 503, 'down'));
    const error = await failure(api.listTransactionsPage(query, 3));
    expect(error.code).toBe('api_http');
    expect(error.message).toBe('GET /v1/transactions?date_created=>=1000&date_created=<2000&count=2&page=3: 503 Service Unavailable after 4 attempts');
    expect(server.requests).toHaveLength(4);
  });

  it('fails on an endless 429 after the attempts, and at once on a Retry-After beyond the cap', async () => {
    const { server, api } = await serve((_req, res, n) => sendJson(res, 429, {}, { 'retry-after': n > 4 ? '3600' : '0' }));
    expect((await failure(api.listTransactionsPage(query, 1))).message).toMatch(/429 Too Many Requests after 4 attempts$/);
    const error = await failure(api.listTransactionsPage(query, 1));
    expect(error.message).toMatch(/Retry-After 3600 s, longer than api.retry.maxRetryAfterMs/);
    expect(server.requests).toHaveLength(5);
  });

  it.each([
    [400, 'count', 'count must be at most 1000', 'api_http', 'GET /v1/transactions?date_created=>=1000&date_created=<2000&count=2&page=2: 400'],
    [401, 'authentication', 'invalid api_key', 'config', 'the payments service refused the API key: GET /v1/transactions answered 401 Unauthorized'],
    [
      403,
      'forbidden',
      'sandbox parameter with a production key',
      'config',
      'the payments service refused the API key: GET /v1/transactions answered 403 Forbidden',
    ],
  ])('fails at once on %i with the service error type and message', async (status, type, message, code, head) => {
    const { server, api } = await serve((_req, res) => sendJson(res, status, { errors: { type, message: `${message} ${KEY}` } }));
    const error = await failure(api.listTransactionsPage(query, 2));
    expect(error.code).toBe(code);
    expect(error.message).toContain(head);
    expect(error.message).toContain(`${type}: ${message}`);
    // A refused key is named by the variable that holds it: exit 2, a setup mistake.
    if (status !== 400) expect(error.message).toMatch(/check RECON_API_KEY/);
    expect(server.requests).toHaveLength(1);
    // The service echoed the key: the CLI redacts messages, and the client itself never adds it.
    expect(error.message.replace(KEY, '')).not.toContain('supersecret');
  });

  it.each([
    ['invalid JSON', 'application/json', '{"total": 1, "page": '],
    ['an HTML page with 200', 'text/html', '<html><body>Maintenance</body></html>'],
  ])('reports %s as a schema error after retrying', async (_name, type, body) => {
    const { server, api } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    const error = await failure(api.listTransactionsPage(query, 1));
    expect(error.code).toBe('api_schema');
    expect(error.message).toContain('200 with a body that is not JSON');
    expect(error.message).toContain(type);
    expect(server.requests).toHaveLength(4);
  });

  it.each([
    ['a string amount', { paid_amount: '100' }, 'row 2 (transaction_id tx2): field paid_amount'],
    ['an unknown status', { status: 'lost' }, 'row 2 (transaction_id tx2): field status'],
    ['a missing date', { date_created: undefined }, 'row 2 (transaction_id tx2): field date_created'],
  ])('names page, row id and field for %s', async (_name, broken, expected) => {
    const rows = [fakeTransaction('tx1', 1500), { ...fakeTransaction('tx2', 1400), ...broken }];
    const { api } = await serve((_req, res) => sendJson(res, 200, { total: 2, page: 4, offset: 1, transactions: rows }));
    const error = await failure(api.listTransactionsPage(query, 4));
    expect(error.code).toBe('api_schema');
    expect(error.message).toContain('page=4');
    expect(error.message).toContain(expected);
  });

  it('keeps unknown fields of a row', async () => {
    const row = { ...fakeTransaction('tx1', 1500), new_field: { nested: true } };
    const { api } = await serve((_req, res) => sendJson(res, 200, { ...goodPage, transactions: [row] }));
    const page = await api.listTransactionsPage(query, 1);
    expect(page.rows[0]?.['new_field']).toEqual({ nested: true });
    expect(page.text).toContain('"new_field"');
  });

  it('checks both operation shapes and rejects a row that is neither', async () => {
    const ops = [
      {
        cash_in_id: 'ci1',
        status: 'paid',
        date_created: '2024-01-01T00:00:00.000Z',
        date_updated: '2024-01-01T00:00:00.000Z',
        amount: 10.5,
        paid_amount: 10.5,
        customer_name: 'A',
        customer_document_number: '1',
      },
      { id: 'x' },
    ];
    const { api } = await serve((_req, res) => sendJson(res, 200, { total: 2, page: 1, offset: 1, operations: ops }));
    const error = await failure(api.listOperationsPage(query, 1));
    expect(error.message).toContain('row 2: field cash_in_id/cash_out_id');
  });

  it('never sends a parameter with an empty value', () => {
    expect(() => queryString([['status', '']])).toThrow(/leave it out/);
    expect(
      queryString([
        ['status', 'paid'],
        ['page', 1],
      ]),
    ).toBe('?status=paid&page=1');
  });
});
