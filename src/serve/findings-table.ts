// The night page's tables of rows: the findings (sorted, filtered and paged in the browser by
// /static/table.js), and the rows the night kept out (listed rows of the sync, order rows of the import).
// The findings table fits a 1366 px laptop with what a decision needs per row: category (its family's
// colour), item, amount at stake, the reason (two lines, the whole on a click), customer, age, triage
// state and assignee; ids of payments, statuses and both sides' amounts are in a finding's panel
// (finding-panel.ts). Rows come new tonight first, then by amount at stake (finding-order.ts). Words
// from the locale's catalogue; keys (category, state) stay in data- attributes so the filters work in
// every locale. The state shown is the triage state (the journal folded onto the row); on the latest
// night each row opens the panel to act on it; after an action, the page first says what was done
// (action-done.ts).
import { basename } from 'node:path';
import { DateTime } from 'luxon';
import { amountAtStakeOf } from '../shared/amount-at-stake.ts';
import { FAMILY_OF_CATEGORY, FINDING_CATEGORIES, FINDING_STATES, type FindingCategory } from '../shared/domain.ts';
import { TRIAGE_STATES } from '../triage/fold.ts';
import type { Messages } from '../shared/locale/index.ts';
import { keptOutReasonIn } from '../shared/locale/kept-out-text.ts';
import { localizeCategory, localizeReason, localizeState } from '../shared/locale/localize.ts';
import { html, userText, type SafeHtml } from './html.ts';
import { actionDoneNotice } from './action-done.ts';
import { findingPanel } from './finding-panel.ts';
import { sortByDefaultOrder } from './finding-order.ts';
import { bulkTargetsOf, rowsOfView } from './page-triage.ts';
import type { FindingRow, KeptOutRow, Limited, NightFindings, SyncRejectRow } from './queries.ts';
import { actionCell, bulkForm, viewsNav, type TableTriage } from './triage-panel.ts';

type ColumnKey = keyof Messages['page']['night']['columns'];

/** A row as the table shows it: the finding with its triage state, the lifecycle the night computed, and its age. */
interface ShownRow {
  row: FindingRow;
  lifecycle: string;
  overdue: boolean;
  assignee: string | null;
  /** Whole days since the night it was first seen. */
  age: number;
}

/** A column of the findings table: its header, how it sorts, its share of the width and its cell. */
interface Column {
  key: ColumnKey;
  type: 'text' | 'number';
  /** Percent of the table's width (a class of style.css: the page's CSP allows no inline style). */
  width: number;
  cell: (r: ShownRow, m: Messages, zone: string) => SafeHtml;
}

// Widths at 1366 px: the reason gets a third of the row, so its two lines say most of it.
const COLUMNS: readonly Column[] = [
  {
    key: 'category',
    type: 'text',
    width: 11,
    // Sorted by the label shown (its text), never by the English key.
    cell: ({ row: f }, m) => {
      const label = localizeCategory(m, f.category);
      return html`<td class="cat fam-${familyOf(f.category)}" title="${label}">${label}</td>`;
    },
  },
  { key: 'item', type: 'text', width: 8, cell: ({ row: f }) => idCell(f.itemId) },
  {
    key: 'atStake',
    type: 'number',
    width: 9,
    cell: ({ row: f }, m) => {
      const cents = amountAtStakeOf(f);
      return html`<td class="num stake" data-value="${String(cents)}">${m.fmt.money(cents)}</td>`;
    },
  },
  {
    key: 'reason',
    type: 'text',
    width: 30,
    cell: ({ row: f }, m, zone) => {
      const reason = localizeReason(m, f.facts, f.reason, zone);
      return html`<td class="reason" title="${reason}" tabindex="0"><span class="clamp">${reason}</span></td>`;
    },
  },
  {
    key: 'customer',
    type: 'text',
    width: 11,
    cell: ({ row: f }) =>
      html`<td class="id" title="${[f.customerName, f.customerDocument].filter((v) => v !== null).join(' · ')}">${f.customerName ?? ''}${f.customerDocument ? html`<br><span class="muted">${f.customerDocument}</span>` : ''}</td>`,
  },
  // Shown as "3 dias", sorted by the days (table.js reads data-value first); the first night on hover.
  {
    key: 'age',
    type: 'number',
    width: 6,
    cell: ({ row: f, age }, m) =>
      html`<td class="num" data-value="${String(age)}" title="${f.firstSeen === '' ? '' : m.format.day(f.firstSeen)}">${m.page.night.ageDays(age)}</td>`,
  },
  { key: 'state', type: 'text', width: 8, cell: ({ row: f }, m) => html`<td class="state">${localizeState(m, f.state)}</td>` },
  { key: 'assignee', type: 'text', width: 11, cell: ({ assignee }) => html`<td class="id" title="${assignee ?? ''}">${userText(assignee)}</td>` },
];

