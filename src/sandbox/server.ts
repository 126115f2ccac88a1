// The sandbox's HTTP server (node:http): authentication by the api_key header, the two listings and the
// installment pricing with their faults, and dispatch of the write routes (routes-post.ts). Errors are v1 error objects
// ({"errors":{"type","message"}}), never HTML, never a stack trace.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReconError } from '../shared/errors.ts';
import { readBodyBytes } from '../shared/request-body.ts';
import type { FaultPlan } from './faults.ts';
import { operationsPageBytes, transactionsPageBytes } from './listing.ts';
import { BufferPool, PageCache } from './page-bytes.ts';
import type { PageStore } from './listing.ts';
import { installmentsRoute } from './installments-route.ts';
import { QueryError, canonicalQuery, parseListingQuery } from './query.ts';
import { adminRoute, apiError, createTransaction, decideReview, refundTransaction, type Body, type RouteContext, type RouteResult } from './routes-post.ts';
import type { SandboxState } from './state.ts';

const MAX_BODY_BYTES = 1 << 20;
const STATUS_TEXT: Record<number, string> = { 500: 'internal server error', 502: 'bad gateway', 503: 'service unavailable', 429: 'too many requests' };

export function createSandboxServer(state: SandboxState, faults: FaultPlan): Server {
  const pages: PageStore = { cache: new PageCache(), pool: new BufferPool() };
  const server = createServer((req, res) => {
    handle(state, faults, pages, req, res).catch((error: unknown) => sendError(res, error));
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(length), ...headers });
  res.end(body);
}

function errorBody(type: string, message: string): string {
  return JSON.stringify({ errors: { type, message } });
}

function sendError(res: ServerResponse, error: unknown): void {
  if (error instanceof QueryError) return send(res, error.status, errorBody(error.type, error.message));
  if (error instanceof ReconError) {
    const details = error.details ?? {};
    const status = typeof details['status'] === 'number' ? details['status'] : 400;
    return send(res, status, errorBody(typeof details['type'] === 'string' ? details['type'] : 'request', error.message));
  }
  send(res, 500, errorBody('internal', 'the sandbox failed to answer this request'));
}

function authenticate(req: IncomingMessage): { env: 'sandbox' | 'production'; keyTail: string } {
  const raw = req.headers['api_key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key.trim() === '') throw apiError(401, 'api_key', 'missing api_key header; send your test_ (sandbox) or live_ (production) key');
  const match = /^(test|live)_(\S+)$/.exec(key);
  if (!match) throw apiError(401, 'api_key', 'unknown api_key; expected a key starting with test_ (sandbox) or live_ (production)');
  return { env: match[1] === 'test' ? 'sandbox' : 'production', keyTail: match[2]! };
}

async function handle(state: SandboxState, faults: FaultPlan, pages: PageStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  const auth = authenticate(req);
  const ctx: RouteContext = { state, env: auth.env, keyTail: auth.keyTail };
  const parts = url.pathname
    .split('/')
    .filter((p) => p !== '')
    .map(decodeURIComponent);
  const path = `/${parts.join('/')}`;

  if (path === '/v1/transactions' || path === '/v1/operations') {
    if (method === 'GET') return listing(state, faults, pages, url, path, res);
    if (method === 'POST' && path === '/v1/transactions') return reply(res, createTransaction(ctx, await readBody(req)));
    throw apiError(405, 'method', `${method} is not allowed on ${path}`);
  }
  if (path === '/v1/installments') {
    if (method !== 'GET') throw apiError(405, 'method', `${method} is not allowed on ${path}; use GET`);
    // The same faults as the listings (a body cut short aside): the client's retries cover this route too.
    if (faults.active) {
      const { decision, latencyMs } = faults.decide(`GET ${path}?${canonicalQuery(url.searchParams)}`);
      if (latencyMs > 0) await sleep(latencyMs);
      if (decision.kind === 'status') return sendFault(res, faults, decision.status);
    }
    return reply(res, installmentsRoute(state, url.searchParams));
  }
  if (method === 'POST' && parts.length === 4 && (parts[0] === 'v1' || parts[0] === 'v2') && parts[1] === 'transactions' && parts[3] === 'refund') {
    await readBody(req);
    return reply(res, refundTransaction(ctx, parts[2]!, parts[0]));
  }
  if (parts[0] === 'v1' && parts[1] === 'antifraud') {
    const body = method === 'POST' ? await readBody(req) : {};
    if (method === 'POST' && parts[2] === 'transactions' && parts.length === 4) return reply(res, decideReview(ctx, parts[3]!, body));
    if (ctx.env !== 'sandbox') throw apiError(403, 'forbidden', 'the antifraud status change is available in the sandbox only');
    throw apiError(404, 'not_found', `no route ${method} ${path}; use POST /v1/antifraud/transactions/:id with {"status":"paid"|"rejected"}`);
  }
  if (parts[0] === '_sandbox') return reply(res, adminRoute(ctx, method, parts.slice(1), method === 'POST' ? await readBody(req) : {}));
  throw apiError(404, 'not_found', `no route ${method} ${path}`);
}

function sendFault(res: ServerResponse, faults: FaultPlan, status: 500 | 502 | 503 | 429): void {
  const headers: Record<string, string> = status === 429 ? { 'retry-after': String(faults.rates.retryAfterSeconds) } : {};
  send(res, status, errorBody('server', `${STATUS_TEXT[status]} (sandbox fault)`), headers);
}

function reply(res: ServerResponse, result: RouteResult): void {
  send(res, result.status, result.body);
}

async function readBody(req: IncomingMessage): Promise<Body> {
  const bytes = await readBodyBytes(req, MAX_BODY_BYTES);
  if (bytes === undefined) throw apiError(413, 'body', `request body larger than ${MAX_BODY_BYTES} bytes`);
  const text = bytes.toString('utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw apiError(400, 'body', 'request body must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw apiError(400, 'body', 'request body must be a JSON object');
  return parsed as Body;
}

async function listing(state: SandboxState, faults: FaultPlan, pages: PageStore, url: URL, path: string, res: ServerResponse): Promise<void> {
  const isTransactions = path === '/v1/transactions';
  const query = isTransactions
    ? parseListingQuery(url.searchParams, ['transaction_id', 'status', 'count', 'page'], ['date_created'])
    : parseListingQuery(url.searchParams, ['customer_document_number', 'count', 'page'], ['date_created', 'date_updated']);
  let cut = false;
  if (faults.active) {
    const { decision, latencyMs } = faults.decide(`GET ${path}?${canonicalQuery(url.searchParams)}`);
    if (latencyMs > 0) await sleep(latencyMs);
    if (decision.kind === 'status') return sendFault(res, faults, decision.status);
    cut = decision.kind === 'cut';
  }
  const page = isTransactions ? transactionsPageBytes(state, query, faults, pages) : operationsPageBytes(state, query, pages);
  // The page may sit in a recycled buffer: hand it back only once the response is over either way.
  res.once('close', page.release);
  const body = page.bytes;
  if (cut) {
    const bytes = body;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.length) });
    res.write(bytes.subarray(0, bytes.length >> 1), () => res.destroy());
    return;
  }
  send(res, 200, body);
  // Late visibility: rows hidden so far show up once a listing covering their time was answered.
  if (isTransactions && state.hidden.size > 0) state.reveal(query.dateCreated.lo, Math.min(query.dateCreated.hi, state.clock.now()));
}
