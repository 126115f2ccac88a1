// Staging of verified windows, while later windows are still being fetched: each window's rows go
// typed into a run-local TEMP table, in the order the window file lists them, which is all the merge
// needs to decide history, duplicates and new-versus-existing and what publish copies into the
// warehouse tables; and the window's texts are digested into a small Parquet file beside it, in the
// same order, which tells publish which held rows came with another text (raw-files.ts). So each row is parsed once, by DuckDB's JSON reader, on DuckDB's threads while
// Node fetches; publish only moves typed rows from table to table. The raw texts, most of a row's
// bytes, never enter the TEMP tables, which stay within the memory cap or spill past it.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { OPERATIONS_TABLE, TRANSACTIONS_TABLE, type LoadedTable } from '../shared/tables.ts';
import { describeWindow, keyOf, type SyncWindow } from './windows.ts';
import type { WindowRead } from './read-window.ts';
import { rewriteParsed } from './stage-file.ts';
import { stageDigests } from './raw-files.ts';
import { columnSpecOf, JSON_READ_OPTIONS } from './file-readers.ts';

/** The column the tables name a row's text in the raw rows' store by (`<file>:<MD5 key>`). */
const RAW_KEY = 'raw_key';

/**
 * A staged row's typed columns (the table's, but the raw key). A transaction's line in a window file is
 * the listed row (its text is read beside it as a line); an operation's carries its cents (computed in
 * JS, see operation-rows.ts) and the listed row as `raw`, which its other columns come from.
 */
export function fileColumnsOf(stream: SyncWindow['stream']): Readonly<Record<string, string>> {
  const { [RAW_KEY]: _key, ...typed } = specOf(stream).columns;
  return typed;
}

/**
 * TEMP tables of the run's staged rows: `window_no` (pointing into STAGE_WINDOWS, the window's key) and
 * the typed columns; a window's rows in the order of its file, which their rowid keeps.
 */
export const ROWS_TX = 'temp.sync_rows_tx';
export const ROWS_OP = 'temp.sync_rows_op';
export const STAGE_WINDOWS = 'temp.sync_stage_windows';

export interface StagedWindow {
  windowNo: number;
  read: WindowRead;
}

/**
 * Stages the windows of a run one at a time, in the background. While it works, DuckDB runs on one
 * thread: its statements here are small (one window each), one thread does them with a quarter less CPU
 * than two (9.6 s against 12.9 s for a million rows), and the other core is left to Node's fetching.
 * drain() and settle() give DuckDB its threads back, for publish.
 */
export class Stager {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly windows = new Map<string, StagedWindow>();
  private failure: unknown;
  /** DuckDB's thread count before staging, while staging holds it at one. */
  private threads: string | undefined;

  constructor(
    private readonly db: DuckDBConnection,
    readonly runId: string,
  ) {}

  /** Creates this run's empty TEMP tables (replacing any left on this connection by a failed run). */
  async clearAbandoned(): Promise<void> {
    await this.serial(async () => {
      if (this.threads === undefined) {
        const reader = await this.db.runAndReadAll("SELECT current_setting('threads')::VARCHAR AS n");
        this.threads = String(reader.getRowObjects()[0]?.['n'] ?? '1');
        await this.db.run('SET threads = 1');
      }
      for (const [table, spec] of [
        [ROWS_TX, TRANSACTIONS_TABLE],
        [ROWS_OP, OPERATIONS_TABLE],
      ] as const) {
        const typed = Object.entries(fileColumnsOf(spec.name)).map(([name, type]) => `${name} ${type}${spec.keys.includes(name) ? ' NOT NULL' : ''}`);
        await this.db.run(`CREATE OR REPLACE TEMP TABLE ${bare(table)} (window_no INTEGER NOT NULL, ${typed.join(', ')})`);
      }
      await this.db.run(`CREATE OR REPLACE TEMP TABLE ${bare(STAGE_WINDOWS)} (window_no INTEGER PRIMARY KEY, window_key VARCHAR NOT NULL)`);
    });
  }

  /** Replaces the staged rows of one window with those of its verified read (queued; see drain). */
  stageWindow(read: WindowRead): Promise<void> {
    const key = keyOf(read.window);
    const known = this.windows.get(key);
    const windowNo = known?.windowNo ?? this.windows.size + 1;
    this.windows.set(key, { windowNo, read });
    const work = this.serial(() => loadWindow(this.db, { windowNo, read }, known !== undefined));
    work.catch((error: unknown) => {
      this.failure ??= error;
    });
    return work;
  }

  /** The staged windows of a stream, in staging order, each with its latest verified read. */
  staged(stream: SyncWindow['stream']): StagedWindow[] {
    return [...this.windows.values()].filter((w) => w.read.window.stream === stream).sort((a, b) => a.windowNo - b.windowNo);
  }

