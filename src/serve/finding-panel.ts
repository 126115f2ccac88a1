// A finding's panel on the night page: everything a decision on it needs, without the table's cuts, and
// the form to record one. The whole reason (rendered from its facts in the page's locale), both sides
// (the order's and the payment's amount, date, status and id), the difference and the amount at stake,
// the bank line of a bank finding, and the history: the night it was first seen, then each action the
// triage journal holds for it, with who and when. Orders and payments have no page of their own, so
// their ids are shown as text (the discrepancies workbook lists them); a bank line links to the night's
// bank section when the page has one. One form whose buttons each record one action (action-route.ts).
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory, localizeChanged, localizeReason, localizeState, localizeStatus } from '../shared/locale/localize.ts';
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import type { TriageEvent } from '../triage/events.ts';
import type { TriageView } from '../triage/fold.ts';
import { html, userText, type SafeHtml } from './html.ts';
import type { FindingRow } from './queries.ts';
import { ACTION_PATH, actorField, hiddenFields, pageOf, type TableTriage } from './triage-panel.ts';

type HistoryAction = keyof Messages['page']['night']['triage']['historyActions'];
const HISTORY_ACTIONS: readonly HistoryAction[] = ['ack', 'accept', 'assign', 'note', 'reopen'];

/** One side of the finding: its id, amount, when it happened and its status, as far as the finding knows them. */
function side(id: string | null, cents: bigint | null, atMs: number | null | undefined, status: string | null, m: Messages, zone: string): SafeHtml | null {
  const t = m.page.night.triage;
  const said = t.sideText(cents === null ? null : m.format.money(cents), atMs === null || atMs === undefined ? null : m.format.instant(atMs, zone));
  const parts = [id === null ? '' : html`<span class="id">${id}</span>`, said, status === null ? '' : localizeStatus(m, status)].filter((p) => p !== '');
  return parts.length === 0 ? null : html`${parts.map((p, i) => (i === 0 ? p : html` · ${p}`))}`;
}

/**
 * The bank statement's line a bank finding names (its facts): id, amount credited, day, memo; linked to the
 * night's bank section when the page shows one (a night whose bank check was off, or whose leg could not be
 * read, has none, and a link there would lead nowhere).
 */
function bankLine(f: FindingRow, m: Messages, linked: boolean): SafeHtml | null {
  const facts = f.facts;
  if (facts === null || (facts.kind !== 'payoutAmountDiffers' && facts.kind !== 'bankCreditUnexplained')) return null;
  const credited = facts.kind === 'payoutAmountDiffers' ? facts.creditCents : facts.cents;
  const said = m.page.night.triage.sideText(credited === null ? null : m.format.money(credited), m.format.day(facts.postedOn));
  const line = html`<span class="id">${facts.lineId}</span> · ${said} · ${facts.memo}`;
  return linked ? html`${line} · <a href="#bank">${m.page.night.triage.bankSection}</a>` : line;
}

/**
 * What the payment side of the finding is: a payout to the bank, a cash-out, or a payment; none for a
 * bank credit no payout explains (its bank line is the only side it has).
 */
function paymentSideLabel(category: string, m: Messages): string | undefined {
  const t = m.page.night.triage;
  if (category === 'bank_credit_unexplained') return undefined;
  if (category.startsWith('payout_')) return t.payoutSide;
  if (category.startsWith('cashout_')) return t.cashOutSide;
  return t.paymentSide;
}

/** The finding's history: first seen, then each person's action on it, oldest first. */
function history(f: FindingRow, events: readonly TriageEvent[], m: Messages, zone: string): SafeHtml {
  const t = m.page.night.triage;
  const first = f.firstSeen === '' ? '' : html`<li data-action="first-seen">${t.firstSeen(m.format.day(f.firstSeen))}</li>`;
  const lines = events
    .filter((e) => e.key === f.key)
    .flatMap((e) => {
      const action = HISTORY_ACTIONS.find((a) => a === e.action);
      if (action === undefined) return [];
      const to = e.to === undefined ? '' : html` ${userText(e.to)}`;
      const note = e.note === undefined ? '' : html`: ${userText(e.note)}`;
      return [
        html`<li data-action="${action}"><time datetime="${e.at}">${m.fmt.instant(e.at, zone)}</time> ${userText(e.by)} ${t.historyActions[action]}${to}${note}</li>`,
      ];
    });
  return html`<h4>${t.history}</h4><ol class="history" id="finding-history">${first}${lines}</ol>`;
}

