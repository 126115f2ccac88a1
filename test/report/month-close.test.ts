// The close's month to date on the serve tests' two sandbox nights (2026-03-10 and -11): readMonthClose's
// sums are the two nights' summary.json closes added up, and the night page's month tables state the
// same figures in the same places; the days of March before the first night are named as missing.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    `${name}.service=${t.service.items}/${t.service.amount_cents}`,
    `${name}.shop=${t.shop.items}/${t.shop.amount_cents}`,
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
