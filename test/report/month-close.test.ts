// The close's month to date on the serve tests' two sandbox nights (2026-03-10 and -11): readMonthClose's
// sums are the two nights' summary.json closes added up, the night page's month tables and the
// "Fechamento do mês" workbook `recon close --month` writes state the same figures in the same places,
// and the days of March before the first night are named as missing. A malformed month, or one with no
// reconciled night, exits 2 saying what was expected and the fix.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { writeNightReports } from '../../jobs/night-reports.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { runCliInProcess } from '../cli/in-process.ts';
import { startReportServer } from '../../src/serve/server.ts';
import { TIE_OUTS, type TieOut, isTieOutShown } from '../../src/shared/close.ts';
import { type MonthClose, readMonthClose } from '../../src/shared/close-month.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { NIGHTS, runTwoNights, type TwoNights } from '../serve/fixture.ts';
import { get, optionsFor } from '../serve/http.ts';

const NIGHT = NIGHTS[1];
let run: TwoNights;
let month: MonthClose;

beforeAll(async () => {
  run = await runTwoNights();
  const warehouse = await openWarehouse(run.config.warehouse.path, { readOnly: true });
  try {
    month = await readMonthClose(warehouse.connection, NIGHT);
  } finally {
    warehouse.close();
  }
}, 240_000);
afterAll(() => rmSync(run.dir, { recursive: true, force: true }));

const closeOf = (night: string) =>
  (JSON.parse(readFileSync(join(run.config.reports.outDir, night, 'summary.json'), 'utf8')) as { close: Record<string, TieOut> }).close;

/** A tie-out's lines as "line=items/cents", sides first: what the page, the workbook and the sums are compared by. */
function linesOf(name: string, t: TieOut): string[] {
  return [
    // The sides named for the month they sum, the shop first as in the night's close and its sheet.
    `${name}.shop.month=${t.shop.items}/${t.shop.amount_cents}`,
    `${name}.service.month=${t.service.items}/${t.service.amount_cents}`,
    `difference=/${t.difference_cents}`,
    ...t.explained.map((l) => `${l.line}=${l.items}/${l.amount_cents}`),
    `unexplained=${t.unexplained.items}/${t.unexplained.amount_cents}`,
  ];
}

describe('the month to date of the two nights', () => {
  it('sums the nights the warehouse holds and names the days it lacks', () => {
    expect(month.nights).toEqual([...NIGHTS]);
    expect(month.missing).toEqual(Array.from({ length: 9 }, (_, i) => `2026-03-0${i + 1}`));
  });

  it.each(TIE_OUTS)("%s: the month's sides and lines are the two summary.json closes added up", (name) => {
    const [a, b] = NIGHTS.map((n) => closeOf(n)[name]!);
    const t = month.close[name];
    const add = (x: { items: number; amount_cents: number }, y: { items: number; amount_cents: number }) => ({
      items: x.items + y.items,
      amount_cents: x.amount_cents + y.amount_cents,
    });
    expect([t.shop, t.service, t.unexplained]).toEqual([add(a!.shop, b!.shop), add(a!.service, b!.service), add(a!.unexplained, b!.unexplained)]);
    const byLine = new Map<string, { items: number; amount_cents: number }>();
    for (const l of [...a!.explained, ...b!.explained]) byLine.set(l.line, add(byLine.get(l.line) ?? { items: 0, amount_cents: 0 }, l));
    expect(Object.fromEntries(t.explained.map((l) => [l.line, { items: l.items, amount_cents: l.amount_cents }]))).toEqual(Object.fromEntries(byLine));
    expect(t.explained.reduce((n, l) => n + l.amount_cents, 0) + t.unexplained.amount_cents).toBe(t.difference_cents);
  });

  it.each(['pt-BR', 'en'] as const)("the night page in %s states the month's figures in their places", async (locale) => {
    const server = await startReportServer(optionsFor(run, { locale }));
    try {
      const page = (await get(server.url, `/nights/${NIGHT}`)).text;
      const shown = TIE_OUTS.filter((name) => isTieOutShown(month.close[name]));
      expect(shown).toContain('sales');
      for (const name of TIE_OUTS) {
        const table = new RegExp(`<table id="month-close-${name}"[\\s\\S]*?</table>`).exec(page)?.[0];
        if (!shown.includes(name)) {
          expect(table, name).toBeUndefined();
          continue;
        }
        const rows = [...(table ?? '').matchAll(/<tr data-line="([^"]+)" data-items="(\d*)" data-cents="(-?\d+)"/g)].map(
          ([, line, items, cents]) => `${line}=${items}/${cents}`,
        );
        expect(rows, name).toEqual(linesOf(name, month.close[name]));
      }
      // Under the night's close, with the days it lacks named.
      expect(page.indexOf('id="month-close-heading"')).toBeGreaterThan(page.indexOf('id="close-sales"'));
      expect(page).toContain(locale === 'pt-BR' ? 'Faltam noites: 01/03/2026' : 'Nights missing: ');
    } finally {
      await server.close();
    }
  });
});

