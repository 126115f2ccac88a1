// The page in a real browser: headless Chromium (Debian's package, driven by playwright-core) goes
// from the home page to a night, sorts and filters the findings table, downloads a workbook, and
// leaves a screenshot in test/artifacts/ that must not be blank; then acknowledges a finding by clicking
// and a view in bulk, each confirmed by the page after a reload too. Any CSP violation or script error
// fails the test, which is how "no inline script, no CDN" is checked for real.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { chromium, type Browser } from 'playwright-core';
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

      // Sort by Difference: the script reorders rows by the exact cents in data-value.
      const differences = () => page.$$eval('#findings tbody tr td:nth-child(9)', (cells) => cells.map((c) => c.getAttribute('data-value') ?? ''));
      const header = page.locator('#findings thead th', { hasText: 'Payment amount' });
      await header.locator('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      const payments = () => page.$$eval('#findings tbody tr td:nth-child(8)', (cells) => cells.map((c) => c.getAttribute('data-value') ?? ''));
      const ascending = (await payments()).filter((v) => v !== '').map(BigInt);
      expect(ascending).toEqual([...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      await header.locator('button').click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      const descending = (await payments()).filter((v) => v !== '').map(BigInt);
      expect(descending).toEqual([...ascending].reverse());
      expect((await differences()).length).toBe(total);

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
  it('fits a 1366 px laptop in Portuguese: no sideways scroll, one page of rows at a time, the age filter, a reason opened by a click', async () => {
    const portuguese = await startReportServer(optionsFor(run, { locale: 'pt-BR' }));
    const context = await browser!.newContext({ viewport: { width: 1366, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${portuguese.url}/nights/${NIGHTS[1]}`);
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

      const reason = page.locator('#findings tbody tr:visible td.reason').first();
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

      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'serve-night-1366.png'), fullPage: false });
    } finally {
      await context.close();
      await portuguese.close();
    }
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
      expect(await row.locator('td').nth(1).textContent()).toBe('new');
      await row.locator('td.act a').click();
      await page.waitForSelector('#finding-panel');
      expect(await page.locator('#finding-panel').getAttribute('data-key')).toBe(key);
      await page.fill('#actor', 'Beatriz');
      await page.fill('#note', 'credit note 88 issued');
      await page.click('#do-ack');
      await page.waitForSelector('#finding-panel dd:has-text("credit note 88 issued")');
      const acknowledged = page.locator(`#findings tbody tr[data-key="${key}"]`);
      expect(await acknowledged.getAttribute('data-state')).toBe('acknowledged');
      expect(await acknowledged.locator('td').nth(1).textContent()).toBe('acknowledged');
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

  it('acknowledges a view in bulk: the form and the browser state the count and the amount at stake, then the page says what was done', async () => {
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
