// The night page's controls for working the list: the views of the findings table ("mine", "overdue",
// "new tonight"), the link that opens a finding's panel (finding-panel.ts, whose form shares the fields
// here) and the bulk action over the view shown, which states its count and amount at stake and needs a
// note. Plain HTML forms posting to /findings/actions, so they work without script; table.js only asks
// for confirmation before a bulk action. Words from the page catalogue.
import type { Messages } from '../shared/locale/index.ts';
import { html, type SafeHtml } from './html.ts';
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
  /** Whether the night's page shows its bank section (page-night.ts): a panel's bank line links to it only then. */
  bankSection?: boolean | undefined;
}

export const ACTION_PATH = '/findings/actions';

export function pageOf(nightDate: string, query: Record<string, string | undefined>, anchor: string): string {
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

export function hiddenFields(csrfToken: string, nightDate: string, view: View | undefined, viewField: 'view' | 'back_view'): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrfToken}"><input type="hidden" name="back" value="${nightDate}">${view === undefined ? '' : html`<input type="hidden" name="${viewField}" value="${view}">`}`;
}

export function actorField(actor: string | undefined, m: Messages, id: string): SafeHtml {
  const t = m.page.night.triage;
  return html`<label>${t.yourName} <input name="actor" id="${id}" required maxlength="100" autocomplete="name" value="${actor ?? ''}"></label> <span class="muted">${t.yourNameHint}</span>`;
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
