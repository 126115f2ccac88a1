// Publishes a sync run: merges its staged rows into the warehouse in ONE transaction (current state
// upserted by id, every observed status into the history, the windows, the rows kept out, the
// transactions found vanished, the watermark, the run row).
// A crash before COMMIT leaves nothing of the run; the staging tables are TEMP and die with it.
// The merge is shaped for bulk: the run's observations decide history, duplicates (only ids seen
// twice go through a window function) and new versus existing ids (one pass over the table); then new
// rows go from the window files straight into the table with a plain INSERT, and only existing rows
// are loaded aside to be compared and rewritten (or just marked as seen again).
import type { DuckDBConnection, DuckDBMaterializedResult } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { recordRunEnd, type RunEnd } from '../warehouse/runs.ts';
import { runWithParams, type SqlParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { filterNameOf } from './windows.ts';
import type { WindowRead } from './read-window.ts';
import { fileColumnsOf, fileRowsSql, OBS_OP, OBS_TX, STAGE_WINDOWS, type StagedWindow } from './stage.ts';
import { OPERATIONS_TABLE, SEEN_COLUMNS, TRANSACTIONS_TABLE, type LoadedTable } from '../shared/tables.ts';
import { publishRejects, type RejectsSource } from './rejects.ts';
import { rewriteParsed } from './stage-file.ts';
import { markVanished, VANISHED } from './vanished.ts';

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
  /** The staged windows (observations loaded, rows in their files), per stream. */
  staged: { transactions: readonly StagedWindow[]; operations: readonly StagedWindow[] };
  /** Files of the rows the run kept out, appended to sync_rejects. */
  rejects?: readonly RejectsSource[] | undefined;
  /** Ids a look-up found listed no more (the fraud check rejected them): marked `rejected` (vanished.ts). */
  vanished?: readonly string[] | undefined;
  /** Completes the run row inside the same transaction (counts are filled in by publish). */
  runEnd: (counts: { transactions: RowCounts; operations: RowCounts }) => RunEnd;
}

interface Entity {
  spec: LoadedTable;
  /** The TEMP table of the run's observations. */
  observed: string;
  /** Column types of a window file's rows, raw included (as text for transactions: see fileRowsSql). */
  fileColumns: Readonly<Record<string, string>>;
}

const TRANSACTIONS: Entity = { spec: TRANSACTIONS_TABLE, observed: OBS_TX, fileColumns: { ...fileColumnsOf('transactions'), raw: 'VARCHAR' } };
const OPERATIONS: Entity = { spec: OPERATIONS_TABLE, observed: OBS_OP, fileColumns: fileColumnsOf('operations') };

export async function publishRun(db: DuckDBConnection, input: PublishInput): Promise<{ transactions: RowCounts; operations: RowCounts }> {
  const rewritten = new Set<string>();
  try {
    for (;;) {
      try {
        return await publishOnce(db, input);
      } catch (error) {
        const file = findFileWithDuplicateKey(error, input);
        if (file === undefined || rewritten.has(file)) throw error;
        // JSON.parse keeps the last of two equal keys in a row; DuckDB refuses the file. Written again
        // as JSON.parse read it, both see the same row: publish once more (nothing was committed).
        rewritten.add(file);
        await rewriteParsed(file);
      }
    }
  } finally {
    for (const table of ['pub_seen', 'pub_losers', 'pub_existing_ids', 'pub_upd', 'pub_existing', VANISHED, OBS_TX, OBS_OP, STAGE_WINDOWS]) {
      await db.run(`DROP TABLE IF EXISTS ${table.includes('.') ? table : `temp.${table}`}`).catch(() => undefined);
    }
  }
}

// The run's id and instant, as every statement of a publish writes them (bound by publishOnce's exec).
const RUN = '$run_id';
const NOW = 'make_timestamptz(CAST($now_ms AS BIGINT) * 1000)';

/** Runs one statement of the publish with the run's parameters (those it names). */
type Exec = (sql: string, extra?: SqlParams) => Promise<DuckDBMaterializedResult>;

