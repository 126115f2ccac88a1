// Who may read the page. On loopback the machine's own users may; anywhere else a token is required
// (RECON_SERVE_TOKEN), taken from `Authorization: Bearer` or once from `?token=`, which trades it for an
// HttpOnly SameSite=Strict cookie and a redirect that never leaves the page. Comparisons are constant
// time over fixed-length digests.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ReconError } from '../shared/errors.ts';
import { cookieValue } from './csrf.ts';
import { pathOfRoute, rawPathOf, routeFor } from './routes.ts';

export const COOKIE_NAME = 'recon_session';
const MIN_TOKEN_LENGTH = 16;

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::ffff:127.0.0.1';
}

/** The token the server requires, or undefined on loopback without one; throws when a token is missing or weak. */
export function tokenForHost(host: string, envToken: string | undefined): string | undefined {
  const token = envToken === undefined || envToken === '' ? undefined : envToken;
  if (token === undefined) {
    if (isLoopbackHost(host)) return undefined;
    throw new ReconError('config', { id: 'serveNeedsToken', host, min: MIN_TOKEN_LENGTH });
  }
  if (token.length < MIN_TOKEN_LENGTH) throw new ReconError('config', { id: 'serveTokenShort', min: MIN_TOKEN_LENGTH, got: token.length });
  return token;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

function tokensEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The cookie holds a value derived from the token, not the token itself. */
export function sessionValueFor(token: string): string {
  return createHmac('sha256', token).update('recon serve session v1').digest('base64url');
}

export function sessionCookieFor(token: string): string {
  return `${COOKIE_NAME}=${sessionValueFor(token)}; HttpOnly; SameSite=Strict; Path=/`;
}

export type AuthDecision = { ok: true } | { ok: true; setCookieAndRedirect: string } | { ok: false };

/** Decides a request: Bearer header, session cookie, or `?token=` (answered by a cookie and a redirect without it). */
export function authorize(
  token: string | undefined,
  request: { authorization?: string | undefined; cookie?: string | undefined; rawUrl: string },
): AuthDecision {
  if (token === undefined) return { ok: true };
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.authorization ?? '')?.[1];
  if (bearer !== undefined && tokensEqual(bearer, token)) return { ok: true };
  const session = cookieValue(request.cookie, COOKIE_NAME);
  if (session !== undefined && tokensEqual(session, sessionValueFor(token))) return { ok: true };
  const query = queryOf(request.rawUrl).get('token');
  if (query !== null && tokensEqual(query, token)) return { ok: true, setCookieAndRedirect: redirectTargetOf(request.rawUrl) };
  return { ok: false };
}

/**
 * Where the token exchange sends the browser: the page that was asked for, without the token. The path
 * is rebuilt from the route, so `//evil.com`, `/\evil.com`, `/.//evil.com`, `%2F%2Fevil.com` or an
 * absolute URL can never become a Location on another site: anything that is not a page goes to `/`.
 */
function redirectTargetOf(rawUrl: string): string {
  const path = pathOfRoute(routeFor('GET', rawPathOf(rawUrl))) ?? '/';
  const query = queryOf(rawUrl);
  query.delete('token');
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

function queryOf(rawUrl: string): URLSearchParams {
  const beforeFragment = rawUrl.split('#')[0] ?? '';
  const mark = beforeFragment.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : beforeFragment.slice(mark + 1));
}
