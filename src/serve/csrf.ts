// What guards the page's state-changing requests against other sites: every page sets a session cookie
// (random, HttpOnly, SameSite=Strict, also on loopback), forms carry a CSRF token derived from it (an
// HMAC under a secret of this server process, so nothing is stored), and a POST must come from the page's
// own origin (Origin, else Referer). Comparisons are constant time over fixed-length digests.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SESSION_COOKIE = 'recon_sid';
/** 32 random bytes, base64url: 43 characters. */
const SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CsrfGuard {
  /** The request's session id, or a new one with the Set-Cookie header that gives it to the browser. */
  sessionOf(cookieHeader: string | undefined): { id: string; setCookie?: string };
  tokenFor(sessionId: string): string;
  /** Whether `given` is the token of the session the request's cookie names. */
  verify(cookieHeader: string | undefined, given: string | undefined): boolean;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** A guard with its own secret: a restarted server asks the page to be loaded again before a POST. */
export function createCsrfGuard(secret: Buffer = randomBytes(32)): CsrfGuard {
  const tokenFor = (sessionId: string) => createHmac('sha256', secret).update(`recon csrf v1:${sessionId}`).digest('base64url');
  const existing = (cookieHeader: string | undefined) => {
    const id = cookieValue(cookieHeader, SESSION_COOKIE);
    return id !== undefined && SESSION_PATTERN.test(id) ? id : undefined;
  };
  return {
    sessionOf(cookieHeader) {
      const id = existing(cookieHeader);
      if (id !== undefined) return { id };
      const fresh = randomBytes(32).toString('base64url');
      return { id: fresh, setCookie: `${SESSION_COOKIE}=${fresh}; HttpOnly; SameSite=Strict; Path=/` };
    },
    tokenFor,
    verify(cookieHeader, given) {
      const id = existing(cookieHeader);
      if (id === undefined || given === undefined || given === '') return false;
      return sameText(given, tokenFor(id));
    },
  };
}

/**
 * Whether a state-changing request comes from this page: its Origin (or, when a browser sent none, its
 * Referer's origin) names the host the request was sent to. Neither header, `Origin: null`, or another
 * host is a cross-site request.
 */
export function isSameOrigin(headers: { origin?: string | undefined; referer?: string | undefined; host?: string | undefined }): boolean {
  const claimed = headers.origin ?? headers.referer;
  if (claimed === undefined || claimed === 'null' || headers.host === undefined) return false;
  let url: URL;
  try {
    url = new URL(claimed);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host.toLowerCase() === headers.host.toLowerCase();
}
