// What the night page says after an action (POST, then a redirect, then a GET): the redirect carries
// facts, never text: the action, the count and the id of the first journal event the request wrote
// (`?done=ack&n=3&event=<id>`). The page then says what the journal holds for that event: its action,
// the findings that one request wrote, and the note (or assignee) they carry, escaped like any text a
// person wrote. A link made by hand, naming no such event or facts the journal does not hold, shows
// nothing: the page never confirms what was not done, and never echoes text from the address bar.
import type { Messages } from '../shared/locale/index.ts';
import type { TriageEvent } from '../triage/events.ts';
import { html, userText, type SafeHtml } from './html.ts';

type DoneAction = keyof Messages['page']['night']['triage']['done'];
const DONE_ACTIONS: readonly DoneAction[] = ['ack', 'assign', 'accept', 'reopen', 'note'];

export interface ActionDone {
  action: DoneAction;
  /** The findings the request wrote an event to. */
  count: number;
  note: string | undefined;
  to: string | undefined;
}

/** Adds the facts of what a request wrote to the query of the page it goes back to. */
export function addDoneQuery(query: URLSearchParams, written: { first: TriageEvent | undefined; count: number }): void {
  if (written.first === undefined) return;
  query.set('done', written.first.action);
  query.set('n', String(written.count));
  query.set('event', written.first.id);
}

/** Whether two events were written by one request: the same person, action and text, at the same instant. */
function sameRequest(a: TriageEvent, b: TriageEvent): boolean {
  return a.at === b.at && a.by === b.by && a.via === b.via && a.action === b.action && a.note === b.note && a.to === b.to;
}

/**
 * The action the query names, as the journal holds it, or undefined. One request's events are written
 * one after the other by this process (a synchronous append per request), so they are the run of like
 * events, each of another finding, from the first one on; a clock that stands still (tests) or a second
 * identical request cannot join the run without its count disagreeing with the query's.
 */
export function readActionDone(query: URLSearchParams, events: readonly TriageEvent[]): ActionDone | undefined {
  const id = query.get('event');
  const start = id === null ? -1 : events.findIndex((e) => e.id === id);
  const first = events[start];
  if (first === undefined || first.via !== 'page' || first.action !== query.get('done')) return undefined;
  const action = DONE_ACTIONS.find((a) => a === first.action);
  if (action === undefined) return undefined;
  const keys = new Set<string>();
  for (let i = start; i < events.length; i += 1) {
    const e = events[i]!;
    if (!sameRequest(e, first) || keys.has(e.key)) break;
    keys.add(e.key);
  }
  if (String(keys.size) !== query.get('n')) return undefined;
  return { action, count: keys.size, note: first.note, to: first.to };
}

/** The sentence, e.g. "3 divergências reconhecidas, nota: conferidas com o extrato". */
export function actionDoneNotice(done: ActionDone | undefined, m: Messages): SafeHtml | '' {
  if (done === undefined) return '';
  const t = m.page.night.triage;
  const to = done.to === undefined ? '' : html` ${userText(done.to)}`;
  const note = done.note === undefined ? '' : html`, ${done.action === 'accept' ? t.doneReason : t.doneNote}: ${userText(done.note)}`;
  return html`<p class="confirm" id="action-done" role="status">${t.done[done.action](done.count)}${to}${note}</p>`;
}
