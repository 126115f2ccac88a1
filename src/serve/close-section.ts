// The night page's "Fechamento": the day's close as summary.json states it (docs/close.md), at the top
// of the night: per tie-out both sides, their difference, the lines that explain it (a finding category
// names the findings behind it) and what nothing explains. Read from summary.json, the same record the
// CLI's line and the workbook's sheet state, so the three agree by construction.
import { z } from 'zod';
import type { Messages } from '../shared/locale/index.ts';
import { TIE_OUTS, isTieOutShown } from '../shared/close.ts';
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { localizeCloseLine } from '../shared/locale/localize.ts';
import { waterfallChart } from './close-chart.ts';
import { html, type SafeHtml } from './html.ts';
import { type Db, numberOf, rowsOf, textOf } from './warehouse-reads.ts';

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

/** What a tie-out's rows read: the night's (from summary.json) and the month's (readMonthClose) alike. */
interface TieOutFigures {
  shop: { items: number; amount_cents: number };
  service: { items: number; amount_cents: number };
  difference_cents: number;
  explained: ReadonlyArray<{ line: string; items: number; amount_cents: number }>;
  unexplained: { items: number; amount_cents: number };
}

export const closeSummarySchema = z.looseObject({ sales: tieOut, refunds: tieOut.optional(), cash: tieOut.optional() });
type CloseSummary = z.infer<typeof closeSummarySchema>;

/** A line of a close table, keyed for tests and scripts by line (data-line), items and cents. */
function closeRow(key: string, items: number | null, cents: number, m: Messages, strong = false): SafeHtml {
  const cells = html`<td>${localizeCloseLine(m, key)}</td><td class="num">${items === null ? '' : m.fmt.count(items)}</td><td class="num">${m.fmt.money(cents)}</td>`;
  return html`<tr data-line="${key}" data-items="${items === null ? '' : String(items)}" data-cents="${String(cents)}"${strong ? html` class="total"` : ''}>${cells}</tr>`;
}

/** A row of close_residue: an item no rule explains, both its sides. */
export interface ResidueRow {
  tieout: string;
  itemId: string | null;
  paymentIds: string | null;
  shopCents: number;
  serviceCents: number;
  differenceCents: number;
}

/** The residue of the night's reconcile run, largest first, at most `limit` rows per tie-out, and how many each has. */
export async function readCloseResidue(db: Db, runId: string, limit: number): Promise<{ rows: ResidueRow[]; totals: Record<string, number> }> {
  const rows = await rowsOf(
    db,
    `SELECT tieout, item_id, payment_ids, shop_cents, service_cents, difference_cents, count(*) OVER (PARTITION BY tieout) AS total
     FROM close_residue WHERE run_id = $run_id
     QUALIFY row_number() OVER (PARTITION BY tieout ORDER BY abs(difference_cents) DESC, item_id NULLS LAST, payment_ids) <= $limit
     ORDER BY tieout, abs(difference_cents) DESC, item_id NULLS LAST, payment_ids`,
    { run_id: runId, limit },
  );
  const totals: Record<string, number> = {};
  for (const r of rows) totals[String(r['tieout'])] = numberOf(r['total']);
  return {
    rows: rows.map((r) => ({
      tieout: String(r['tieout']),
      itemId: textOf(r['item_id']),
      paymentIds: textOf(r['payment_ids']),
      shopCents: numberOf(r['shop_cents']),
      serviceCents: numberOf(r['service_cents']),
      differenceCents: numberOf(r['difference_cents']),
    })),
    totals,
  };
}

/** Where the close's bars lead: the night's findings of a category, and the residue's rows. */
export interface CloseLinks {
  date: string;
  residue?: { rows: ResidueRow[]; totals: Record<string, number> } | undefined;
}

/** The findings table of the night filtered to a category's findings (handlers.ts reads `category`). */
function findingsHref(date: string, category: string): string {
  return `/nights/${date}?category=${encodeURIComponent(category)}#findings-heading`;
}

