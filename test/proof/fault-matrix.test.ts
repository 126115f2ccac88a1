// The fault matrix: every fault profile × at least ten seeds, a small history synced with
// syncAll into a fresh warehouse, compared field by field with the sandbox's fault-free truth: no row
// lost or doubled, every amount to the cent. Retry-After is 0 so a 429 costs a retry, not a second.
// RECON_TEST_LARGE=1 runs bigger histories and more seeds.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createPaymentsApi } from '../../src/api/index.ts';
import { parseConfig } from '../../src/config/load.ts';
import { FaultPlan, FAULT_PROFILES, resolveFaults, type FaultRates } from '../../src/sandbox/faults.ts';
import { generateHistory, startSandbox } from '../../src/sandbox/index.ts';
import { centsFromReaisNumber } from '../../src/shared/money.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { syncAll } from '../../src/sync/index.ts';
import { ONE_THREAD, openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const LARGE = process.env['RECON_TEST_LARGE'] === '1';
const SEEDS = Array.from({ length: LARGE ? 25 : 10 }, (_, i) => 101 + i);
const DAYS = LARGE ? 10 : 3;
const PER_DAY = LARGE ? 400 : 60;
const END = '2026-03-18';
const ZONE = 'America/Sao_Paulo';

const PROFILES: Record<string, Partial<FaultRates>> = {
  none: FAULT_PROFILES.none,
  flaky: { ...FAULT_PROFILES.flaky, retryAfterSeconds: 0 },
  chaos: { ...FAULT_PROFILES.chaos, latencyMs: 40, retryAfterSeconds: 0 },
  // Explicit rates, harsher than chaos on everything that fails a request or hides a row.
  harsh: {
    error500: 0.1,
    error503: 0.1,
    rateLimit: 0.1,
    cutBody: 0.1,
    retryAfterSeconds: 0,
    lateVisibility: 0.08,
    dropItemId: 0.1,
    latency: 0.2,
    latencyMs: 20,
  },
};

const CASES = Object.keys(PROFILES).flatMap((profile) => SEEDS.map((seed) => [profile, seed] as const));

const root = scratchDir('recon-fault-matrix-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Row = Record<string, unknown>;

/** BIGINTs as numbers and timestamps as epoch ms, so rows compare with the API's JSON. */
function plain(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v]));
}

const TX_FIELDS = [
  'item_id',
  'status',
  'authorization_code',
  'nsu',
  'net_value',
  'authorized_amount',
  'paid_amount',
  'refunded_amount',
  'installments',
  'card_holder_name',
  'card_brand',
  'card_first_digits',
  'card_last_digits',
  'acquirer_status_code',
  'acquirer_status_message',
] as const;

function expectedTransaction(t: Row): Row {
  const out: Row = {
    transaction_id: t['transaction_id'],
    date_created: Date.parse(String(t['date_created'])),
    date_updated: Date.parse(String(t['date_updated'])),
  };
  for (const f of TX_FIELDS) out[f] = t[f] ?? null;
  return out;
}

function expectedOperation(o: Row): Row {
  const cashIn = 'cash_in_id' in o;
  const cents = (v: unknown) => (typeof v === 'number' ? centsFromReaisNumber(v) : null);
  return {
    kind: cashIn ? 'cash_in' : 'cash_out',
    operation_id: cashIn ? o['cash_in_id'] : o['cash_out_id'],
    item_id: o['item_id'] ?? null,
    status: o['status'],
    status_description: o['status_description'] ?? null,
    date_created: Date.parse(String(o['date_created'])),
    date_updated: Date.parse(String(o['date_updated'])),
    amount_cents: cents(o['amount']),
    paid_amount_cents: cashIn ? cents(o['paid_amount']) : null,
    paid_off_amount_cents: cashIn ? null : cents(o['paid_off_amount']),
    customer_name: o['customer_name'] ?? null,
    customer_document_number: o['customer_document_number'] ?? null,
  };
}

// Whether one small seed meets a fault is chance; every faulty profile must make the client retry overall.
const retriesByProfile = new Map<string, number>();

