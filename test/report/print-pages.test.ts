// Every workbook of a sandbox night printed as the accountant prints it: LibreOffice renders each one to
// PDF (its print areas, scales, headers and footers), and poppler reads back how many pages it came to
// and how small its text got. Bounds: no workbook over 20 pages (the per-installment sheet prints its
// totals, not its lines) and no word under 8 pt. One night (the serve tests' shared one), one soffice run.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIGHTS, runTwoNights, type TwoNights } from '../serve/fixture.ts';

const NIGHT = NIGHTS[1];
const MAX_PAGES = 20;
const MIN_POINTS = 8;
/** The calibration workbook: one word at 11 pt, unscaled, in the font the reports use. */
const CALIBRATION = 'calibration';
const CALIBRATION_POINTS = 11;

const hasSoffice = spawnSync('sh', ['-c', 'command -v soffice']).status === 0;

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 180_000 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return result.stdout;
}

/** Heights of the words' boxes on every page, in points (pdftotext -bbox: yMin and yMax of each word). */
function wordHeights(pdf: string): number[] {
  const text = run('pdftotext', ['-bbox', pdf, '-']);
  return [...text.matchAll(/<word [^>]*yMin="([\d.]+)"[^>]*yMax="([\d.]+)"/g)].map((m) => Number(m[2]) - Number(m[1]));
}

// Skipped only where LibreOffice is not installed (.ci/run installs it, with poppler-utils and Calibri's
// metric twin Carlito, fonts-crosextra-carlito, which makes LibreOffice's widths Excel's).
const title = hasSoffice
  ? 'printed workbooks of a sandbox night'
  : 'printed workbooks of a sandbox night (skipped: soffice is not installed; apt-get install libreoffice-calc, as .ci/run does)';
describe.skipIf(!hasSoffice)(title, () => {
  let nights: TwoNights;
  let pdfDir: string;
  /** Word box height per point of font size, measured on the calibration workbook. */
  let heightPerPoint: number;

  beforeAll(async () => {
    nights = await runTwoNights();
    const reports = join(nights.config.reports.outDir, NIGHT);
    pdfDir = join(nights.dir, 'pdf');
    const calibration = new ExcelJS.Workbook();
    const cell = calibration.addWorksheet('a').getCell('A1');
    cell.value = 'Calibração';
    cell.font = { name: 'Calibri', family: 2, size: CALIBRATION_POINTS };
    await calibration.xlsx.writeFile(join(nights.dir, `${CALIBRATION}.xlsx`));
    const workbooks = readdirSync(reports).filter((name) => name.endsWith('.xlsx'));
    // A profile of its own: LibreOffice refuses to start while another instance holds the default one.
    const profile = `-env:UserInstallation=file://${join(nights.dir, 'lo-profile')}`;
    run('soffice', [
      profile,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      pdfDir,
      join(nights.dir, `${CALIBRATION}.xlsx`),
      ...workbooks.map((w) => join(reports, w)),
    ]);
    const [height] = wordHeights(join(pdfDir, `${CALIBRATION}.pdf`));
    heightPerPoint = (height ?? 0) / CALIBRATION_POINTS;
    expect(heightPerPoint).toBeGreaterThan(0.9);
  }, 240_000);
  afterAll(() => rmSync(nights.dir, { recursive: true, force: true }));

  it.each(['discrepancies', 'refunds', 'chargebacks', 'fees', 'forecast', 'payouts'])('%s.xlsx prints on at most 20 pages, no text under 8 pt', (report) => {
    const pdf = join(pdfDir, `${report}.pdf`);
    const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [pdf]))?.[1]);
    const heights = wordHeights(pdf);
    const smallest = Math.min(...heights) / heightPerPoint;
    // Where Calibri is replaced by a wider font than Carlito, every printed page shrinks more than planned.
    const fonts = run('pdffonts', [pdf]);
    expect(pages, report).toBeGreaterThan(0);
    expect(pages, report).toBeLessThanOrEqual(MAX_PAGES);
    expect(heights.length, report).toBeGreaterThan(10);
    expect(smallest, `${report}: smallest text ${smallest.toFixed(1)} pt; fonts:\n${fonts}`).toBeGreaterThanOrEqual(MIN_POINTS);
  });
});
