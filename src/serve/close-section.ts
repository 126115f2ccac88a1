// The night page's "Fechamento": the day's close as summary.json states it (docs/close.md), at the top
// of the night: per tie-out both sides, their difference, the lines that explain it (a finding category
// names the findings behind it) and what nothing explains. Read from summary.json, the same record the
// CLI's line and the workbook's sheet state, so the three agree by construction.
import { z } from 'zod';
import type { Messages } from '../shared/locale/index.ts';
import { TIE_OUTS, isTieOutShown } from '../shared/close.ts';
import { localizeCloseLine } from '../shared/locale/localize.ts';
import { waterfallChart } from './close-chart.ts';
import { html, type SafeHtml } from './html.ts';

const line = z.looseObject({ items: z.number().int(), amount_cents: z.number().int() });

/** summary.json's `close` (jobs/summary.ts), as the page reads it: absent on nights before the close existed. */
const tieOut = z.looseObject({
  shop: line,
  service: line,
  difference_cents: z.number().int(),
  explained: z.array(line.extend({ line: z.string() })),
  unexplained: line,
  closes: z.boolean(),
});
type TieOut = z.infer<typeof tieOut>;

export const closeSummarySchema = z.looseObject({ sales: tieOut, refunds: tieOut.optional(), cash: tieOut.optional() });
type CloseSummary = z.infer<typeof closeSummarySchema>;

/** A line of a close table, keyed for tests and scripts by line (data-line), items and cents. */
export function closeRow(key: string, items: number | null, cents: number, m: Messages, strong = false): SafeHtml {
  const cells = html`<td>${localizeCloseLine(m, key)}</td><td class="num">${items === null ? '' : m.fmt.count(items)}</td><td class="num">${m.fmt.money(cents)}</td>`;
  return html`<tr data-line="${key}" data-items="${items === null ? '' : String(items)}" data-cents="${String(cents)}"${strong ? html` class="total"` : ''}>${cells}</tr>`;
}

/** One tie-out: its verdict and its table, rows keyed for tests and scripts by line (data-line). */
function tieOutTable(name: string, t: TieOut, m: Messages): SafeHtml {
  const p = m.page.close;
  const title = localizeCloseLine(m, name);
  const verdict = t.closes
    ? html`<p class="close-ok" id="close-${name}-verdict">${p.closes(title)}</p>`
    : html`<p class="notice" id="close-${name}-verdict">${p.doesNotClose(title, m.fmt.money(t.unexplained.amount_cents), t.unexplained.items)}</p>`;
  const rows = [
    closeRow(`${name}.shop`, t.shop.items, t.shop.amount_cents, m),
    closeRow(`${name}.service`, t.service.items, t.service.amount_cents, m),
    closeRow('difference', null, t.difference_cents, m, true),
    ...t.explained.map((l) => closeRow(l.line, l.items, l.amount_cents, m)),
    closeRow('unexplained', t.unexplained.items, t.unexplained.amount_cents, m, true),
  ];
  // The difference's making, line by line: what explains it, then what does not.
  const steps = [
    ...t.explained.map((l) => ({ key: l.line, label: localizeCloseLine(m, l.line), cents: l.amount_cents })),
    ...(t.unexplained.items > 0 ? [{ key: 'unexplained', label: localizeCloseLine(m, 'unexplained'), cents: t.unexplained.amount_cents }] : []),
  ];
  const chart =
    steps.length === 0
      ? ''
      : waterfallChart(steps, { key: 'difference', label: localizeCloseLine(m, 'difference'), cents: t.difference_cents }, m, p.chart(title));
  return html`${verdict}${chart}
<table id="close-${name}" class="close"><caption>${title}</caption><thead><tr><th>${p.line}</th><th class="num">${p.items}</th><th class="num">${p.amount}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function closeSection(close: CloseSummary, m: Messages): SafeHtml {
  const p = m.page.close;
  const tables = TIE_OUTS.flatMap((name) => {
    const t = close[name];
    return t !== undefined && isTieOutShown(t) ? [tieOutTable(name, t, m)] : [];
  });
  return html`<h2 id="close-heading">${p.heading}</h2>
${tables}
<p class="muted">${p.explain}</p>`;
}
