// Transactions that a look-up by id (lookups.ts) found listed no more. The service lists every
// transaction but those the fraud check rejected (how a review leaves the listing), so such a
// transaction is recorded as `rejected`: its current row takes that status (every other column,
// date_updated included, stays as the service last listed it) and its history gains a `rejected` row
// dated when it was found missing. Runs inside publish's transaction.
import { listValue, type DuckDBConnection } from '@duckdb/node-api';

export const VANISHED = 'temp.pub_vanished';

export async function markVanished(db: DuckDBConnection, ids: readonly string[], runId: string, nowMs: number): Promise<void> {
  const now = 'make_timestamptz(CAST($now_ms AS BIGINT) * 1000)';
  const stamp = { now_ms: Math.trunc(nowMs), run_id: runId };
  await db.run(`CREATE OR REPLACE TEMP TABLE ${VANISHED.replace('temp.', '')} (transaction_id VARCHAR NOT NULL)`);
  await db.run(`INSERT INTO ${VANISHED} SELECT DISTINCT unnest(CAST($ids AS VARCHAR[]))`, { ids: listValue([...ids]) });
  const updated = await db.run(`UPDATE transactions SET status = 'rejected' FROM ${VANISHED} v WHERE transactions.transaction_id = v.transaction_id`);
  if (updated.rowsChanged !== new Set(ids).size) throw new Error(`marked ${updated.rowsChanged} transactions rejected, expected ${new Set(ids).size}`);
  // A transaction seen rejected before (it came back, then left again) keeps its first rejected row.
  await db.run(
    `UPDATE transaction_history SET last_seen_at = ${now}, last_seen_run = $run_id
     FROM ${VANISHED} v WHERE transaction_history.transaction_id = v.transaction_id AND transaction_history.status = 'rejected'`,
    stamp,
  );
  await db.run(
    `INSERT INTO transaction_history
     SELECT v.transaction_id, 'rejected', ${now}, ${now}, ${now}, $run_id, $run_id FROM ${VANISHED} v
     WHERE v.transaction_id NOT IN (
       SELECT h.transaction_id FROM transaction_history h SEMI JOIN ${VANISHED} x ON h.transaction_id = x.transaction_id WHERE h.status = 'rejected')`,
    stamp,
  );
}
