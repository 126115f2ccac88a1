// The `runs` table: one row per run of any kind (sync, import, reconcile, nightly, backfill), written
// when it starts ("running") and when it ends ("done" or "failed"), with its arguments, counts, timings.
// withRun is the bookkeeping around a run's work; the record* functions are its steps, for a run whose
// end is written inside another transaction (a sync's publish, a reconcile's findings).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import { redactSecrets } from '../shared/redact.ts';
import { newRunId } from '../shared/run-id.ts';

/** The kinds of run the `runs` table documents (docs/warehouse.md). */
export type RunKind = 'sync' | 'import' | 'reconcile' | 'nightly' | 'backfill';

export interface RunStart {
  runId: string;
  kind: RunKind;
  /** Business date YYYY-MM-DD, when the run has one. */
  businessDate?: string | undefined;
  args?: Record<string, unknown> | undefined;
  startedAtMs: number;
}

/** How a run ended; `done_with_warnings`: done, with rows kept out that a person should look at. */
export type RunOutcome = 'done' | 'done_with_warnings' | 'failed';

export interface RunEnd {
  runId: string;
  outcome: RunOutcome;
  finishedAtMs: number;
  counts?: Record<string, unknown> | undefined;
  timings?: Record<string, unknown> | undefined;
  error?: string | undefined;
}

/** What a run's end records beyond its outcome; finishedAtMs defaults to the clock's now. */
type RunEndDetails = { [K in 'finishedAtMs' | 'counts' | 'timings']?: RunEnd[K] | undefined };

export interface RunPlan<T> {
  kind: RunKind;
  clock: Clock;
  /** Default: a new id for the kind (newRunId). */
  runId?: string | undefined;
  businessDate?: string | undefined;
  args?: Record<string, unknown> | undefined;
  /** Default: the clock's now when the run row is written. */
  startedAtMs?: number | undefined;
  /** When set, runs of this kind left "running" are first marked failed as abandoned, saying this of them. */
  abandoned?: string | undefined;
  /**
   * How a run whose work returned ends: outcome (default done), counts, timings. `recorded by work`:
   * the work writes its own end (recordRunEnd) inside the transaction that commits its data.
   */
  done?: ((result: T) => RunEndDetails & { outcome?: 'done' | 'done_with_warnings' }) | 'recorded by work' | undefined;
  /** What a failed run's row records beyond the error's message (timings so far, the instant it ended). */
  failed?: ((error: unknown) => RunEndDetails) | undefined;
}

/**
 * Records the run's start, runs work with its id, records how it ended and returns work's result. A
 * failure (of the work, or of recording a done end) is recorded with its message, best effort, and the
 * first error is rethrown: a warehouse that cannot take the failed row must not hide why the run failed.
 */
export async function withRun<T>(db: DuckDBConnection, plan: RunPlan<T>, work: (runId: string) => Promise<T>): Promise<T> {
  const runId = plan.runId ?? newRunId(plan.kind, plan.clock.now());
  if (plan.abandoned !== undefined) await markAbandonedRuns(db, plan.kind, plan.abandoned);
  await recordRunStart(db, { runId, kind: plan.kind, businessDate: plan.businessDate, args: plan.args, startedAtMs: plan.startedAtMs ?? plan.clock.now() });
  try {
    const result = await work(runId);
    if (plan.done !== 'recorded by work') {
      const { outcome = 'done', finishedAtMs, counts, timings } = plan.done?.(result) ?? {};
      await recordRunEnd(db, { runId, outcome, finishedAtMs: finishedAtMs ?? plan.clock.now(), counts, timings });
    }
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { finishedAtMs, counts, timings } = plan.failed?.(error) ?? {};
    await recordRunEnd(db, { runId, outcome: 'failed', finishedAtMs: finishedAtMs ?? plan.clock.now(), counts, timings, error: message }).catch(
      () => undefined,
    );
    throw error;
  }
}

async function recordRunStart(db: DuckDBConnection, run: RunStart): Promise<void> {
  await db.run(
    `INSERT INTO runs (run_id, kind, business_date, args, started_at, outcome)
     VALUES ($run_id, $kind, CAST($business_date AS DATE), CAST($args AS JSON), make_timestamptz(CAST($started_ms AS BIGINT) * 1000), 'running')`,
    { run_id: run.runId, kind: run.kind, business_date: run.businessDate ?? null, args: JSON.stringify(run.args ?? {}), started_ms: run.startedAtMs },
  );
}

/**
 * Runs of `kind` still "running" while we hold the warehouse lock were killed (DuckDB has one writer):
 * they are marked failed so a reader never takes them for work in progress.
 */
async function markAbandonedRuns(db: DuckDBConnection, kind: RunKind, what: string): Promise<void> {
  await db.run(`UPDATE runs SET outcome = 'failed', error = $error WHERE kind = $kind AND outcome = 'running'`, {
    kind,
    error: `abandoned: the process ended before the run finished; ${what}`,
  });
}

/** Marks the run finished (its error redacted: a service may echo the key in an error body). Inside the caller's transaction when it has one (a publish commits both). */
export async function recordRunEnd(db: DuckDBConnection, run: RunEnd): Promise<void> {
  await db.run(
    `UPDATE runs SET finished_at = make_timestamptz(CAST($finished_ms AS BIGINT) * 1000), outcome = $outcome,
       counts = CAST($counts AS JSON), timings = CAST($timings AS JSON), error = $error
     WHERE run_id = $run_id`,
    {
      run_id: run.runId,
      finished_ms: run.finishedAtMs,
      outcome: run.outcome,
      counts: JSON.stringify(run.counts ?? {}),
      timings: JSON.stringify(run.timings ?? {}),
      error: run.error === undefined ? null : redactSecrets(run.error),
    },
  );
}

/**
 * Writes a run that is recorded only once it is done, inside the transaction of what it produced (a
 * reconcile's run row commits with its findings, so no night carries from a half-written run). A re-run
 * of the same id replaces its row. Counts, timings and error stay NULL, as they always have for it.
 */
export async function recordFinishedRun(
  db: Pick<DuckDBConnection, 'run'>,
  run: Omit<RunStart, 'args'> & { args: Record<string, unknown>; finishedAtMs: number },
): Promise<void> {
  await db.run('DELETE FROM runs WHERE run_id = $run_id', { run_id: run.runId });
  await db.run(
    `INSERT INTO runs (run_id, kind, business_date, args, started_at, finished_at, outcome)
     VALUES ($run_id, $kind, CAST($business_date AS DATE), CAST($args AS JSON), make_timestamptz(CAST($started_ms AS BIGINT) * 1000),
             make_timestamptz(CAST($finished_ms AS BIGINT) * 1000), 'done')`,
    {
      run_id: run.runId,
      kind: run.kind,
      business_date: run.businessDate ?? null,
      args: JSON.stringify(run.args),
      started_ms: run.startedAtMs,
      finished_ms: run.finishedAtMs,
    },
  );
}
