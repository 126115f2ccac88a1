// The server's routes, matched on the raw request path before any normalisation: each segment is
// percent-decoded once and refused when it is a dot segment or hides a separator, so `..`, `%2e%2e`,
// `%2f` and absolute paths never reach the file layer as anything but "not found". A route's own path,
// rebuilt from its validated parts, is the only place the page ever redirects to. The one POST route
// takes the page's actions on findings; GET never changes anything.
import { isNightDate } from './report-files.ts';

export type Route =
  | { kind: 'home' }
  | { kind: 'night'; date: string }
  | { kind: 'file'; date: string; file: string }
  | { kind: 'static'; name: string }
  /** POST: an action on findings (the page's only state-changing request). */
  | { kind: 'action' }
  | { kind: 'method_not_allowed' }
  | { kind: 'not_found' };

/** Segments of a raw path, or undefined when one of them is unsafe or not decodable. */
function segmentsOf(rawPath: string): string[] | undefined {
  if (!rawPath.startsWith('/')) return undefined;
  const parts = rawPath.slice(1).split('/');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const out: string[] = [];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return undefined;
    }
    if (decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded) || (out.length > 0 && decoded === '')) return undefined;
    out.push(decoded);
  }
  return out;
}

/** The raw path of a request target: before any `?` or `#`. */
export function rawPathOf(rawUrl: string): string {
  return rawUrl.split('?')[0]?.split('#')[0] ?? '';
}

export function routeFor(method: string, rawUrl: string): Route {
  const rawPath = rawPathOf(rawUrl);
  if (method === 'POST' && rawPath === '/findings/actions') return { kind: 'action' };
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'method_not_allowed' };
  const segments = segmentsOf(rawPath);
  if (segments === undefined) return { kind: 'not_found' };
  const [first, second, third, ...rest] = segments;
  if (rest.length > 0) return { kind: 'not_found' };
  if (segments.length === 1 && first === '') return { kind: 'home' };
  if (first === 'nights' && second !== undefined && isNightDate(second)) {
    if (third === undefined) return { kind: 'night', date: second };
    return { kind: 'file', date: second, file: third };
  }
  if (first === 'static' && second !== undefined && third === undefined) return { kind: 'static', name: second };
  return { kind: 'not_found' };
}

/**
 * The canonical path of a page route, built from its validated parts (never from the raw request), or
 * undefined for a route that is not a page. It always starts with exactly one `/` followed by a name,
 * so a browser can only read it as a path on this server.
 */
export function pathOfRoute(route: Route): string | undefined {
  switch (route.kind) {
    case 'home':
      return '/';
    case 'night':
      return `/nights/${route.date}`;
    case 'file':
      return `/nights/${route.date}/${encodeURIComponent(route.file)}`;
    case 'static':
      return `/static/${encodeURIComponent(route.name)}`;
    default:
      return undefined;
  }
}
