// A night's page: its summary (outcome, window and times in the business zone, sync and import
// counts, findings by category with the amount at stake), downloads, the bank leg and the forecast (or,
// for a check that was off, the sentence saying so), and the tables of rows (findings-table.ts), all in
// the words of reports.locale.
import { basename } from 'node:path';
import type { MonthClose } from '../shared/close-month.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory } from '../shared/locale/localize.ts';
import { findingsTable, keptOutTable, syncRejectsTable } from './findings-table.ts';
import { type BankLeg, bankSection } from './bank-section.ts';
import { checkOffSection, checksOffOfNight } from './check-off-section.ts';
import { type ResidueRow, closeSection } from './close-section.ts';
import { monthCloseSection } from './close-month-section.ts';
import { type Forecast, forecastSection } from './forecast-section.ts';
import { zoneLabel } from './format.ts';
import { html, renderPage, type SafeHtml } from './html.ts';
import type { Night } from './nights.ts';
import { downloadLinks, outcomeBadge } from './page-home.ts';
import type { KeptOutRow, Limited, NightFindings, SyncRejectRow } from './queries.ts';
import type { TableTriage } from './triage-panel.ts';

export interface NightData {
  /** The words of the page, in reports.locale. */
  messages: Messages;
  night: Night;
  zone: string;
  previous?: string | undefined;
  next?: string | undefined;
  /** The findings, from the warehouse or (with a notice saying why) from the last night's snapshot. */
  findings: { ok: true; value: NightFindings; notice?: string | undefined } | { ok: false; reason: string };
  /** Order rows the night's import kept out (undefined when the warehouse could not be read). */
  keptOut?: Limited<KeptOutRow> | undefined;
  /** Listed rows the night's sync kept out of the warehouse. */
  syncRejects?: Limited<SyncRejectRow> | undefined;
  /** The card receivables expected after the night (undefined when the warehouse could not be read). */
  forecast?: Forecast | undefined;
  /** The night's bank check: payouts by where they stand, and the latest statements (undefined when there is none). */
  bank?: BankLeg | undefined;
  /** The rows of the night's close that nothing explains (undefined when the warehouse could not be read). */
  residue?: { rows: ResidueRow[]; totals: Record<string, number> } | undefined;
  /** Only this category's findings in the table (a bar of the close's chart links here). */
  category?: string | undefined;
  /** The close summed over the month to the night (undefined when the warehouse could not be read). */
  monthClose?: MonthClose | undefined;
  /** The journal's triage of the findings, and what the visitor can do with them. */
  triage?: TableTriage | undefined;
}

export function renderNight(data: NightData): string {
  const { night, zone, messages: m } = data;
  const p = m.page.night;
  const s = night.summary;
  const off = checksOffOfNight(s?.reports_off, m);
  // The bank section with the night's leg: a finding's panel links its bank line here only when it is shown.
  const bankShown = !off.includes('bank') && data.bank !== undefined;
  const triage = data.triage && { ...data.triage, bankSection: bankShown };
  const nav = html`<nav class="nav"><a href="/">${p.allNights}</a>${data.previous ? html`<a href="/nights/${data.previous}" rel="prev">← ${data.previous}</a>` : ''}${data.next ? html`<a href="/nights/${data.next}" rel="next">${data.next} →</a>` : ''}</nav>`;
  const body = html`
${nav}
<h1>${p.heading(night.date)} ${outcomeBadge(s?.outcome, m)}</h1>
${night.problem ? html`<p class="notice">${night.problem}</p>` : ''}
${s ? facts(night, zone, m) : ''}
${s?.close ? closeSection(s.close, m, { date: night.date, residue: data.residue }) : ''}
${data.monthClose ? monthCloseSection(data.monthClose, m) : ''}
<h2>${p.downloads}</h2>
${downloadLinks(night, m)}${night.summary ? html`<p class="muted">${p.record} <a href="/nights/${night.date}/summary.json" download>summary.json</a></p>` : ''}
${s?.findings ? categoryTable(s.findings.by_category, m) : ''}
${off.includes('bank') ? checkOffSection('bank', m) : data.bank ? bankSection(data.bank, m) : ''}
${off.includes('fees') ? checkOffSection('fees', m) : ''}
${data.forecast ? forecastSection(data.forecast, m) : ''}
<h2 id="findings-heading">${p.findingsHeading}</h2>
${data.findings.ok ? html`${data.findings.notice === undefined ? '' : html`<p class="notice" id="warehouse-notice">${data.findings.notice}</p>`}${findingsTable(data.findings.value, night.date, m, zone, triage, data.category)}` : html`<p class="notice" id="warehouse-notice">${data.findings.reason}</p>`}
${data.keptOut && data.keptOut.total > 0 ? keptOutTable(data.keptOut, m, zone) : ''}
${data.syncRejects && data.syncRejects.total > 0 ? syncRejectsTable(data.syncRejects, m) : ''}
`;
  return renderPage({ title: p.title(night.date), body, scripts: ['table.js'], page: m.page });
}

