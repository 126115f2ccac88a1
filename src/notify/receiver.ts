// `recon receive`: the HTTP receiver of the service's status notifications (v1 postbacks, v3 webhooks,
// payment links). Per request, in this order: a rate cap (429 with Retry-After), the origin check (401;
// the signature header is never logged, stored or echoed), a body cap (413) read within a deadline, a
// body that is one of the three shapes (400), then the delivery's identity: a retry of one already kept
// is answered 200 and not kept again, a new one is answered 200 only once its line is fsynced to the
// inbox. A failure to write answers 500, and the service retries. Appends are serialised in process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { readInbox, type Inbox } from './inbox.ts';
import { deliveryKeyOf, factsOf } from './notification.ts';
import { originProblem } from './origin.ts';

export interface ReceiverOptions {
  inbox: Inbox;
  secret: string;
  clock: Clock;
  logger: Logger;
  /** Largest body accepted, bytes. */
  maxBodyBytes: number;
  /** Requests accepted per second (a token bucket of one second's worth). */
  maxPerSecond: number;
  /** How long a request may take to arrive whole, ms. */
  requestTimeoutMs?: number;
}

/** Keys of deliveries kept this long are remembered: the service retries for about 26 hours. */
const REMEMBER_MS = 3 * 86_400_000;

export interface RunningReceiver {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions, listen: { port: number; host: string }): Promise<RunningReceiver> {
  const kept = new Map<string, number>();
  const since = options.clock.now() - REMEMBER_MS;
  await readInbox(options.inbox.path, (line) => {
    const at = Date.parse(line.received_at);
    if (at >= since) kept.set(line.key, at);
  });
  const bucket = { tokens: options.maxPerSecond, at: options.clock.now() };
  let appends: Promise<unknown> = Promise.resolve();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.warn(`notification not kept: ${(error as Error).message}`);
      answer(res, 500, 'not kept; retry');
    });
  });
  server.requestTimeout = options.requestTimeoutMs ?? 10_000;
  server.headersTimeout = Math.min(server.requestTimeout, 10_000);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!takeToken()) return answer(res, 429, 'too many requests', { 'retry-after': '1' });
    if (req.method !== 'POST') return answer(res, 405, 'only POST', { allow: 'POST' });
    const problem = originProblem(req.headers, options.secret);
    if (problem) {
      options.logger.event('notification.refused', {
        reason: problem === 'user_agent' ? 'unexpected User-Agent' : 'bad signature',
        from: req.socket.remoteAddress,
      });
      return answer(res, 401, 'origin check failed', {}, true);
    }
    const body = await readBody(req);
    if (body === undefined) return answer(res, 413, `body larger than ${options.maxBodyBytes} bytes`, {}, true);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return answer(res, 400, 'expected a JSON body');
    }
    const facts = factsOf(parsed);
    if (!facts) return answer(res, 400, 'expected a v1 postback, a v3 webhook or a payment-link notification');
    const key = deliveryKeyOf(facts);
    const receivedAt = options.clock.now();
    const step = appends.then(() => {
      if (kept.has(key)) return false;
      options.inbox.append({ v: 1, received_at: new Date(receivedAt).toISOString(), kind: facts.kind, key, body });
      kept.set(key, receivedAt);
      return true;
    });
    appends = step.catch(() => undefined);
    const fresh = await step;
    forget(receivedAt);
    options.logger.event('notification.received', { kind: facts.kind, transaction_id: facts.transactionId, status: facts.status, duplicate: !fresh });
    answer(res, 200, fresh ? 'kept' : 'already kept');
  }

  function takeToken(): boolean {
    const now = options.clock.now();
    bucket.tokens = Math.min(options.maxPerSecond, bucket.tokens + ((now - bucket.at) / 1000) * options.maxPerSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function forget(now: number): void {
    if (kept.size < 100_000) return;
    for (const [key, at] of kept) if (now - at > REMEMBER_MS) kept.delete(key);
  }

  async function readBody(req: IncomingMessage): Promise<string | undefined> {
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > options.maxBodyBytes) return undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > options.maxBodyBytes) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${port}`,
    server,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await appends;
      options.inbox.close();
    },
  };
}

/** A short text answer; `close` ends the connection (a refused sender gets no keep-alive). */
function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}, close = false): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(text);
}
