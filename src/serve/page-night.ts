// A night's page: its summary (outcome, window and times in the business zone, sync and import
// counts, findings by category with amounts), downloads, and the findings table that /static/table.js
// sorts, filters (category, state, text, age) and pages in the browser. The table fits a 1366 px
// laptop: ids never wrap, the reason is cut to one line with the whole text on hover or click, and a
// finding's colour is its category's family.
import { basename } from 'node:path';
import { DateTime } from 'luxon';
import { FAMILY_OF_CATEGORY, FINDING_CATEGORIES, FINDING_STATES, type FindingCategory } from '../shared/domain.ts';
import { brlFromCents, localDateTime, zoneLabel } from './format.ts';
import { html, renderPage, type SafeHtml } from './html.ts';
import type { Night } from './nights.ts';
import { downloadLinks, outcomeBadge } from './page-home.ts';
import type { FindingRow, KeptOutRow, Limited, NightFindings, SyncRejectRow } from './queries.ts';

export interface NightData {
  night: Night;
  zone: string;
  previous?: string | undefined;
  next?: string | undefined;
  findings: { ok: true; value: NightFindings } | { ok: false; reason: string };
  /** Order rows the night's import kept out (undefined when the warehouse could not be read). */
  keptOut?: Limited<KeptOutRow> | undefined;
  /** Listed rows the night's sync kept out of the warehouse. */
  syncRejects?: Limited<SyncRejectRow> | undefined;
}

