// A hostile payments service on loopback, one behaviour per path prefix
// (http://127.0.0.1:PORT/<mode>/v1/transactions): it ignores the date filter with a large total, counts
// rows that halve without end, trickles its body, sends an endless body, echoes the key it was sent in
// its error bodies (JSON, text, HTML, cut at any length), or lists ids made of odd but valid text.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLoopback, type Loopback } from '../api/loopback.ts';
import { fakeTransaction } from '../sync/fake-service.ts';

const HOSTILE_MODES = [
  'ignores-filter',
  'halves-forever',
  'trickle',
  'endless-body',
  'echo-json-401',
  'echo-text-403',
  'echo-html-500',
  'echo-cut-401',
  'odd-ids',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

const CREATED = Date.parse('2024-05-09T13:00:00.000Z');
const ODD_IDS = ['tr_a\\/b', 'tr_\u00e9', 'tr_"q"', 'tr_\u0001', `tr_${'x'.repeat(5000)}`];

function json(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** The date range [start, end) of a listing's filters, in ms. */
function rangeOf(params: URLSearchParams, field: string): { start: number; end: number } {
  let start = 0;
  let end = 0;
  for (const value of params.getAll(field)) {
    if (value.startsWith('>=')) start = Number(value.slice(2));
    if (value.startsWith('<')) end = Number(value.slice(1));
  }
  return { start, end };
}

function listing(stream: string, params: URLSearchParams, total: number, rows: unknown[]): unknown {
  return { total, page: Number(params.get('page') ?? 1), offset: 0, [stream]: rows };
}

function respond(mode: HostileMode, stream: string, req: IncomingMessage, res: ServerResponse): void {
  const params = new URL(req.url ?? '/', 'http://x').searchParams;
  const key = String(req.headers['api_key'] ?? '');
  switch (mode) {
    case 'ignores-filter':
      return json(res, 200, listing(stream, params, 5_000_000, [fakeTransaction(`tr_${params.get('page')}`, CREATED)]));
    case 'halves-forever': {
      // A consistent count, a thousand rows per millisecond: every split halves it, none ever fits.
      const field = params.has('date_updated') ? 'date_updated' : 'date_created';
      const { start, end } = rangeOf(params, field);
      return json(res, 200, listing(stream, params, Math.max(0, end - start) * 1000, []));
    }
    case 'trickle': {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    case 'endless-body': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"total":1,"page":1,"offset":0,"transactions":[');
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('error', () => undefined);
      return pump();
    }
    case 'echo-json-401':
      return json(res, 401, { errors: { type: `key ${key}`, message: `invalid key "${key}" (tail ${key.slice(5)})` } });
    case 'echo-text-403':
      return json(res, 403, `forbidden: api_key=${key}; signature ${key.slice(5)}`, 'text/plain');
    case 'echo-html-500':
      return json(res, 500, `<html><body><pre>NullPointer at check(${key})\n${key.slice(3, 20)}</pre></body></html>`, 'text/html');
    case 'echo-cut-401':
      // The key cut and trimmed at several places, as a careless log line would.
      return json(res, 401, { errors: [{ type: 'auth', message: `${key.slice(5, 13)} ${key.slice(9, 16)} ${key.slice(-7)}` }] });
    case 'odd-ids': {
      const rows =
        params.has('status') || params.has('transaction_id') ? [] : ODD_IDS.map((id, i) => fakeTransaction(id, CREATED + i, { item_id: `${id}-item` }));
      return json(res, 200, listing(stream, params, stream === 'transactions' ? rows.length : 0, stream === 'transactions' ? rows : []));
    }
  }
}

export function startHostileService(): Promise<Loopback> {
  return startLoopback((req, res) => {
    const [mode = '', , stream = ''] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter((p) => p !== '');
    if (!(HOSTILE_MODES as readonly string[]).includes(mode)) return json(res, 404, { errors: { type: 'not_found', message: `no mode ${mode}` } });
    respond(mode as HostileMode, stream, req, res);
  });
}

export { ODD_IDS };
