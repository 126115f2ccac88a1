// The cash forecast of a sandbox night, as `npm start` runs it: the embedded sandbox (port 0, its older
// tail of installment sales before the 30 days), a real warehouse file, the nightly job with its
// backfill of older sales. Each day of the horizon, to the cent, equals a sum computed here from the
// sandbox's own generated history (not from the warehouse's SQL); no day is partial, and the workbook,
// the page and summary.json say from which sale date it is complete with the one figure.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNightly, type NightlyOutcome } from '../../jobs/nightly.ts';
import { SANDBOX_ZONE } from '../../jobs/sandbox-config.ts';
import { type EmbeddedSandbox, startEmbeddedSandbox } from '../../jobs/sandbox-default.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import type { SettlementConfig } from '../../src/config/schema.ts';
import { versionIndexAt } from '../../src/sandbox/model.ts';
import { readForecast } from '../../src/serve/forecast-section.ts';
import { addDays, businessDayOf } from '../../src/shared/business-day.ts';
import { ptBR } from '../../src/shared/locale/pt-BR.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';

// 02:30 in São Paulo on 2026-03-11: the night of 2026-03-10 is the sandbox's last day.
const NOW = Date.parse('2026-03-11T05:30:00Z');
const clock = { now: () => NOW };

let dir: string;
let sandbox: EmbeddedSandbox;
let warehouse: Warehouse;
let outcome: NightlyOutcome;
let workbook: Promise<ExcelJS.Workbook> | undefined;

