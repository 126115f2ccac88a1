// GET-and-parse-JSON over an undici keep-alive Pool, with one retry loop for everything transient:
// 429 (Retry-After honoured), 5xx, timeouts, resets, and bodies cut short or unparseable.
// undici's RetryAgent covers the status/reset cases but not a 200 whose body is truncated or is not
// JSON (it can only resume with Range requests), so one loop here owns attempts, jitter and counting.
import { Pool } from 'undici';
import { ReconError } from '../shared/errors.ts';
import { redactSecrets } from '../shared/redact.ts';
import { deadlineFor, DeadlineExceeded, readBodyWithin } from './bounded-read.ts';
import type { Logger } from '../shared/log.ts';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this fails the request instead of waiting. */
  maxRetryAfterMs: number;
}

export interface JsonClientOptions {
  origin: string;
  apiKey: string;
  /** Bounds each whole request, headers and body. */
  timeoutMs: number;
  /** The largest body accepted; a larger one is cut and fails the request. */
  maxBodyBytes: number;
  /** The config key of this address, named when the service answers 404 (a wrong address or path). */
  addressKey?: string | undefined;
  retry: RetryPolicy;
  /** Shared request-rate cap (requests per second); undefined = none. */
  limiter?: RateLimiter | undefined;
  logger?: Logger | undefined;
  /** Injected for deterministic tests; defaults to Math.random. */
  random?: () => number;
  /** Connections kept open to the origin. */
  connections?: number;
}

export interface JsonResponse {
  value: unknown;
  /** The body decoded (parsed into `value`). */
  text: string;
  /** The body's bytes exactly as received: staged without encoding the text again. */
  bytes: Buffer;
  attempts: number;
}

export type QueryParams = ReadonlyArray<readonly [string, string | number]>;

const RETRYABLE_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_CLOSED',
  'RECON_DEADLINE',
]);

/** Spaces requests so that at most `perSecond` start in any second, across every caller sharing it. */
export class RateLimiter {
  private next = 0;
  constructor(private readonly perSecond: number) {}
  async wait(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await sleep(at - now);
  }
}

export class JsonClient {
  private readonly pool: Pool;
  private readonly headers: Record<string, string>;
  private readonly random: () => number;
  requests = 0;
  retries = 0;