  /** Waits for every queued load (then gives DuckDB its threads back); rejects with the first staging failure, if any. */
  async drain(): Promise<void> {
    await this.settle();
    if (this.failure !== undefined) throw this.failure;
  }

  /** Fails fast: a load that already failed stops the fetching of further windows. */
  throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Waits for queued loads without raising (before removing their files after another failure). */
  async settle(): Promise<void> {
    await this.queue;
    if (this.threads !== undefined) {
      await this.db.run(`SET threads = ${Number(this.threads)}`);
      this.threads = undefined;
    }
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * Loads a verified window's rows (`again`: replacing those of an earlier read of it) and digests its
 * texts into its digests file (raw-files.ts). A row that repeats a key is refused by DuckDB's JSON reader while JSON.parse keeps
 * the last value: the file is then written again as JSON.parse read it, and loaded once more (the
 * failed load's transaction left nothing behind).
 */
async function loadWindow(db: DuckDBConnection, staged: StagedWindow, again: boolean): Promise<void> {
  const { read, windowNo } = staged;
  const table = rowsTableOf(read.window.stream);
  const load = async () => {
    await withTransaction(db, async () => {
      // Only a re-read window has rows to replace: skip the scan otherwise.
      if (again) await db.run(`DELETE FROM ${table} WHERE window_no = $window_no`, { window_no: windowNo });
      else await db.run(`INSERT INTO ${STAGE_WINDOWS} VALUES ($window_no, $window_key)`, { window_no: windowNo, window_key: keyOf(read.window) });
      if (read.rows > 0) {
        const result = await db.run(stagedRowsSql(read, table, windowNo), { file: read.file });
        if (result.rowsChanged !== read.rows) throw new Error(`staged ${result.rowsChanged} rows from ${read.file}, expected ${read.rows}`);
      }
    });
    if (read.rows > 0) await stageDigests(db, staged, table);
  };
  try {
    await load().catch(async (error: unknown) => {
      if (!/duplicate key/i.test((error as Error).message)) throw error;
      await rewriteParsed(read.file);
      await load();
    });
  } catch (cause) {
    throw new ReconError('warehouse', { id: 'stagingFailed', window: describeWindow(read.window), said: (cause as Error).message }, { cause });
  }
}

/**
 * The INSERT of a window file's rows, typed by read_json with an explicit spec (every column, so that a
 * repeated key among them is caught here), in the file's order; the file comes as $file.
 */
function stagedRowsSql(read: WindowRead, table: string, windowNo: number): string {
  if (read.window.stream === 'operations') return stagedOperationsSql(table, windowNo);
  const columns = fileColumnsOf('transactions');
  return `INSERT INTO ${table}
    SELECT ${windowNo}, ${Object.keys(columns).join(', ')}
    FROM read_json($file, ${JSON_READ_OPTIONS}, columns = {${columnSpecOf(columns)}})`;
}

/** The listed fields an operation's columns come from, read out of its line's `raw` (operation-rows.ts). */
const LISTED_OPERATION = `STRUCT(cash_in_id VARCHAR, cash_out_id VARCHAR, item_id VARCHAR, status VARCHAR, status_description VARCHAR,
  date_created TIMESTAMPTZ, date_updated TIMESTAMPTZ, customer_name VARCHAR, customer_document_number VARCHAR)`;

/**
 * The INSERT of an operations window file: the columns out of the listed row (a cash-in has
 * cash_in_id, else it is a cash-out; only a cash-out has a status_description), the cents beside it.
 */
function stagedOperationsSql(table: string, windowNo: number): string {
  const cents = { amount_cents: 'BIGINT', paid_amount_cents: 'BIGINT', paid_off_amount_cents: 'BIGINT' };
  return `INSERT INTO ${table}
    SELECT ${windowNo}, CASE WHEN j.raw.cash_in_id IS NULL THEN 'cash_out' ELSE 'cash_in' END,
      coalesce(j.raw.cash_in_id, j.raw.cash_out_id), j.raw.item_id, j.raw.status,
      CASE WHEN j.raw.cash_in_id IS NULL THEN j.raw.status_description END,
      j.raw.date_created, j.raw.date_updated, j.amount_cents, j.paid_amount_cents, j.paid_off_amount_cents,
      j.raw.customer_name, j.raw.customer_document_number
    FROM read_json($file, ${JSON_READ_OPTIONS}, columns = {${columnSpecOf({ ...cents, raw: LISTED_OPERATION })}}) j`;
}

function specOf(stream: SyncWindow['stream']): LoadedTable {
  return stream === 'transactions' ? TRANSACTIONS_TABLE : OPERATIONS_TABLE;
}

/** The TEMP table a stream's rows are staged in. */
function rowsTableOf(stream: SyncWindow['stream']): string {
  return stream === 'transactions' ? ROWS_TX : ROWS_OP;
}

function bare(table: string): string {
  return table.replace('temp.', '');
}
