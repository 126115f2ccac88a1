// The `runs` table: one row per run of any kind (sync, import, reconcile, nightly, backfill), written
// when it starts ("running") and when it ends ("done" or "failed"), with its arguments, counts, timings.
import type { DuckDBConnection } from '@duckdb/node-api';
import { redactSecrets } from '../shared/redact.ts';

export interface RunStart {
  runId: string;
  kind: string;
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

export async function recordRunStart(db: DuckDBConnection, run: RunStart): Promise<void> {
  await db.run(
    `INSERT INTO runs (run_id, kind, business_date, args, started_at, outcome)
     VALUES ($1, $2, CAST($3 AS DATE), CAST($4 AS JSON), make_timestamptz(CAST($5 AS BIGINT) * 1000), 'running')`,
    [run.runId, run.kind, run.businessDate ?? null, JSON.stringify(run.args ?? {}), run.startedAtMs],
  );
}

/**
 * Runs of `kind` still "running" while we hold the warehouse lock were killed (DuckDB has one writer):
 * they are marked failed so a reader never takes them for work in progress.
 */
export async function markAbandonedRuns(db: DuckDBConnection, kind: string, what: string): Promise<void> {
  await db.run(`UPDATE runs SET outcome = 'failed', error = $2 WHERE kind = $1 AND outcome = 'running'`, [
    kind,
    `abandoned: the process ended before the run finished; ${what}`,
  ]);
}

/** Marks the run finished (its error redacted: a service may echo the key in an error body). Inside the caller's transaction when it has one (a publish commits both). */
export async function recordRunEnd(db: DuckDBConnection, run: RunEnd): Promise<void> {
  await db.run(
    `UPDATE runs SET finished_at = make_timestamptz(CAST($2 AS BIGINT) * 1000), outcome = $3,
       counts = CAST($4 AS JSON), timings = CAST($5 AS JSON), error = $6
     WHERE run_id = $1`,
    [run.runId, run.finishedAtMs, run.outcome, JSON.stringify(run.counts ?? {}), JSON.stringify(run.timings ?? {}), run.error === undefined ? null : redactSecrets(run.error)],
  );
}