function facts(night: Night, zone: string, m: Messages): SafeHtml {
  const p = m.page.night;
  const s = night.summary!;
  const at = (instant: string | number) => m.fmt.instant(instant, zone);
  const item = (label: string, value: SafeHtml | string | number | undefined) =>
    value === undefined || value === '' ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;
  const last = s.last_attempt;
  const seconds = s.timings?.['total'];
  return html`<dl class="facts">
${item(p.timesIn, zoneLabel(zone, Date.parse(s.started_at)))}
${item(p.window, s.window ? p.windowText(at(s.window.start), at(s.window.end)) : undefined)}
${item(p.ran, p.ranText(at(s.started_at), at(s.finished_at), seconds === undefined ? undefined : m.fmt.duration(seconds * 1000)))}
${item(p.source, s.source)}
${item(p.run, s.run_id)}
${item(p.error, s.error)}
${item(p.lastAttempt, last ? p.lastAttemptText(m.page.outcomes[last.outcome] ?? last.outcome, at(last.at), last.run_id, last.error, s.run_id) : undefined)}
${item(p.synced, s.sync ? p.syncedText(s.sync.windows, s.sync.pages, s.sync.rows.new, s.sync.rows.changed, s.sync.rows.unchanged) : undefined)}
${item(p.keptOut, s.sync?.rejected ? p.keptOutText(s.sync.rejected) : undefined)}
${item(p.fresh, s.sync?.data_fresh_until ? p.freshText(at(s.sync.data_fresh_until.transactions), at(s.sync.data_fresh_until.operations)) : undefined)}
${item(p.orders, s.import ? s.import.files.map((f) => p.ordersText(basename(f.file), f.rows_loaded, f.rows_read, f.rejected)).join('; ') : undefined)}
${item(p.matched, s.findings?.matches ? p.matchedText(s.findings.matches.exact, s.findings.matches.variance) : undefined)}
${item(p.findings, s.findings ? p.findingsText(s.findings.totals.new, s.findings.totals.open, s.findings.totals.resolved) : undefined)}
</dl>`;
}

type ByCategory = NonNullable<NonNullable<Night['summary']>['findings']>['by_category'];

function categoryTable(byCategory: ByCategory, m: Messages): SafeHtml {
  const p = m.page.night;
  const rows = Object.entries(byCategory)
    .filter(([, c]) => c.new + c.open + c.resolved > 0)
    .map(
      ([category, c]) =>
        html`<tr data-key="${category}"><td>${localizeCategory(m, category)}</td><td class="num">${c.new}</td><td class="num">${c.open}</td><td class="num">${c.resolved}</td><td class="num">${m.fmt.money(c.amountCents)}</td></tr>`,
    );
  if (rows.length === 0) return html`<h2>${p.byCategory}</h2><p class="muted">${p.noFindingsNight}</p>`;
  return html`<h2>${p.byCategory}</h2><table id="categories"><thead><tr><th>${p.category}</th><th class="num">${p.new}</th><th class="num">${p.open}</th><th class="num">${p.resolved}</th><th class="num">${p.amount}</th></tr></thead><tbody>${rows}</tbody></table>`;
}
