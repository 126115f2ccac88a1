// Staging of verified windows. The rows themselves stay in their NDJSON window files (one row per
// line) until publish loads them straight into the warehouse tables; what is loaded while later
// windows are still being fetched is only each row's observation (id, status, date_updated, whether
// it carries item_id) into small run-local TEMP tables, which is all the merge needs to decide history,
// duplicates and new-versus-existing. Copying whole rows into a staging table first cost a second
// write of every row (and, beyond the memory cap, a spill to disk and back).
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { sqlLiteral } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { OPERATIONS_TABLE, TRANSACTIONS_TABLE, type LoadedTable } from '../shared/tables.ts';
import { describeWindow, keyOf, type SyncWindow } from './windows.ts';
import type { WindowRead } from './read-window.ts';
import { rewriteParsed } from './stage-file.ts';

/** A window file's columns: a transaction line is the listed row (its raw text is read beside it); an
 * operation line is a staged row (cents computed in JS, see operation-rows.ts) carrying the row as `raw`. */
export function fileColumnsOf(stream: SyncWindow['stream']): Readonly<Record<string, string>> {
  if (stream === 'operations') return OPERATIONS_TABLE.columns;
  const { raw: _raw, ...listed } = TRANSACTIONS_TABLE.columns;
  return listed;
}

/**
 * The largest row a window file holds (bytes of its JSON text); page-lines.ts keeps a larger one out.
 * DuckDB's readers are told so (their defaults stop at 16 MB for a JSON object and 2 MB for a line:
 * a 1 MB text of escapes is a 6 MB line); the CSV buffer must hold the longest line.
 */
export const MAX_ROW_BYTES = 16 * 1024 * 1024;
const READ_LIMIT = MAX_ROW_BYTES + 1024;
export const JSON_READ_OPTIONS = `format = 'newline_delimited', maximum_object_size = ${READ_LIMIT}`;
const CSV_READ_OPTIONS = `max_line_size = ${READ_LIMIT}, buffer_size = ${2 * READ_LIMIT}`;

/** TEMP tables of the run's observations; `window_no` points into STAGE_WINDOWS (the window's key). */
export const OBS_TX = 'temp.sync_obs_tx';
export const OBS_OP = 'temp.sync_obs_op';
export const STAGE_WINDOWS = 'temp.sync_stage_windows';

export interface StagedWindow {
  windowNo: number;
  read: WindowRead;
}

export class Stager {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly windows = new Map<string, StagedWindow>();
  private failure: unknown;

  constructor(
    private readonly db: DuckDBConnection,
    readonly runId: string,
  ) {}

  /** Creates this run's empty TEMP tables (replacing any left on this connection by a failed run). */
  async clearAbandoned(): Promise<void> {
    await this.serial(async () => {
      for (const [table, spec] of [
        [OBS_TX, TRANSACTIONS_TABLE],
        [OBS_OP, OPERATIONS_TABLE],
      ] as const) {
        await this.db.run(
          `CREATE OR REPLACE TEMP TABLE ${bare(table)} (window_no INTEGER NOT NULL, ${keyColumnsOf(spec)}, status VARCHAR NOT NULL, date_updated TIMESTAMPTZ NOT NULL, no_item BOOLEAN NOT NULL)`,
        );
      }
      await this.db.run(`CREATE OR REPLACE TEMP TABLE ${bare(STAGE_WINDOWS)} (window_no INTEGER PRIMARY KEY, window_key VARCHAR NOT NULL)`);
    });
  }

  /** Replaces the staged observations of one window with those of its verified read (queued; see drain). */
  stageWindow(read: WindowRead): Promise<void> {
    const key = keyOf(read.window);
    const known = this.windows.get(key);
    const windowNo = known?.windowNo ?? this.windows.size + 1;
    this.windows.set(key, { windowNo, read });
    const table = read.window.stream === 'transactions' ? OBS_TX : OBS_OP;
    const load = () =>
      withTransaction(this.db, async () => {
        // Only a re-read window has rows to replace: skip the scan otherwise.
        if (known !== undefined) await this.db.run(`DELETE FROM ${table} WHERE window_no = $window_no`, { window_no: windowNo });
        else await this.db.run(`INSERT INTO ${STAGE_WINDOWS} VALUES ($window_no, $window_key)`, { window_no: windowNo, window_key: key });
        if (read.rows > 0) {
          const result = await this.db.run(observationSql(read, table, windowNo), { file: read.file });
          if (result.rowsChanged !== read.rows) throw new Error(`staged ${result.rowsChanged} rows from ${read.file}, expected ${read.rows}`);
        }
      });
    const work = this.serial(async () => {
      try {
        await load().catch(async (error: unknown) => {
          // JSON.parse keeps the last of two equal keys in a row; DuckDB refuses the file. Written again
          // as JSON.parse read it, both see the same row.
          if (!/duplicate key/i.test((error as Error).message)) throw error;
          await rewriteParsed(read.file);
          await load();
        });
      } catch (cause) {
        throw new ReconError('warehouse', `staging ${describeWindow(read.window)} failed: ${(cause as Error).message}`, { cause });
      }
    });
    work.catch((error: unknown) => {
      this.failure ??= error;
    });
    return work;
  }

