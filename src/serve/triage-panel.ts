// The night page's controls for working the list: the views of the findings table ("mine", "overdue",
// "new tonight"), a finding's panel (note, acknowledge, assign, accept, reopen) and the bulk action over
// the view shown, which states its count and amount at stake and needs a note. Plain HTML forms posting to
// /findings/actions, so they work without script; table.js only asks for confirmation before a bulk
// action. Words from the page catalogue.
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory, localizeChanged, localizeState } from '../shared/locale/localize.ts';
import type { TriageView } from '../triage/fold.ts';
import { html, userText, type SafeHtml } from './html.ts';
import type { View } from './page-actions.ts';
import type { ActionDone } from './action-done.ts';
import { itemsOfView, type BulkTargets, type NightTriage } from './page-triage.ts';
import type { FindingRow } from './queries.ts';

export interface TableTriage {
  night: NightTriage;
  /** The view of the table asked for (?view=). */
  view: View | undefined;
  /** The name the visitor gave on the page (its cookie). */
  actor: string | undefined;
  /** Set on the latest night, whose findings are the current ones: the page can act on them. */
  actions: { csrfToken: string; finding: string | undefined } | undefined;
  /** What the action just taken wrote, as the journal holds it (the redirect names it: action-done.ts). */
  done?: ActionDone | undefined;
}

const ACTION_PATH = '/findings/actions';

function pageOf(nightDate: string, query: Record<string, string | undefined>, anchor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return `/nights/${nightDate}${search === '' ? '' : `?${search}`}#${anchor}`;
}

export function viewsNav(nightDate: string, triage: TableTriage, m: Messages): SafeHtml {
  const t = m.page.night.triage;
  const choices: [View | undefined, string][] = [
    [undefined, t.all],
    ['mine', t.mine],
    ['overdue', t.overdueView],
    ['new', t.newTonight],
  ];
  // Each view says how many findings of the night it holds: overdue and new are the night's figures,
  // the same numbers summary.json, the workbook and `recon findings list --state ...` give.
  const links = choices.map(([view, label]) => {
    const href = pageOf(nightDate, { view }, 'findings-heading');
    const n =
      view === undefined ? triage.night.items.size : view === 'mine' && triage.actor === undefined ? 0 : itemsOfView(triage.night, view, triage.actor).length;
    const text = html`${label} <span class="count">(${n})</span>`;
    return view === triage.view
      ? html`<a href="${href}" class="view on" aria-current="page" data-view="${view ?? ''}" data-count="${n}">${text}</a>`
      : html`<a href="${href}" class="view" data-view="${view ?? ''}" data-count="${n}">${text}</a>`;
  });
  const hint = triage.view === 'mine' && triage.actor === undefined ? html` <span class="muted">${t.noActor}</span>` : '';
  return html`<nav class="views" id="views">${t.views}: ${links}${hint}</nav>`;
}

export function actionCell(f: FindingRow, nightDate: string, triage: TableTriage, m: Messages): SafeHtml {
  const t = m.page.night.triage;
  const href = pageOf(nightDate, { view: triage.view, finding: f.key }, 'finding-panel');
  return html`<td class="act"><a href="${href}" title="${t.openTitle(f.key)}">${t.open}</a></td>`;
}

function hiddenFields(csrfToken: string, nightDate: string, view: View | undefined, viewField: 'view' | 'back_view'): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrfToken}"><input type="hidden" name="back" value="${nightDate}">${view === undefined ? '' : html`<input type="hidden" name="${viewField}" value="${view}">`}`;
}

function actorField(actor: string | undefined, m: Messages, id: string): SafeHtml {
  const t = m.page.night.triage;
  return html`<label>${t.yourName} <input name="actor" id="${id}" required maxlength="100" autocomplete="name" value="${actor ?? ''}"></label> <span class="muted">${t.yourNameHint}</span>`;
}

/** A finding's panel: its triage, and one form whose buttons each record one action. */
export function findingPanel(f: FindingRow, view: TriageView, nightDate: string, triage: TableTriage, m: Messages): SafeHtml {
  const t = m.page.night.triage;
  const csrfToken = triage.actions!.csrfToken;
  const item = (label: string, value: SafeHtml | string | null) => (value === null || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`);
  const state = html`${localizeState(m, view.state)}${view.overdue ? html` <span class="late">${t.overdue}</span>` : ''}`;
  const resolved = view.state === 'resolved';
  const marked = view.state === 'acknowledged' || view.state === 'accepted';
  const button = (action: string, label: string) => html`<button type="submit" name="action" value="${action}" id="do-${action}">${label}</button>`;
  const close = pageOf(nightDate, { view: triage.view }, 'findings-heading');
  return html`<section id="finding-panel" class="panel" data-key="${f.key}">
<h3>${t.panelHeading(localizeCategory(m, f.category))} <a href="${close}" class="close">${t.close}</a></h3>
<dl class="facts">
${item(t.key, f.key)}
${item(m.page.night.state, state)}
${item(t.assignedTo, view.assignee === null ? null : userText(view.assignee))}
${item(t.note, view.note === null ? null : html`${userText(view.note)} <bdi class="muted">${t.noteBy(view.noteBy ?? '')}</bdi>`)}
${item(t.due, view.dueDate === null ? null : m.format.day(view.dueDate))}
${item(t.changed, view.changedSince === null ? null : localizeChanged(m, view.changedSince))}
</dl>
<form method="post" action="${ACTION_PATH}" class="actions" id="finding-form">
${hiddenFields(csrfToken, nightDate, triage.view, 'back_view')}<input type="hidden" name="key" value="${f.key}">
<div>${actorField(triage.actor, m, 'actor')}</div>
<div><label>${t.noteLabel} <textarea name="note" id="note" maxlength="1000" rows="2"></textarea></label></div>
<div><label>${t.to} <input name="to" id="assign-to" maxlength="100" value="${view.assignee ?? ''}"></label></div>
<div class="buttons">${resolved ? '' : html`${button('ack', t.ack)}${button('assign', t.assign)}${button('accept', t.accept)}`}${button('note', t.addNote)}${marked ? button('reopen', t.reopen) : ''}</div>
</form>
</section>`;
}

/**
 * Acknowledges every unresolved finding of the view shown, each with the note (required: the server
 * refuses a bulk action without one). The form says how many findings and how much money are at stake
 * before anyone presses it, in its own text, so without script too; with script the browser asks again
 * in the same words. The count travels along, so a list that changed meanwhile is not acted on.
 */
export function bulkForm(bulk: BulkTargets, nightDate: string, triage: TableTriage, m: Messages): SafeHtml | '' {
  if (triage.actions === undefined || triage.view === undefined || bulk.count === 0) return '';
  const t = m.page.night.triage;
  const amount = m.fmt.money(bulk.amountCents);
  return html`<form method="post" action="${ACTION_PATH}" class="actions bulk" id="bulk-form" data-confirm="${t.bulkConfirm(bulk.count, amount)}">
${hiddenFields(triage.actions.csrfToken, nightDate, triage.view, 'view')}<input type="hidden" name="action" value="ack"><input type="hidden" name="expect" value="${bulk.count}">
<p class="stake" id="bulk-stake" data-count="${bulk.count}" data-amount="${String(bulk.amountCents)}">${t.bulkStake(bulk.count, amount)}</p>
${actorField(triage.actor, m, 'bulk-actor')}
<label>${t.bulkNote} <input name="note" id="bulk-note" required maxlength="1000"></label>
<button type="submit" id="bulk-ack">${t.bulk(bulk.count)}</button>
</form>`;
}