async function publishOnce(db: DuckDBConnection, input: PublishInput): Promise<{ transactions: RowCounts; operations: RowCounts }> {
  const params = { run_id: input.runId, now_ms: Math.trunc(input.nowMs) };
  const exec: Exec = (sql, extra = {}) => runWithParams(db, sql, { ...params, ...extra });
  try {
    return await withTransaction(db, async () => {
      const transactions = await mergeEntity(db, exec, TRANSACTIONS, input.staged.transactions);
      const operations = await mergeEntity(db, exec, OPERATIONS, input.staged.operations);
      for (const w of input.windows) {
        await exec(`INSERT INTO sync_windows VALUES ($run_id, $stream, $filter, $start_ms, $end_ms, $total, $rows, $pages, $attempts, ${NOW})`, {
          stream: w.window.stream,
          filter: filterNameOf(w.window),
          start_ms: w.window.startMs,
          end_ms: w.window.endMs,
          total: w.total,
          rows: w.rows,
          pages: w.pages,
          attempts: w.attempts,
        });
      }
      for (const source of input.rejects ?? []) await publishRejects(db, source, input.runId, input.nowMs);
      if ((input.vanished ?? []).length > 0) await markVanished(db, input.vanished ?? [], input.runId, input.nowMs);
      for (const [key, watermark] of Object.entries(input.watermarks)) {
        const [stream = '', filter = ''] = key.split(':');
        await exec(
          `INSERT INTO sync_state VALUES ($stream, $filter, CAST($watermark_ms AS BIGINT), $run_id, ${NOW})
           ON CONFLICT (stream, filter) DO UPDATE SET watermark_ms = excluded.watermark_ms, run_id = excluded.run_id, updated_at = excluded.updated_at`,
          { stream, filter, watermark_ms: Math.trunc(watermark) },
        );
      }
      const counts = { transactions, operations };
      await recordRunEnd(db, input.runEnd(counts));
      return counts;
    });
  } catch (cause) {
    throw new ReconError('warehouse', `publishing sync run ${input.runId} failed, nothing of it was committed: ${(cause as Error).message}`, { cause });
  }
}

/** The run's window file that a DuckDB "duplicate key" error names, if any. */
function findFileWithDuplicateKey(error: unknown, input: PublishInput): string | undefined {
  const message = error instanceof ReconError && error.cause instanceof Error ? error.cause.message : '';
  if (!/duplicate key/i.test(message)) return undefined;
  const named = /in file "([^"]+)"/.exec(message)?.[1];
  const files = [...input.staged.transactions, ...input.staged.operations].map((w) => w.read.file);
  return files.find((f) => f === named);
}

