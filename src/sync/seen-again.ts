// The last-seen marks of what a sync run listed again as the warehouse holds it: the loaded rows whose
// every column reads as before and the history's (id, status) pairs seen before. The publish only
// collects their keys (TEMP tables named here); the marks are written once the run has committed, by
// UPDATEs of the two seen columns in transactions of their own, each sized to DuckDB's share.
// Why after the commit: DuckDB keeps every updated value, old and new, in memory until its
// transaction commits (nothing of it spills), and the run's own transaction already holds the share's
// edge (a recurring night lists about 350,000 rows again). Rewriting those rows inside it instead (a
// DELETE and an INSERT of each, which spill) made the publish write, hold and commit every held row of
// the lookback, where now it writes only the new and changed ones.
import type { DuckDBConnection } from '@duckdb/node-api';
import { bytesOfSize } from '../config/schema.ts';
import type { LoadedTable } from '../shared/tables.ts';
import { runWithParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';

/** TEMP table of the keys of a loaded table's rows listed again unchanged (`rows`), or of its history's pairs seen again (`pairs`). */
export function seenAgainTable(spec: LoadedTable, what: 'rows' | 'pairs'): string {
  return `temp.pub_seen_again_${what}_${spec.name}`;
}

/**
 * What one mark holds in DuckDB's memory until its transaction commits, with room to spare: 292,000
 * transactions marked in one UPDATE held 27 MiB of transaction memory and 31 MiB of allocations (about
 * 200 bytes a row). A share of 85 MiB marks about 350,000 rows per transaction.
 */
const BYTES_PER_MARK = 256;

/** The fewest marks per transaction, whatever the share: each UPDATE reads the whole table once. */
const MIN_MARKS_PER_TRANSACTION = 20_000;

/**
 * Writes the marks the publish collected (seenAgainTable) for each table: last seen at `nowMs`, by
 * `runId`. Returns how many rows and pairs were marked. `perTransaction` overrides the marks a
 * transaction holds (else sized to DuckDB's memory_limit).
 */
export async function markSeenAgain(
  db: DuckDBConnection,
  specs: readonly LoadedTable[],
  run: { runId: string; nowMs: number; perTransaction?: number | undefined },
): Promise<number> {
  const { runId, nowMs } = run;
  const reader = await db.runAndReadAll(`SELECT current_setting('memory_limit')::VARCHAR AS memory_limit`);
  const share = bytesOfSize(String(reader.getRowObjects()[0]?.['memory_limit']));
  const perTransaction = run.perTransaction ?? Math.max(MIN_MARKS_PER_TRANSACTION, Math.floor(share / BYTES_PER_MARK));
  let marked = 0;
  for (const spec of specs) {
    marked += await markTable(db, { table: spec.name, keys: spec.keys, source: seenAgainTable(spec, 'rows') }, perTransaction, runId, nowMs);
    marked += await markTable(db, { table: spec.history, keys: [...spec.keys, 'status'], source: seenAgainTable(spec, 'pairs') }, perTransaction, runId, nowMs);
  }
  return marked;
}

interface Marks {
  table: string;
  keys: readonly string[];
  /** TEMP table of the keys to mark. */
  source: string;
}

/** Marks one table's rows named in `source`, in as many transactions as the share needs (split by a hash of the keys). */
async function markTable(db: DuckDBConnection, marks: Marks, perTransaction: number, runId: string, nowMs: number): Promise<number> {
  const reader = await db.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${marks.source}`);
  const count = Number(reader.getRowObjects()[0]?.['n'] ?? 0);
  if (count === 0) return 0;
  const parts = Math.ceil(count / perTransaction);
  const on = marks.keys.map((k) => `${marks.table}.${k} = x.${k}`).join(' AND ');
  const part = parts === 1 ? 'true' : `hash(${marks.keys.join(', ')}) % ${parts} = $part`;
  let marked = 0;
  for (let index = 0; index < parts; index++) {
    const result = await withTransaction(db, () =>
      runWithParams(
        db,
        `UPDATE ${marks.table} SET last_seen_at = make_timestamptz(CAST($now_ms AS BIGINT) * 1000), last_seen_run = $run_id
         FROM (SELECT * FROM ${marks.source} WHERE ${part}) x WHERE ${on}`,
        { now_ms: Math.trunc(nowMs), run_id: runId, ...(parts === 1 ? {} : { part: index }) },
      ),
    );
    marked += result.rowsChanged;
  }
  return marked;
}
