// `npm run screenshots [-- --out DIR]`: pictures of what finance sees after `npm start`, to look at
// by eye: the page in headless Chromium at a 1366 px laptop width, in reports.locale (home, the latest
// night, its findings table as a reader reaches it and filtered to one category, the panel of the table's
// first finding, whole and alone) and every workbook of that night rendered by
// LibreOffice (PDF, then one PNG per page with pdftoppm). The night runs on the built-in sandbox in a temporary folder, so the
// user's own data/ is left alone. Needs Debian's chromium, libreoffice-calc and poppler-utils (.ci/run
// installs them when missing); a missing one is named with the package to install.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { SANDBOX_ZONE } from '../jobs/sandbox-config.ts';
import { REPORT_CATALOG } from '../reports/index.ts';
import { sandboxPaths } from '../src/cli/commands/serve.ts';
import { parseConfig } from '../src/config/load.ts';
import { startReportServer } from '../src/serve/server.ts';
import { systemClock } from '../src/shared/clock.ts';
import { silentLogger } from '../src/shared/log.ts';

const CHROMIUM = process.env['RECON_CHROMIUM'] ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1366, height: 900 };
// The first pages of each workbook's PDF are enough to judge it; the category sheets run to dozens.
const PAGES_PER_WORKBOOK = 4;
const outIndex = process.argv.indexOf('--out');
const out = resolve(outIndex > 0 ? (process.argv[outIndex + 1] ?? 'screenshots') : 'screenshots');

/** Fails with the Debian package to install when a program the pictures need is missing. */
function requireProgram(path: string, pkg: string): void {
  const found = path.startsWith('/') ? existsSync(path) : spawnSync('sh', ['-c', `command -v ${path}`]).status === 0;
  if (!found) throw new Error(`${path} is missing: apt-get install -y ${pkg} (as .ci/run does)`);
}

/** Runs a command to its end; fails with its output when it does not succeed. */
function runToEnd(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: 300_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}${result.stdout}`);
}

/** The page: home, the night, its findings table, the table filtered to the category of its first row, a finding's panel. */
async function shootPage(url: string, date: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    const shots: string[] = [];
    const shoot = async (name: string) => {
      const path = join(out, `page-${name}.png`);
      await page.screenshot({ path, fullPage: true });
      shots.push(path);
    };
    await page.goto(`${url}/`);
    await shoot('home');
    await page.goto(`${url}/nights/${date}`);
    await shoot('night');
    // The table as a reader reaches it: its first rows in one laptop screen, as they are (not the whole page).
    await page.$eval('#findings-heading', (heading) => heading.scrollIntoView());
    const table = join(out, 'page-findings-table.png');
    await page.screenshot({ path: table });
    shots.push(table);
    const category = await page.locator('#findings tbody tr').first().getAttribute('data-category');
    if (category !== null && (await page.locator('#filter-category').count()) > 0) {
      await page.selectOption('#filter-category', category);
      await shoot('night-filtered');
    }
    // The first finding's panel (new tonight, the most at stake), as "work" on its row opens it (only looked at: nothing is posted).
    if ((await page.locator('#filter-category').count()) > 0) await page.selectOption('#filter-category', '');
    const work = page.locator('#findings tbody tr:visible td.act a').first();
    if ((await work.count()) > 0) {
      await work.click();
      await page.waitForSelector('#finding-panel');
      await shoot('night-finding');
      const panel = join(out, 'page-finding-panel.png');
      await page.locator('#finding-panel').screenshot({ path: panel });
      shots.push(panel);
    }
    return shots;
  } finally {
    await browser.close();
  }
}

/** Every workbook of the night as PNG pages, through LibreOffice's PDF export. */
function shootWorkbooks(reportsDir: string, work: string): string[] {
  const workbooks = readdirSync(reportsDir).filter((name) => name.endsWith('.xlsx'));
  const pdfDir = join(work, 'pdf');
  mkdirSync(pdfDir, { recursive: true });
  // A profile of its own: LibreOffice refuses to start while another instance holds the default one.
  const profile = `-env:UserInstallation=file://${join(work, 'lo-profile')}`;
  runToEnd('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', pdfDir, ...workbooks.map((name) => join(reportsDir, name))], work);
  const shots: string[] = [];
  for (const name of workbooks) {
    const stem = name.replace(/\.xlsx$/, '');
    runToEnd('pdftoppm', ['-png', '-r', '70', '-l', String(PAGES_PER_WORKBOOK), join(pdfDir, `${stem}.pdf`), join(out, `workbook-${stem}`)], work);
    shots.push(...readdirSync(out).filter((file) => file.startsWith(`workbook-${stem}`)));
  }
  return shots.map((file) => join(out, file));
}

requireProgram(CHROMIUM, 'chromium');
requireProgram('soffice', 'libreoffice-calc');
requireProgram('pdftoppm', 'poppler-utils');
const work = mkdtempSync(join(tmpdir(), 'recon-screenshots-'));
try {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  process.stderr.write(`screenshots: running the sandbox night in ${work}\n`);
  runToEnd(process.execPath, [resolve('bin/recon.js'), 'run', 'nightly', '--sandbox'], work);
  const paths = sandboxPaths(undefined, work);
  const dates = readdirSync(paths.reportsDir).sort();
  const date = dates.at(-1);
  if (date === undefined) throw new Error(`the sandbox night wrote no reports under ${paths.reportsDir}`);
  const server = await startReportServer({
    ...paths,
    warehouseResources: parseConfig({}, 'screenshots').warehouse,
    catalog: REPORT_CATALOG,
    locale: parseConfig({}, 'screenshots').reports.locale,
    zone: SANDBOX_ZONE,
    maskDocuments: true,
    host: '127.0.0.1',
    port: 0,
    token: undefined,
    clock: systemClock,
    logger: silentLogger,
    slaDays: parseConfig({}, 'screenshots').reconcile.slaDays,
    fileMode: parseConfig({}, 'screenshots').warehouse.fileMode,
  });
  const shots: string[] = [];
  try {
    shots.push(...(await shootPage(server.url, date)));
  } finally {
    await server.close();
  }
  shots.push(...shootWorkbooks(join(paths.reportsDir, date), work));
  process.stdout.write(`screenshots of the night of ${date}:\n${shots.map((shot) => `  ${shot}`).join('\n')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
