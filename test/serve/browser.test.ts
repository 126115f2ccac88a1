// The page in a real browser: headless Chromium (Debian's package, driven by playwright-core) goes
// from the home page to a night, sorts and filters the findings table, downloads a workbook, and
// leaves a screenshot in test/artifacts/ that must not be blank; at 1366 px in Portuguese, reads what a
// decision needs in the first rows and in a finding's panel (whole reason, both sides, history); then
// acknowledges findings from the panel and a view in bulk, each confirmed by the page after a reload too. Any CSP violation or script error
// fails the test, which is how "no inline script, no CDN" is checked for real.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { optionsFor } from './http.ts';
import { pngFacts } from './png.ts';

const CHROMIUM = process.env['RECON_CHROMIUM'] ?? '/usr/bin/chromium';
const ARTIFACTS = join(process.cwd(), 'test', 'artifacts');
/** Rows per page of the findings table (src/serve/static/table.js). */
const PAGE_SIZE = 50;
const available = existsSync(CHROMIUM);
if (!available) {
  console.warn(
    `browser test skipped: no Chromium at ${CHROMIUM}. Install Debian's package (apt-get install -y chromium, as .ci/run does) or set RECON_CHROMIUM.`,
  );
}

/**
 * The findings table's headers: each one's words, whether it is cut (a cut header showed a stray "." or
 * ".."), and how many lines its words take (with the sort arrow).
 */
function headersOf(page: Page): Promise<{ text: string; cut: boolean; lines: number }[]> {
  return page.$$eval('#findings thead th', (ths) =>
    ths.map((th) => {
      const range = th.ownerDocument.createRange();
      range.selectNodeContents(th.querySelector('button') ?? th);
      const lineHeight = Number.parseFloat(th.ownerDocument.defaultView?.getComputedStyle(th).lineHeight ?? '');
      return {
        text: th.textContent?.trim() ?? '',
        cut: th.scrollWidth > th.clientWidth || th.scrollHeight > th.clientHeight,
        lines: Math.round(range.getBoundingClientRect().height / lineHeight),
      };
    }),
  );
}