async function mergeEntity(db: DuckDBConnection, exec: Exec, e: Entity, staged: readonly StagedWindow[]): Promise<RowCounts> {
  const keys = e.spec.keys.join(', ');
  const tableColumns = Object.keys(e.spec.columns);
  const keysOf = (alias: string) => e.spec.keys.map((k) => `${alias}.${k}`).join(', ');
  const on = (a: string, b: string, extra: string[] = []) => [...e.spec.keys, ...extra].map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');

  // History, from every observation of the run (duplicates included): each (id, status) seen. Pairs
  // seen before get their last-seen marks, new pairs are appended.
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_seen AS
    SELECT ${keys}, status, min(date_updated) AS date_updated FROM ${e.observed} GROUP BY ALL`);
  await exec(`UPDATE ${e.spec.history} SET last_seen_at = ${NOW}, last_seen_run = ${RUN}
    FROM temp.pub_seen s WHERE ${on(e.spec.history, 's', ['status'])}`);
  // The pairs already held are found by a semi-join of the history with the run's few pairs (the
  // history on the left: DuckDB builds on the pairs and skips the row groups their range rules out).
  await exec(`INSERT INTO ${e.spec.history}
    SELECT ${keysOf('s')}, s.status, s.date_updated, ${NOW}, ${NOW}, ${RUN}, ${RUN}
    FROM temp.pub_seen s WHERE NOT EXISTS (
      SELECT 1 FROM (SELECT ${keysOf('h')}, h.status FROM ${e.spec.history} h SEMI JOIN temp.pub_seen x ON ${on('h', 'x', ['status'])}) h
      WHERE ${on('h', 's', ['status'])})`);

  // One row per id: the latest observation wins; one that carries item_id beats one without. Only ids
  // seen more than once (sweeps overlap the date windows) go through the window function.
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_losers AS
    SELECT window_no, ${keys} FROM (
      SELECT o.window_no, ${keysOf('o')}, row_number() OVER (PARTITION BY ${keysOf('o')} ORDER BY o.date_updated DESC, o.no_item, w.window_key) AS rn
      FROM ${e.observed} o JOIN ${STAGE_WINDOWS} w ON w.window_no = o.window_no
      JOIN (SELECT ${keys} FROM ${e.observed} GROUP BY ALL HAVING count(*) > 1) d ON ${on('d', 'o')}
    ) WHERE rn > 1`);
  // Ids the warehouse already holds: a semi-join of the table with the run's ids, the table on the left
  // (so DuckDB builds on the ids and skips the row groups their range rules out; EXISTS the other way
  // round reads every key of the table).
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_existing_ids AS
    SELECT DISTINCT ${keysOf('t')} FROM ${e.spec.name} t SEMI JOIN ${e.observed} o ON ${on('t', 'o')}`);
  const losers = await countsByWindow(db);
  const existing = Number((await db.runAndReadAll('SELECT count(*) AS n FROM temp.pub_existing_ids')).getRowObjects()[0]?.['n'] ?? 0);
  const notLoser = (windowNo: number) =>
    (losers.get(windowNo) ?? 0) > 0 ? ` AND NOT EXISTS (SELECT 1 FROM temp.pub_losers l WHERE l.window_no = ${windowNo} AND ${on('l', 'f')})` : '';
  const isExisting = `EXISTS (SELECT 1 FROM temp.pub_existing_ids x WHERE ${on('x', 'f')})`;
  const withRows = staged.filter((w) => w.read.rows > 0);

  let changed = 0;
  if (existing > 0) changed = await mergeExisting(db, exec, e, withRows, { isExisting, notLoser, on });

  let inserted = 0;
  for (const w of withRows) {
    const result = await exec(`INSERT INTO ${e.spec.name} (${tableColumns.join(', ')}, ${SEEN_COLUMNS.join(', ')})
      SELECT ${tableColumns.map((c) => `f.${c}`).join(', ')}, ${NOW}, ${NOW}, ${RUN}, ${RUN}
      FROM (${fileRowsSql(w.read)}) f WHERE true${existing > 0 ? ` AND NOT ${isExisting}` : ''}${notLoser(w.windowNo)}`);
    inserted += result.rowsChanged;
  }
  return { new: inserted, changed, unchanged: existing - changed };
}

interface MergeSql {
  isExisting: string;
  notLoser: (windowNo: number) => string;
  on: (a: string, b: string) => string;
}

/**
 * Rows the warehouse already holds: loaded aside from the files, compared (for the counts and to
 * skip rewriting what did not change), rewritten where anything differs (a listing without item_id
 * keeps a known one), else only marked as seen again. Returns how many changed in a compared column.
 */
async function mergeExisting(db: DuckDBConnection, exec: Exec, e: Entity, windows: readonly StagedWindow[], sql: MergeSql): Promise<number> {
  const { on } = sql;
  const tableColumns = Object.keys(e.spec.columns);
  const fileColumns = Object.entries(e.fileColumns).map(([name, type]) => `${name} ${type}`);
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_upd (${fileColumns.join(', ')})`);
  for (const w of windows) {
    await db.run(`INSERT INTO temp.pub_upd SELECT f.* FROM (${fileRowsSql(w.read)}) f WHERE ${sql.isExisting}${sql.notLoser(w.windowNo)}`);
  }
  const counted = [...e.spec.compared.map((c) => `s.${c} IS DISTINCT FROM t.${c}`), '(s.item_id IS NOT NULL AND s.item_id IS DISTINCT FROM t.item_id)'].join(
    ' OR ',
  );
  const written = tableColumns
    .filter((c) => !e.spec.keys.includes(c) && c !== 'item_id')
    .map((c) => `s.${c} IS DISTINCT FROM t.${c}`)
    .concat('coalesce(s.item_id, t.item_id) IS DISTINCT FROM t.item_id')
    .join(' OR ');
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_existing AS
    SELECT ${e.spec.keys.map((k) => `s.${k}`).join(', ')}, (${counted}) AS counted, (${written}) AS differs
    FROM temp.pub_upd s JOIN ${e.spec.name} t ON ${on('s', 't')}`);
  const reader = await db.runAndReadAll(
    'SELECT count(*) AS n, count(*) FILTER (WHERE counted) AS changed, count(*) FILTER (WHERE differs) AS differ FROM temp.pub_existing',
  );
  const row = reader.getRowObjects()[0] ?? {};
  const existing = Number(row['n'] ?? 0);
  const differ = Number(row['differ'] ?? 0);
  const sets = tableColumns
    .filter((c) => !e.spec.keys.includes(c))
    .map((c) => (c === 'item_id' ? `item_id = coalesce(s.item_id, ${e.spec.name}.item_id)` : `${c} = s.${c}`));
  if (differ > 0) {
    await exec(`UPDATE ${e.spec.name} SET ${sets.join(', ')}, last_seen_at = ${NOW}, last_seen_run = ${RUN}
      FROM temp.pub_upd s, temp.pub_existing x
      WHERE ${on(e.spec.name, 's')} AND ${on('x', 's')} AND x.differs`);
  }
  if (existing > differ) {
    await exec(`UPDATE ${e.spec.name} SET last_seen_at = ${NOW}, last_seen_run = ${RUN}
      FROM temp.pub_existing x WHERE ${on(e.spec.name, 'x')} AND NOT x.differs`);
  }
  return Number(row['changed'] ?? 0);
}

async function countsByWindow(db: DuckDBConnection): Promise<Map<number, number>> {
  const reader = await db.runAndReadAll('SELECT window_no, count(*) AS n FROM temp.pub_losers GROUP BY window_no');
  return new Map(reader.getRowObjects().map((r) => [Number(r['window_no']), Number(r['n'])]));
}
