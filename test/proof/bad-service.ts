// A tiny misbehaving payments service for the bad-input corpus: one loopback server, one behaviour per
// path prefix (http://127.0.0.1:PORT/<mode>/v1/transactions), so cases can run side by side.
import type { ServerResponse } from 'node:http';
import { startLoopback, type Loopback } from '../api/loopback.ts';
import { fakeTransaction } from '../sync/fake-service.ts';

type BadServiceMode =
  | 'empty'
  | 'invalid-json'
  | 'html-200'
  | 'missing-field'
  | 'wrong-type'
  | 'no-total'
  | 'total-disagrees'
  | '401'
  | '403'
  | '429'
  | '429-long'
  | '503';

const CREATED = '2024-05-09T13:00:00.000Z';

/** A valid listed transaction (the sync tests' row) created at CREATED, with item "A". */
function transaction(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return fakeTransaction(id, Date.parse(CREATED), { item_id: 'A', ...overrides });
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** A listing page holding `rows` on page 1 (only for an unfiltered-by-status query), nothing after. */
function page(stream: string, params: URLSearchParams, rows: Record<string, unknown>[], total = rows.length): string {
  const number = Number(params.get('page') ?? 1);
  const listed = stream === 'transactions' && params.get('status') === null && number === 1 ? rows : [];
  const shownTotal = stream === 'transactions' && params.get('status') === null ? total : 0;
  return JSON.stringify({ total: shownTotal, page: number, offset: 0, [stream]: listed });
}

export async function startBadService(): Promise<Loopback> {
  return startLoopback((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [mode = '', , stream = ''] = url.pathname.split('/').filter((p) => p !== '');
    const params = url.searchParams;
    switch (mode as BadServiceMode) {
      case 'empty':
        return send(res, 200, page(stream, params, []));
      case 'invalid-json':
        return send(res, 200, '{"total": 1, "transactions": [');
      case 'html-200':
        return send(res, 200, '<html><body><h1>Scheduled maintenance</h1><p>Back soon.</p></body></html>', { 'content-type': 'text/html' });
      case 'missing-field': {
        const row = transaction('t1');
        delete row['status'];
        return send(res, 200, page(stream, params, [row]));
      }
      case 'wrong-type':
        return send(res, 200, page(stream, params, [transaction('t1', { net_value: '150.00' })]));
      case 'no-total':
        return send(res, 200, JSON.stringify({ page: 1, offset: 0, [stream]: [] }));
      case 'total-disagrees':
        return send(res, 200, page(stream, params, [transaction('t1')], 5));
      case '401':
        // A careless service echoing the key it refused: recon must still never show or store it.
        return send(res, 401, JSON.stringify({ errors: { type: 'authentication', message: `invalid key ${String(req.headers['api_key'])}` } }));
      case '403':
        return send(res, 403, JSON.stringify({ errors: { type: 'forbidden', message: 'this key may not list transactions' } }));
      case '429':
        return send(res, 429, JSON.stringify({ errors: { type: 'rate_limit', message: 'slow down' } }), { 'retry-after': '0' });
      case '429-long':
        return send(res, 429, JSON.stringify({ errors: { type: 'rate_limit', message: 'slow down' } }), { 'retry-after': '3600' });
      case '503':
        return send(res, 503, JSON.stringify({ errors: { type: 'server', message: 'unavailable' } }));
      default:
        return send(res, 404, JSON.stringify({ errors: { type: 'not_found', message: `no mode ${mode}` } }));
    }
  });
}