export function renderNight(data: NightData): string {
  const { night, zone } = data;
  const s = night.summary;
  const nav = html`<nav class="nav"><a href="/">All nights</a>${data.previous ? html`<a href="/nights/${data.previous}" rel="prev">← ${data.previous}</a>` : ''}${data.next ? html`<a href="/nights/${data.next}" rel="next">${data.next} →</a>` : ''}</nav>`;
  const body = html`
${nav}
<h1>Night ${night.date} ${outcomeBadge(s?.outcome)}</h1>
${night.problem ? html`<p class="notice">${night.problem}</p>` : ''}
${s ? facts(night, zone) : ''}
<h2>Downloads</h2>
${downloadLinks(night)}${night.summary ? html`<p class="muted">The night's machine-readable record: <a href="/nights/${night.date}/summary.json" download>summary.json</a></p>` : ''}
${s?.findings ? categoryTable(s.findings.by_category) : ''}
<h2>Findings</h2>
${data.findings.ok ? findingsTable(data.findings.value, night.date) : html`<p class="notice" id="warehouse-notice">${data.findings.reason}</p>`}
${data.keptOut && data.keptOut.total > 0 ? keptOutTable(data.keptOut) : ''}
${data.syncRejects && data.syncRejects.total > 0 ? syncRejectsTable(data.syncRejects) : ''}
`;
  return renderPage({ title: `recon · night ${night.date}`, body, scripts: ['table.js'] });
}

function facts(night: Night, zone: string): SafeHtml {
  const s = night.summary!;
  const item = (label: string, value: SafeHtml | string | number | undefined) =>
    value === undefined || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;
  return html`<dl class="facts">
${item('Times in', zoneLabel(zone, Date.parse(s.started_at)))}
${item('Window', s.window ? `${localDateTime(s.window.start, zone)} to ${localDateTime(s.window.end, zone)}` : undefined)}
${item('Ran', `${localDateTime(s.started_at, zone)} to ${localDateTime(s.finished_at, zone)}${s.timings?.['total'] !== undefined ? ` (${s.timings['total'].toFixed(1)} s)` : ''}`)}
${item('Source', s.source)}
${item('Run', s.run_id)}
${item('Error', s.error)}
${item('Last attempt', s.last_attempt ? `${s.last_attempt.outcome} at ${localDateTime(s.last_attempt.at, zone)} (run ${s.last_attempt.run_id}): ${s.last_attempt.error}; the figures and reports on this page are those of run ${s.run_id}` : undefined)}
${item('Synced', s.sync ? `${s.sync.windows} windows, ${s.sync.pages} pages; rows new ${s.sync.rows.new}, changed ${s.sync.rows.changed}, unchanged ${s.sync.rows.unchanged}` : undefined)}
${item('Kept out', s.sync?.rejected ? `${s.sync.rejected} listed row(s) broke the service's interface and were kept out of the warehouse (listed below)` : undefined)}
${item('Data fresh until', s.sync?.data_fresh_until ? `transactions ${localDateTime(s.sync.data_fresh_until.transactions, zone)}, operations ${localDateTime(s.sync.data_fresh_until.operations, zone)}` : undefined)}
${item('Orders', s.import ? s.import.files.map((f) => `${basename(f.file)}: ${f.rows_loaded} of ${f.rows_read} loaded, ${f.rejected} kept out`).join('; ') : undefined)}
${item('Matched orders', s.findings?.matches ? `${s.findings.matches.exact} exact, ${s.findings.matches.variance} within tolerance` : undefined)}
${item('Findings', s.findings ? `${s.findings.totals.new} new, ${s.findings.totals.open} still open, ${s.findings.totals.resolved} resolved` : undefined)}
</dl>`;
}

type ByCategory = NonNullable<NonNullable<Night['summary']>['findings']>['by_category'];

function categoryTable(byCategory: ByCategory): SafeHtml {
  const rows = Object.entries(byCategory)
    .filter(([, c]) => c.new + c.open + c.resolved > 0)
    .map(
      ([category, c]) =>
        html`<tr><td>${category}</td><td class="num">${c.new}</td><td class="num">${c.open}</td><td class="num">${c.resolved}</td><td class="num">${brlFromCents(c.amountCents)}</td></tr>`,
    );
  if (rows.length === 0) return html`<h2>By category</h2><p class="muted">No findings this night.</p>`;
  return html`<h2>By category</h2><table id="categories"><thead><tr><th>Category</th><th class="num">New</th><th class="num">Open</th><th class="num">Resolved</th><th class="num">Amount</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A column of the findings table: its header, how it sorts, its share of the width and its cell. */
interface Column {
  header: string;
  type: 'text' | 'number';
  /** Percent of the table's width (a class of style.css: the page's CSP allows no inline style). */
  width: number;
  cell: (f: FindingRow) => SafeHtml;
}

const COLUMNS: Column[] = [
  { header: 'Category', type: 'text', width: 13, cell: (f) => html`<td class="cat fam-${familyOf(f.category)}" title="${f.category}">${f.category}</td>` },
  { header: 'State', type: 'text', width: 6, cell: (f) => html`<td>${f.state}</td>` },
  { header: 'First seen', type: 'text', width: 8, cell: (f) => html`<td class="id">${f.first_seen}</td>` },
  { header: 'Item', type: 'text', width: 9, cell: (f) => idCell(f.item_id) },
  { header: 'Payments', type: 'text', width: 10, cell: (f) => idCell(f.operation_id ?? f.transaction_ids) },
  {
    header: 'Order / payment status',
    type: 'text',
    width: 9,
    cell: (f) => idCell(f.order_status === null && f.payment_status === null ? null : `${f.order_status ?? '–'} / ${f.payment_status ?? '–'}`),
  },
  { header: 'Order amount', type: 'number', width: 8, cell: (f) => money(f.order_amount_cents) },
  { header: 'Payment amount', type: 'number', width: 8, cell: (f) => money(f.payment_amount_cents) },
  { header: 'Difference', type: 'number', width: 7, cell: (f) => money(f.difference_cents) },
  { header: 'Reason', type: 'text', width: 13, cell: (f) => html`<td class="reason" title="${f.reason}" tabindex="0">${f.reason}</td>` },
  {
    header: 'Customer',
    type: 'text',
    width: 9,
    cell: (f) =>
      html`<td class="id" title="${[f.customer_name, f.customer_document].filter((v) => v !== null).join(' · ')}">${f.customer_name ?? ''}${f.customer_document ? html`<br><span class="muted">${f.customer_document}</span>` : ''}</td>`,
  },
];

/** A cell of text that must not wrap (ids, dates): cut with an ellipsis, the whole text on hover. */
function idCell(text: string | null): SafeHtml {
  return html`<td class="id" title="${text ?? ''}">${text ?? ''}</td>`;
}

function familyOf(category: string): string {
  return FAMILY_OF_CATEGORY[category as FindingCategory] ?? 'other';
}

/** Whole days from a finding's first night to this night (both YYYY-MM-DD): how long it has been open. */
function ageInDays(firstSeen: string, nightDate: string): number {
  const days = DateTime.fromISO(nightDate, { zone: 'utc' }).diff(DateTime.fromISO(firstSeen, { zone: 'utc' }), 'days').days;
  return Number.isFinite(days) ? Math.max(0, Math.round(days)) : 0;
}

/** Rows per page the reader can pick (50 first: table.js). */
const PAGE_SIZES = [20, 50, 100, 200] as const;

/** The age filter's choices: open for more than N days. */
const AGE_CHOICES = [7, 30, 90] as const;

function money(cents: bigint | null): SafeHtml {
  return cents === null ? html`<td class="num" data-value=""></td>` : html`<td class="num" data-value="${String(cents)}">${brlFromCents(cents)}</td>`;
}

function findingsTable(findings: NightFindings, nightDate: string): SafeHtml {
  if (findings.total === 0) return html`<p class="muted">No findings in the warehouse for this night.</p>`;
  const categories = [...new Set(findings.rows.map((f) => f.category))].sort((a, b) => rank(a) - rank(b));
  const filters = html`<div class="filters">
<label>Search <input type="search" id="filter-text" placeholder="item, reason, customer…" autocomplete="off"></label>
<label>Category <select id="filter-category"><option value="">all</option>${categories.map((c) => html`<option value="${c}">${c}</option>`)}</select></label>
<label>State <select id="filter-state"><option value="">all</option>${FINDING_STATES.map((st) => html`<option value="${st}">${st}</option>`)}</select></label>
<label>Open for <select id="filter-age"><option value="">any time</option>${AGE_CHOICES.map((d) => html`<option value="${d}">more than ${d} days</option>`)}</select></label>
<label>Rows per page <select id="page-size">${PAGE_SIZES.map((n) => html`<option value="${n}"${n === 50 ? html` selected` : ''}>${n}</option>`)}</select></label>
<span class="muted">showing <span id="shown-count">${findings.rows.length}</span> of ${findings.rows.length}</span>
</div>`;
  const capped =
    findings.total > findings.rows.length
      ? html`<p class="notice">This table shows the first ${findings.rows.length} of ${findings.total} findings; the discrepancies workbook has them all.</p>`
      : '';
  const cols = COLUMNS.map((c) => html`<col class="w${c.width}">`);
  const head = COLUMNS.map(
    (c) =>
      html`<th data-type="${c.type}" aria-sort="none" title="${c.header}"${c.type === 'number' ? html` class="num"` : ''}><button type="button">${c.header}</button></th>`,
  );
  const rows = findings.rows.map(
    (f) =>
      html`<tr data-category="${f.category}" data-state="${f.state}" data-age="${ageInDays(f.first_seen, nightDate)}">${COLUMNS.map((c) => c.cell(f))}</tr>`,
  );
  const pager = html`<nav class="pager" id="pager" hidden><button type="button" id="page-prev">← previous</button><span id="page-label"></span><button type="button" id="page-next">next →</button></nav>`;
  return html`${capped}${filters}<div class="scroll"><table id="findings" class="fit"><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${pager}`;
}

function cappedNotice(table: Limited<unknown>): SafeHtml | '' {
  return table.total > table.rows.length
    ? html`<p class="notice">The first ${table.rows.length} of ${table.total} rows; the discrepancies workbook has them all.</p>`
    : '';
}

function syncRejectsTable(rejects: Limited<SyncRejectRow>): SafeHtml {
  const rows = rejects.rows.map(
    (r) =>
      html`<tr><td>${r.stream}</td><td>${r.filter}</td><td class="num">${r.page}</td><td class="num">${r.row_no}</td><td>${r.id ?? ''}</td><td class="reason">${r.reason}</td></tr>`,
  );
  return html`<h2>Listed rows kept out</h2>
<p class="muted">${rejects.total} row(s) the service listed broke its interface and were kept out of the warehouse (the night is done with warnings); each is kept whole in the table sync_rejects.</p>
${cappedNotice(rejects)}<div class="scroll"><table id="sync-rejects"><thead><tr><th>Listing</th><th>Filter</th><th class="num">Page</th><th class="num">Row</th><th>Id</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function keptOutTable(keptOut: Limited<KeptOutRow>): SafeHtml {
  const capped = cappedNotice(keptOut);
  const rows = keptOut.rows.map(
    (r) =>
      html`<tr><td>${basename(r.file)}</td><td class="num">${r.line ?? ''}</td><td>${r.column_name ?? ''}</td><td>${r.value ?? ''}</td><td>${r.item_id ?? ''}</td><td>${r.kind}</td><td class="reason">${r.reason}</td></tr>`,
  );
  return html`<h2>Order rows kept out</h2>
<p class="muted">${keptOut.total} row(s) of the night's orders export could not be read and were left out of the reconciliation.</p>
${capped}<div class="scroll"><table id="kept-out"><thead><tr><th>File</th><th class="num">Line</th><th>Column</th><th>Value</th><th>Item</th><th>Kind</th><th>Reason</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function rank(category: string): number {
  const index = (FINDING_CATEGORIES as readonly string[]).indexOf(category);
  return index < 0 ? FINDING_CATEGORIES.length : index;
}
