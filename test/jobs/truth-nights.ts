// Test harness of the ground-truth suites: a sandbox history served on loopback, its nights run one
// after the other as the nightly runs them (each at 02:00 local on D+1, the day's export written first),
// and each night's new findings set beside the truth entries of that night, both as "date key" texts.
// A suite names what it adds: config keys, sandbox options, work before the nights or after each one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { DuckDBConnection } from '@duckdb/node-api';
import { runNightly, type NightlyOutcome } from '../../jobs/nightly.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema } from '../../src/config/schema.ts';
import type { SandboxHistory, TruthEntry } from '../../src/sandbox/model.ts';
import { startSandbox, writeOrdersExport, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { type CloseResult, TIE_OUTS } from '../../src/shared/close.ts';
import { ONE_THREAD, openMigratedCopy } from '../warehouse/migrated-copy.ts';
import { openEmptyWorkbook } from './without-workbooks.ts';

export const ZONE = 'America/Sao_Paulo';

/** What a finding row and a truth entry share; a suite's key reads these. */
export interface Keyed {
  category: string;
  item_id?: string | null;
  operation_id?: string | null;
  transaction_ids?: string | readonly string[] | null;
  finding_key?: string;
  line_id?: string;
}

/** A finding's identity as the truth states it: its operation, else its item. */
export const keyOfFinding = (e: Keyed): string => `${e.category}:${e.operation_id ?? e.item_id ?? ''}`;

export interface TruthNightsOptions {
  history: SandboxHistory;
  /** Names the temp folder. */
  prefix: string;
  /** Config keys beside the base (zone, orders, reports, the warehouse in the folder). */
  config?: (dir: string) => Record<string, unknown>;
  /** Sandbox options beside the history and the clock (faults, notifyUrl, apiKey, ...). */
  sandbox?: Omit<SandboxOptions, 'history' | 'clock'>;
  keyOf?: (e: Keyed) => string;
  /** Before the sandbox starts: the folder and the clock it reads; may add sandbox options (a notifyUrl). */
  before?: (run: { dir: string; clock: { now(): number } }) => Promise<Omit<SandboxOptions, 'history' | 'clock'> | undefined>;
  /** After each night, with its outcome. */
  afterNight?: (night: { date: string; outcome: NightlyOutcome; db: DuckDBConnection; sandbox: RunningSandbox }) => Promise<void>;
  /** After the last night, before the warehouse closes. */
  after?: (run: { db: DuckDBConnection; lastRunId: string }) => Promise<void>;
}

const dirs: string[] = [];
/** Removes every folder the runs made (a suite's afterAll). */
export function removeTruthDirs(): void {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** What the nights showed beside the truth: each as "date key" texts, sorted. */
export interface TruthNights {
  /** The findings new on each night, and the truth entries first reported on it. */
  expected: string[];
  found: string[];
  /** The findings resolved on each night, and the truth entries it says resolve on it. */
  expectedResolved: string[];
  resolved: string[];
  /** The list's size (new and open findings) per night, in night order. */
  listSizes: number[];
  /** What breaks a night's close (unclosedOf): none when every night's sales tie out. */
  unclosed: string[];
  dir: string;
}

/** Runs every night of the history; the new and resolved findings and the truth of each night. */
export async function runTruthNights(options: TruthNightsOptions): Promise<TruthNights> {
  const { history } = options;
  const keyOf = options.keyOf ?? keyOfFinding;
  const dir = mkdtempSync(join(tmpdir(), options.prefix));
  dirs.push(dir);
  let now = 0;
  const clock = { now: () => now };
  const added = await options.before?.({ dir, clock });
  const sandboxOptions = { ...options.sandbox, ...added };
  const sandbox = await startSandbox({ history, clock, ...sandboxOptions });
  // The timelines start at the start of time: from here on, each change is notified as the clock passes it.
  if (sandboxOptions.notifyUrl !== undefined) sandbox.state.now();
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey: sandbox.apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 8, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2000 },
  });
  const warehousePath = join(dir, 'recon.duckdb');
  // A copy of the run's migrated template (no migrations per run), on one DuckDB thread: a night of a few
  // hundred rows gains nothing from a second one, which costs CPU to start and stop around every
  // statement (one seed's twelve nights: 30 s of CPU against 38 s on two threads). The folder is removed
  // after the suite, so the checkpoint at close would be work for nothing.
  const warehouse = await openMigratedCopy(warehousePath, ONE_THREAD);
  const db = warehouse.connection;
  await db.run('PRAGMA disable_checkpoint_on_shutdown');
  const config = configSchema.parse({
    timezone: ZONE,
    warehouse: { path: warehousePath },
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
    ...options.config?.(dir),
  });
  const expected: string[] = [];
  const found: string[] = [];
  const expectedResolved: string[] = [];
  const resolved: string[] = [];
  const listSizes: number[] = [];
  const unclosed: string[] = [];
  let lastRunId = '';
  try {
    for (const date of datesBetween(history.startDate, history.endDate, ZONE)) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      // The nightly run of D happens at 02:00 local on D+1.
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      // Every report of every night is written, its workbooks empty: the scoring reads none (without-workbooks.ts).
      const outcome = await runNightly({ db, api, clock, logger: silentLogger, openWorkbook: openEmptyWorkbook }, { date }, config);
      lastRunId = outcome.reconcile.runId;
      await options.afterNight?.({ date, outcome, db, sandbox });
      const reader = await db.runAndReadAll(`SELECT finding_key, category, item_id, operation_id, transaction_ids, state FROM findings WHERE run_id = $1`, [
        lastRunId,
      ]);
      const rows = reader.getRowObjects();
      for (const row of rows) {
        if (row['state'] === 'new') found.push(`${date} ${keyOf(row as unknown as Keyed)}`);
        if (row['state'] === 'resolved') resolved.push(`${date} ${keyOf(row as unknown as Keyed)}`);
      }
      listSizes.push(rows.filter((row) => row['state'] !== 'resolved').length);
      unclosed.push(...(await unclosedOf(db, lastRunId, date, outcome.reconcile.close)));
      for (const entry of history.discrepancies.filter((d: TruthEntry) => d.date === date)) expected.push(`${date} ${keyOf(entry)}`);
      for (const entry of history.discrepancies.filter((d: TruthEntry) => d.resolved === date)) expectedResolved.push(`${date} ${keyOf(entry)}`);
    }
    await options.after?.({ db, lastRunId });
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
  }
  return { expected: expected.sort(), found: found.sort(), expectedResolved: expectedResolved.sort(), resolved: resolved.sort(), listSizes, unclosed, dir };
}

