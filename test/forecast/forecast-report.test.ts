// The forecast report written by writeReports on a real warehouse file and read back: the workbook
// (pt-BR and en sheet names and headers, the per-day sheet with every day of the horizon, the
// installment lines of the nearest days, the forecast notice under each sheet, the note naming where
// every line is) and the CSV's English keys.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecast } from '../../reports/forecast.ts';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { writeReports } from '../../src/report/index.ts';
import { exportParquet } from '../../src/report/parquet-export.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { en } from '../../src/shared/locale/en.ts';
import { ptBR } from '../../src/shared/locale/pt-BR.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { createFixtureWarehouse, DAY, HOSTILE, ZONE, type Fixture } from '../report/fixture.ts';

let fixture: Fixture;

// Besides the fixture's paid T1 (150,00, 1x) and T8 (1,00, 1x, a hostile item id), both sold on 03-15:
// a 3x sale of 100,01 sold on 03-14 and a 2x sale of 80,00 partly refunded (20,00), sold on 03-01.
const EXTRA = `
INSERT INTO transactions (transaction_id, item_id, status, date_created, date_updated, net_value, authorized_amount, paid_amount,
  refunded_amount, installments, card_brand, raw_key, first_seen_at, last_seen_at, first_seen_run, last_seen_run) VALUES
  ('F3', 'IF3', 'paid', TIMESTAMPTZ '2024-03-14T12:00:00Z', TIMESTAMPTZ '2024-03-14T12:00:00Z', 10001, 10900, 10900, 0, '3', 'elo', '0:0', now(), now(), 's', 's'),
  ('F2', 'IF2', 'paid', TIMESTAMPTZ '2024-03-01T12:00:00Z', TIMESTAMPTZ '2024-03-05T12:00:00Z', 8000, 8000, 8000, 2000, '2', 'visa', '0:0', now(), now(), 's', 's')`;

/** What the syncs read: one committed window of the transactions listing by date_created, [from, the night's end + 1 h). */
async function syncedFrom(fromIso: string): Promise<void> {
  const db = fixture.warehouse.connection;
  await db.run('DELETE FROM sync_windows');
  await db.run(`INSERT INTO sync_windows VALUES ('s', 'transactions', 'date_created', epoch_ms(TIMESTAMPTZ '${fromIso}'), $end, 0, 0, 1, 1, now())`, {
    end: businessDayOf(DAY, ZONE).endMs + 3_600_000,
  });
}

/** Lines of every day of the horizon: these runs show all seven installments; the default lists three days. */
const WHOLE_HORIZON = { linesDays: 90 };

async function writeForecast(outDir: string, locale: 'pt-BR' | 'en', settlement: Record<string, number> = WHOLE_HORIZON): Promise<void> {
  await writeReports(
    { db: fixture.warehouse.connection, logger: silentLogger },
    {
      day: businessDayOf(DAY, ZONE),
      outDir,
      maskDocuments: true,
      csvDialect: 'rfc4180',
      locale,
      fileMode: '0600',
      definitions: [forecast],
      settlement: settlementSchema.parse(settlement),
    },
  );
}

beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  await fixture.warehouse.connection.run(EXTRA);
  // Read from long before the oldest sale the horizon needs (2023-03-22): complete.
  await syncedFrom('2023-01-01T03:00:00Z');
  for (const locale of ['pt-BR', 'en'] as const) await writeForecast(join(fixture.dir, locale), locale);
  // Read only from 2023-04-01 (local midnight): a due day d is partial while d - 360 days < 2023-04-01.
  await syncedFrom('2023-04-01T03:00:00Z');
  for (const locale of ['pt-BR', 'en'] as const) await writeForecast(join(fixture.dir, `partial-${locale}`), locale);
  // No window at all: no day can be vouched for.
  await fixture.warehouse.connection.run('DELETE FROM sync_windows');
  await writeForecast(join(fixture.dir, 'unsynced'), 'en');
  await syncedFrom('2023-01-01T03:00:00Z');
  // The nearest 29 days (to 2024-04-13) and the default three: the lines the night lists.
  await writeForecast(join(fixture.dir, 'nearest'), 'en', { linesDays: 29 });
  await writeForecast(join(fixture.dir, 'default'), 'en', {});
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

