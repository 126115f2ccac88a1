// Publishes a sync run: merges its staged rows into the warehouse in ONE transaction (current state
// upserted by id, every observed status into the history, the windows, the watermark, the run row).
// A crash before COMMIT leaves nothing of the run; the next run drops the staged rows and converges.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { recordRunEnd, type RunEnd } from '../warehouse/runs.ts';
import { filterNameOf } from './windows.ts';
import type { WindowRead } from './read-window.ts';

export interface RowCounts {
  new: number;
  changed: number;
  unchanged: number;
}

export interface PublishInput {
  runId: string;
  nowMs: number;
  windows: readonly WindowRead[];
  /** New watermarks to store, e.g. { 'operations:date_updated': 1700000000000 }. */
  watermarks: Readonly<Record<string, number>>;
  /** Completes the run row inside the same transaction (counts are filled in by publish). */
  runEnd: (counts: { transactions: RowCounts; operations: RowCounts }) => RunEnd;
}

const TX_COLUMNS = [
  'transaction_id', 'item_id', 'status', 'authorization_code', 'nsu', 'date_created', 'date_updated', 'net_value',
  'authorized_amount', 'paid_amount', 'refunded_amount', 'installments', 'card_holder_name', 'card_brand',
  'card_first_digits', 'card_last_digits', 'acquirer_status_code', 'acquirer_status_message', 'raw',
];
/** Columns whose change makes a transaction "changed" (raw alone may differ only in key order). */
const TX_COMPARED = ['status', 'date_updated', 'net_value', 'authorized_amount', 'paid_amount', 'refunded_amount', 'authorization_code', 'nsu', 'acquirer_status_code', 'installments'];

const OP_COLUMNS = [
  'kind', 'operation_id', 'item_id', 'status', 'status_description', 'date_created', 'date_updated', 'amount_cents',
  'paid_amount_cents', 'paid_off_amount_cents', 'customer_name', 'customer_document_number', 'raw',
];
const OP_COMPARED = ['status', 'status_description', 'date_updated', 'amount_cents', 'paid_amount_cents', 'paid_off_amount_cents'];

