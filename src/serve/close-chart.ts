// The close's waterfall (close-section.ts): how the difference between the shop and the service of a
// tie-out is made up, one floating bar per line from zero to the difference, so a person sees which
// lines carry it and whether anything is left unexplained. Horizontal, so the lines' words fit at
// 1366 px; an inline SVG whose colours are presentation attributes (the page's CSP allows them).
import type { Messages } from '../shared/locale/index.ts';
import { html, type SafeHtml } from './html.ts';

/** One bar: the line's key (data-line), its words and the cents it adds to the difference. */
export interface WaterfallStep {
  key: string;
  label: string;
  cents: number;
  /** Where the bar leads: the rows it stands for (the findings of its category, the residue's rows). */
  href?: string | undefined;
  /** The link's words for a screen reader and the tooltip. */
  linkLabel?: string | undefined;
}

const ROW = 26;
const LABEL_W = 250;
const VALUE_W = 110;
const WIDTH = 720;
const COLOURS = { up: '#2563eb', down: '#d97706', unexplained: '#b91c1c', total: '#374151' } as const;

/**
 * Steps from zero, then the total (the difference) as a bar of its own from zero. The scale spans the
 * lowest and highest running sums, so a small line next to a large one still shows.
 */
export function waterfallChart(steps: readonly WaterfallStep[], total: WaterfallStep, m: Messages, caption: string): SafeHtml {
  const plotW = WIDTH - LABEL_W - VALUE_W;
  let running = 0;
  const spans = steps.map((s) => {
    const from = running;
    running += s.cents;
    return { step: s, from, to: running };
  });
  const all = [0, total.cents, ...spans.flatMap((s) => [s.from, s.to])];
  const [lo, hi] = [Math.min(...all), Math.max(...all)];
  const scale = (v: number) => LABEL_W + (hi === lo ? 0 : ((v - lo) / (hi - lo)) * plotW);
  const bar = (s: WaterfallStep, from: number, to: number, i: number, colour: string) => {
    const [x1, x2] = [scale(Math.min(from, to)), scale(Math.max(from, to))];
    const y = i * ROW + 4;
    const step = html`<g class="step" data-line="${s.key}" data-cents="${String(s.cents)}"><text x="${LABEL_W - 8}" y="${y + 13}" text-anchor="end" font-size="12" fill="#374151">${s.label}</text><rect x="${x1.toFixed(1)}" y="${y}" width="${Math.max(2, x2 - x1).toFixed(1)}" height="${ROW - 8}" fill="${colour}"><title>${s.label}: ${m.fmt.money(s.cents)}</title></rect><text x="${WIDTH - 4}" y="${y + 13}" text-anchor="end" font-size="12" fill="#374151">${m.fmt.money(s.cents)}</text></g>`;
    return s.href === undefined ? step : html`<a href="${s.href}" aria-label="${s.linkLabel ?? s.label}">${step}</a>`;
  };
  const rows = spans.map(({ step, from, to }, i) =>
    bar(step, from, to, i, step.key === 'unexplained' ? COLOURS.unexplained : step.cents >= 0 ? COLOURS.up : COLOURS.down),
  );
  const height = (steps.length + 1) * ROW + 4;
  const zero = scale(0).toFixed(1);
  return html`<figure class="chart close-chart"><figcaption>${caption}</figcaption><svg viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-label="${caption}" xmlns="http://www.w3.org/2000/svg"><line x1="${zero}" x2="${zero}" y1="0" y2="${height}" stroke="#9ca3af"/>${rows}${bar(total, 0, total.cents, steps.length, COLOURS.total)}</svg></figure>`;
}