describe.skipIf(!available)('recon serve in headless Chromium', () => {
  let run: TwoNights;
  let server: RunningServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    run = await runTwoNights();
    server = await startReportServer(optionsFor(run));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (run) rmSync(run.dir, { recursive: true, force: true });
  });

  /** A page of a pt-BR server in a 1366 px laptop's window; both closed after `work`, whatever it does. */
  async function atLaptopInPortuguese(work: (page: Page, url: string) => Promise<void>): Promise<void> {
    const portuguese = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
    const context = await browser!.newContext({ viewport: { width: 1366, height: 800 } });
    try {
      await work(await context.newPage(), portuguese.url);
    } finally {
      await context.close();
      await portuguese.close();
    }
  }

  it('home -> night -> sort and filter -> download, with a non-blank screenshot', async () => {
    const context = await browser!.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/favicon/.test(message.text())) problems.push(`console: ${message.text()}`);
      });

      await page.goto(`${server.url}/`);
      expect(await page.locator('h1').textContent()).toBe('Nights');
      expect(await page.locator('figure.chart > svg').count()).toBe(3);
      await page.click(`a[href="/nights/${NIGHTS[1]}"]`);
      await page.waitForURL(`**/nights/${NIGHTS[1]}`);
      const rows = page.locator('#findings tbody tr');
      const total = await rows.count();
      expect(total).toBeGreaterThan(5);
      const englishColumns = ['Category', 'Item', 'At stake', 'Reason', 'Customer', 'Age', 'State', 'Assignee', 'Actions'];
      expect(await headersOf(page)).toEqual(englishColumns.map((text) => ({ text, cut: false, lines: 1 })));

      // Sort by the amount at stake: the script reorders rows by the exact cents in data-value.
      const header = page.locator('#findings thead th', { hasText: 'At stake' });
      await header.locator('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      const stakes = () => page.$$eval('#findings tbody tr td.stake', (cells) => cells.map((c) => c.getAttribute('data-value') ?? ''));
      const ascending = (await stakes()).map(BigInt);
      expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      await header.locator('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      const descending = (await stakes()).map(BigInt);
      expect(descending).toEqual([...ascending].reverse());
      expect(descending.length).toBe(total);

      // Filter by category, then by text.
      const category = await page.locator('#findings tbody tr').first().getAttribute('data-category');
      await page.selectOption('#filter-category', category!);
      const expected = await page.locator(`#findings tbody tr[data-category="${category}"]`).count();
      expect(await page.locator('#findings tbody tr:visible').count()).toBe(Math.min(expected, PAGE_SIZE));
      expect(await page.locator('#shown-count').textContent()).toBe(String(expected));
      await page.selectOption('#filter-category', '');
      await page.fill('#filter-text', 'no finding says this');
      expect(await page.locator('#shown-count').textContent()).toBe('0');
      await page.fill('#filter-text', '');
      expect(await page.locator('#findings tbody tr:visible').count()).toBe(Math.min(total, PAGE_SIZE));

      mkdirSync(ARTIFACTS, { recursive: true });
      const shot = join(ARTIFACTS, 'serve-night.png');
      await page.screenshot({ path: shot, fullPage: false });

      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`a[href="/nights/${NIGHTS[1]}/discrepancies.xlsx"]`)]);
      expect(download.suggestedFilename()).toBe(`discrepancies-${NIGHTS[1]}.xlsx`);
      const saved = join(ARTIFACTS, download.suggestedFilename());
      await download.saveAs(saved);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(saved);
      expect(workbook.worksheets.map((w) => w.name)).toContain('Resumo');

      expect(statSync(shot).size).toBeGreaterThan(8 * 1024);
      const facts = pngFacts(readFileSync(shot));
      expect([facts.width, facts.height]).toEqual([1280, 900]);
      expect(facts.distinctBytes).toBeGreaterThan(64);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);
  it('fits a 1366 px laptop in Portuguese: no sideways scroll, one page of rows at a time, the age filter; a reason past two lines opened by a click', async () => {
    await atLaptopInPortuguese(async (page, url) => {
      await page.goto(`${url}/nights/${NIGHTS[1]}`);
      const fit = await page.$eval('#findings', (table) => {
        const box = table.parentElement ?? table;
        return {
          table: table.getBoundingClientRect().width,
          box: box.clientWidth,
          scroll: box.scrollWidth,
          page: table.ownerDocument.documentElement.scrollWidth,
        };
      });
      expect(fit.table).toBeLessThanOrEqual(fit.box);
      expect(fit.scroll).toBeLessThanOrEqual(fit.box);
      expect(fit.page).toBeLessThanOrEqual(1366);
      // Ids are never cut onto a second line: each id cell is one line high.
      const lineHeights = await page.$$eval('#findings tbody tr:not([hidden]) td.id', (cells) =>
        cells.map((c) => c.getBoundingClientRect().height / Number.parseFloat(c.ownerDocument.defaultView?.getComputedStyle(c).lineHeight || '18')),
      );
      expect(Math.max(...lineHeights.filter((h) => Number.isFinite(h)))).toBeLessThan(3);

      // Pages of 20 rows (the night holds more than 20 findings and fewer than 50, the default page).
      const total = await page.locator('#findings tbody tr').count();
      expect(total).toBeGreaterThan(20);
      expect(await page.locator('#pager').isHidden()).toBe(total <= PAGE_SIZE);
      await page.selectOption('#page-size', '20');
      expect(await page.locator('#findings tbody tr:visible').count()).toBe(20);
      expect(await page.locator('#page-label').textContent()).toBe(`linhas 1–20 de ${total}`);
      await page.click('#page-next');
      expect(await page.locator('#page-label').textContent()).toBe(`linhas 21–${Math.min(40, total)} de ${total}`);
      expect(await page.locator('#findings tbody tr:visible').count()).toBe(Math.min(20, total - 20));
      expect(await page.locator('#page-next').isDisabled()).toBe(total <= 40);

      // Open for more than 7 days: only unresolved findings first seen more than 7 days before the night.
      await page.selectOption('#filter-age', '7');
      const old = await page.$$eval(
        '#findings tbody tr',
        (trs) => trs.filter((tr) => tr.getAttribute('data-state') !== 'resolved' && Number(tr.getAttribute('data-age')) > 7).length,
      );
      expect(await page.locator('#shown-count').textContent()).toBe(String(old));
      await page.selectOption('#filter-age', '');

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'serve-night-1366.png'), fullPage: false });

      // At 1366 px this night's reasons fit their two lines; on a narrower window some run longer: the
      // first of them, on a page that shows every row.
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.selectOption('#page-size', '200');
      const longer = await page.$$eval('#findings tbody tr:not([hidden]) td.reason .clamp', (spans) =>
        spans.findIndex((s) => s.scrollHeight > s.clientHeight + 1),
      );
      expect(longer).toBeGreaterThanOrEqual(0);
      const reason = page.locator('#findings tbody tr:visible td.reason').nth(longer);
      // Two lines of the reason show without a click (a long one is cut there), the whole of it on a click.
      const linesOf = () =>
        reason.locator('.clamp').evaluate((el) => {
          const style = el.ownerDocument.defaultView?.getComputedStyle(el);
          const line = Number.parseFloat(style?.lineHeight ?? '') || 1.2 * Number.parseFloat(style?.fontSize ?? '13');
          return { lines: el.getBoundingClientRect().height / line, whole: el.scrollHeight / line };
        });
      const shown = await linesOf();
      expect(shown.lines).toBeGreaterThan(1.5);
      expect(shown.lines).toBeLessThan(2.5);
      expect(shown.whole).toBeGreaterThan(2.5);
      const closed = (await reason.boundingBox())?.height ?? 0;
      expect(await reason.getAttribute('title')).toBe(await reason.textContent());
      await reason.click();
      expect(await reason.getAttribute('class')).toContain('open');
      expect((await reason.boundingBox())?.height ?? 0).toBeGreaterThan(closed);
      expect((await linesOf()).lines).toBeGreaterThan(2.5);
    });
  }, 30_000);

  it("opens on the day's close at 1366 px in Portuguese: a waterfall of the difference whose bars are summary.json's lines", async () => {
    await atLaptopInPortuguese(async (page, url) => {
      await page.goto(`${url}/nights/${NIGHTS[1]}`);
      type Line = { items: number; amount_cents: number };
      const { close } = JSON.parse(readFileSync(join(run.config.reports.outDir, NIGHTS[1], 'summary.json'), 'utf8')) as {
        close: { sales: { difference_cents: number; explained: (Line & { line: string })[]; unexplained: Line } };
      };
      const sales = close.sales;
      expect(sales.explained.length).toBeGreaterThan(0);
      // The heading sits above the downloads, in the first screen.
      const heading = await page.$eval('#close-heading', (h) => ({ text: h.textContent, top: h.getBoundingClientRect().top }));
      expect(heading.text).toBe('Fechamento');
      expect(heading.top).toBeLessThan(800);
      const bars = await page.$$eval('#close-sales-verdict + figure.close-chart g.step', (steps) =>
        steps.map((g) => {
          const rect = g.querySelector('rect')!.getBoundingClientRect();
          return {
            line: g.getAttribute('data-line'),
            cents: Number(g.getAttribute('data-cents')),
            label: g.querySelector('text')?.textContent,
            width: rect.width,
            right: rect.right,
          };
        }),
      );
      const expected = [
        ...sales.explained.map((l) => ({ line: l.line, cents: l.amount_cents })),
        ...(sales.unexplained.items > 0 ? [{ line: 'unexplained', cents: sales.unexplained.amount_cents }] : []),
        { line: 'difference', cents: sales.difference_cents },
      ];
      expect(bars.map(({ line, cents }) => ({ line, cents }))).toEqual(expected);
      // Every bar is drawn and inside the page; its words are the locale's, never the key.
      for (const b of bars) {
        expect(b.width).toBeGreaterThanOrEqual(1);
        expect(b.right).toBeLessThanOrEqual(1366);
        expect(b.label).not.toBe(b.line);
      }
      expect(await page.$eval('#close-heading', (h) => h.ownerDocument.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
      // A bar that stands for findings opens them: clicked, the page shows that category's findings alone.
      const category = sales.explained.map((l) => l.line).find((l) => l !== 'other_day' && l !== 'tolerance');
      expect(category).toBeDefined();
      await Promise.all([
        page.waitForURL(`**/nights/${NIGHTS[1]}?category=${category}#findings-heading`),
        page.click(`figure.close-chart a g.step[data-line="${category}"] rect`),
      ]);
      const shown = await page.$$eval('#findings tbody tr', (rows) => [...new Set(rows.map((r) => r.getAttribute('data-category')))]);
      expect(shown).toEqual([category]);
    });
  });

  it('shows what a decision needs at 1366 px in Portuguese: reason and amount in the first rows, new tonight first, a panel with the whole reason, both sides and the history, an acknowledgement confirmed after a reload', async () => {
    const problems: string[] = [];
    await atLaptopInPortuguese(async (page, url) => {
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.goto(`${url}/nights/${NIGHTS[1]}`);
      // The columns a decision needs, in the catalogue's words, each whole on one line with its sort arrow:
      // none cut (a cut header showed a stray "." or "..") nor broken inside a word.
      const headers = await headersOf(page);
      const shownColumns = ['Categoria', 'Item', 'Em jogo', 'Motivo', 'Cliente', 'Idade', 'Situação', 'Responsável', 'Ações'];
      expect(headers).toEqual(shownColumns.map((text) => ({ text, cut: false, lines: 1 })));

      // The first rows, as the table comes into view: reason and amount at stake there without a click or a sideways scroll.
      await page.$eval('#findings', (table) => table.scrollIntoView());
      const firstRows = await page.$$eval('#findings tbody tr', (trs) =>
        trs.slice(0, 5).map((tr) => {
          const view = tr.ownerDocument.defaultView;
          const inView = (el: { getBoundingClientRect(): { left: number; right: number; top: number; bottom: number } } | null) => {
            const box = el?.getBoundingClientRect();
            return box !== undefined && view !== null && box.left >= 0 && box.right <= view.innerWidth && box.top >= 0 && box.bottom <= view.innerHeight;
          };
          const stake = tr.querySelector('td.stake');
          const reason = tr.querySelector('td.reason');
          return {
            stake: stake?.textContent ?? '',
            stakeWhole: stake !== null && stake.scrollWidth <= stake.clientWidth,
            reasonWidth: reason?.getBoundingClientRect().width ?? 0,
            inView: inView(stake) && inView(reason?.querySelector('.clamp') ?? null),
          };
        }),
      );
      expect(firstRows.length).toBe(5);
      for (const row of firstRows) {
        expect(row.stake).toMatch(/^R\$ [\d.]+,\d\d$/);
        expect(row.stakeWhole).toBe(true);
        // About 60 characters a line: two lines say most of a reason.
        expect(row.reasonWidth).toBeGreaterThan(300);
        expect(row.inView).toBe(true);
      }

      // New tonight first, then the most money at stake; the night holds findings of both kinds.
      const order = await page.$$eval('#findings tbody tr', (trs) =>
        trs.map((tr) => ({
          isNew: tr.getAttribute('data-lifecycle') === 'new',
          stake: BigInt(tr.querySelector('td.stake')?.getAttribute('data-value') ?? '0'),
        })),
      );
      expect(new Set(order.map((o) => o.isNew))).toEqual(new Set([true, false]));
      const defaultOrder = [...order].sort((a, b) => Number(b.isNew) - Number(a.isNew) || (a.stake === b.stake ? 0 : a.stake > b.stake ? -1 : 1));
      expect(order).toEqual(defaultOrder);

      // Sorted by category, the rows follow the Portuguese labels shown, not the English keys.
      await page.locator('#findings thead th', { hasText: 'Categoria' }).locator('button').click();
      const byCategory = await page.$$eval('#findings tbody tr', (trs) =>
        trs.map((tr) => ({ key: tr.getAttribute('data-category') ?? '', label: tr.querySelector('td.cat')?.textContent ?? '' })),
      );
      const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
      const labels = byCategory.map((r) => r.label);
      expect(labels).toEqual([...labels].sort(collator.compare));
      const keys = byCategory.map((r) => r.key);
      expect(keys).not.toEqual([...keys].sort());

      // The panel of a finding with both sides: the whole reason, the amount at stake, each side's amount and date, the history.
      await page.reload();
      const row = page.locator('#findings tbody tr[data-category="amount_mismatch"]').first();
      const key = (await row.getAttribute('data-key'))!;
      const reason = (await row.locator('td.reason').getAttribute('title'))!;
      const stake = (await row.locator('td.stake').textContent())!;
      const firstNight = (await row.locator('td[data-value]').last().getAttribute('title'))!;
      await row.locator('td.act a').click();
      await page.waitForSelector('#finding-panel');
      expect(await page.locator('#finding-panel').getAttribute('data-key')).toBe(key);
      expect(await page.locator('#finding-reason').textContent()).toBe(`Motivo: ${reason}`);
      const facts = () =>
        page.$$eval('#finding-facts dt', (dts) => Object.fromEntries(dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''])));
      const shown = await facts();
      expect(shown['Em jogo']).toBe(stake);
      const sideSaid = /^\S+ · R\$ [\d.]+,\d\d em \d\d\/\d\d\/\d{4} \d\d:\d\d · \S+/;
      expect(shown['Pedido']).toMatch(sideSaid);
      expect(shown['Pagamento']).toMatch(sideSaid);
      expect(shown['Diferença']).toMatch(/^[+-]R\$ [\d.]+,\d\d$/);
      const history = () => page.$$eval('#finding-history li', (lis) => lis.map((li) => `${li.getAttribute('data-action')}: ${li.textContent}`));
      expect(await history()).toEqual([`first-seen: vista pela primeira vez na noite de ${firstNight}`]);

      // Acknowledged from the panel: the page says so, the row and the history change, and a reload keeps all three.
      await page.fill('#actor', 'Helena');
      await page.fill('#note', 'conferido com o extrato');
      await Promise.all([page.waitForURL(/done=ack/), page.click('#do-ack')]);
      const acknowledged = [
        `first-seen: vista pela primeira vez na noite de ${firstNight}`,
        expect.stringMatching(/^ack: \d\d\/\d\d\/\d{4} \d\d:\d\d Helena reconheceu: conferido com o extrato$/),
      ];
      for (const load of ['after the action', 'after a reload']) {
        if (load === 'after a reload') await page.reload();
        expect(await page.locator('#action-done').textContent()).toBe('1 divergência reconhecida, nota: conferido com o extrato');
        expect(await page.locator(`#findings tbody tr[data-key="${key}"] td.state`).textContent()).toBe('ciente');
        expect(await history()).toEqual(acknowledged);
        expect((await facts())['Situação']).toBe('ciente');
      }
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.locator('#finding-panel').screenshot({ path: join(ARTIFACTS, 'serve-panel-1366.png') });
      expect(problems).toEqual([]);
    });
  }, 30_000);

  it("acknowledges a finding from the page: its panel, a name and a note, and the row's state changes", async () => {
    const context = await browser!.newContext({ viewport: { width: 1366, height: 800 } });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.goto(`${server.url}/nights/${NIGHTS[1]}`);
      const row = page.locator('#findings tbody tr[data-state="new"]').first();
      const key = (await row.getAttribute('data-key'))!;
      expect(await row.locator('td.state').textContent()).toBe('new');
      await row.locator('td.act a').click();
      await page.waitForSelector('#finding-panel');
      expect(await page.locator('#finding-panel').getAttribute('data-key')).toBe(key);
      await page.fill('#actor', 'Beatriz');
      await page.fill('#note', 'credit note 88 issued');
      await page.click('#do-ack');
      await page.waitForSelector('#finding-panel dd:has-text("credit note 88 issued")');
      const acknowledged = page.locator(`#findings tbody tr[data-key="${key}"]`);
      expect(await acknowledged.getAttribute('data-state')).toBe('acknowledged');
      expect(await acknowledged.locator('td.state').textContent()).toBe('acknowledged');
      // The name is remembered: the next panel has it already.
      expect(await page.inputValue('#actor')).toBe('Beatriz');
      // The page says what was done, and a reload (the redirect's address) says it again, the row still acknowledged.
      expect(await page.locator('#action-done').textContent()).toBe('1 finding acknowledged, note: credit note 88 issued');
      await page.reload();
      expect(await page.locator('#action-done').textContent()).toBe('1 finding acknowledged, note: credit note 88 issued');
      expect(await acknowledged.getAttribute('data-state')).toBe('acknowledged');
      const fit = await page.$eval('#findings', (table) => table.ownerDocument.documentElement.scrollWidth);
      expect(fit).toBeLessThanOrEqual(1366);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'serve-night-actions.png'), fullPage: false });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);

  it('acknowledges a view in bulk: refused without a note; with one, the form and the browser state the count and the amount at stake, then the page says what was done', async () => {
    const context = await browser!.newContext({ viewport: { width: 1366, height: 800 } });
    const problems: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await page.goto(`${server.url}/nights/${NIGHTS[1]}?view=new`);
      const stake = page.locator('#bulk-stake');
      const count = Number(await stake.getAttribute('data-count'));
      // The view's new findings but the one acknowledged above: one or more.
      expect(count).toBeGreaterThan(0);
      const findings = count === 1 ? '1 finding' : `${count} findings`;
      const said = (await stake.textContent()) ?? '';
      expect(said).toMatch(new RegExp(`^${findings}, R\\$ [\\d,]+\\.\\d\\d at stake\\.`));
      const amount = /R\$ [\d,]+\.\d\d/.exec(said)![0];
      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.accept();
      });
      await page.fill('#bulk-actor', 'Dora');
      // Without a note the browser refuses to send the form: no question, nothing done, the page stays.
      const before = page.url();
      await page.click('#bulk-ack');
      expect(await page.locator('#bulk-note:invalid').count()).toBe(1);
      expect(asked).toEqual([]);
      expect(page.url()).toBe(before);
      expect(await page.locator('#action-done').count()).toBe(0);
      await page.fill('#bulk-note', 'checked against the statement');
      await Promise.all([page.waitForURL(/done=ack/), page.click('#bulk-ack')]);
      const shown = count === 1 ? 'the finding shown' : `the ${count} findings shown`;
      expect(asked).toEqual([`Acknowledge ${shown} (${amount} at stake)? Each gets the note.`]);
      const done = `${findings} acknowledged, note: checked against the statement`;
      expect(await page.locator('#action-done').textContent()).toBe(done);
      await page.reload();
      expect(await page.locator('#action-done').textContent()).toBe(done);
      expect(await page.locator('#bulk-form').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 30_000);
});
