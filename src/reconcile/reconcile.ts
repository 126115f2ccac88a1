// Runs one night's reconciliation in the warehouse: scope, rules, lifecycle, all in one transaction,
// so that a crash leaves either the whole night's findings or none.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FeesConfig, NotificationsConfig, ReconcileConfig } from '../config/schema.ts';
import type { BusinessDay } from '../shared/business-day.ts';
import type { Clock } from '../shared/clock.ts';
import { amountAtStakeSql } from '../shared/amount-at-stake.ts';
import { atStakeSql, newFindingSql, openFindingSql } from '../shared/figures.ts';
import { FINDING_CATEGORIES, type FindingCategory, type FindingState } from '../shared/domain.ts';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { recordFinishedRun } from '../warehouse/runs.ts';
import { runWithParams, sqlIdentifier } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { ONE_THREAD, withDuckdbSettings } from '../warehouse/with-settings.ts';
import { type BankCheck, PAYOUT_MATCHES_STATEMENT, bankParams, matchNightPayouts } from './payouts.ts';
import { nightParams, scopeStatements } from './scope.ts';
import { insertNightFindings } from './lifecycle.ts';
import type { CloseResult } from '../shared/close.ts';
import { readClose } from './close-read.ts';
import { CLOSE_STATEMENTS } from './close-tieouts.ts';
import { MACRO_STATEMENTS, MATCHES_STATEMENT, ORDER_PAYMENTS_STATEMENT, currentFindingsStatements } from './rules.ts';

export interface ReconcileDeps {
  db: Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'prepare'>;
  clock: Clock;
  logger: Logger;
}

export interface ReconcileRequest {
  runId: string;
  day: BusinessDay;
  /** The fee check (fee_mismatch); absent: off. */
  fees?: Pick<FeesConfig, 'check' | 'toleranceCents'> | undefined;
  /** Whether status changes are expected to be notified (notification_missed); absent: not. */
  notifications?: (Pick<NotificationsConfig, 'expected' | 'retrySpanHours'> & Partial<Pick<NotificationsConfig, 'contradictionGraceHours'>>) | undefined;
  /** The bank check (payouts against the statements of bank.accounts); absent or no account: off. */
  bank?: BankCheck | undefined;
  /** Leave the night's working tables (rc_*) in the connection's temp schema, to be read after it (a test of the scope). */
  keepWorkingTables?: boolean | undefined;
}

type CategoryCounts = Record<FindingCategory, { new: number; open: number; resolved: number; amountCents: number }>;

export interface ReconcileResult {
  runId: string;
  date: string;
  previousRunId: string | undefined;
  counts: CategoryCounts;
  totals: Record<FindingState, number>;
  matches: { exact: number; variance: number };
  /** The day's close: each tie-out's sides, what explains their difference and what does not (close_lines). */
  close: CloseResult;
  seconds: number;
}

export async function reconcileDay(deps: ReconcileDeps, request: ReconcileRequest, config: ReconcileConfig): Promise<ReconcileResult> {
  const started = deps.clock.now();
  const { date, startMs, endMs } = request.day;
  const previous = await findPreviousRun(deps.db, date);
  const previousRunId = previous?.runId;
  const night = nightParams({
    runId: request.runId,
    date,
    startMs,
    endMs,
    previousRunId,
    previousRunDate: previous?.date,
    reconcile: config,
    fees: request.fees,
    notifications: request.notifications,
  });
  const params = { ...night, ...bankParams(request.bank) };
  const run = (sql: string) => runWithParams(deps.db, sql, params);

  try {
    // One thread: the night's joins of a promotion day's payments with its orders build hash tables per
    // thread, and with two the 200,000-sale night ran out of DuckDB's share (failed to pin a block). It
    // costs that night time (`recon reconcile` of it: 11-14 s against 7 s), an ordinary night none (4 s).
    await withDuckdbSettings(deps.db, ONE_THREAD, () =>
      withTransaction(deps.db, async () => {
        for (const sql of MACRO_STATEMENTS) await deps.db.run(sql);
        for (const sql of scopeStatements(config.compareAmount)) await run(sql);
        await run(ORDER_PAYMENTS_STATEMENT);
        await matchNightPayouts(deps.db, params, date, request.bank);
        for (const sql of currentFindingsStatements()) await run(sql);
        // A re-run of the same run id replaces its rows rather than doubling them.
        await run('DELETE FROM findings WHERE run_id = $run_id');
        await run('DELETE FROM matches WHERE run_id = $run_id');
        await insertNightFindings(deps.db, params);
        for (const sql of CLOSE_STATEMENTS) await run(sql);
        await run(`INSERT INTO matches ${MATCHES_STATEMENT}`);
        await run('DELETE FROM payout_matches WHERE run_id = $run_id');
        await run(`INSERT INTO payout_matches ${PAYOUT_MATCHES_STATEMENT}`);
        // The run row commits with its findings, so the next night never carries from a half-written run.
        await recordFinishedRun(deps.db, {
          runId: request.runId,
          kind: 'reconcile',
          businessDate: date,
          args: {
            date,
            previous_run_id: previousRunId ?? null,
            ...config,
            ...(request.fees ? { fees: request.fees } : {}),
            ...(request.notifications ? { notifications: request.notifications } : {}),
            ...(request.bank?.accounts.length
              ? {
                  bank: {
                    accounts: request.bank.accounts.map((a) => a.id),
                    settleDays: request.bank.settleDays,
                    payoutMemoPattern: request.bank.payoutMemoPattern,
                  },
                }
              : {}),
          },
          startedAtMs: started,
          finishedAtMs: deps.clock.now(),
        });
      }),
    );
    if (!request.keepWorkingTables) await dropWorkingTables(deps.db);
  } catch (cause) {
    throw new ReconError('warehouse', { id: 'reconcileFailed', date, said: (cause as Error).message }, { cause });
  }

  const result: ReconcileResult = {
    runId: request.runId,
    date,
    previousRunId,
    ...(await countFindings(deps.db, request.runId)),
    matches: await countMatches(deps.db, request.runId),
    close: await readClose(deps.db, request.runId),
    seconds: (deps.clock.now() - started) / 1000,
  };
  deps.logger.event('reconcile.done', { run_id: request.runId, date, totals: result.totals, matches: result.matches });
  return result;
}

