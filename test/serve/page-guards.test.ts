// The pure parts of the page's POST guards, table-driven: which Origin/Referer pairs count as this page,
// the session-bound CSRF token, how the fields of a form become an action, and the rate cap.
import { describe, expect, it } from 'vitest';
import { createCsrfGuard, isSameOrigin } from '../../src/serve/csrf.ts';
import { createRateCap, pageActionOf } from '../../src/serve/page-actions.ts';
import { isReconError } from '../../src/shared/errors.ts';

const HOST = '127.0.0.1:8080';

describe('isSameOrigin', () => {
  it.each([
    [{ origin: 'http://127.0.0.1:8080' }, true],
    [{ origin: 'https://127.0.0.1:8080' }, true],
    [{ origin: 'http://127.0.0.1:8081' }, false],
    [{ origin: 'http://localhost:8080' }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'null', referer: 'http://127.0.0.1:8080/nights' }, false],
    [{ referer: 'http://127.0.0.1:8080/nights/2026-03-11?view=new' }, true],
    [{ referer: 'http://evil.example/?http://127.0.0.1:8080' }, false],
    [{ origin: 'file://127.0.0.1:8080' }, false],
    [{ origin: 'not a url' }, false],
    [{}, false],
  ])('%j from host 127.0.0.1:8080: %s', (headers, same) => {
    expect(isSameOrigin({ ...headers, host: HOST })).toBe(same);
  });

  it('is false without a Host header', () => {
    expect(isSameOrigin({ origin: 'http://127.0.0.1:8080' })).toBe(false);
  });
});

describe('the CSRF guard', () => {
  const guard = createCsrfGuard(Buffer.alloc(32, 7));
  const first = guard.sessionOf(undefined);
  const cookie = first.setCookie!.split(';')[0]!;

  it('gives a new session an HttpOnly SameSite=Strict cookie, and keeps a known one', () => {
    expect(first.setCookie).toMatch(/^recon_sid=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/$/);
    expect(guard.sessionOf(`other=1; ${cookie}`)).toEqual({ id: first.id });
  });

  it.each([
    ['its own token', cookie, () => guard.tokenFor(first.id), true],
    ['no token', cookie, () => undefined, false],
    ['an empty token', cookie, () => '', false],
    ["another session's token", cookie, () => guard.tokenFor('x'.repeat(43)), false],
    ['no session cookie', undefined, () => guard.tokenFor(first.id), false],
    ['a malformed session cookie', 'recon_sid=short', () => guard.tokenFor('short'), false],
    ["another server's token", cookie, () => createCsrfGuard(Buffer.alloc(32, 8)).tokenFor(first.id), false],
  ])('%s: %s', (_name, cookieHeader, token, ok) => {
    expect(guard.verify(cookieHeader, token())).toBe(ok);
  });
});

const fields = (entries: Record<string, string | string[]>) => new Map(Object.entries(entries).map(([k, v]) => [k, [v].flat()]));

describe('pageActionOf', () => {
  it.each([
    [
      { action: 'ack', key: 'k1', note: 'n', actor: 'ana' },
      { keys: ['k1'], filter: undefined, request: { action: 'ack', by: 'ana', via: 'page', note: 'n' } },
    ],
    [
      { action: 'accept', key: ['k1', 'k2'], reason: 'loss', actor: 'ana' },
      { keys: ['k1', 'k2'], request: { action: 'accept', note: 'loss' } },
    ],
    [{ action: 'assign', key: 'k1', to: 'bia', actor: 'ana' }, { request: { action: 'assign', to: 'bia' } }],
    [
      { action: 'ack', view: 'mine', note: 'n', actor: 'ana', expect: '3' },
      { keys: [], filter: { assignee: 'ana' }, expect: 3 },
    ],
    [{ action: 'ack', view: 'overdue', note: 'n', actor: 'ana' }, { filter: { state: 'overdue' } }],
    [{ action: 'ack', view: 'new', category: 'refund_owed', note: 'n', actor: 'ana' }, { filter: { state: 'new', category: 'refund_owed' } }],
  ])('%j', (input, expected) => {
    expect(pageActionOf(fields(input))).toMatchObject(expected);
  });

  it.each([
    [{ action: 'drop', key: 'k1', actor: 'ana' }, 'expected action'],
    [{ action: 'ack', key: 'k1', note: 'n' }, 'your name'],
    [{ action: 'ack', key: 'k1', note: 'n', actor: 'a'.repeat(101) }, 'your name'],
    [{ action: 'ack', key: 'k1', view: 'new', note: 'n', actor: 'ana' }, 'not both'],
    [{ action: 'ack', view: 'everything', note: 'n', actor: 'ana' }, 'expected view'],
    [{ action: 'ack', view: 'new', expect: 'many', note: 'n', actor: 'ana' }, 'a count'],
  ])('refuses %j', (input, message) => {
    let error: unknown;
    try {
      pageActionOf(fields(input));
    } catch (e) {
      error = e;
    }
    expect(isReconError(error, 'usage')).toBe(true);
    expect((error as Error).message).toContain(message);
  });
});

describe('the rate cap', () => {
  it('takes `limit` requests per window, then refuses until the window moves on', () => {
    let now = 0;
    const allow = createRateCap(3, 60_000, () => now);
    expect([allow(), allow(), allow(), allow()]).toEqual([true, true, true, false]);
    now = 59_999;
    expect(allow()).toBe(false);
    now = 60_000;
    expect(allow()).toBe(true);
  });
});
