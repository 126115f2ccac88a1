// `recon receive`: the HTTP receiver of the service's status notifications (v1 postbacks, v3 webhooks,
// payment links). Per request, in this order: the origin check (its headers only; the signature header is
// never logged, stored or echoed), then the rate cap of the request's kind (429 with Retry-After): signed
// requests have maxPerSecond, the others their own smaller maxUnsignedPerSecond, so that an unsigned
// flood never spends what the service's genuine deliveries need; an unsigned request within its budget
// is refused with 401. Then a body cap (413) read within a deadline, a body that is one of the three
// shapes (400), then the delivery's identity: a retry of one already kept is answered 200 and not kept
// again, a new one is answered 200 only once its line is fsynced to the inbox. An inbox past its size or
// age bound answers 503 with Retry-After (the service retries for about 26 hours, so refusing loses
// nothing a night folds in time); a failure to write answers 500, and the service retries. Appends are
// serialised in process. The identities remembered are bounded in count and in time.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import { saidOf } from '../shared/errors.ts';
import { readBodyBytes } from '../shared/request-body.ts';
import { bodyFieldsOf, readInbox, type Inbox, type InboxRefusal } from './inbox.ts';
import { deliveryKeyOf, factsOf } from './notification.ts';
import { originProblem } from './origin.ts';

export interface ReceiverOptions {
  inbox: Inbox;
  secret: string;
  clock: Clock;
  logger: Logger;
  /** Largest body accepted, bytes. */
  maxBodyBytes: number;
  /** Signed requests accepted per second (a token bucket of one second's worth). */
  maxPerSecond: number;
  /** Requests failing the origin check answered per second (a bucket of their own); default 5. */
  maxUnsignedPerSecond?: number;
  /** Delivery identities remembered at most (the oldest forgotten first); default 50,000. */
  maxRememberedDeliveries?: number;
  /** How long a request may take to arrive whole, ms. */
  requestTimeoutMs?: number;
}

/** Keys of deliveries kept this long are remembered: the service retries for about 26 hours. */
const REMEMBER_MS = 3 * 86_400_000;
/** What a refused delivery is told to wait, s: a fold frees the inbox once a night. */
const FULL_RETRY_AFTER_S = 600;
/** A full inbox is logged at most this often, with how many it refused since. */
const FULL_LOG_EVERY_MS = 60_000;

export interface RunningReceiver {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions, listen: { port: number; host: string }): Promise<RunningReceiver> {
  const remember = options.maxRememberedDeliveries ?? 50_000;
  // Insertion order is arrival order: the first entries are the oldest, forgotten first.
  const kept = new Map<string, number>();
  const since = options.clock.now() - REMEMBER_MS;
  await readInbox(options.inbox.path, (line) => {
    const at = Date.parse(line.received_at);
    if (at >= since) rememberKey(line.key, at);
  });
  const signedBucket = bucketOf(options.maxPerSecond);
  const unsignedBucket = bucketOf(options.maxUnsignedPerSecond ?? 5);
  const full = { loggedAt: Number.NEGATIVE_INFINITY, refused: 0 };
  let appends: Promise<unknown> = Promise.resolve();

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.logger.warn({ id: 'notificationNotKept', said: saidOf(error) });
      answer(res, 500, 'not kept; retry');
    });
  });
  server.requestTimeout = options.requestTimeoutMs ?? 10_000;
  server.headersTimeout = Math.min(server.requestTimeout, 10_000);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The origin first (headers only, constant time): only then is a budget charged, and to its own kind.
    const problem = originProblem(req.headers, options.secret);
    if (problem) {
      if (!takeToken(unsignedBucket)) return answer(res, 429, 'too many requests', { 'retry-after': '1' }, true);
      options.logger.event('notification.refused', {
        reason: problem === 'user_agent' ? 'unexpected User-Agent' : 'bad signature',
        from: req.socket.remoteAddress,
      });
      return answer(res, 401, 'origin check failed', {}, true);
    }
    if (!takeToken(signedBucket)) return answer(res, 429, 'too many requests', { 'retry-after': '1' });
    if (req.method !== 'POST') return answer(res, 405, 'only POST', { allow: 'POST' });
    // Undefined past the cap; never decoded, so the inbox keeps the bytes as they came.
    const bytes = await readBodyBytes(req, options.maxBodyBytes);
    if (bytes === undefined) return answer(res, 413, `body larger than ${options.maxBodyBytes} bytes`, {}, true);
    const fields = bodyFieldsOf(bytes);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.body);
    } catch {
      return answer(res, 400, 'expected a JSON body');
    }
    const facts = factsOf(parsed);
    if (!facts) return answer(res, 400, 'expected a v1 postback, a v3 webhook or a payment-link notification');
    const key = deliveryKeyOf(facts);
    const receivedAt = options.clock.now();
    const step = appends.then((): 'kept' | 'already' | InboxRefusal => {
      if (kept.has(key)) return 'already';
      const refused = options.inbox.append({ v: 1, received_at: new Date(receivedAt).toISOString(), kind: facts.kind, key, ...fields }, receivedAt);
      if (refused) return refused;
      rememberKey(key, receivedAt);
      return 'kept';
    });
    appends = step.catch(() => undefined);
    const outcome = await step;
    if (outcome === 'full' || outcome === 'stale') return refuseFull(res, outcome, receivedAt);
    options.logger.event('notification.received', {
      kind: facts.kind,
      transaction_id: facts.transactionId,
      status: facts.status,
      duplicate: outcome === 'already',
    });
    answer(res, 200, outcome === 'kept' ? 'kept' : 'already kept');
  }

  /** 503: the service retries; logged once a minute with the count, never a line per refusal. */
  function refuseFull(res: ServerResponse, why: InboxRefusal, now: number): void {
    full.refused++;
    if (now - full.loggedAt >= FULL_LOG_EVERY_MS) {
      options.logger.event('notification.refused', {
        reason:
          why === 'full'
            ? 'the inbox is full (notifications.inbox.maxBytes): is the nightly folding it?'
            : 'the inbox has waited past notifications.inbox.maxAgeDays for a fold: is the nightly running?',
        refused: full.refused,
      });
      full.loggedAt = now;
      full.refused = 0;
    }
    answer(res, 503, 'inbox full; retry later', { 'retry-after': String(FULL_RETRY_AFTER_S) });
  }

  function bucketOf(perSecond: number) {
    return { perSecond, tokens: perSecond, at: options.clock.now() };
  }

  function takeToken(bucket: { perSecond: number; tokens: number; at: number }): boolean {
    const now = options.clock.now();
    bucket.tokens = Math.min(bucket.perSecond, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * bucket.perSecond);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Remembers a kept key, forgetting the oldest past the count and those older than REMEMBER_MS. */
  function rememberKey(key: string, at: number): void {
    kept.delete(key);
    kept.set(key, at);
    for (const [oldest, oldestAt] of kept) {
      if (kept.size <= remember && at - oldestAt <= REMEMBER_MS) break;
      kept.delete(oldest);
    }
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
