// Inline SVG charts rendered on the server: a stacked bar chart with a y axis, x labels, a legend and
// a <title> tooltip per segment. Colours are presentation attributes (allowed by the CSP); every label
// goes through the escaping template.
import { html, type SafeHtml } from './html.ts';
import type { StackedBar } from './chart-data.ts';
import type { Formatter } from '../shared/locale/format.ts';

const PALETTE = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#ea580c',
  '#4f46e5',
  '#0d9488',
  '#9333ea',
  '#b45309',
  '#475569',
];

export interface ChartOptions {
  title: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty: string;
  width?: number;
  height?: number;
  /** Draw a legend of the keys (off for a single series). */
  legend?: boolean;
  /** A key's words in the legend (the key itself unless given). */
  labelOf?: (key: string) => string;
  /** A key's own colour, where the palette's turn would not say what the key means (the forecast's partial days). */
  colours?: Readonly<Record<string, string>>;
  /** The y axis' words for a value (the number itself unless given), and the room they need in px (44). */
  tickLabel?: (value: number) => string;
  axisWidth?: number;
  /** The locale's formatter: a date under a bar as its short day ("27/11"), a count tick with its groups. */
  fmt: Pick<Formatter, 'shortDay' | 'count'>;
}

/** A "nice" axis maximum (1, 2, 5 x 10^n) at or above the value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

function colourOf(keys: readonly string[], key: string): string {
  const index = keys.indexOf(key);
  return PALETTE[(index < 0 ? keys.length : index) % PALETTE.length] ?? '#475569';
}

export function stackedBarChart(bars: readonly StackedBar[], keys: readonly string[], options: ChartOptions): SafeHtml {
  const total = (bar: StackedBar) => bar.segments.reduce((sum, s) => sum + s.value, 0);
  if (bars.length === 0 || bars.every((b) => total(b) === 0)) {
    return html`<figure class="chart"><figcaption>${options.title}</figcaption><p class="muted">${options.empty}</p></figure>`;
  }
  const width = options.width ?? 720;
  const height = options.height ?? 240;
  const margin = { top: 12, right: 12, bottom: 56, left: options.axisWidth ?? 44 };
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const max = niceMax(Math.max(...bars.map(total)));
  const slot = plotW / bars.length;
  const barW = Math.max(2, Math.min(48, slot * 0.7));
  const y = (v: number) => margin.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 2, max].map(
    (t) =>
      html`<g class="tick"><line x1="${margin.left}" x2="${width - margin.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e7eb"/><text x="${margin.left - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#6b7280">${options.tickLabel ? options.tickLabel(t) : Number.isInteger(t) ? options.fmt.count(t) : t.toFixed(1)}</text></g>`,
  );
  // Label every bar when they fit, else every nth so the labels never overlap.
  const every = Math.max(1, Math.ceil(bars.length / Math.max(1, Math.floor(plotW / 64))));
  const columns = bars.map((bar, i) => {
    const x = margin.left + i * slot + (slot - barW) / 2;
    let base = 0;
    const rects = bar.segments.map((s) => {
      const top = y(base + s.value);
      const rect = html`<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barW.toFixed(1)}" height="${(y(base) - top).toFixed(1)}" fill="${options.colours?.[s.key] ?? colourOf(keys, s.key)}"><title>${s.title}</title></rect>`;
      base += s.value;
      return rect;
    });
    const label =
      i % every === 0 || i === bars.length - 1
        ? html`<text x="${(x + barW / 2).toFixed(1)}" y="${height - margin.bottom + 16}" text-anchor="middle" font-size="11" fill="#374151">${shortLabel(bar.label, options.fmt)}</text>`
        : '';
    return html`<g class="bar">${rects}${label}</g>`;
  });
  const legend =
    options.legend === false
      ? ''
      : html`<ul class="legend">${keys.map((k) => html`<li><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${options.colours?.[k] ?? colourOf(keys, k)}"/></svg> ${options.labelOf ? options.labelOf(k) : k}</li>`)}</ul>`;
  return html`<figure class="chart"><figcaption>${options.title}</figcaption><svg viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${options.title}" xmlns="http://www.w3.org/2000/svg">${ticks}${columns}<line x1="${margin.left}" x2="${width - margin.right}" y1="${y(0).toFixed(1)}" y2="${y(0).toFixed(1)}" stroke="#9ca3af"/></svg>${legend}</figure>`;
}

/** Dates show as the locale's short day under a bar to save room (27/11, 11-27); other labels as they are. */
function shortLabel(label: string, fmt: Pick<Formatter, 'shortDay'>): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(label) ? fmt.shortDay(label) : label;
}