  constructor(private readonly options: JsonClientOptions) {
    this.pool = new Pool(options.origin, {
      connections: options.connections ?? 8,
      keepAliveTimeout: 10_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.headers = { api_key: options.apiKey, 'content-type': 'application/json', accept: 'application/json' };
    this.random = options.random ?? Math.random;
  }

  /** GET path?params and parse the JSON body, retrying what is transient. */
  async get(path: string, params: QueryParams): Promise<JsonResponse> {
    const target = `${this.options.origin.replace(/\/$/, '')}${path}`;
    const pathAndQuery = `${new URL(target).pathname}${queryString(params)}`;
    const shown = `GET ${path}${shownQuery(params)}`;
    const { maxAttempts } = this.options.retry;
    let lastProblem = '';
    for (let attempt = 1; ; attempt++) {
      await this.options.limiter?.wait();
      this.requests++;
      let delayMs: number | undefined;
      const deadline = deadlineFor(this.options.timeoutMs);
      try {
        const response = await this.pool.request({ path: pathAndQuery, method: 'GET', headers: this.headers, signal: deadline.signal });
        const bytes = await readBodyWithin(response.body, response.headers['content-length'], this.options.maxBodyBytes, shown);
        const text = decodeUtf8(bytes);
        const status = response.statusCode;
        if (status === 200) {
          try {
            return { value: JSON.parse(text), text, bytes, attempts: attempt };
          } catch {
            // A cut body (chunked, no length to check) parses badly too: retry before calling it broken.
            const body = describeBody(response.headers['content-type'], text);
            // The retry's log event names the problem (English, as the JSON log is).
            lastProblem = `200 with a body that is not JSON (${body})`;
            if (attempt >= maxAttempts) throw new ReconError('api_schema', { id: 'apiNotJson', request: shown, body, attempts: attempt });
          }
        } else if (status === 429 || status >= 500) {
          lastProblem = `${status} ${statusText(status)}`;
          if (status === 429) {
            const retryAfter = retryAfterMs(response.headers['retry-after']);
            if (retryAfter !== undefined && retryAfter > this.options.retry.maxRetryAfterMs) {
              throw new ReconError(
                'api_http',
                { id: 'apiRetryAfter', request: shown, seconds: Math.ceil(retryAfter / 1000), maxMs: this.options.retry.maxRetryAfterMs },
                { details: { status } },
              );
            }
            delayMs = retryAfter;
          }
          if (attempt >= maxAttempts)
            throw new ReconError(
              'api_http',
              { id: 'apiGaveUp', request: shown, status, statusText: statusText(status), attempts: attempt },
              { details: { status } },
            );
        } else if (status === 401 || status === 403) {
          throw keyRefused(path, status, serviceError(text, response.headers['content-type']));
        } else {
          const address = status === 404 && this.options.addressKey ? { address: { key: this.options.addressKey, origin: this.options.origin } } : {};
          const said = serviceError(text, response.headers['content-type']);
          throw new ReconError(
            'api_http',
            { id: 'apiStatus', request: shown, status, statusText: statusText(status), said, ...address },
            { details: { status } },
          );
        }
      } catch (thrown) {
        if (thrown instanceof ReconError) throw thrown;
        // An abort by the deadline surfaces as undici's AbortError: report the deadline itself.
        const error = deadline.signal.aborted && deadline.signal.reason instanceof DeadlineExceeded ? deadline.signal.reason : thrown;
        const code = (error as { code?: string }).code ?? '';
        const message = (error as Error).message ?? String(error);
        if (!RETRYABLE_ERROR_CODES.has(code)) {
          throw new ReconError('api_network', { id: 'apiNetwork', request: shown, code: code || 'error', said: message }, { cause: error });
        }
        lastProblem = `${code} ${message}`;
        if (attempt >= maxAttempts) {
          throw new ReconError('api_network', { id: 'apiNetwork', request: shown, code, said: message, attempts: attempt }, { cause: error });
        }
      } finally {
        deadline.clear();
      }
      this.retries++;
      const wait = delayMs ?? this.backoffMs(attempt);
      this.options.logger?.event('api.retry', { request: shown, attempt, problem: lastProblem, waitMs: wait });
      await sleep(wait);
    }
  }

  /** Exponential backoff with "equal jitter": half fixed, half random, capped. */
  private backoffMs(attempt: number): number {
    const { baseDelayMs, maxDelayMs } = this.options.retry;
    const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

export function queryString(params: QueryParams): string {
  if (params.length === 0) return '';
  const parts = params.map(([name, value]) => {
    const text = String(value);
    // The service rejects empty, "null" and "undefined" values: a missing filter is left out instead.
    if (text === '' || text === 'null' || text === 'undefined') {
      throw new ReconError('internal', `query parameter ${name} has no value; leave it out instead of sending "${text}"`);
    }
    return `${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
  });
  return `?${parts.join('&')}`;
}

/** The query as a person reads it: date_created=>=1700000000000&page=3. */
export function shownQuery(params: QueryParams): string {
  return params.length === 0 ? '' : `?${params.map(([n, v]) => `${n}=${v}`).join('&')}`;
}

function retryAfterMs(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * 401 and 403 are the service refusing the key (recon only lists, so no sandbox-only parameter is ever
 * sent): a setup mistake (exit 2) named by the variable that holds the key, with the service's own words
 * and without the query's epoch milliseconds, which say nothing to the person who has to fix it.
 */
function keyRefused(path: string, status: number, said: string): ReconError {
  return new ReconError('config', { id: 'keyRefused', path, status, statusText: statusText(status), said }, { details: { status } });
}

/** The longest `type` and `message` of a service error that a message repeats. */
const MAX_ERROR_FIELD = 200;

/**
 * " (<type>: <message>)" from a v1 ({errors:{type,message}}) or v3 ({errors:[...]}) error body. Only
 * those two fields, bounded and redacted, are ever repeated: a body is the service's text, and a
 * careless service echoes the key it refused.
 */
function serviceError(text: string, contentType: string | string[] | undefined): string {
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    const list = Array.isArray(body.errors) ? body.errors : body.errors ? [body.errors] : [];
    const parts = list
      .slice(0, 5)
      .filter((e): e is { type?: unknown; message?: unknown } => typeof e === 'object' && e !== null)
      .map((e) => `${field(e.type ?? 'error')}: ${field(e.message ?? '')}`);
    if (parts.length > 0) return ` (${parts.join('; ')})`;
  } catch {
    // not JSON: say what it was, not what it said
  }
  return text ? ` (${describeBody(contentType, text)})` : '';
}

function field(value: unknown): string {
  const text = redactSecrets(String(value).replace(/\s+/g, ' '));
  return text.length > MAX_ERROR_FIELD ? `${text.slice(0, MAX_ERROR_FIELD)}…` : text;
}

/** The body's type and size, and what it looks like; never its text. */
function describeBody(contentType: string | string[] | undefined, text: string): string {
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  const looks = /^\s*</.test(text) ? ', looks like HTML or XML' : /^\s*[[{]/.test(text) ? ', looks like cut or broken JSON' : '';
  return `${type ? `${type}, ` : ''}${text.length} bytes${looks}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'HTTP error';
}

/** UTF-8 text of a body, without a leading byte-order mark (as fetch's text() does). */
function decodeUtf8(bytes: Buffer): string {
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return bytes.toString('utf8', bom ? 3 : 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
