// What a POST of the page does to findings: acknowledge, assign, accept, reopen or note them, one by key
// or in bulk over a view of the list ("mine", "overdue", "new tonight"). It goes through the triage
// journal like the CLI (recordAction, via 'page'), so it works while a night holds the warehouse and
// shows at the next read. The guards (origin, CSRF token, page token, body size) run before this.
import { isReconError, ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { sayError } from '../shared/locale/error-text.ts';
import type { Locale } from '../shared/locale/index.ts';
import { listFindings, recordAction, type ActionRequest, type TriageContext } from '../triage/actions.ts';
import type { TriageEvent } from '../triage/events.ts';
import { actionTargets, parseFilterState, type FindingFilter } from '../triage/filter.ts';
import type { BodyFields } from './request-body.ts';

const ACTIONS = ['ack', 'assign', 'accept', 'reopen', 'note'] as const;

/** The views of the findings table a bulk action can take: the person's own, past their deadline, new tonight. */
const VIEWS = ['mine', 'overdue', 'new'] as const;
export type View = (typeof VIEWS)[number];

export const ACTOR_COOKIE = 'recon_actor';
const MAX_ACTOR = 100;

export interface PageAction {
  request: Omit<ActionRequest, 'keys'>;
  keys: string[];
  /** A bulk action: the findings of this filter when the request is read, never resolved ones (but for a note). */
  filter: FindingFilter | undefined;
  /** A bulk action's count as the page showed it: when the list changed meanwhile, nothing is written. */
  expect: number | undefined;
}

const one = (fields: BodyFields, name: string): string | undefined => {
  const value = fields.get(name)?.[0]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

export function isView(text: string | undefined | null): text is View {
  return (VIEWS as readonly (string | undefined | null)[]).includes(text);
}

/** The filter of a view of the table, for a given actor ("mine" needs one). */
export function filterOfView(view: View, actor: string | undefined): FindingFilter {
  if (view === 'mine') return { assignee: actor ?? '\u0000' };
  return { state: view === 'overdue' ? 'overdue' : 'new' };
}

/** Reads the fields of a page POST; throws ReconError('usage') with what is wrong. */
export function pageActionOf(fields: BodyFields): PageAction {
  const action = one(fields, 'action');
  if (!(ACTIONS as readonly (string | undefined)[]).includes(action)) throw new ReconError('usage', { id: 'pageAction', actions: ACTIONS, got: action ?? '' });
  const actor = one(fields, 'actor');
  if (actor === undefined || actor.length > MAX_ACTOR) throw new ReconError('usage', { id: 'pageActor', max: MAX_ACTOR });
  const keys = [...(fields.get('key') ?? []), ...(fields.get('keys') ?? [])].map((k) => k.trim()).filter((k) => k !== '');
  const view = one(fields, 'view');
  const state = one(fields, 'state');
  const category = one(fields, 'category');
  if (view !== undefined && !isView(view)) throw new ReconError('usage', { id: 'pageView', views: VIEWS, got: view });
  const bulk = view !== undefined || state !== undefined || category !== undefined;
  if (keys.length > 0 && bulk) throw new ReconError('usage', { id: 'keysAndFilter', on: 'page' });
  const filter: FindingFilter | undefined = bulk
    ? {
        ...(view === undefined ? {} : filterOfView(view, actor)),
        ...(state === undefined ? {} : { state: parseFilterState(state) }),
        ...(category === undefined ? {} : { category }),
      }
    : undefined;
  const expectText = one(fields, 'expect');
  const expect = expectText === undefined ? undefined : Number(expectText);
  if (expect !== undefined && !Number.isSafeInteger(expect)) throw new ReconError('usage', { id: 'pageExpect', got: String(expectText) });
  const note = one(fields, action === 'accept' ? 'reason' : 'note') ?? one(fields, 'note');
  // Checked here, before any finding is read, and for a bulk action in words of its own: the note is what
  // keeps a bulk acknowledgement honest (each finding records it), and the browser's `required` is only a
  // convenience a hand-made request skips.
  if ((action === 'ack' || action === 'accept' || action === 'note') && note === undefined)
    throw new ReconError('usage', { id: 'pageNeedsNote', action, bulk: filter !== undefined });
  return {
    request: {
      action: action as ActionRequest['action'],
      by: actor,
      via: 'page',
      note,
      to: one(fields, 'to'),
    },
    keys,
    filter,
    expect,
  };
}

/** What an action wrote (the keys, and the first event, which the confirmation after the redirect names) or why not. */
export type ActionOutcome = { ok: true; keys: string[]; first: TriageEvent | undefined } | { ok: false; status: 400 | 409 | 503; message: string };

/** Records the action in the journal and logs it with the actor; what went wrong as a status and a sentence. */
export async function performPageAction(ctx: TriageContext, logger: Logger, action: PageAction, locale: Locale): Promise<ActionOutcome> {
  try {
    const listing = await listFindings(ctx);
    let keys = action.keys;
    if (action.filter !== undefined) {
      keys = actionTargets(listing.items, action.filter, action.request.action).map((i) => i.row.key);
      if (keys.length === 0) return { ok: false, status: 400, message: sayError(locale, { id: 'pageNoneMatch' }) };
      if (action.expect !== undefined && action.expect !== keys.length)
        return { ok: false, status: 409, message: sayError(locale, { id: 'pageCountChanged', shown: action.expect, now: keys.length }) };
    }
    const written = await recordAction(ctx, { ...action.request, keys }, listing.items);
    logger.event('serve.action', {
      actor: action.request.by,
      action: action.request.action,
      count: written.length,
      bulk: action.filter !== undefined,
      // A bulk action can name thousands: the journal has them all, the log the first hundred.
      keys: written.slice(0, 100).map((e) => e.key),
    });
    return { ok: true, keys: written.map((e) => e.key), first: written[0] };
  } catch (error) {
    if (isReconError(error, 'input') || isReconError(error, 'usage')) return { ok: false, status: 400, message: error.sayIn(locale) };
    if (isReconError(error, 'locked')) return { ok: false, status: 503, message: error.sayIn(locale) };
    throw error;
  }
}

/** The cookie that remembers the name a person gave on the page (a year; no account behind it). */
export function actorCookieFor(actor: string): string {
  return `${ACTOR_COOKIE}=${encodeURIComponent(actor)}; HttpOnly; SameSite=Strict; Path=/; Max-Age=31536000`;
}

export function actorOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const actor = decodeURIComponent(value).trim();
    return actor === '' || actor.length > MAX_ACTOR ? undefined : actor;
  } catch {
    return undefined;
  }
}

/** At most `limit` POSTs per `windowMs` for the whole server: a runaway script cannot flood the journal. */
export function createRateCap(limit: number, windowMs: number, now: () => number): () => boolean {
  let stamps: number[] = [];
  return () => {
    const t = now();
    stamps = stamps.filter((s) => t - s < windowMs);
    if (stamps.length >= limit) return false;
    stamps.push(t);
    return true;
  };
}