async function workbook(locale: string): Promise<ExcelJS.Workbook> {
  // Each run of writeReports writes under its own folder (the locale, or partial-<locale>, unsynced).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(join(fixture.dir, locale, DAY, 'forecast.xlsx'));
  return wb;
}

const values = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
const utcDate = (text: string) => new Date(`${text}T00:00:00Z`);

describe('the forecast workbook', () => {
  it('names its sheets and headers in the locale', async () => {
    const pt = await workbook('pt-BR');
    expect(pt.worksheets.map((s) => s.name)).toEqual([ptBR.sheets.forecastDay, ptBR.sheets.forecastLines]);
    expect(values(pt.worksheets[0]!, 1)).toEqual(['Vencimento', 'Parcelas a receber', 'Valor previsto', 'Parcial (vendas antigas não lidas)']);
    const english = await workbook('en');
    expect(english.worksheets.map((s) => s.name)).toEqual([en.sheets.forecastDay, en.sheets.forecastLines]);
    expect(values(english.worksheets[1]!, 1)).toEqual([
      'Transaction',
      'Item',
      'Card brand',
      'Sold at',
      'Installment',
      'Installments',
      'Due date',
      'Expected amount (forecast)',
    ]);
  });

  it('per day: every day from D+1 to D+90, zeros included, with the installments due and their sum', async () => {
    const sheet = (await workbook('en')).worksheets[0]!;
    const days = Array.from({ length: 90 }, (_, i) => values(sheet, i + 2));
    expect(days[0]).toEqual([utcDate('2024-03-16'), 0, 0, 'No']);
    expect(days.every((d) => d[3] === 'No')).toBe(true);
    expect(days[89]?.[0]).toEqual(utcDate('2024-06-13'));
    const byDay = new Map(days.filter((d) => d[1] !== 0).map((d) => [(d[0] as Date).toISOString().slice(0, 10), [d[1], d[2]]]));
    // F2: 60,00 left after the refund, 30,00 on 03-31 and 04-30; F3: 33,35 on 04-13, 33,33 on 05-13 and 06-12;
    // T1 and T8 (sold 03-15): 150,00 + 1,00 on 04-14.
    expect(Object.fromEntries(byDay)).toEqual({
      '2024-03-31': [1, 30],
      '2024-04-13': [1, 33.35],
      '2024-04-14': [2, 151],
      '2024-04-30': [1, 30],
      '2024-05-13': [1, 33.33],
      '2024-06-12': [1, 33.33],
    });
    expect(values(sheet, 92).slice(0, 3)).toEqual(['Total', 7, 311.01]);
  });

  it('the lines: one per installment, n of N, the parts of a sale adding up to it', async () => {
    const sheet = (await workbook('en')).worksheets[1]!;
    const rows = Array.from({ length: 7 }, (_, i) => values(sheet, i + 2));
    const f3 = rows.filter((r) => r[0] === 'F3').map((r) => [r[4], r[5], (r[6] as Date).toISOString().slice(0, 10), r[7]]);
    expect(f3).toEqual([
      [1, 3, '2024-04-13', 33.35],
      [2, 3, '2024-05-13', 33.33],
      [3, 3, '2024-06-12', 33.33],
    ]);
    // The hostile item id is text, never a formula.
    const t8 = rows.find((r) => r[0] === 'T8');
    expect(t8?.[1]).toBe(`'${HOSTILE[0]}`);
    expect(sheet.getRow(9).getCell(1).value).toBe('Total');
    expect(sheet.getRow(9).getCell(8).value).toBe(311.01);
  });

  it('says under each sheet that it is a forecast; under the days, which days and the contract', async () => {
    for (const [locale, m] of [
      ['pt-BR', ptBR],
      ['en', en],
    ] as const) {
      const [byDay, lines] = (await workbook(locale)).worksheets;
      const notesOf = (sheet: ExcelJS.Worksheet) => {
        const found = new Map<unknown, unknown>();
        sheet.eachRow((row) => {
          found.set(row.getCell(1).value, row.getCell(2).value);
        });
        const labels = [...found.keys()];
        return { labels: labels.slice(labels.indexOf(m.notes.forecastNotice)), found };
      };
      const day = notesOf(byDay!);
      expect(day.labels).toEqual([
        m.notes.forecastNotice,
        m.notes.forecastAmount,
        m.notes.forecastFrom,
        m.notes.forecastTo,
        m.notes.forecastContract,
        m.notes.forecastCompleteFrom,
        m.notes.forecastNoPartialDays,
      ]);
      expect(day.found.get(m.notes.forecastCompleteFrom)).toEqual(utcDate('2023-01-01'));
      expect(day.found.get(m.notes.forecastFrom)).toEqual(utcDate('2024-03-16'));
      expect(day.found.get(m.notes.forecastTo)).toEqual(utcDate('2024-06-13'));
      expect(day.found.get(m.notes.forecastContract)).toBe('settlement.firstInstallmentDays = 30, settlement.perInstallment = true');
      const lineNotes = notesOf(lines!);
      expect(lineNotes.labels).toEqual([
        m.notes.forecastNotice,
        m.notes.forecastAmount,
        m.notes.forecastLinesShown,
        m.notes.forecastAllLines,
        m.notes.forecastCompleteFrom,
        m.notes.forecastNoPartialDays,
      ]);
      expect(lineNotes.found.get(m.notes.forecastLinesShown)).toBe('2024-03-16 – 2024-06-13 (settlement.linesDays = 90)');
    }
  });

  it('a warehouse read from 2023-04-01 only: every sheet says so, and the days that may lack installments are marked partial', async () => {
    for (const [locale, m] of [
      ['partial-pt-BR', ptBR],
      ['partial-en', en],
    ] as const) {
      const [byDay, lines] = (await workbook(locale)).worksheets;
      for (const sheet of [byDay!, lines!]) {
        const found = new Map<unknown, unknown>();
        sheet.eachRow((row) => found.set(row.getCell(1).value, row.getCell(2).value));
        expect(found.get(m.notes.forecastCompleteFrom)).toEqual(utcDate('2023-04-01'));
        // 2023-04-01 + 30 + 330 days = 2024-03-26: the first day every sale of whose installments was read.
        expect(found.get(m.notes.forecastPartialDays)).toBe('2024-03-16 – 2024-03-25');
        expect(found.has(m.notes.forecastNoPartialDays)).toBe(false);
      }
      const flags = Array.from({ length: 90 }, (_, i) => values(byDay!, i + 2)[3]);
      const yes = m === en ? 'Yes' : 'Sim';
      expect(flags.slice(0, 10).every((f) => f === yes)).toBe(true);
      expect(flags.slice(10).every((f) => f !== yes)).toBe(true);
    }
  });

  it('a warehouse no sync has read: no day is vouched for', async () => {
    const [byDay] = (await workbook('unsynced')).worksheets;
    const found = new Map<unknown, unknown>();
    byDay!.eachRow((row) => found.set(row.getCell(1).value, row.getCell(2).value));
    expect(found.has(en.notes.forecastNoSync)).toBe(true);
    expect(found.get(en.notes.forecastPartialDays)).toBe('2024-03-16 – 2024-06-13');
  });
});