/** A finding's panel: what it is about, its triage and history, and one form whose buttons each record one action. */
export function findingPanel(f: FindingRow, view: TriageView, nightDate: string, triage: TableTriage, m: Messages, zone: string): SafeHtml {
  const t = m.page.night.triage;
  const columns = m.page.night.columns;
  const csrfToken = triage.actions!.csrfToken;
  const item = (label: string, value: SafeHtml | string | null) => (value === null || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`);
  const state = html`${localizeState(m, view.state)}${view.overdue ? html` <span class="late">${t.overdue}</span>` : ''}`;
  const resolved = view.state === 'resolved';
  const marked = view.state === 'acknowledged' || view.state === 'accepted';
  const button = (action: string, label: string) => html`<button type="submit" name="action" value="${action}" id="do-${action}">${label}</button>`;
  const close = pageOf(nightDate, { view: triage.view }, 'findings-heading');
  const payments = f.operationId ?? f.transactionIds;
  const paymentSide = paymentSideLabel(f.category, m);
  const noPage = f.itemId !== null || payments !== null ? html`<p class="muted">${t.noPageFor}</p>` : '';
  return html`<section id="finding-panel" class="panel" data-key="${f.key}">
<h3>${t.panelHeading(localizeCategory(m, f.category))} <a href="${close}" class="close">${t.close}</a></h3>
<p class="whole-reason" id="finding-reason"><strong>${t.reason}:</strong> ${localizeReason(m, f.facts, f.reason, zone)}</p>
<dl class="facts" id="finding-facts">
${item(t.atStake, html`<span data-value="${String(amountAtStakeOf(f))}">${m.format.money(amountAtStakeOf(f))}</span>`)}
${item(f.orderAmountCents === null && f.orderStatus === null ? columns.item : t.orderSide, side(f.itemId, f.orderAmountCents, f.orderAtMs, f.orderStatus, m, zone))}
${paymentSide === undefined ? '' : item(paymentSide, side(payments, f.paymentAmountCents, f.paymentAtMs, f.paymentStatus, m, zone))}
${item(columns.difference, f.differenceCents === null ? null : m.format.signedMoney(f.differenceCents))}
${item(t.bankLine, bankLine(f, m, triage.bankSection === true))}
${item(t.key, html`<span class="id">${f.key}</span>`)}
${item(m.page.night.state, state)}
${item(t.assignedTo, view.assignee === null ? null : userText(view.assignee))}
${item(t.note, view.note === null ? null : html`${userText(view.note)} <bdi class="muted">${t.noteBy(view.noteBy ?? '')}</bdi>`)}
${item(t.due, view.dueDate === null ? null : m.format.day(view.dueDate))}
${item(t.changed, view.changedSince === null ? null : localizeChanged(m, view.changedSince))}
</dl>
${noPage}${history(f, triage.night.events, m, zone)}
<form method="post" action="${ACTION_PATH}" class="actions" id="finding-form">
${hiddenFields(csrfToken, nightDate, triage.view, 'back_view')}<input type="hidden" name="key" value="${f.key}">
<div>${actorField(triage.actor, m, 'actor')}</div>
<div><label>${t.noteLabel} <textarea name="note" id="note" maxlength="1000" rows="2"></textarea></label></div>
<div><label>${t.to} <input name="to" id="assign-to" maxlength="100" value="${view.assignee ?? ''}"></label></div>
<div class="buttons">${resolved ? '' : html`${button('ack', t.ack)}${button('assign', t.assign)}${button('accept', t.accept)}`}${button('note', t.addNote)}${marked ? button('reopen', t.reopen) : ''}</div>
</form>
</section>`;
}