/**
 * The state filter's choices: the lifecycle the night computes (new, open, resolved: matched against the
 * row's lifecycle, as summary.json counts them), then the states triage adds (matched against the state shown).
 */
const STATE_CHOICES = [
  ...FINDING_STATES.map((st) => ({ state: st, by: 'lifecycle' })),
  ...TRIAGE_STATES.filter((st) => !(FINDING_STATES as readonly string[]).includes(st)).map((st) => ({ state: st, by: 'state' })),
];

/** Rows per page the reader can pick (50 first: table.js). */
const PAGE_SIZES = [20, 50, 100, 200] as const;

/** The age filter's choices: open for more than N days. */
const AGE_CHOICES = [7, 30, 90] as const;

/** A cell of text that must not wrap (ids, dates): cut with an ellipsis, the whole text on hover. */
function idCell(text: string | null): SafeHtml {
  return html`<td class="id" title="${text ?? ''}">${text ?? ''}</td>`;
}

function familyOf(category: string): string {
  return FAMILY_OF_CATEGORY[category as FindingCategory] ?? 'other';
}

function rank(category: string): number {
  const index = (FINDING_CATEGORIES as readonly string[]).indexOf(category);
  return index < 0 ? FINDING_CATEGORIES.length : index;
}

/** Whole days from a finding's first night to this night (both YYYY-MM-DD): how long it has been open. */
function ageInDays(firstSeen: string, nightDate: string): number {
  const days = DateTime.fromISO(nightDate, { zone: 'utc' }).diff(DateTime.fromISO(firstSeen, { zone: 'utc' }), 'days').days;
  return Number.isFinite(days) ? Math.max(0, Math.round(days)) : 0;
}

/**
 * `category`: only that category's rows (a bar of the close's waterfall links here), said above the
 * table with a link back to all of them; the category filter shows it chosen.
 */
export function findingsTable(findings: NightFindings, nightDate: string, m: Messages, zone: string, triage?: TableTriage, category?: string): SafeHtml {
  const p = m.page.night;
  if (findings.total === 0) return html`<p class="muted">${p.noFindings}</p>`;
  // The triage state replaces the computed one in the State column (acknowledged and accepted are states
  // of their own); the lifecycle stays in data-lifecycle, which the state filter's new, open and resolved read.
  const withTriage = findings.rows.map((f): ShownRow => {
    const view = triage?.night.items.get(f.key)?.view;
    return {
      row: view === undefined ? f : { ...f, state: view.state },
      lifecycle: f.state,
      overdue: view?.overdue ?? false,
      assignee: view?.assignee ?? null,
      age: ageInDays(f.firstSeen, nightDate),
    };
  });
  const inView = triage?.view === undefined ? undefined : new Set(rowsOfView(findings.rows, triage.night, triage.view, triage.actor).map((f) => f.key));
  const shownRows = sortByDefaultOrder(
    withTriage.filter((r) => (inView === undefined || inView.has(r.row.key)) && (category === undefined || r.row.category === category)),
    (r) => ({ lifecycle: r.lifecycle, finding: r.row }),
  );
  const categories = [...new Set(shownRows.map((f) => f.row.category))].sort((a, b) => rank(a) - rank(b));
  const filters = html`<div class="filters">
<label>${p.search} <input type="search" id="filter-text" placeholder="${p.searchHint}" autocomplete="off"></label>
<label>${p.columns.category} <select id="filter-category"><option value="">${p.all}</option>${categories.map((c) => html`<option value="${c}"${c === category ? html` selected` : ''}>${localizeCategory(m, c)}</option>`)}</select></label>
<label>${p.state} <select id="filter-state"><option value="">${p.all}</option>${STATE_CHOICES.map((c) => html`<option value="${c.state}" data-by="${c.by}">${localizeState(m, c.state)}</option>`)}</select></label>
<label>${p.openFor} <select id="filter-age"><option value="">${p.anyTime}</option>${AGE_CHOICES.map((d) => html`<option value="${d}">${p.moreThan(d)}</option>`)}</select></label>
<label>${p.rowsPerPage} <select id="page-size">${PAGE_SIZES.map((n) => html`<option value="${n}"${n === 50 ? html` selected` : ''}>${n}</option>`)}</select></label>
<span class="muted">${p.showing} <span id="shown-count">${shownRows.length}</span> ${p.of} ${shownRows.length}</span>
</div>`;
  const capped = findings.total > findings.rows.length ? html`<p class="notice">${p.capped(findings.rows.length, findings.total)}</p>` : '';
  const acting = triage?.actions !== undefined;
  const cols = html`${COLUMNS.map((c) => html`<col class="w${c.width}">`)}${acting ? html`<col class="w6">` : ''}`;
  const head = COLUMNS.map((c) => {
    const header = p.columns[c.key];
    return html`<th data-type="${c.type}" aria-sort="none" title="${header}"${c.type === 'number' ? html` class="num"` : ''}><button type="button">${header}</button></th>`;
  });
  const actHead = acting ? html`<th>${p.triage.column}</th>` : '';
  const rows = shownRows.map(
    (r) =>
      html`<tr data-category="${r.row.category}" data-state="${r.row.state}" data-lifecycle="${r.lifecycle}" data-age="${r.age}" data-key="${r.row.key}"${r.overdue ? html` class="overdue"` : ''}>${COLUMNS.map((c) => c.cell(r, m, zone))}${acting ? actionCell(r.row, nightDate, triage!, m) : ''}</tr>`,
  );
  // table.js writes "rows 1–50 of 420" with the words it finds here.
  const pager = html`<nav class="pager" id="pager" data-rows="${p.rows}" data-of="${p.of}" hidden><button type="button" id="page-prev">${p.previous}</button><span id="page-label"></span><button type="button" id="page-next">${p.next}</button></nav>`;
  const selected = triage?.actions?.finding === undefined ? undefined : findings.rows.find((f) => f.key === triage.actions!.finding);
  const selectedView = selected === undefined ? undefined : triage!.night.items.get(selected.key)?.view;
  const panel = selected !== undefined && selectedView !== undefined ? findingPanel(selected, selectedView, nightDate, triage!, m, zone) : '';
  // The bulk form names what the action route will write to, over the whole night (not the rows carried).
  const bulk = triage?.view === undefined ? { count: 0, amountCents: 0n } : bulkTargetsOf(triage.night, triage.view, triage.actor);
  const controls =
    triage === undefined
      ? ''
      : html`${actionDoneNotice(triage.done, m)}${viewsNav(nightDate, triage, m)}${triage.actions === undefined ? html`<p class="muted">${p.triage.latestOnly}</p>` : bulkForm(bulk, nightDate, triage, m)}`;
  const only =
    category === undefined
      ? ''
      : html`<p class="notice" id="category-only">${p.onlyCategory(localizeCategory(m, category))} <a href="/nights/${nightDate}#findings-heading">${p.showAll}</a></p>`;
  return html`${capped}${controls}${only}${panel}${filters}<div class="scroll"><table id="findings" class="fit"><colgroup>${cols}</colgroup><thead><tr>${head}${actHead}</tr></thead><tbody>${rows}</tbody></table></div>${pager}`;
}