  /** The staged windows of a stream, in staging order, each with its latest verified read. */
  staged(stream: SyncWindow['stream']): StagedWindow[] {
    return [...this.windows.values()].filter((w) => w.read.window.stream === stream).sort((a, b) => a.windowNo - b.windowNo);
  }

  /** Waits for every queued load; rejects with the first staging failure, if any. */
  async drain(): Promise<void> {
    await this.queue;
    if (this.failure !== undefined) throw this.failure;
  }

  /** Fails fast: a load that already failed stops the fetching of further windows. */
  throwIfFailed(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  /** Waits for queued loads without raising (before removing their files after another failure). */
  async settle(): Promise<void> {
    await this.queue;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The INSERT of a window file's observations; the file comes as the parameter $file. */
function observationSql(read: WindowRead, table: string, windowNo: number): string {
  const spec = read.window.stream === 'transactions' ? TRANSACTIONS_TABLE : OPERATIONS_TABLE;
  const readColumns = columnSpecOf(Object.fromEntries([...spec.keys, 'status', 'date_updated', 'item_id'].map((c) => [c, spec.columns[c] ?? 'VARCHAR'])));
  return `INSERT INTO ${table}
    SELECT ${windowNo}, ${spec.keys.join(', ')}, status, date_updated, item_id IS NULL
    FROM read_json($file, ${JSON_READ_OPTIONS}, columns = {${readColumns}})`;
}

/** The key columns of a TEMP table of observations: `transaction_id VARCHAR NOT NULL`, ... */
function keyColumnsOf(spec: LoadedTable): string {
  return spec.keys.map((k) => `${k} ${spec.columns[k]} NOT NULL`).join(', ');
}

/**
 * The SELECT of a window file's full rows: typed columns by read_json with an explicit spec and, for
 * transactions, each line's raw text by read_csv of the same lines, paired by a POSITIONAL JOIN (both
 * scan the one file in order; a guard fails the statement if a raw line does not hold its own id).
 * quote/escape are off and the delimiter is a control character, which JSON text never holds raw.
 * The guard's cheap test is the id's text inside the line; an id whose JSON text differs from its
 * value (`a\/b`, `\u00e9`, `\"`) fails it, and only then is the line's own id decoded and compared.
 * The file's path is quoted into the text rather than bound: publish embeds this SELECT in statements
 * of its own, one per window file.
 */
export function fileRowsSql(read: WindowRead): string {
  const file = sqlLiteral(read.file);
  const columns = fileColumnsOf(read.window.stream);
  if (read.window.stream === 'operations') {
    return `SELECT ${Object.keys(columns).join(', ')} FROM read_json(${file}, ${JSON_READ_OPTIONS}, columns = {${columnSpecOf(columns)}})`;
  }
  return `SELECT j.*, CASE WHEN strpos(r.raw, j.transaction_id) > 0 THEN r.raw
      WHEN json_extract_string(r.raw, '$.transaction_id') = j.transaction_id THEN r.raw
      ELSE error('raw row out of step with ' || j.transaction_id) END AS raw
    FROM read_json(${file}, ${JSON_READ_OPTIONS}, columns = {${columnSpecOf(columns)}}) j
    POSITIONAL JOIN read_csv(${file}, columns = {'raw': 'VARCHAR'}, delim = chr(1), quote = '', escape = '', header = false, auto_detect = false, ${CSV_READ_OPTIONS}) r`;
}

/** read_json's column spec: `transaction_id: 'VARCHAR', ...` */
function columnSpecOf(columns: Readonly<Record<string, string>>): string {
  return Object.entries(columns)
    .map(([name, type]) => `${name}: '${type}'`)
    .join(', ');
}

function bare(table: string): string {
  return table.replace('temp.', '');
}
