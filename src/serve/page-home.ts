// The home page: every night with its outcome, lifecycle counts, active findings by category and
// download links, under the three charts. Pure rendering of data gathered by the handler.
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { chargebacksByBrandAndAge, findingsPerCategory, refundsPerDay } from './chart-data.ts';
import { stackedBarChart } from './charts.ts';
import { brlFromCents, localDateTime } from './format.ts';
import { html, renderPage, type SafeHtml } from './html.ts';
import type { Night } from './nights.ts';
import type { OpenChargeback, RefundEvent } from './queries.ts';

export interface HomeData {
  nights: Night[];
  zone: string;
  nowMs: number;
  /** Last day of the refunds chart (the newest night, else yesterday). */
  refundsEndDate: string;
  warehouse: { ok: true; chargebacks: OpenChargeback[]; refunds: RefundEvent[] } | { ok: false; reason: string };
}

export function renderHome(data: HomeData): string {
  const body = html`
<h1>Nights</h1>
${data.warehouse.ok ? '' : html`<p class="notice" id="warehouse-notice">${data.warehouse.reason}</p>`}
<section class="charts">
${findingsChart(data.nights)}
${data.warehouse.ok ? chargebackChart(data.warehouse.chargebacks, data.nowMs) : ''}
${data.warehouse.ok ? refundsChart(data.warehouse.refunds, data.zone, data.refundsEndDate) : ''}
</section>
<h2>Every night</h2>
${data.nights.length === 0 ? html`<p class="muted">No nights in the reports folder yet: run <code>recon run nightly</code>.</p>` : nightsTable(data.nights, data.zone)}
`;
  return renderPage({ title: 'recon · nights', body });
}

export function outcomeBadge(outcome: string | undefined): SafeHtml {
  const known = outcome === 'done' || outcome === 'failed' || outcome === 'done_with_warnings' ? outcome : 'unknown';
  return html`<span class="badge ${known}">${outcome ?? 'no summary'}</span>`;
}

/**
 * One line per report: its name, then a link per format (`discrepancies  xlsx  csv`). When the night
 * wrote the `br` copy of a CSV (under pt-BR), `csv` is that copy, the one a Portuguese spreadsheet opens
 * as it is, and the RFC 4180 file scripts read is the next link, `csv RFC 4180`.
 */
export function downloadLinks(night: Night): SafeHtml {
  if (night.files.length === 0) return html`<span class="muted">none</span>`;
  const byReport = new Map<string, string[]>();
  for (const file of night.files) {
    const base = file.slice(0, file.indexOf('.'));
    byReport.set(base, [...(byReport.get(base) ?? []), file]);
  }
  const href = (file: string) => `/nights/${encodeURIComponent(night.date)}/${encodeURIComponent(file)}`;
  const linksOf = (files: string[]) => {
    const hasBr = files.some((f) => f.endsWith('.br.csv'));
    const label = (f: string) => (f.endsWith('.br.csv') ? 'csv' : hasBr && f.endsWith('.csv') ? 'csv RFC 4180' : f.slice(f.lastIndexOf('.') + 1));
    const order = (f: string) => (f.endsWith('.xlsx') ? 0 : f.endsWith('.br.csv') ? 1 : 2);
    return [...files].sort((a, b) => order(a) - order(b)).map((f) => html`<a href="${href(f)}" download title="${f} of ${night.date}">${label(f)}</a>`);
  };
  return html`<div class="downloads">${[...byReport].map(([base, files]) => html`<span class="report">${base}${linksOf(files)}</span>`)}</div>`;
}

function nightsTable(nights: readonly Night[], zone: string): SafeHtml {
  const rows = nights.map((night) => {
    const s = night.summary;
    const totals = s?.findings?.totals;
    const active = Object.entries(s?.findings?.by_category ?? {})
      .filter(([, c]) => c.new + c.open > 0)
      .sort(([a], [b]) => order(a) - order(b))
      .map(([category, c]) => html`<li>${category}: ${c.new + c.open}</li>`);
    return html`<tr data-date="${night.date}">
<td class="date"><a href="/nights/${encodeURIComponent(night.date)}">${night.date}</a></td>
<td>${outcomeBadge(s?.outcome)}${night.problem ? html` <span class="muted">${night.problem}</span>` : ''}${s?.error ? html`<div class="muted">${s.error}</div>` : ''}</td>
<td>${s ? localDateTime(s.finished_at, zone) : ''}</td>
<td class="num">${totals?.new ?? ''}</td><td class="num">${totals?.open ?? ''}</td><td class="num">${totals?.resolved ?? ''}</td>
<td>${active.length > 0 ? html`<ul class="plain">${active}</ul>` : totals ? html`<span class="muted">nothing open</span>` : ''}</td>
<td>${downloadLinks(night)}</td>
</tr>`;
  });
  return html`<div class="scroll"><table id="nights"><thead><tr><th>Night</th><th>Outcome</th><th>Finished (${zone})</th><th class="num">New</th><th class="num">Open</th><th class="num">Resolved</th><th>Active by category</th><th>Downloads</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function order(category: string): number {
  const index = (FINDING_CATEGORIES as readonly string[]).indexOf(category);
  return index < 0 ? FINDING_CATEGORIES.length : index;
}

function findingsChart(nights: readonly Night[]): SafeHtml {
  const { bars, keys } = findingsPerCategory(nights, 30);
  return stackedBarChart(bars, keys, { title: 'Active findings per category, last 30 nights', empty: 'No night with findings yet.' });
}

function chargebackChart(rows: readonly OpenChargeback[], nowMs: number): SafeHtml {
  const { bars, keys } = chargebacksByBrandAndAge(rows, nowMs, brlFromCents);
  return stackedBarChart(bars, keys, { title: 'Open chargebacks by card brand and days since the chargeback', empty: 'No open chargebacks.' });
}

function refundsChart(rows: readonly RefundEvent[], zone: string, endDate: string): SafeHtml {
  const days = refundsPerDay(rows, zone, endDate, 30);
  const bars = days.map((d) => ({
    label: d.date,
    segments: d.count > 0 ? [{ key: 'refunds', value: d.count, title: `${d.date}: ${d.count} refunds, ${brlFromCents(d.cents)}` }] : [],
  }));
  const total = days.reduce((sum, d) => sum + d.cents, 0n);
  const count = days.reduce((sum, d) => sum + d.count, 0);
  return html`${stackedBarChart(bars, ['refunds'], { title: `Refunds per day, 30 days to ${endDate}: ${count} refunds, ${brlFromCents(total)}`, empty: `No refunds in the 30 days to ${endDate}.`, legend: false })}`;
}