function cappedNotice(table: Limited<unknown>, m: Messages): SafeHtml | '' {
  return table.total > table.rows.length ? html`<p class="notice">${m.page.night.cappedRows(table.rows.length, table.total)}</p>` : '';
}

/** A table's header row; the columns named in `numeric` align right. */
function headerRow(headers: readonly string[], numeric: readonly number[]): SafeHtml {
  return html`<tr>${headers.map((h, i) => (numeric.includes(i) ? html`<th class="num">${h}</th>` : html`<th>${h}</th>`))}</tr>`;
}

export function syncRejectsTable(rejects: Limited<SyncRejectRow>, m: Messages): SafeHtml {
  const p = m.page.night;
  const rows = rejects.rows.map(
    (r) =>
      html`<tr><td>${m.listings[r.stream] ?? r.stream}</td><td>${r.filter}</td><td class="num">${r.page}</td><td class="num">${r.row_no}</td><td>${r.id ?? ''}</td><td class="reason">${r.reason}</td></tr>`,
  );
  return html`<h2>${p.syncRejects}</h2>
<p class="muted">${p.syncRejectsText(rejects.total)}</p>
${cappedNotice(rejects, m)}<div class="scroll"><table id="sync-rejects"><thead>${headerRow(p.syncRejectsHeaders, [2, 3])}</thead><tbody>${rows}</tbody></table></div>`;
}

export function keptOutTable(keptOut: Limited<KeptOutRow>, m: Messages, zone: string): SafeHtml {
  const p = m.page.night;
  const reason = keptOutReasonIn(m, zone);
  const rows = keptOut.rows.map(
    (r) =>
      html`<tr><td>${basename(r.file)}</td><td class="num">${r.line ?? ''}</td><td>${r.column_name ?? ''}</td><td>${r.value ?? ''}</td><td>${r.item_id ?? ''}</td><td>${m.issueKinds[r.kind] ?? r.kind}</td><td class="reason">${reason(r)}</td></tr>`,
  );
  return html`<h2>${p.keptOutOrders}</h2>
<p class="muted">${p.keptOutOrdersText(keptOut.total)}</p>
${cappedNotice(keptOut, m)}<div class="scroll"><table id="kept-out"><thead>${headerRow(p.keptOutHeaders, [1])}</thead><tbody>${rows}</tbody></table></div>`;
}
