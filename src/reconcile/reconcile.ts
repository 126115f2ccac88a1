// Runs one night's reconciliation in the warehouse: scope, rules, lifecycle, all in one transaction,
// so that a crash leaves either the whole night's findings or none.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconcileConfig } from '../config/schema.ts';
import { boundsOfDay } from '../shared/business-day.ts';
import type { Clock } from '../shared/clock.ts';
import { FINDING_CATEGORIES, type FindingCategory, type FindingState } from '../shared/domain.ts';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { SCOPE_STATEMENTS, bindSql, paramsSql } from './scope.ts';
import { LIFECYCLE_STATEMENT, MACRO_STATEMENTS, MATCHES_STATEMENT, ORDER_PAYMENTS_STATEMENT, currentFindingsStatement } from './rules.ts';

export interface ReconcileDeps {
  db: Pick<DuckDBConnection, 'run' | 'runAndReadAll'>;
  clock: Clock;
  logger: Logger;
}

export interface ReconcileRequest {
  runId: string;
  date: string;
  timezone: string;
}

export type CategoryCounts = Record<FindingCategory, { new: number; open: number; resolved: number; amountCents: number }>;

export interface ReconcileResult {
  runId: string;
  date: string;
  previousRunId: string | undefined;
  counts: CategoryCounts;
  totals: Record<FindingState, number>;
  matches: { exact: number; variance: number };
  seconds: number;
}

export async function reconcileDay(deps: ReconcileDeps, request: ReconcileRequest, config: ReconcileConfig): Promise<ReconcileResult> {
  const started = deps.clock.now();
  const { startMs, endMs } = boundsOfDay(request.date, request.timezone);
  const previousRunId = await findPreviousRun(deps.db, request.date);
  const params = { ...paramsSql({ date: request.date, startMs, endMs, previousRunId, reconcile: config }), RUN_ID: `'${request.runId.replace(/'/g, "''")}'` };
  const bind = (sql: string) => bindSql(sql, params);

  await deps.db.run('BEGIN TRANSACTION');
  try {
    for (const sql of MACRO_STATEMENTS) await deps.db.run(sql);
    for (const sql of SCOPE_STATEMENTS) await deps.db.run(bind(sql));
    await deps.db.run(bind(ORDER_PAYMENTS_STATEMENT));
    await deps.db.run(bind(currentFindingsStatement()));
    // A re-run of the same run id replaces its rows rather than doubling them.
    await deps.db.run(`DELETE FROM findings WHERE run_id = ${params.RUN_ID}`);
    await deps.db.run(`DELETE FROM matches WHERE run_id = ${params.RUN_ID}`);
    await deps.db.run(`INSERT INTO findings ${bind(LIFECYCLE_STATEMENT)}`);
    await deps.db.run(`INSERT INTO matches ${bind(MATCHES_STATEMENT)}`);
    // The run row commits with its findings, so the next night never carries from a half-written run.
    await deps.db.run(`DELETE FROM runs WHERE run_id = ${params.RUN_ID}`);
    await deps.db.run(
      `INSERT INTO runs (run_id, kind, business_date, args, started_at, finished_at, outcome)
       VALUES (${params.RUN_ID}, 'reconcile', ${params.D}, $1::JSON, make_timestamptz($2::BIGINT * 1000), make_timestamptz($3::BIGINT * 1000), 'done')`,
      [JSON.stringify({ date: request.date, previous_run_id: previousRunId ?? null, ...config }), started, deps.clock.now()],
    );
    await deps.db.run('COMMIT');
  } catch (cause) {
    await deps.db.run('ROLLBACK').catch(() => undefined);
    throw new ReconError('warehouse', `reconcile ${request.date}: ${(cause as Error).message}`, { cause });
  }

  const result: ReconcileResult = {
    runId: request.runId,
    date: request.date,
    previousRunId,
    ...(await countFindings(deps.db, request.runId)),
    matches: await countMatches(deps.db, request.runId),
    seconds: (deps.clock.now() - started) / 1000,
  };
  deps.logger.event('reconcile.done', { run_id: request.runId, date: request.date, totals: result.totals, matches: result.matches });
  return result;
}

/** The latest finished reconcile run of an earlier business day: its open findings are carried. */
async function findPreviousRun(db: ReconcileDeps['db'], date: string): Promise<string | undefined> {
  const reader = await db.runAndReadAll(
    `SELECT run_id FROM runs WHERE kind = 'reconcile' AND outcome = 'done' AND business_date < CAST($1 AS DATE)
     ORDER BY business_date DESC, started_at DESC LIMIT 1`,
    [date],
  );
  const row = reader.getRowObjects()[0];
  return row ? String(row['run_id']) : undefined;
}

async function countFindings(db: ReconcileDeps['db'], runId: string): Promise<Pick<ReconcileResult, 'counts' | 'totals'>> {
  const counts = Object.fromEntries(
    FINDING_CATEGORIES.map((c) => [c, { new: 0, open: 0, resolved: 0, amountCents: 0 }]),
  ) as CategoryCounts;
  const totals: Record<FindingState, number> = { new: 0, open: 0, resolved: 0 };
  const reader = await db.runAndReadAll(
    `SELECT category, state, count(*) AS n,
            sum(coalesce(abs(difference_cents), payment_amount_cents, order_amount_cents, 0)) AS amount
     FROM findings WHERE run_id = $1 GROUP BY ALL`,
    [runId],
  );
  for (const row of reader.getRowObjects()) {
    const category = row['category'] as FindingCategory;
    const state = row['state'] as FindingState;
    const n = Number(row['n']);
    counts[category][state] += n;
    if (state !== 'resolved') counts[category].amountCents += Number(row['amount'] ?? 0);
    totals[state] += n;
  }
  return { counts, totals };
}

async function countMatches(db: ReconcileDeps['db'], runId: string): Promise<{ exact: number; variance: number }> {
  const reader = await db.runAndReadAll(
    `SELECT count(*) FILTER (WHERE match_state = 'exact') AS exact, count(*) FILTER (WHERE match_state = 'variance') AS variance
     FROM matches WHERE run_id = $1`,
    [runId],
  );
  const row = reader.getRowObjects()[0] ?? {};
  return { exact: Number(row['exact'] ?? 0), variance: Number(row['variance'] ?? 0) };
}