describe('recon close --month', () => {
  const configFile = (locale: 'pt-BR' | 'en') => {
    const file = join(run.dir, `recon.${locale}.json`);
    const { config } = run;
    const json = {
      timezone: config.timezone,
      warehouse: { path: config.warehouse.path },
      orders: { preset: 'recon-sandbox', path: config.orders.path },
      reports: { outDir: join(run.dir, `month-${locale}`), locale },
    };
    writeFileSync(file, JSON.stringify(json));
    return file;
  };

  it.each([
    ['a month that is not one', '2026-13', ['--month', 'AAAA-MM', '"2026-13"']],
    ['a day instead of a month', '2026-03-11', ['AAAA-MM', '"2026-03-11"']],
    ['a month with no reconciled night', '2026-02', ['2026-02', '11/03/2026', 'recon run nightly --date']],
  ])('%s exits 2 saying what was expected and the fix', async (_name, month, said) => {
    const result = await runCliInProcess(['close', '--month', month, '--config', configFile('pt-BR')]);
    expect(result.code).toBe(2);
    for (const words of said) expect(result.stderr).toContain(words);
    expect(result.stdout).toBe('');
  });

  it.each(['pt-BR', 'en'] as const)('writes the month close in %s, whose every line is the month to date', async (locale) => {
    const file = configFile(locale);
    const result = await runCliInProcess(['close', '--month', '2026-03', '--config', file]);
    expect(result.code, result.stderr).toBe(0);
    // Off a terminal, stderr is the JSON log: the workbook written, as every report's.
    expect(result.stderr).toContain('"report":"month-close"');
    const folder = join(run.dir, `month-${locale}`, NIGHT);
    expect(result.stdout).toContain(folder);
    expect(result.stdout).toContain('month-close.xlsx');
    const m = messagesFor(locale);
    expect(result.stdout).toContain(m.closeLines.sales);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(folder, 'month-close.xlsx'));
    expect(book.worksheets.map((w) => w.name)).toEqual([m.sheets.monthClose]);
    const sheet = book.worksheets[0]!;
    // The print setup every workbook has: landscape, the header row on each page, the sheet's title above.
    expect(sheet.pageSetup.orientation).toBe('landscape');
    expect(sheet.pageSetup.printTitlesRow).toBe('1:1');
    expect(sheet.headerFooter.oddHeader).toContain(m.sheets.monthClose);
    const label = (line: string) => m.closeLines[line as keyof typeof m.closeLines] ?? m.categories[line as keyof typeof m.categories];
    // Every line of every tie-out shown, in the workbook's order (the shop first), as the month states it.
    const expected = TIE_OUTS.filter((name) => isTieOutShown(month.close[name])).flatMap((name) => {
      return linesOf(name, month.close[name]).map((l) => {
        const [line, figures] = l!.split('=');
        const [items, cents] = figures!.split('/');
        return [label(name), label(line!), items === '' ? null : Number(items), Number(cents) / 100];
      });
    });
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1 && n <= expected.length + 1) rows.push([1, 2, 3, 4].map((c) => row.getCell(c).value));
    });
    expect(rows).toEqual(expected);
    // The notes under the table: the span, the nights summed, the days missing.
    const notes = new Map<string, string>();
    sheet.eachRow((row, n) => {
      // A note of one day is a date cell, shown in the locale's format.
      const value = row.getCell(2).value;
      if (n > expected.length + 1) notes.set(String(row.getCell(1).value), value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
    });
    expect(notes.get(m.notes.monthFrom)).toBe('2026-03-01');
    expect(notes.get(m.notes.monthUpTo)).toBe(NIGHT);
    expect(notes.get(m.notes.monthNights)).toBe('2');
    // The days missing as one run, as the page and the terminal say them.
    expect(notes.get(m.notes.monthMissing)).toBe('2026-03-01 – 2026-03-09');
  });
});

describe("the month's last night", () => {
  it("writes the month's close beside the night's reports, summed to that night", async () => {
    const config = { ...run.config, reports: { ...run.config.reports, outDir: join(run.dir, 'last-night') } };
    const warehouse = await openWarehouse(run.config.warehouse.path);
    try {
      // A reconcile run of the 31st that stored no close (the reports need a run): the month sums the two nights.
      await warehouse.connection.run(
        `INSERT INTO runs (run_id, kind, business_date, started_at, outcome) VALUES ('month-end', 'reconcile', DATE '2026-03-31', now(), 'done')`,
      );
      const written = await writeNightReports({ db: warehouse.connection, logger: silentLogger }, config, {
        day: businessDayOf('2026-03-31', run.config.timezone),
      });
      const names = written.files.map((f) => f.slice(f.lastIndexOf('/') + 1));
      expect(names).toEqual(expect.arrayContaining(['discrepancies.xlsx', 'month-close.xlsx', 'month-close.csv']));
      // Its CSV: the month's lines in the workbook's order, keys as the sheet's columns.
      const csv = readFileSync(join(config.reports.outDir, '2026-03-31', 'month-close.csv'), 'utf8').split('\r\n');
      expect(csv[0]).toBe('tieout,line,items,amount_cents');
      expect(csv).toContain(`sales,sales.shop.month,${month.close.sales.shop.items},${month.close.sales.shop.amount_cents}`);
      expect(csv).toContain(`sales,unexplained,${month.close.sales.unexplained.items},${month.close.sales.unexplained.amount_cents}`);
    } finally {
      warehouse.close();
    }
  });
});
