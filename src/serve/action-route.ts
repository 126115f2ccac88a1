// The HTTP side of `POST /findings/actions`: the guards every state-changing request passes (same origin,
// a rate cap, a form or JSON body under a size cap, the session's CSRF token), then the action, then the
// answer: a redirect back to the page for a plain form (with the facts of what was done, which the page
// confirms), JSON for the page's script. The page token (off loopback) is checked before this, for every
// request.
import type { Locale, Messages } from '../shared/locale/index.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import type { TriageContext } from '../triage/actions.ts';
import type { TriageEvent } from '../triage/events.ts';
import { addDoneQuery } from './action-done.ts';
import { isSameOrigin, type CsrfGuard } from './csrf.ts';
import { actorCookieFor, isView, pageActionOf, performPageAction, type PageAction } from './page-actions.ts';
import { isNightDate } from './report-files.ts';
import { readBody, type BodyFields } from './request-body.ts';

export interface ActionRouteContext {
  csrf: CsrfGuard;
  /** False when the server took more POSTs than its cap lately. */
  allow: () => boolean;
  triage: TriageContext;
  logger: Logger;
  /** The words of a refusal in the page's locale. */
  refused: Messages['page']['refused'];
  /** The page's locale: a refused action's sentence is worded in it. */
  locale: Locale;
}

function answer(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

export async function serveAction(ctx: ActionRouteContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!isSameOrigin({ origin: req.headers.origin, referer: req.headers.referer, host: req.headers.host })) {
    ctx.logger.event('serve.action.refused', { why: 'origin', origin: req.headers.origin ?? null });
    return answer(res, 403, ctx.refused.origin, { Connection: 'close' });
  }
  if (!ctx.allow()) return answer(res, 429, ctx.refused.tooMany, { 'Retry-After': '60', Connection: 'close' });
  const body = await readBody(req);
  if (!body.ok) return answer(res, body.status, body.message, { Connection: 'close' });
  const given = body.fields.get('csrf')?.[0] ?? headerText(req.headers['x-csrf-token']);
  if (!ctx.csrf.verify(req.headers.cookie, given)) {
    ctx.logger.event('serve.action.refused', { why: 'csrf' });
    return answer(res, 403, ctx.refused.csrf);
  }
  let action: PageAction;
  try {
    action = pageActionOf(body.fields);
  } catch (error) {
    if (error instanceof ReconError) return answer(res, 400, error.sayIn(ctx.locale));
    throw error;
  }
  const outcome = await performPageAction(ctx.triage, ctx.logger, action, ctx.locale);
  if (!outcome.ok) return answer(res, outcome.status, outcome.message);
  const cookie = actorCookieFor(action.request.by);
  if (body.json) {
    const text = JSON.stringify({ action: action.request.action, count: outcome.keys.length, keys: outcome.keys });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Set-Cookie': cookie });
    res.end(text);
    return;
  }
  res.writeHead(303, { Location: backPathOf(body.fields, action, outcome.keys, outcome.first), 'Set-Cookie': cookie });
  res.end();
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Where a plain form goes back to: the night page it came from (a checked date), its view, the finding,
 * and the facts of what was written, which that page confirms from the journal (action-done.ts).
 */
function backPathOf(fields: BodyFields, action: PageAction, keys: readonly string[], first: TriageEvent | undefined): string {
  const night = fields.get('back')?.[0];
  if (night === undefined || !isNightDate(night)) return '/';
  const query = new URLSearchParams();
  const view = fields.get('view')?.[0] ?? fields.get('back_view')?.[0];
  if (isView(view)) query.set('view', view);
  if (action.filter === undefined && keys.length === 1) query.set('finding', keys[0]!);
  addDoneQuery(query, { first, count: keys.length });
  const search = query.toString();
  return `/nights/${night}${search === '' ? '' : `?${search}`}#findings-heading`;
}
