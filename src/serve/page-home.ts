// The home page: every night with its outcome, lifecycle counts, active findings by category and
// download links, under the three charts. Pure rendering of data gathered by the handler.
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory } from '../shared/locale/localize.ts';
import { chargebacksByBrandAndAge, findingsPerCategory, refundsPerDay } from './chart-data.ts';
import { stackedBarChart } from './charts.ts';
import { html, renderPage, type SafeHtml } from './html.ts';
import type { Night } from './nights.ts';
import type { OpenChargeback, RefundEvent } from './queries.ts';

export interface HomeData {
  /** The words of the page, in reports.locale. */
  messages: Messages;
  nights: Night[];
  zone: string;
  nowMs: number;
  /** Last day of the refunds chart (the newest night, else yesterday). */
  refundsEndDate: string;
  warehouse: { ok: true; chargebacks: OpenChargeback[]; refunds: RefundEvent[] } | { ok: false; reason: string };
}

export function renderHome(data: HomeData): string {
  const m = data.messages;
  const p = m.page.home;
  const body = html`
<h1>${p.heading}</h1>
${data.warehouse.ok ? '' : html`<p class="notice" id="warehouse-notice">${data.warehouse.reason}</p>`}
<section class="charts">
${findingsChart(data.nights, m)}
${data.warehouse.ok ? chargebackChart(data.warehouse.chargebacks, data.nowMs, m) : ''}
${data.warehouse.ok ? refundsChart(data.warehouse.refunds, data.zone, data.refundsEndDate, m) : ''}
</section>
<h2>${p.every}</h2>
${data.nights.length === 0 ? html`<p class="muted">${p.none} <code>recon run nightly</code>.</p>` : nightsTable(data.nights, data.zone, m)}
`;
  return renderPage({ title: p.title, body, page: m.page });
}

/** A night's outcome as a badge: the class is the outcome's key, the text its word in the locale. */
export function outcomeBadge(outcome: string | undefined, messages: Messages): SafeHtml {
  const known = outcome === 'done' || outcome === 'failed' || outcome === 'done_with_warnings' ? outcome : 'unknown';
  const words = messages.page.outcomes;
  return html`<span class="badge ${known}">${outcome === undefined ? words['none'] : (words[known] ?? outcome)}</span>`;
}

/**
 * One line per report: its name, then a link per format (`discrepancies  xlsx  csv`). When the night
 * wrote the `br` copy of a CSV (under pt-BR), `csv` is that copy, the one a Portuguese spreadsheet opens
 * as it is, and the RFC 4180 file scripts read is the next link, `csv RFC 4180`.
 */
export function downloadLinks(night: Night, messages: Messages): SafeHtml {
  const words = messages.page.downloads;
  if (night.files.length === 0) return html`<span class="muted">${words.none}</span>`;
  const byReport = new Map<string, string[]>();
  for (const file of night.files) {
    const base = file.slice(0, file.indexOf('.'));
    byReport.set(base, [...(byReport.get(base) ?? []), file]);
  }
  const href = (file: string) => `/nights/${encodeURIComponent(night.date)}/${encodeURIComponent(file)}`;
  const linksOf = (files: string[]) => {
    const hasBr = files.some((f) => f.endsWith('.br.csv'));
    const label = (f: string) => (f.endsWith('.br.csv') ? 'csv' : hasBr && f.endsWith('.csv') ? words.rfc : f.slice(f.lastIndexOf('.') + 1));
    const order = (f: string) => (f.endsWith('.xlsx') ? 0 : f.endsWith('.br.csv') ? 1 : 2);
    return [...files]
      .sort((a, b) => order(a) - order(b))
      .map((f) => html`<a href="${href(f)}" download title="${words.fileOf(f, night.date)}">${label(f)}</a>`);
  };
  return html`<div class="downloads">${[...byReport].map(([base, files]) => html`<span class="report">${base}${linksOf(files)}</span>`)}</div>`;
}

function nightsTable(nights: readonly Night[], zone: string, m: Messages): SafeHtml {
  const p = m.page.home;
  const rows = nights.map((night) => {
    const s = night.summary;
    const totals = s?.findings?.totals;
    const active = Object.entries(s?.findings?.by_category ?? {})
      .filter(([, c]) => c.new + c.open > 0)
      .sort(([a], [b]) => order(a) - order(b))
      .map(([category, c]) => html`<li data-category="${category}">${localizeCategory(m, category)}: ${c.new + c.open}</li>`);
    return html`<tr data-date="${night.date}">
<td class="date"><a href="/nights/${encodeURIComponent(night.date)}">${night.date}</a></td>
<td>${outcomeBadge(s?.outcome, m)}${night.problem ? html` <span class="muted">${night.problem}</span>` : ''}${s?.error ? html`<div class="muted">${s.error}</div>` : ''}</td>
<td>${s ? m.fmt.instant(s.finished_at, zone) : ''}</td>
<td class="num">${totals?.new ?? ''}</td><td class="num">${totals?.open ?? ''}</td><td class="num">${totals?.resolved ?? ''}</td>
<td>${active.length > 0 ? html`<ul class="plain">${active}</ul>` : totals ? html`<span class="muted">${p.nothingOpen}</span>` : ''}</td>
<td>${downloadLinks(night, m)}</td>
</tr>`;
  });
  return html`<div class="scroll"><table id="nights"><thead><tr><th>${p.night}</th><th>${p.outcome}</th><th>${p.finished(zone)}</th><th class="num">${p.new}</th><th class="num">${p.open}</th><th class="num">${p.resolved}</th><th>${p.active}</th><th>${p.downloadsHeader}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function order(category: string): number {
  const index = (FINDING_CATEGORIES as readonly string[]).indexOf(category);
  return index < 0 ? FINDING_CATEGORIES.length : index;
}

function findingsChart(nights: readonly Night[], m: Messages): SafeHtml {
  const { bars, keys } = findingsPerCategory(nights, 30);
  return stackedBarChart(bars, keys, {
    title: m.page.home.findingsChart,
    empty: m.page.home.findingsChartEmpty,
    labelOf: (category) => localizeCategory(m, category),
    fmt: m.fmt,
  });
}

function chargebackChart(rows: readonly OpenChargeback[], nowMs: number, m: Messages): SafeHtml {
  const { bars, keys } = chargebacksByBrandAndAge(rows, nowMs, m.fmt.money, m.ageBuckets);
  return stackedBarChart(bars, keys, { title: m.page.home.chargebacksChart, empty: m.page.home.chargebacksChartEmpty, fmt: m.fmt });
}

function refundsChart(rows: readonly RefundEvent[], zone: string, endDate: string, m: Messages): SafeHtml {
  const p = m.page.home;
  const days = refundsPerDay(rows, zone, endDate, 30);
  const bars = days.map((d) => ({
    label: d.date,
    segments: d.count > 0 ? [{ key: p.refundsKey, value: d.count, title: p.refundsTip(d.date, d.count, m.fmt.money(d.cents)) }] : [],
  }));
  const total = days.reduce((sum, d) => sum + d.cents, 0n);
  const count = days.reduce((sum, d) => sum + d.count, 0);
  return html`${stackedBarChart(bars, [p.refundsKey], { title: p.refundsChart(endDate, count, m.fmt.money(total)), empty: p.refundsChartEmpty(endDate), legend: false, fmt: m.fmt })}`;
}
