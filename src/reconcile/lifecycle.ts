// The night's findings against the previous night's (new, still open with its first_seen kept, or
// resolved), and their reasons: the English sentence findings.reason stores is written from each
// finding's facts by the English catalogue (locale/en.ts), the one English renderer, so the stored
// sentence and what any locale shows can never tell different facts.
import type { DuckDBConnection } from '@duckdb/node-api';
import { englishReasonOf, factsOfJson } from '../shared/locale/localize.ts';
import { ReconError } from '../shared/errors.ts';
import { runWithParams, type SqlParams } from '../warehouse/sql.ts';
import { factsSql } from './rules.ts';

// Why a review finding resolved: the decision the service made, and when recon saw it. A rejected
// transaction is no longer listed at all; the sync records it so when a re-read by id finds nothing
// (without that record the resolved finding keeps the facts it had).
const RESOLVED_REVIEW_FACTS = `CASE WHEN t.status IS NOT NULL AND t.status <> 'review' THEN
  CASE WHEN t.status <> 'rejected'
       THEN ${factsSql('reviewDecided', { transactionId: 't.transaction_id', status: 't.status', sinceMs: 'epoch_ms(h.date_updated)' })}
       WHEN h.date_updated IS NOT NULL
       THEN ${factsSql('reviewRejected', { transactionId: 't.transaction_id', seenMissingMs: 'epoch_ms(h.date_updated)' })} END
  END`;

/** The night's rows of `findings`, their reason still to write where their facts are new tonight. */
const NIGHT_STATEMENT = `
CREATE OR REPLACE TEMP TABLE rc_night AS
SELECT $run_id AS run_id, $d AS business_date, c.finding_key, c.category, c.item_id, c.operation_id, c.transaction_ids,
       c.order_status, c.payment_status, c.order_amount_cents, c.payment_amount_cents, c.difference_cents,
       NULL::VARCHAR AS reason, coalesce(p.first_seen, $d) AS first_seen,
       CASE WHEN p.finding_key IS NULL THEN 'new' ELSE 'open' END AS state, CAST(c.facts AS VARCHAR) AS facts
FROM rc_current c LEFT JOIN rc_prev p USING (finding_key)
UNION ALL
SELECT $run_id, $d, p.finding_key, p.category, p.item_id, p.operation_id, p.transaction_ids, p.order_status,
       p.payment_status, p.order_amount_cents, p.payment_amount_cents, p.difference_cents,
       CASE WHEN r.facts IS NULL THEN p.reason END, p.first_seen, 'resolved', coalesce(r.facts, p.facts)
FROM rc_prev p
LEFT JOIN rc_prev_reviews t ON p.category = 'stale_review' AND t.transaction_id = p.transaction_ids
LEFT JOIN rc_prev_review_history h ON h.transaction_id = t.transaction_id AND h.status = t.status
CROSS JOIN LATERAL (SELECT CAST(${RESOLVED_REVIEW_FACTS} AS VARCHAR) AS facts) r
WHERE p.finding_key NOT IN (SELECT finding_key FROM rc_current)`;

/** Reasons written per statement: a JSON parameter of this many sentences stays small. */
const REASONS_PER_BATCH = 2000;

type Db = Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'prepare'>;

/** Writes the night's findings (the rules' rc_current held against rc_prev) into `findings`, reasons included. */
export async function insertNightFindings(db: Db, params: SqlParams): Promise<void> {
  await runWithParams(db, NIGHT_STATEMENT, params);
  await db.run('CREATE OR REPLACE TEMP TABLE rc_reasons (finding_key VARCHAR, reason VARCHAR)');
  const reader = await db.runAndReadAll('SELECT finding_key, facts FROM rc_night WHERE reason IS NULL');
  const rows = reader.getRowObjectsJS();
  for (let i = 0; i < rows.length; i += REASONS_PER_BATCH) {
    const batch = rows.slice(i, i + REASONS_PER_BATCH).map((row) => {
      const key = String(row['finding_key']);
      return { k: key, r: reasonOf(key, row['facts']) };
    });
    await runWithParams(db, `INSERT INTO rc_reasons SELECT r.k, r.r FROM (SELECT unnest(from_json($reasons, '[{"k":"VARCHAR","r":"VARCHAR"}]')) AS r)`, {
      reasons: JSON.stringify(batch),
    });
  }
  await runWithParams(
    db,
    `INSERT INTO findings BY NAME
     SELECT n.* REPLACE (coalesce(n.reason, r.reason) AS reason) FROM rc_night n LEFT JOIN rc_reasons r USING (finding_key)`,
    params,
  );
  await db.run('DROP TABLE rc_reasons');
  await db.run('DROP TABLE rc_night');
}

function reasonOf(key: string, json: unknown): string {
  try {
    const facts = factsOfJson(typeof json === 'string' ? json : null);
    if (facts === null) throw new Error('no facts');
    return englishReasonOf(facts);
  } catch (cause) {
    // A rule whose facts do not fit their shape is a defect of this release: fail the night, name the finding.
    throw new ReconError('internal', `finding ${key}: its facts do not fit their shape (${(cause as Error).message}): ${String(json)}`, { cause });
  }
}