describe(`fault matrix: ${Object.keys(PROFILES).length} profiles × ${SEEDS.length} seeds, ${DAYS} days × ${PER_DAY}/day`, () => {
  it.each(CASES)('%s, seed %i: the warehouse equals the sandbox truth (no row lost or doubled, amounts exact)', async (profile, seed) => {
    const rates = PROFILES[profile]!;
    const now = DateTime.fromISO(END, { zone: ZONE }).plus({ days: 1, hours: 3 }).toMillis();
    const clock = { now: () => now };
    const history = generateHistory({ seed, days: DAYS, perDay: PER_DAY, endDate: END });
    const sandbox = await startSandbox({ history, faults: rates, faultSeed: seed, clock });
    // Small pages and a small page budget: many windows and pages, so many requests meet a fault.
    const config = parseConfig(
      {
        sync: { pageSize: 50, windowPageBudget: 2, maxWindowAttempts: 8 },
        api: { retry: { maxAttempts: 12, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 1000 } },
      },
      'fault-matrix',
    );
    const api = createPaymentsApi({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, timeoutMs: 5_000, retry: config.api.retry });
    // A copy of the migrated template on one DuckDB thread: migrating 40 warehouses and starting their
    // threads proves nothing about faults, and was most of a case's CPU.
    const warehouse = await openMigratedCopy(join(mkdtempSync(join(root, `${profile}-${seed}-`)), 'w.duckdb'), ONE_THREAD);
    try {
      const result = await syncAll(
        { db: warehouse.connection, http: api, clock, logger: silentLogger },
        { runId: `matrix-${profile}-${seed}`, day: businessDayOf(END, config.timezone), lookbackDays: DAYS, sweepDays: 30 },
        config,
      );
      retriesByProfile.set(profile, (retriesByProfile.get(profile) ?? 0) + result.retries);

      const read = async (sql: string) => (await warehouse.connection.runAndReadAll(sql)).getRowObjectsJS().map((r) => plain(r as Row));
      const stored = await read(
        `SELECT transaction_id, epoch_ms(date_created) AS date_created, epoch_ms(date_updated) AS date_updated, ${TX_FIELDS.join(', ')} FROM transactions ORDER BY transaction_id`,
      );
      const truth = sandbox.state.listedTransactions().map((t) => expectedTransaction(t as unknown as Row));
      truth.sort((a, b) => String(a['transaction_id']).localeCompare(String(b['transaction_id'])));
      // Rejected sales are never listed, so the truth holds most, not all, of the generated sales.
      expect(truth.length).toBeGreaterThan(DAYS * PER_DAY * 0.8);

      // item_id: the listing drops it on some rows (chaos, harsh); a fresh warehouse then keeps it null.
      const plan = new FaultPlan(resolveFaults(rates), seed);
      const dropped = new Set(history.transactions.filter((t) => plan.dropsItemId(t.serial)).map((t) => t.id));
      if (profile === 'harsh') expect(dropped.size).toBeGreaterThan(0);
      const storedIds = stored.map((r) => r['transaction_id']);
      expect(new Set(storedIds).size).toBe(storedIds.length);
      expect(storedIds).toEqual(truth.map((t) => t['transaction_id']));
      const withoutItem = (r: Row) => ({ ...r, item_id: undefined });
      expect(stored.map(withoutItem)).toEqual(truth.map(withoutItem));
      stored.forEach((r, i) => {
        const expected = truth[i]!['item_id'];
        if (dropped.has(String(r['transaction_id']))) expect([null, expected]).toContain(r['item_id']);
        else expect(r['item_id']).toBe(expected);
      });

      const storedOps = await read(
        `SELECT kind, operation_id, item_id, status, status_description, epoch_ms(date_created) AS date_created, epoch_ms(date_updated) AS date_updated,
                amount_cents, paid_amount_cents, paid_off_amount_cents, customer_name, customer_document_number FROM operations ORDER BY kind, operation_id`,
      );
      const opsTruth = sandbox.state.listedOperations().map((o) => expectedOperation(o as unknown as Row));
      opsTruth.sort((a, b) => `${a['kind']}|${a['operation_id']}`.localeCompare(`${b['kind']}|${b['operation_id']}`));
      expect(opsTruth.length).toBeGreaterThan(0);
      expect(storedOps).toEqual(opsTruth);
    } finally {
      warehouse.close();
      await api.close();
      await sandbox.close();
    }
  });

  it('made the client retry under every faulty profile', () => {
    for (const profile of Object.keys(PROFILES).filter((p) => p !== 'none')) expect(retriesByProfile.get(profile), profile).toBeGreaterThan(0);
  });
});
