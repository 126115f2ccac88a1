// Loads verified windows into the run-tagged staging tables with DuckDB's bulk JSON reader (never
// row-by-row INSERTs). One statement per window replaces that window's previous staged rows, so a
// re-read window never leaves duplicates. Calls are serialised: one DuckDB connection, one at a time.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { describeWindow, keyOf } from './windows.ts';
import type { WindowRead } from './read-window.ts';

const TX_STRUCT = JSON.stringify({
  transaction_id: 'VARCHAR',
  item_id: 'VARCHAR',
  status: 'VARCHAR',
  authorization_code: 'VARCHAR',
  nsu: 'VARCHAR',
  date_created: 'TIMESTAMPTZ',
  date_updated: 'TIMESTAMPTZ',
  net_value: 'BIGINT',
  authorized_amount: 'BIGINT',
  paid_amount: 'BIGINT',
  refunded_amount: 'BIGINT',
  installments: 'VARCHAR',
  card_holder_name: 'VARCHAR',
  card_brand: 'VARCHAR',
  card_first_digits: 'VARCHAR',
  card_last_digits: 'VARCHAR',
  acquirer_status_code: 'VARCHAR',
  acquirer_status_message: 'VARCHAR',
});
const TX_FIELDS = Object.keys(JSON.parse(TX_STRUCT) as object);

const OP_COLUMNS = {
  kind: 'VARCHAR',
  operation_id: 'VARCHAR',
  item_id: 'VARCHAR',
  status: 'VARCHAR',
  status_description: 'VARCHAR',
  date_created: 'TIMESTAMPTZ',
  date_updated: 'TIMESTAMPTZ',
  amount_cents: 'BIGINT',
  paid_amount_cents: 'BIGINT',
  paid_off_amount_cents: 'BIGINT',
  customer_name: 'VARCHAR',
  customer_document_number: 'VARCHAR',
  raw: 'JSON',
};

export class Stager {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: DuckDBConnection,
    readonly runId: string,
  ) {}

  /** Drops staged rows of runs that never published (killed or failed), then of this run id. */
  async clearAbandoned(): Promise<void> {
    await this.serial(async () => {
      await this.db.run('DELETE FROM stage_transactions');
      await this.db.run('DELETE FROM stage_operations');
    });
  }

  /** Replaces the staged rows of one window with the rows of its verified read. */
  async stageWindow(read: WindowRead): Promise<void> {
    const key = keyOf(read.window);
    const table = read.window.stream === 'transactions' ? 'stage_transactions' : 'stage_operations';
    await this.serial(async () => {
      await this.db.run('BEGIN TRANSACTION');
      try {
        await this.db.run(`DELETE FROM ${table} WHERE run_id = $1 AND window_key = $2`, [this.runId, key]);
        if (read.rows > 0) await this.db.run(insertSql(read, this.runId, key));
        await this.db.run('COMMIT');
      } catch (cause) {
        await this.db.run('ROLLBACK').catch(() => undefined);
        throw new ReconError('warehouse', `staging ${describeWindow(read.window)} failed: ${(cause as Error).message}`, { cause });
      }
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function insertSql(read: WindowRead, runId: string, key: string): string {
  const file = literal(read.file);
  if (read.window.stream === 'transactions') {
    const fields = TX_FIELDS.map((f) => `j.${f}`).join(', ');
    return `INSERT INTO stage_transactions
      SELECT ${literal(runId)}, ${literal(key)}, ${fields}, raw
      FROM (SELECT json AS raw, json_transform(json, ${literal(TX_STRUCT)}) AS j
            FROM read_json(${file}, format = 'array', records = false, maximum_object_size = 16777216))`;
  }
  const columns = Object.keys(OP_COLUMNS).join(', ');
  const spec = Object.entries(OP_COLUMNS).map(([name, type]) => `${name}: '${type}'`).join(', ');
  return `INSERT INTO stage_operations
    SELECT ${literal(runId)}, ${literal(key)}, ${columns}
    FROM read_json(${file}, format = 'array', columns = {${spec}})`;
}

function literal(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}
