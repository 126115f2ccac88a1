// The bank check against the sandbox's ground truth: the merchant's payouts to its own account and the
// account's statement, with planted gaps (a payout never credited, one credited short, a payout-like
// credit no payout explains, a payout credited on the last day of its window), night after night. Each
// night imports the statement file the sandbox wrote for it, through bank.statementPath as a real night
// does: OFX files whose CHARSET header lies every night (windows-1252 bytes under "UTF-8", UTF-8 bytes
// under "1252"), each repeating every earlier day's lines (an overlapping re-import adds nothing). The
// findings new on each night are exactly the planted discrepancies of every category.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { configSchema, type ReconConfig } from '../../src/config/schema.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { SANDBOX_MERCHANT, generateHistory, sandboxStatementPath, startSandbox, writeOrdersExport, writeStatementFiles } from '../../src/sandbox/index.ts';
import type { TruthEntry } from '../../src/sandbox/model.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { runNightly } from '../../jobs/nightly.ts';

const ZONE = 'America/Sao_Paulo';
const BANK = ['payout_not_in_bank', 'payout_amount_differs', 'bank_credit_unexplained'];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A finding's key as the truth can state it: the payout, or the bank line of a credit. */
const truthKey = (e: TruthEntry) =>
  e.category === 'bank_credit_unexplained' ? `${e.category}:${SANDBOX_MERCHANT.accountId}:${e.line_id}` : `${e.category}:${e.operation_id ?? e.item_id ?? ''}`;
const foundKey = (row: Record<string, unknown>) =>
  row['category'] === 'bank_credit_unexplained'
    ? String(row['finding_key'])
    : `${String(row['category'])}:${String(row['operation_id'] ?? row['item_id'] ?? '')}`;

async function scoreSeed(seed: number, endDate: string) {
  const history = generateHistory({ seed, days: 24, perDay: 30, endDate, discrepancyRate: 0.02, bankStatement: true });
  const bank = history.bank;
  if (!bank) throw new Error('the history has no bank statement');
  const dir = mkdtempSync(join(tmpdir(), `recon-bank-${seed}-`));
  dirs.push(dir);
  let now = 0;
  const clock = { now: () => now };
  const sandbox = await startSandbox({ history, clock });
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2000 },
  });
  const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  const db = warehouse.connection;
  const config: ReconConfig = configSchema.parse({
    timezone: ZONE,
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
    bank: {
      accounts: [{ id: SANDBOX_MERCHANT.accountId, document: '11.222.333/0001-81', bankAccount: SANDBOX_MERCHANT.bankAccount }],
      statementPath: sandboxStatementPath(join(dir, 'bank')),
    },
  });
  const dates = datesBetween(history.startDate, history.endDate, ZONE);
  await writeStatementFiles(bank, join(dir, 'bank'), {
    from: history.startDate,
    dates,
    ofx: (date) => (dates.indexOf(date) % 2 === 0 ? { charsetHeader: 'UTF-8', encoding: 'windows-1252' } : { charsetHeader: '1252', encoding: 'utf-8' }),
  });
  const expected: string[] = [];
  const found: string[] = [];
  let lastRun = '';
  try {
    for (const date of dates) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      const outcome = await runNightly({ db, api, clock, logger: silentLogger }, { date }, config);
      expect(outcome.statement.status).toBe('loaded');
      lastRun = outcome.reconcile.runId;
      const reader = await db.runAndReadAll(`SELECT finding_key, category, item_id, operation_id FROM findings WHERE run_id = $1 AND state = 'new'`, [lastRun]);
      for (const row of reader.getRowObjects()) found.push(`${date} ${foundKey(row)}`);
      for (const entry of history.discrepancies.filter((d) => d.date === date)) expected.push(`${date} ${truthKey(entry)}`);
    }
    const stored = (await db.runAndReadAll('SELECT line_id, memo, amount_cents FROM bank_transactions ORDER BY line_id')).getRowObjects();
    const charsets = (await db.runAndReadAll('SELECT DISTINCT charset FROM bank_statements ORDER BY charset')).getRowObjects().map((r) => r['charset']);
    const onLastDay = await db.runAndReadAll(`SELECT count(*) AS n FROM payout_matches WHERE run_id = $1 AND matched_by = 'exact' AND posted_at = window_end`, [
      lastRun,
    ]);
    const summed = await db.runAndReadAll(`SELECT count(*) AS n FROM payout_matches WHERE run_id = $1 AND matched_by = 'sum'`, [lastRun]);
    return {
      expected: expected.sort(),
      found: found.sort(),
      stored: stored.map((r) => `${String(r['line_id'])} ${String(r['amount_cents'])} ${String(r['memo'])}`),
      planted: bank.lines.map((l) => `${l.fitid} ${l.amountCents} ${l.memo}`).sort(),
      charsets,
      creditedOnLastDay: Number(onLastDay.getRowObjects()[0]?.['n']),
      summed: Number(summed.getRowObjects()[0]?.['n']),
    };
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
  }
}

function score(expected: string[], found: string[], category: string) {
  const truth = expected.filter((e) => e.includes(` ${category}:`));
  const got = found.filter((f) => f.includes(` ${category}:`));
  const hits = got.filter((f) => truth.includes(f)).length;
  return { category, planted: truth.length, precision: got.length === 0 ? 1 : hits / got.length, recall: truth.length === 0 ? 1 : hits / truth.length };
}

describe('bank check against the ground truth', () => {
  it.each([
    [21, '2026-03-20'],
    // Carnival (16-17 February 2026) inside the history: windows stretch over the bank holidays.
    [22, '2026-02-27'],
    // Christmas and New Year's Day inside the history.
    [23, '2027-01-08'],
  ])(
    'finds exactly the planted bank gaps and every other planted discrepancy (seed %i, history to %s)',
    async (seed, endDate) => {
      const r = await scoreSeed(seed, endDate);
      expect(r.found.filter((f) => BANK.some((c) => f.includes(` ${c}:`)))).toEqual(r.expected.filter((f) => BANK.some((c) => f.includes(` ${c}:`))));
      for (const category of BANK) expect(score(r.expected, r.found, category)).toEqual({ category, planted: 1, precision: 1, recall: 1 });
      expect(r.found).toEqual(r.expected);
      // Every line once, its accents intact whatever the header claimed.
      expect(r.stored).toEqual(r.planted);
      expect(r.stored.some((l) => l.endsWith('TARIFA BANCÁRIA'))).toBe(true);
      expect(r.charsets).toEqual(['utf-8', 'windows-1252']);
      expect(r.creditedOnLastDay).toBeGreaterThanOrEqual(1);
      expect(r.summed).toBeGreaterThanOrEqual(2);
    },
    180_000,
  );
});