/** The night's forecast.xlsx, read once (its lines sheet holds tens of thousands of rows). */
function forecastWorkbook(): Promise<ExcelJS.Workbook> {
  workbook ??= (async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(outcome.reportDir, 'forecast.xlsx'));
    return wb;
  })();
  return workbook;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-sandbox-forecast-'));
  sandbox = await startEmbeddedSandbox(parseConfig({}, 'test'), { clock, logger: silentLogger, dataDir: dir });
  const api = createPaymentsApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 10_000, retry: sandbox.config.api.retry });
  warehouse = await openWarehouse(sandbox.config.warehouse.path);
  try {
    outcome = await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date: sandbox.lastDay, source: 'sandbox' }, sandbox.config);
  } finally {
    await api.close();
  }
}, 240_000);
afterAll(async () => {
  warehouse?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The forecast by its rule (docs/bank.md), from the generated history as the service shows it at `nowMs`:
 * each paid card sale of the night or before, its net value less any refund, split into its
 * installments (the first carries the remainder), due at its local date + 30 + 30 x (n - 1) days.
 */
function forecastFromHistory(history: EmbeddedSandbox['history'], night: string, nowMs: number, settlement: SettlementConfig): Map<string, bigint> {
  const zone = history.timezone;
  const end = businessDayOf(night, zone).endMs;
  const days = new Map<string, bigint>();
  for (let n = 1; n <= settlement.horizonDays; n++) days.set(addDays(night, n), 0n);
  for (const tx of history.transactions) {
    const version = tx.versions[versionIndexAt(tx.versions, nowMs)];
    if (tx.createdMs >= end || version?.status !== 'paid') continue;
    const amount = BigInt(Math.max(0, tx.netValue - version.refunded));
    const parts = settlement.perInstallment && Number.isInteger(tx.installments) && tx.installments >= 1 && tx.installments <= 12 ? tx.installments : 1;
    const sold = DateTime.fromMillis(tx.createdMs, { zone }).startOf('day');
    for (let n = 1; n <= parts; n++) {
      const due = sold.plus({ days: settlement.firstInstallmentDays + 30 * (n - 1) }).toISODate() ?? '';
      const cents = amount / BigInt(parts) + (n === 1 ? amount % BigInt(parts) : 0n);
      const sum = days.get(due);
      if (sum !== undefined) days.set(due, sum + cents);
    }
  }
  return days;
}

describe('the cash forecast of a sandbox night', () => {
  it('reads the older sales: the history reaches back as far as the forecast needs, and the night backfilled it', () => {
    const first = sandbox.history.olderSalesFrom ?? '';
    expect(first).toBe(outcome.forecast.neededFrom);
    expect(outcome.backfill?.runs).toBeGreaterThan(0);
    expect(outcome.summary.forecast?.backfill?.transactions.new).toBeGreaterThan(9000);
  });

  it('equals, to the cent and for every day of the horizon, the sum of the installments of the generated sales', async () => {
    const expected = forecastFromHistory(sandbox.history, sandbox.lastDay, NOW, sandbox.config.settlement);
    expect(expected.size).toBe(90);
    // The older sales' installments fill every day: none of the three weeks of nothing the forecast once showed.
    expect([...expected.values()].every((cents) => cents > 0n)).toBe(true);

    // The page's figures.
    const page = await readForecast(warehouse.connection, { date: sandbox.lastDay, zone: SANDBOX_ZONE, settlement: sandbox.config.settlement });
    expect(new Map(page.days.map((d) => [d.date, d.cents]))).toEqual(expected);

    // Every line of the horizon in the warehouse (forecast_lines with the night's contract), added up by due date.
    const { firstInstallmentDays, perInstallment, horizonDays, linesDays } = sandbox.config.settlement;
    const book = (
      await warehouse.connection.runAndReadAll(
        `SELECT strftime(due_date, '%Y-%m-%d') AS due_date, amount_cents FROM forecast_lines(DATE '${sandbox.lastDay}', tz := '${SANDBOX_ZONE}',
           first_installment_days := ${firstInstallmentDays}, per_installment := ${perInstallment}, horizon_days := ${horizonDays})`,
      )
    ).getRowObjects();
    const fromBook = new Map([...expected.keys()].map((d) => [d, 0n]));
    for (const line of book) fromBook.set(String(line['due_date']), (fromBook.get(String(line['due_date'])) ?? 0n) + (line['amount_cents'] as bigint));
    expect(fromBook).toEqual(expected);

    // The CSV's lines, the nearest days' (settlement.linesDays), added up by due date: those days' sums.
    const csv = parse(readFileSync(join(outcome.reportDir, 'forecast.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
    const nearestDays = [...expected.keys()].sort().slice(0, linesDays);
    const fromCsv = new Map(nearestDays.map((d) => [d, 0n]));
    for (const line of csv) fromCsv.set(line['due_date'] ?? '', (fromCsv.get(line['due_date'] ?? '') ?? 0n) + BigInt(line['amount_cents'] ?? '0'));
    expect(fromCsv).toEqual(new Map(nearestDays.map((d) => [d, expected.get(d)])));

    // The workbook's per-day sheet: every day, none partial.
    const wb = await forecastWorkbook();
    const sheet = wb.worksheets[0]!;
    const rows = Array.from({ length: 90 }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).slice(1));
    const fromSheet = new Map(rows.map((r) => [(r[0] as Date).toISOString().slice(0, 10), BigInt(Math.round((r[2] as number) * 100))]));
    expect(fromSheet).toEqual(expected);
    expect(rows.every((r) => r[3] === 'Não')).toBe(true);
  });

  it('no day is partial, and the workbook, the page and summary.json give the one date it is complete from', async () => {
    const summary = JSON.parse(readFileSync(join(outcome.reportDir, 'summary.json'), 'utf8')) as {
      forecast: { complete_from: string; partial_days: string[] };
    };
    expect(summary.forecast.partial_days).toEqual([]);
    expect(summary.forecast.complete_from <= outcome.forecast.neededFrom).toBe(true);
    const page = await readForecast(warehouse.connection, { date: sandbox.lastDay, zone: SANDBOX_ZONE, settlement: sandbox.config.settlement });
    expect(page.coverage.completeFrom).toBe(summary.forecast.complete_from);
    expect(page.coverage.partialDays).toEqual([]);
    const wb = await forecastWorkbook();
    for (const sheet of wb.worksheets) {
      const notes = new Map<unknown, unknown>();
      sheet.eachRow((row) => notes.set(row.getCell(1).value, row.getCell(2).value));
      expect((notes.get(ptBR.notes.forecastCompleteFrom) as Date).toISOString().slice(0, 10)).toBe(summary.forecast.complete_from);
      expect(notes.has(ptBR.notes.forecastNoPartialDays)).toBe(true);
    }
  });

  it('the older sales raise no finding', async () => {
    const older = new Set(sandbox.history.transactions.filter((t) => t.createdMs < businessDayOf(sandbox.history.startDate, SANDBOX_ZONE).startMs));
    const ids = new Set([...older].flatMap((t) => [t.id, t.itemId]));
    expect(ids.size).toBeGreaterThan(6000);
    const reader = await warehouse.connection.runAndReadAll('SELECT item_id, transaction_ids FROM findings WHERE run_id = $run', {
      run: outcome.reconcile.runId,
    });
    const rows = reader.getRowObjectsJson();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(ids.has(String(row['item_id']))).toBe(false);
      for (const id of (row['transaction_ids'] as string[] | null) ?? []) expect(ids.has(id)).toBe(false);
    }
  });
});