export async function publishRun(db: DuckDBConnection, input: PublishInput): Promise<{ transactions: RowCounts; operations: RowCounts }> {
  const run = sqlText(input.runId);
  const now = `make_timestamptz(${Math.trunc(input.nowMs)} * 1000)`;
  await db.run('BEGIN TRANSACTION');
  try {
    // The latest observation of each id wins; an observation that carries item_id beats one without.
    await db.run(`CREATE OR REPLACE TEMP TABLE publish_tx AS
      SELECT * EXCLUDE (rn, run_id, window_key) FROM (
        SELECT *, row_number() OVER (PARTITION BY transaction_id ORDER BY date_updated DESC, item_id IS NULL, window_key) AS rn
        FROM stage_transactions WHERE run_id = ${run}) WHERE rn = 1`);
    await db.run(`CREATE OR REPLACE TEMP TABLE publish_op AS
      SELECT * EXCLUDE (rn, run_id, window_key) FROM (
        SELECT *, row_number() OVER (PARTITION BY kind, operation_id ORDER BY date_updated DESC, item_id IS NULL, window_key) AS rn
        FROM stage_operations WHERE run_id = ${run}) WHERE rn = 1`);
    const transactions = await countChanges(db, 'publish_tx', 'transactions', ['transaction_id'], TX_COMPARED);
    const operations = await countChanges(db, 'publish_op', 'operations', ['kind', 'operation_id'], OP_COMPARED);

    await db.run(upsertSql('transactions', 'publish_tx', TX_COLUMNS, ['transaction_id'], now, run));
    await db.run(upsertSql('operations', 'publish_op', OP_COLUMNS, ['kind', 'operation_id'], now, run));
    await db.run(`INSERT INTO transaction_history
      SELECT transaction_id, status, min(date_updated), ${now}, ${now}, ${run}, ${run}
      FROM stage_transactions WHERE run_id = ${run} GROUP BY transaction_id, status
      ON CONFLICT (transaction_id, status) DO UPDATE SET last_seen_at = excluded.last_seen_at, last_seen_run = excluded.last_seen_run`);
    await db.run(`INSERT INTO operation_history
      SELECT kind, operation_id, status, min(date_updated), ${now}, ${now}, ${run}, ${run}
      FROM stage_operations WHERE run_id = ${run} GROUP BY kind, operation_id, status
      ON CONFLICT (kind, operation_id, status) DO UPDATE SET last_seen_at = excluded.last_seen_at, last_seen_run = excluded.last_seen_run`);

    if (input.windows.length > 0) {
      const values = input.windows.map(
        (w) =>
          `(${run}, ${sqlText(w.window.stream)}, ${sqlText(filterNameOf(w.window))}, ${w.window.startMs}, ${w.window.endMs}, ${w.total}, ${w.rows}, ${w.pages}, ${w.attempts}, ${now})`,
      );
      await db.run(`INSERT INTO sync_windows VALUES ${values.join(',\n')}`);
    }
    for (const [key, watermark] of Object.entries(input.watermarks)) {
      const [stream = '', filter = ''] = key.split(':');
      await db.run(`INSERT INTO sync_state VALUES (${sqlText(stream)}, ${sqlText(filter)}, ${Math.trunc(watermark)}, ${run}, ${now})
        ON CONFLICT (stream, filter) DO UPDATE SET watermark_ms = excluded.watermark_ms, run_id = excluded.run_id, updated_at = excluded.updated_at`);
    }
    await db.run(`DELETE FROM stage_transactions WHERE run_id = ${run}`);
    await db.run(`DELETE FROM stage_operations WHERE run_id = ${run}`);
    const counts = { transactions, operations };
    await recordRunEnd(db, input.runEnd(counts));
    await db.run('COMMIT');
    return counts;
  } catch (cause) {
    await db.run('ROLLBACK').catch(() => undefined);
    throw new ReconError('warehouse', `publishing sync run ${input.runId} failed, nothing of it was committed: ${(cause as Error).message}`, { cause });
  } finally {
    await db.run('DROP TABLE IF EXISTS publish_tx').catch(() => undefined);
    await db.run('DROP TABLE IF EXISTS publish_op').catch(() => undefined);
  }
}

async function countChanges(db: DuckDBConnection, staged: string, target: string, keys: string[], compared: string[]): Promise<RowCounts> {
  const join = keys.map((k) => `s.${k} = t.${k}`).join(' AND ');
  const differs = [...compared.map((c) => `s.${c} IS DISTINCT FROM t.${c}`), '(s.item_id IS NOT NULL AND s.item_id IS DISTINCT FROM t.item_id)'].join(' OR ');
  const reader = await db.runAndReadAll(`SELECT
      count(*) FILTER (WHERE t.${keys[0]} IS NULL) AS new_rows,
      count(*) FILTER (WHERE t.${keys[0]} IS NOT NULL AND (${differs})) AS changed_rows,
      count(*) AS all_rows
    FROM ${staged} s LEFT JOIN ${target} t ON ${join}`);
  const row = reader.getRowObjects()[0] ?? {};
  const fresh = Number(row['new_rows'] ?? 0);
  const changed = Number(row['changed_rows'] ?? 0);
  return { new: fresh, changed, unchanged: Number(row['all_rows'] ?? 0) - fresh - changed };
}

function upsertSql(target: string, staged: string, columns: string[], keys: string[], now: string, run: string): string {
  const updates = columns
    .filter((c) => !keys.includes(c))
    // A listing without item_id (it is not in the spec's row table) must not erase a known one.
    .map((c) => (c === 'item_id' ? `item_id = coalesce(excluded.item_id, ${target}.item_id)` : `${c} = excluded.${c}`));
  return `INSERT INTO ${target} (${columns.join(', ')}, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
    SELECT ${columns.join(', ')}, ${now}, ${now}, ${run}, ${run} FROM ${staged}
    ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')}, last_seen_at = excluded.last_seen_at, last_seen_run = excluded.last_seen_run`;
}

function sqlText(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
