// Each request is bounded as a whole: a body trickled a byte at a time fails at api.timeoutMs (then is
// retried like any timeout), and a body larger than api.maxBodyBytes is cut and fails at once, whether
// it announces its size or streams without one. Memory stays bounded whatever the service sends.
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentsApi } from '../../src/api/index.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { startLoopback, type Loopback } from './loopback.ts';

const retry = { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 100 };
const query = {
  filters: [
    ['date_created', '>=1000'],
    ['date_created', '<2000'],
  ] as const,
  count: 2,
};

let server: Loopback | undefined;
let api: ReturnType<typeof createPaymentsApi> | undefined;
afterEach(async () => {
  await api?.close();
  await server?.close();
});

async function failureOf(
  handler: Parameters<typeof startLoopback>[0],
  options: { timeoutMs: number; maxBodyBytes?: number },
): Promise<{ error: ReconError; ms: number; requests: number }> {
  server = await startLoopback(handler);
  api = createPaymentsApi({ baseUrl: server.url, apiKey: 'test_boundedkey123456', retry, ...options });
  const started = performance.now();
  const error = await api.listTransactionsPage(query, 1).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReconError);
  return { error: error as ReconError, ms: performance.now() - started, requests: server.requests.length };
}

describe('bounded requests', () => {
  it('fails a body trickled a byte every 50 ms at the deadline, after the configured attempts', async () => {
    const { error, ms, requests } = await failureOf(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const timer = setInterval(() => res.write(' '), 50);
        res.on('close', () => clearInterval(timer));
      },
      { timeoutMs: 400 },
    );
    expect(error.code).toBe('api_network');
    expect(error.message).toMatch(/GET \/v1\/transactions\?.*: RECON_DEADLINE no complete answer within api\.timeoutMs \(400 ms\) after 2 attempts/);
    expect(requests).toBe(2);
    expect(ms).toBeLessThan(3_000);
  });

  it('fails a server that never answers at the deadline', async () => {
    const { error } = await failureOf(() => undefined, { timeoutMs: 300 });
    expect(error.message).toMatch(/no complete answer within api\.timeoutMs \(300 ms\)/);
  });

  it.each([
    ['announced by Content-Length', true],
    ['streamed without a length', false],
  ])('cuts a body larger than api.maxBodyBytes (%s) and fails at once', async (_name, announce) => {
    const before = process.memoryUsage().rss;
    const { error, requests } = await failureOf(
      (_req, res) => {
        const chunk = Buffer.alloc(1 << 20, 0x20);
        res.writeHead(200, { 'content-type': 'application/json', ...(announce ? { 'content-length': String(512 << 20) } : {}) });
        let sent = 0;
        const pump = () => {
          while (sent < 512 && res.write(chunk)) sent++;
          if (sent < 512) res.once('drain', pump);
        };
        res.on('error', () => undefined);
        pump();
      },
      { timeoutMs: 10_000, maxBodyBytes: 4 << 20 },
    );
    expect(error.code).toBe('api_http');
    expect(error.message).toMatch(/the response (announces 536870912 bytes|sent more than 4194304 bytes), more than api\.maxBodyBytes \(4194304\)/);
    expect(requests).toBe(1);
    expect(process.memoryUsage().rss - before).toBeLessThan(128 << 20);
  });
});

describe('a listing the address does not serve', () => {
  it('names the config key of the address that answered 404', async () => {
    server = await startLoopback((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>Not here</html>');
    });
    api = createPaymentsApi({ baseUrl: `${server.url}/wrong`, apiKey: 'test_boundedkey123456', timeoutMs: 1_000, retry });
    const error = await api.listTransactionsPage(query, 1).then(
      () => undefined,
      (e: unknown) => e as ReconError,
    );
    expect(error?.message).toMatch(
      /^GET \/wrong\/v1\/transactions\?.*: 404 Not Found \(text\/html, 21 bytes, looks like HTML or XML\); the address in api\.baseUrl \(or RECON_BASE_URL\) \(http:\/\/127\.0\.0\.1:\d+\) has no such listing: check it and its path prefix$/,
    );
  });
});