function residueTable(name: string, title: string, residue: NonNullable<CloseLinks['residue']>, m: Messages): SafeHtml | '' {
  const rows = residue.rows.filter((r) => r.tieout === name);
  if (rows.length === 0) return '';
  const p = m.page.close;
  const head = p.residueHeaders.map((h, i) => (i >= 2 ? html`<th class="num">${h}</th>` : html`<th>${h}</th>`));
  const body = rows.map(
    (r) =>
      html`<tr data-item="${r.itemId ?? ''}" data-cents="${String(r.differenceCents)}"><td>${r.itemId ?? ''}</td><td>${r.paymentIds ?? ''}</td><td class="num">${m.fmt.money(r.shopCents)}</td><td class="num">${m.fmt.money(r.serviceCents)}</td><td class="num">${m.fmt.money(r.differenceCents)}</td></tr>`,
  );
  return html`<table id="close-residue-${name}" class="close"><caption>${p.residueCaption(title, rows.length, residue.totals[name] ?? rows.length)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * A tie-out's rows, in the order the workbook's sheet lists them too: what the shop says, what the service
 * did, their difference, the lines that explain it, and what nothing explains. `period` names the sides
 * for what they sum: the night's day, or the month to date.
 */
export function tieOutRows(name: string, t: TieOutFigures, m: Messages, period: 'day' | 'month' = 'day'): SafeHtml[] {
  const side = period === 'month' ? '.month' : '';
  return [
    closeRow(`${name}.shop${side}`, t.shop.items, t.shop.amount_cents, m),
    closeRow(`${name}.service${side}`, t.service.items, t.service.amount_cents, m),
    closeRow('difference', null, t.difference_cents, m, true),
    ...t.explained.map((l) => closeRow(l.line, l.items, l.amount_cents, m)),
    closeRow('unexplained', t.unexplained.items, t.unexplained.amount_cents, m, true),
  ];
}

/** One tie-out: its verdict, its waterfall and its table, rows keyed for tests and scripts by line (data-line). */
function tieOutTable(name: string, t: TieOut, m: Messages, links?: CloseLinks): SafeHtml {
  const p = m.page.close;
  const title = localizeCloseLine(m, name);
  const verdict = t.closes
    ? html`<p class="close-ok" id="close-${name}-verdict">${p.closes(title)}</p>`
    : html`<p class="notice" id="close-${name}-verdict">${p.doesNotClose(title, m.fmt.money(t.unexplained.amount_cents), t.unexplained.items)}</p>`;
  const rows = tieOutRows(name, t, m);
  // The difference's making, line by line: what explains it, then what does not.
  const steps = [
    // A bar that stands for findings leads to them; timing and the tolerance are no finding, so no link.
    ...t.explained.map((l) => {
      const label = localizeCloseLine(m, l.line);
      const isFinding = links !== undefined && (FINDING_CATEGORIES as readonly string[]).includes(l.line);
      return { key: l.line, label, cents: l.amount_cents, ...(isFinding ? { href: findingsHref(links.date, l.line), linkLabel: p.barLink(label) } : {}) };
    }),
    ...(t.unexplained.items > 0
      ? [
          {
            key: 'unexplained',
            label: localizeCloseLine(m, 'unexplained'),
            cents: t.unexplained.amount_cents,
            href: links?.residue?.rows.some((r) => r.tieout === name) ? `#close-residue-${name}` : undefined,
          },
        ]
      : []),
  ];
  const chart =
    steps.length === 0
      ? ''
      : waterfallChart(steps, { key: 'difference', label: localizeCloseLine(m, 'difference'), cents: t.difference_cents }, m, p.chart(title));
  return html`${verdict}${chart}
<table id="close-${name}" class="close"><caption>${title}</caption><thead><tr><th>${p.line}</th><th class="num">${p.items}</th><th class="num">${p.amount}</th></tr></thead><tbody>${rows}</tbody></table>
${links?.residue === undefined ? '' : residueTable(name, title, links.residue, m)}`;
}

/** `links`: the night whose findings and residue the bars lead to (none: the bars are drawn without links). */
export function closeSection(close: CloseSummary, m: Messages, links?: CloseLinks): SafeHtml {
  const p = m.page.close;
  const tables = TIE_OUTS.flatMap((name) => {
    const t = close[name];
    return t !== undefined && isTieOutShown(t) ? [tieOutTable(name, t, m, links)] : [];
  });
  return html`<h2 id="close-heading">${p.heading}</h2>
${tables}
<p class="muted">${p.explain}</p>`;
}