/**
 * The night's working tables (rc_*), dropped once its findings are committed (a failed night's roll back
 * with it). Kept to the end of the process they held part of DuckDB's share the reports need: after the
 * 200,000-sale night's reconcile, about 100 MiB in memory and 130 MiB spilled to its temp folder.
 */
async function dropWorkingTables(db: ReconcileDeps['db']): Promise<void> {
  const reader = await db.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE temporary AND starts_with(table_name, 'rc_')`);
  for (const [name] of reader.getRows()) await db.run(`DROP TABLE IF EXISTS temp.main.${sqlIdentifier(String(name))}`);
}

/** The latest finished reconcile run of an earlier business day, and that day: its open findings are carried. */
async function findPreviousRun(db: ReconcileDeps['db'], date: string): Promise<{ runId: string; date: string } | undefined> {
  const reader = await db.runAndReadAll(
    `SELECT run_id, strftime(business_date, '%Y-%m-%d') AS business_date FROM runs
     WHERE kind = 'reconcile' AND outcome = 'done' AND business_date < CAST($date AS DATE)
     ORDER BY business_date DESC, started_at DESC LIMIT 1`,
    { date },
  );
  const row = reader.getRowObjects()[0];
  return row ? { runId: String(row['run_id']), date: String(row['business_date']) } : undefined;
}

async function countFindings(db: ReconcileDeps['db'], runId: string): Promise<Pick<ReconcileResult, 'counts' | 'totals'>> {
  const counts = Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, { new: 0, open: 0, resolved: 0, amountCents: 0 }])) as CategoryCounts;
  const totals: Record<FindingState, number> = { new: 0, open: 0, resolved: 0 };
  // The figures' own SQL (src/shared/figures.ts): what the workbook's Summary, the page and the list count too.
  const reader = await db.runAndReadAll(
    `SELECT category,
            count(*) FILTER (WHERE ${newFindingSql()}) AS new,
            count(*) FILTER (WHERE ${openFindingSql()}) AS open,
            count(*) FILTER (WHERE state = 'resolved') AS resolved,
            coalesce(sum(${amountAtStakeSql()}) FILTER (WHERE ${atStakeSql()}), 0) AS amount
     FROM findings WHERE run_id = $run_id GROUP BY category`,
    { run_id: runId },
  );
  for (const row of reader.getRowObjects()) {
    const category = row['category'] as FindingCategory;
    for (const state of ['new', 'open', 'resolved'] as const) {
      const n = Number(row[state]);
      counts[category][state] += n;
      totals[state] += n;
    }
    counts[category].amountCents += Number(row['amount']);
  }
  return { counts, totals };
}

async function countMatches(db: ReconcileDeps['db'], runId: string): Promise<{ exact: number; variance: number }> {
  const reader = await db.runAndReadAll(
    `SELECT count(*) FILTER (WHERE match_state = 'exact') AS exact, count(*) FILTER (WHERE match_state = 'variance') AS variance
     FROM matches WHERE run_id = $run_id`,
    { run_id: runId },
  );
  const row = reader.getRowObjects()[0] ?? {};
  return { exact: Number(row['exact'] ?? 0), variance: Number(row['variance'] ?? 0) };
}