describe('the nearest lines, not the whole book', () => {
  it('lists the installments due in the next settlement.linesDays days; the days sheet still sums every day', async () => {
    const [byDay, lines] = (await workbook('nearest')).worksheets;
    expect(values(byDay!, 92).slice(0, 3)).toEqual(['Total', 7, 311.01]);
    const rows = [2, 3].map((n) => values(lines!, n)).map((r) => [r[0], r[4], r[5], (r[6] as Date).toISOString().slice(0, 10), r[7]]);
    expect(rows).toEqual([
      ['F2', 1, 2, '2024-03-31', 30],
      ['F3', 1, 3, '2024-04-13', 33.35],
    ]);
    expect(values(lines!, 4).slice(0, 1)).toEqual(['Total']);
    const csv = parse(readFileSync(join(fixture.dir, 'nearest', DAY, 'forecast.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(csv.map((r) => `${r['transaction_id']} ${r['installment']}/${r['installments']} ${r['due_date']}`)).toEqual([
      'F2 1/2 2024-03-31',
      'F3 1/3 2024-04-13',
    ]);
  });

  it("names the recon sql that lists every line of the night's forecast, and that query returns them all", async () => {
    const [, lines] = (await workbook('nearest')).worksheets;
    const found = new Map<unknown, unknown>();
    lines!.eachRow((row) => found.set(row.getCell(1).value, row.getCell(2).value));
    expect(found.get(en.notes.forecastLinesShown)).toBe('2024-03-16 – 2024-04-13 (settlement.linesDays = 29)');
    const said = String(found.get(en.notes.forecastAllLines));
    const sql = /^recon sql "(.+)"; recon export/.exec(said)?.[1];
    expect(sql).toBe(`SELECT * FROM forecast_lines(DATE '${DAY}', tz := '${ZONE}', first_installment_days := 30, per_installment := true, horizon_days := 90)`);
    const all = await fixture.warehouse.connection.runAndReadAll(`${sql} ORDER BY due_date, transaction_id`);
    expect(all.getRowObjectsJS().map((r) => `${r['transaction_id']} ${r['installment']} ${r['amount_cents']}`)).toEqual([
      'F2 1 3000',
      'F3 1 3335',
      'T1 1 15000',
      'T8 1 100',
      'F2 2 3000',
      'F3 2 3333',
      'F3 3 3333',
    ]);
  });

  it('by default lists three days: a night whose nearest installments fall later says so in one sentence', async () => {
    const [, lines] = (await workbook('default')).worksheets;
    expect(String(values(lines!, 2)[0])).toContain('from 2024-03-16 to 2024-03-18');
    expect(
      readFileSync(join(fixture.dir, 'default', DAY, 'forecast.csv'), 'utf8')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('recon export', () => {
  it("writes every line of the latest reconciled night's forecast, by due date, with the night", async () => {
    const out = join(fixture.dir, 'export');
    const exported = await exportParquet(
      { db: fixture.warehouse.connection, logger: silentLogger },
      { outDir: out, timezone: ZONE, fileMode: '0600', settlement: settlementSchema.parse({}) },
    );
    expect(exported.find((t) => t.name === 'forecast_lines')).toMatchObject({ rows: 7, dayColumn: 'due_date' });
    const back = await fixture.warehouse.connection.runAndReadAll(
      `SELECT strftime(forecast_night, '%Y-%m-%d') AS night, transaction_id, installment, amount_cents, CAST(day AS VARCHAR) AS day
       FROM read_parquet('${out}/forecast_lines/**/*.parquet', hive_partitioning = true) ORDER BY due_date, transaction_id`,
    );
    expect(back.getRowObjectsJS().map((r) => `${r['night']} ${r['transaction_id']} ${r['installment']} ${r['amount_cents']} ${r['day']}`)).toEqual([
      '2024-03-15 F2 1 3000 2024-03-31',
      '2024-03-15 F3 1 3335 2024-04-13',
      '2024-03-15 T1 1 15000 2024-04-14',
      '2024-03-15 T8 1 100 2024-04-14',
      '2024-03-15 F2 2 3000 2024-04-30',
      '2024-03-15 F3 2 3333 2024-05-13',
      '2024-03-15 F3 3 3333 2024-06-12',
    ]);
  });
});

describe('the forecast CSV', () => {
  it('has the lines under English snake_case keys, in cents', () => {
    const rows = parse(readFileSync(join(fixture.dir, 'pt-BR', DAY, 'forecast.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'transaction_id',
      'item_id',
      'card_brand',
      'sold_at',
      'installment',
      'installments',
      'due_date',
      'amount_cents',
    ]);
    expect(rows.map((r) => `${r['transaction_id']} ${r['installment']}/${r['installments']} ${r['due_date']} ${r['amount_cents']}`)).toEqual([
      'F2 1/2 2024-03-31 3000',
      'F3 1/3 2024-04-13 3335',
      'T1 1/1 2024-04-14 15000',
      'T8 1/1 2024-04-14 100',
      'F2 2/2 2024-04-30 3000',
      'F3 2/3 2024-05-13 3333',
      'F3 3/3 2024-06-12 3333',
    ]);
  });
});