/**
 * What breaks the night's close: a residue row (an item no rule explains), or stored lines whose
 * explaining lines do not sum to service minus shop, or a result that says otherwise than the table.
 */
async function unclosedOf(db: DuckDBConnection, runId: string, date: string, close: CloseResult): Promise<string[]> {
  const residue = (
    await db.runAndReadAll(`SELECT tieout, item_id, payment_ids, difference_cents FROM close_residue WHERE run_id = $1`, [runId])
  ).getRowObjects();
  const broken = residue.map(
    (r) => `${date} ${String(r['tieout'])} residue ${String(r['item_id'])} ${String(r['payment_ids'])} ${String(r['difference_cents'])}`,
  );
  for (const name of TIE_OUTS) {
    const sums = (
      await db.runAndReadAll(
        `SELECT sum(amount_cents) FILTER (WHERE line NOT IN ('shop', 'service')) AS explained,
                sum(CASE line WHEN 'service' THEN amount_cents WHEN 'shop' THEN -amount_cents ELSE 0 END) AS difference
         FROM close_lines WHERE run_id = $1 AND tieout = $2`,
        [runId, name],
      )
    ).getRowObjects()[0];
    const explained = Number(sums?.['explained'] ?? 0);
    const difference = Number(sums?.['difference'] ?? 0);
    const t = close[name];
    const told = t.explained.reduce((n, l) => n + l.amount_cents, 0) + t.unexplained.amount_cents;
    if (explained !== difference) broken.push(`${date} ${name} lines sum to ${explained}, service minus shop is ${difference}`);
    if (told !== difference || t.difference_cents !== difference)
      broken.push(`${date} ${name} the night's close says ${told} of ${t.difference_cents}, the table ${difference}`);
  }
  return broken;
}
