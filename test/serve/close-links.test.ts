// The close's waterfall leads to the rows behind its bars: a bar that stands for findings links to the
// night's findings table filtered to that category, which the server answers with that category's rows
// only; the "unexplained" bar links to the residue's rows, listed under its tie-out. Timing and the
// tolerance are no finding and link nowhere. On the serve tests' sandbox night, and on a close with a
// residue rendered as the page renders it.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSection } from '../../src/serve/close-section.ts';
import { startReportServer } from '../../src/serve/server.ts';
import { TIE_OUTS, type TieOut } from '../../src/shared/close.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { get, optionsFor } from './http.ts';

const NIGHT = NIGHTS[1];

/** Each bar of the page's charts as [line, href or ''], in order. */
function barsOf(page: string): [string, string][] {
  return [...page.matchAll(/(?:<a href="([^"]*)"[^>]*>)?<g class="step" data-line="([^"]+)"/g)].map(([, href, line]) => [
    line!,
    (href ?? '').replace(/&amp;/g, '&'),
  ]);
}

describe('a close with a residue', () => {
  const line = (items: number, amount_cents: number) => ({ items, amount_cents });
  const close = {
    sales: {
      shop: line(3, 30000),
      service: line(3, 35010),
      difference_cents: 5010,
      explained: [
        { line: 'unmatched_payment', ...line(1, 5000) },
        { line: 'other_day', ...line(1, 20) },
        { line: 'tolerance', ...line(1, -10) },
      ],
      unexplained: line(0, 0),
      closes: true,
    },
    refunds: {
      shop: line(0, 0),
      service: line(1, 4200),
      difference_cents: 4200,
      explained: [],
      unexplained: line(1, 4200),
      closes: false,
    },
  };
  const residue = {
    rows: [{ tieout: 'refunds', itemId: 'X-9', paymentIds: 't77', shopCents: 0, serviceCents: 4200, differenceCents: 4200 }],
    totals: { refunds: 1 },
  };
  const page = String(closeSection(close, messagesFor('pt-BR'), { date: '2026-03-11', residue }));

  it.each([
    ['unmatched_payment', '/nights/2026-03-11?category=unmatched_payment#findings-heading'],
    ['other_day', ''],
    ['tolerance', ''],
    ['unexplained', '#close-residue-refunds'],
  ])('the %s bar leads to %s', (key, href) => {
    expect(barsOf(page).filter(([l]) => l === key)).toEqual([[key, href]]);
  });

  it("lists the residue's rows under their tie-out, with both sides", () => {
    const table = /<table id="close-residue-refunds"[\s\S]*?<\/table>/.exec(page)?.[0] ?? '';
    expect([...table.matchAll(/<tr data-item="([^"]*)" data-cents="(-?\d+)"><td>[^<]*<\/td><td>([^<]*)<\/td>/g)].map((r) => r.slice(1))).toEqual([
      ['X-9', '4200', 't77'],
    ]);
    expect(table).toContain('R$ 42,00');
    expect(page).not.toContain('close-residue-sales');
  });
});

describe("the sandbox night's bars", () => {
  let run: TwoNights;
  let server: Awaited<ReturnType<typeof startReportServer>>;
  /** The night's page, unfiltered. */
  let page: string;
  beforeAll(async () => {
    run = await runTwoNights();
    server = await startReportServer(optionsFor(run));
    page = (await get(server.url, `/nights/${NIGHT}`)).text;
  }, 240_000);
  afterAll(async () => {
    await server.close();
    rmSync(run.dir, { recursive: true, force: true });
  });

  const rowsOf = (page: string) => [...page.matchAll(/<tr data-category="([^"]+)"/g)].map((r) => r[1]!);

  it("links every bar of a finding category to that category's findings, and the server shows only them", async () => {
    const all = rowsOf(page);
    const bars = barsOf(page);
    const categoryBars = bars.filter(([l]) => (FINDING_CATEGORIES as readonly string[]).includes(l));
    expect(categoryBars.length).toBeGreaterThan(0);
    for (const [l, href] of bars) if (!categoryBars.some(([c]) => c === l)) expect(href, l).toBe('');
    for (const [category, href] of categoryBars) {
      expect(href).toBe(`/nights/${NIGHT}?category=${category}#findings-heading`);
      const filtered = (await get(server.url, href.slice(0, href.indexOf('#')))).text;
      const rows = rowsOf(filtered);
      // Only that category, every row of it the whole table has.
      expect(rows.length, category).toBe(all.filter((c) => c === category).length);
      expect(new Set(rows), category).toEqual(new Set([category]));
      expect(filtered).toContain(`<option value="${category}" selected>`);
      expect(filtered).toContain('id="category-only"');
    }
  });

  it('leads the unexplained bar of a night with a residue to its rows, which add up to the unexplained', async () => {
    const night = NIGHTS[0];
    const { close } = JSON.parse(readFileSync(join(run.config.reports.outDir, night, 'summary.json'), 'utf8')) as { close: Record<string, TieOut> };
    const left = TIE_OUTS.filter((name) => close[name]!.unexplained.items > 0);
    // The serve tests' first night leaves refunds that no rule explains: the residue this shows.
    expect(left.length).toBeGreaterThan(0);
    const first = (await get(server.url, `/nights/${night}`)).text;
    for (const name of left) {
      const figure = new RegExp(`<p[^>]*id="close-${name}-verdict"[\\s\\S]*?</figure>`).exec(first)?.[0] ?? '';
      expect(
        barsOf(figure).filter(([l]) => l === 'unexplained'),
        name,
      ).toEqual([['unexplained', `#close-residue-${name}`]]);
      const table = new RegExp(`<table id="close-residue-${name}"[\\s\\S]*?</table>`).exec(first)?.[0] ?? '';
      const cents = [...table.matchAll(/<tr data-item="[^"]*" data-cents="(-?\d+)"/g)].map((r) => Number(r[1]));
      expect(cents.length, name).toBe(close[name]!.unexplained.items);
      expect(
        cents.reduce((a, b) => a + b, 0),
        name,
      ).toBe(close[name]!.unexplained.amount_cents);
    }
  });

  it.each(['nope', 'amount_mismatch%27'])('a category the page does not know (%s) shows every finding', async (category) => {
    const asked = (await get(server.url, `/nights/${NIGHT}?category=${category}`)).text;
    expect(rowsOf(asked)).toEqual(rowsOf(page));
    expect(asked).not.toContain('id="category-only"');
  });
});
