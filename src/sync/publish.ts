// Publishes a sync run: merges its staged rows into the warehouse in ONE transaction (current state
// upserted by id, every observed status into the history, the windows, the rows kept out, the
// transactions found vanished, the watermark, the run row).
// A crash before COMMIT leaves nothing of the run; the staging tables are TEMP and die with it.
// The merge is shaped for bulk: the run's staged rows (stage.ts) decide history, duplicates (only ids
// seen twice go through a window function) and new versus existing ids (one pass over the table); then
// the new rows go into the table in one INSERT, and only existing rows are compared; those that changed
// are rewritten, the others (and the history's pairs seen before) are marked as seen again just after
// the commit (seen-again.ts). The texts the warehouse does not hold yet move into the raw rows' store
// just before the commit (raw-files.ts).
import type { DuckDBConnection, DuckDBMaterializedResult } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import { recordRunEnd, type RunEnd } from '../warehouse/runs.ts';
import { runWithParams, type SqlParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { filterNameOf } from './windows.ts';
import type { WindowRead } from './read-window.ts';
import { ROWS_OP, ROWS_TX, STAGE_WINDOWS, type StagedWindow } from './stage.ts';
import { keepTexts, keptTable, keptTextOf, rawFilesTable, storeTexts, unstoreTexts, type MovedFile } from './raw-files.ts';
import { changedTextsTable, findChangedTexts, heldTextsTable } from './raw-changes.ts';
import { OPERATIONS_TABLE, SEEN_COLUMNS, TRANSACTIONS_TABLE, type LoadedTable } from '../shared/tables.ts';
import { publishRejects, type RejectsSource } from './rejects.ts';
import { withDuckdbSettings } from '../warehouse/with-settings.ts';
import { markVanished, VANISHED } from './vanished.ts';
import { markSeenAgain, seenAgainTable } from './seen-again.ts';
import type { Logger } from '../shared/log.ts';

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
  /** The staged windows (rows in the TEMP tables of stage.ts, their texts' digests beside them), per stream. */
  staged: { transactions: readonly StagedWindow[]; operations: readonly StagedWindow[] };
  /** Files of the rows the run kept out, appended to sync_rejects. */
  rejects?: readonly RejectsSource[] | undefined;
  /** Ids a look-up found listed no more (the fraud check rejected them): marked `rejected` (vanished.ts). */
  vanished?: readonly string[] | undefined;
  /** Completes the run row inside the same transaction (counts are filled in by publish). */
  runEnd: (counts: { transactions: RowCounts; operations: RowCounts }) => RunEnd;
  /** Told when the last-seen marks written after the commit fail (the run stays committed). */
  logger?: Pick<Logger, 'warn'> | undefined;
}

interface Entity {
  spec: LoadedTable;
  /** The TEMP table of the run's staged rows (stage.ts): window_no, then the table's columns. */
  staged: string;
}

/** The column a loaded table names its row's text in the raw rows' store by (raw-files.ts). */
const RAW_KEY = 'raw_key';

const TRANSACTIONS: Entity = { spec: TRANSACTIONS_TABLE, staged: ROWS_TX };
const OPERATIONS: Entity = { spec: OPERATIONS_TABLE, staged: ROWS_OP };
const LOADED = [TRANSACTIONS_TABLE, OPERATIONS_TABLE] as const;

export async function publishRun(db: DuckDBConnection, input: PublishInput): Promise<{ transactions: RowCounts; operations: RowCounts }> {
  try {
    return await withDuckdbSettings(db, PUBLISH_SETTINGS, async () => {
      const counts = await publishOnce(db, input);
      await markSeenAgain(db, LOADED, input).catch((cause: unknown) => {
        input.logger?.warn({ id: 'syncSeenMarksLate', runId: input.runId, said: (cause as Error).message });
      });
      return counts;
    });
  } finally {
    for (const table of [
      'pub_seen',
      'pub_compared',
      'pub_rewrite',
      'pub_losers',
      'pub_existing_ids',
      'pub_existing',
      ...LOADED.flatMap((t) => [
        keptTable(t),
        rawFilesTable(t),
        changedTextsTable(t),
        heldTextsTable(t),
        seenAgainTable(t, 'rows'),
        seenAgainTable(t, 'pairs'),
      ]),
      VANISHED,
      ROWS_TX,
      ROWS_OP,
      STAGE_WINDOWS,
    ]) {
      await db.run(`DROP TABLE IF EXISTS ${table.includes('.') ? table : `temp.${table}`}`).catch(() => undefined);
    }
  }
}

/**
 * The publish runs on one thread, as the staging before it: each thread pins blocks and builds hash
 * tables of its own, and with two a 60,000-sale day's publish ran out of DuckDB's share (failed to pin a
 * block at 128 of 128 MiB) in one run of two, where with one it passed in about the same time.
 */
const PUBLISH_SETTINGS = { threads: '1' } as const;

/**
 * The merge runs with DuckDB free to write rows in any order: keeping the order of a large INSERT ...
 * SELECT or CREATE TABLE AS buffers rows in memory to put them back in sequence, so its need grew with
 * the rows. Nothing of the merge depends on the order rows are stored in (the kept texts are placed by
 * explicit ORDER BY rowid of the staged rows, which are staged in order before). Restored before the
 * texts are cut, whose lines and rows are paired by position.
 */
const IN_ANY_ORDER = { preserve_insertion_order: 'false' } as const;

// The run's id and instant, as every statement of a publish writes them (bound by publishOnce's exec).
const RUN = '$run_id';
const NOW = 'make_timestamptz(CAST($now_ms AS BIGINT) * 1000)';

/** Runs one statement of the publish with the run's parameters (those it names). */
type Exec = (sql: string, extra?: SqlParams) => Promise<DuckDBMaterializedResult>;

async function publishOnce(db: DuckDBConnection, input: PublishInput): Promise<{ transactions: RowCounts; operations: RowCounts }> {
  const params = { run_id: input.runId, now_ms: Math.trunc(input.nowMs) };
  const exec: Exec = (sql, extra = {}) => runWithParams(db, sql, { ...params, ...extra });
  const moved: MovedFile[] = [];
  try {
    return await withTransaction(db, async () => {
      const { tx, op } = await withDuckdbSettings(db, IN_ANY_ORDER, async () => ({
        tx: await mergeEntity(db, exec, TRANSACTIONS, input.staged.transactions),
        op: await mergeEntity(db, exec, OPERATIONS, input.staged.operations),
      }));
      const transactions = tx.counts;
      const operations = op.counts;
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
      // Last, so that only a failed COMMIT is left to undo them.
      await storeTexts(db, TRANSACTIONS, input.staged.transactions, tx.kept, moved);
      await storeTexts(db, OPERATIONS, input.staged.operations, op.kept, moved);
      return counts;
    });
  } catch (cause) {
    await unstoreTexts(moved);
    throw new ReconError('warehouse', { id: 'publishFailed', runId: input.runId, said: (cause as Error).message }, { cause });
  }
}

/** The counts of one table's merge, and how many rows' texts each window keeps (raw-files.ts). */
interface Merged {
  counts: RowCounts;
  kept: Map<number, number>;
}

async function mergeEntity(db: DuckDBConnection, exec: Exec, e: Entity, windows: readonly StagedWindow[]): Promise<Merged> {
  const keys = e.spec.keys.join(', ');
  const tableColumns = Object.keys(e.spec.columns);
  const keysOf = (alias: string) => e.spec.keys.map((k) => `${alias}.${k}`).join(', ');
  const on = (a: string, b: string, extra: string[] = []) => [...e.spec.keys, ...extra].map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');

  // History, from every staged row of the run (duplicates included): each (id, status) seen. New pairs
  // are appended; the pairs seen before are collected for their last-seen marks (seen-again.ts). They
  // are found by a semi-join of the history with the run's pairs (the history on the left: DuckDB
  // builds on the pairs and skips the row groups their range rules out).
  const pairs = seenAgainTable(e.spec, 'pairs');
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_seen AS
    SELECT ${keys}, status, min(date_updated) AS date_updated FROM ${e.staged} GROUP BY ALL`);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${pairs.replace('temp.', '')} AS
    SELECT ${keysOf('h')}, h.status FROM ${e.spec.history} h SEMI JOIN temp.pub_seen s ON ${on('h', 's', ['status'])}`);
  await exec(`INSERT INTO ${e.spec.history}
    SELECT ${keysOf('s')}, s.status, s.date_updated, ${NOW}, ${NOW}, ${RUN}, ${RUN}
    FROM temp.pub_seen s ANTI JOIN ${pairs} h ON ${on('h', 's', ['status'])}`);
  await dropTemp(db, 'pub_seen');

  // One row per id: the latest observation wins; one that carries item_id beats one without. Only ids
  // seen more than once (sweeps overlap the date windows) go through the window function.
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_losers AS
    SELECT window_no, ${keys} FROM (
      SELECT o.window_no, ${keysOf('o')}, row_number() OVER (PARTITION BY ${keysOf('o')} ORDER BY o.date_updated DESC, o.item_id IS NULL, w.window_key) AS rn
      FROM ${e.staged} o JOIN ${STAGE_WINDOWS} w ON w.window_no = o.window_no
      JOIN (SELECT ${keys} FROM ${e.staged} GROUP BY ALL HAVING count(*) > 1) d ON ${on('d', 'o')}
    ) WHERE rn > 1`);
  // Ids the warehouse already holds: a semi-join of the table with the run's ids, the table on the left
  // (so DuckDB builds on the ids and skips the row groups their range rules out; EXISTS the other way
  // round reads every key of the table).
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_existing_ids AS
    SELECT DISTINCT ${keysOf('t')} FROM ${e.spec.name} t SEMI JOIN ${e.staged} o ON ${on('t', 'o')}`);
  const losers = Number((await db.runAndReadAll('SELECT count(*) AS n FROM temp.pub_losers')).getRowObjects()[0]?.['n'] ?? 0);
  const existing = Number((await db.runAndReadAll('SELECT count(*) AS n FROM temp.pub_existing_ids')).getRowObjects()[0]?.['n'] ?? 0);
  // A staged row (as `alias`) that wins: every row but the copies that lose to another window's.
  const wins = (alias: string) =>
    losers > 0 ? `NOT EXISTS (SELECT 1 FROM temp.pub_losers l WHERE l.window_no = ${alias}.window_no AND ${on('l', alias)})` : 'true';

  // Before the table changes: the texts it does not hold yet, those of new rows and of held rows listed
  // with another text (raw-changes.ts), with where each goes.
  let needed = 'true';
  if (existing > 0) {
    await findChangedTexts(db, e.spec, { staged: e.staged, held: 'temp.pub_existing_ids', winners: wins('o') }, windows);
    needed = `NOT EXISTS (SELECT 1 FROM temp.pub_existing_ids x WHERE ${on('x', 'o')})
      OR EXISTS (SELECT 1 FROM ${changedTextsTable(e.spec)} c WHERE c.window_no = o.window_no AND ${on('c', 'o')})`;
  }
  const kept = await keepTexts(db, e.spec, { staged: e.staged, losers: 'temp.pub_losers', windows: STAGE_WINDOWS }, needed);
  const text = keptTextOf(e.spec);
  // The staged rows that win, as `f`, with their kept texts (`k`, `r`) and joined to `join`.
  const winners = (join = '') => `${e.staged} f${text.joins}${join} WHERE ${wins('f')}`;

  let changed = 0;
  // The held rows are picked from the table by the run's ids first (the table on the left, as above), so
  // that the join that pairs them with the staged rows holds the run's rows, never the table's.
  const held = (ids: string) => winners(` JOIN (SELECT * FROM ${e.spec.name} h SEMI JOIN ${ids} x ON ${on('h', 'x')}) t ON ${on('f', 't')}`);
  if (existing > 0) changed = await mergeExisting(db, exec, e, held, on, text.rawKey);
  else await db.run(`CREATE OR REPLACE TEMP TABLE ${seenAgainTable(e.spec, 'rows').replace('temp.', '')} AS SELECT ${keys} FROM ${e.spec.name} WHERE false`);

  const isExisting = `EXISTS (SELECT 1 FROM temp.pub_existing_ids x WHERE ${on('x', 'f')})`;
  // Every new row's text is kept; one without a place fails the statement rather than lose it.
  const rawKey = `coalesce(${text.rawKey}, error('no raw file for the text of ' || ${e.spec.keys.map((k) => `f.${k}`).join(" || ' ' || ")}))`;
  const result = await exec(`INSERT INTO ${e.spec.name} (${tableColumns.join(', ')}, ${SEEN_COLUMNS.join(', ')})
    SELECT ${tableColumns.map((c) => (c === RAW_KEY ? rawKey : `f.${c}`)).join(', ')}, ${NOW}, ${NOW}, ${RUN}, ${RUN}
    FROM ${winners()}${existing > 0 ? ` AND NOT ${isExisting}` : ''}`);
  return { counts: { new: result.rowsChanged, changed, unchanged: existing - changed }, kept };
}

/**
 * Rows the warehouse already holds (`held`: the run's winning staged rows as `f`, joined to their table
 * rows as `t` of the ids a TEMP table names): compared first, keys and verdicts only. A row whose every
 * column would read as it does is only marked as seen again, after the commit (seen-again.ts); the
 * others are written again as they now read (a listing without item_id keeps a known one; first seen
 * stays, last seen is this run), deleted and inserted rather than UPDATEd: DuckDB keeps an UPDATE's
 * values in memory until COMMIT, where a DELETE marks row ids and an INSERT spills like any append.
 * Returns how many changed in a compared column.
 */
async function mergeExisting(
  db: DuckDBConnection,
  exec: Exec,
  e: Entity,
  held: (ids: string) => string,
  on: (a: string, b: string) => string,
  keptRawKey: string,
): Promise<number> {
  const tableColumns = Object.keys(e.spec.columns);
  // A held row whose text is kept again was listed with another text; its raw_key names the new place.
  const textChanged = 'k.pos IS NOT NULL';
  const counted = [...e.spec.compared.map((c) => `f.${c} IS DISTINCT FROM t.${c}`), '(f.item_id IS NOT NULL AND f.item_id IS DISTINCT FROM t.item_id)'].join(
    ' OR ',
  );
  const written = (c: string) =>
    c === 'item_id' ? 'coalesce(f.item_id, t.item_id)' : c === RAW_KEY ? `CASE WHEN ${textChanged} THEN ${keptRawKey} ELSE t.raw_key END` : `f.${c}`;
  const same = [`NOT ${textChanged}`, ...tableColumns.filter((c) => c !== RAW_KEY).map((c) => `${written(c)} IS NOT DISTINCT FROM t.${c}`)].join(' AND ');
  const keys = e.spec.keys.map((k) => `f.${k}`).join(', ');
  await db.run(`CREATE OR REPLACE TEMP TABLE pub_compared AS SELECT ${keys}, (${counted}) AS counted, (${same}) AS same FROM ${held('temp.pub_existing_ids')}`);
  const reader = await db.runAndReadAll(
    'SELECT count(*) FILTER (WHERE counted) AS changed, count(*) FILTER (WHERE NOT same) AS rewritten FROM temp.pub_compared',
  );
  const changed = Number(reader.getRowObjects()[0]?.['changed'] ?? 0);
  const rewritten = Number(reader.getRowObjects()[0]?.['rewritten'] ?? 0);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${seenAgainTable(e.spec, 'rows').replace('temp.', '')} AS
    SELECT ${e.spec.keys.join(', ')} FROM temp.pub_compared WHERE same`);
  if (rewritten > 0) {
    // The staged row of each id to rewrite, as its table row will read (the join holds those rows only).
    await db.run(`CREATE OR REPLACE TEMP TABLE pub_rewrite AS SELECT ${e.spec.keys.join(', ')} FROM temp.pub_compared WHERE NOT same`);
    await db.run(`CREATE OR REPLACE TEMP TABLE pub_existing AS
      SELECT ${tableColumns.map((c) => `${written(c)} AS ${c}`).join(', ')}, t.first_seen_at, t.first_seen_run FROM ${held('temp.pub_rewrite')}`);
    await db.run(`DELETE FROM ${e.spec.name} t USING temp.pub_existing x WHERE ${on('t', 'x')}`);
    await exec(`INSERT INTO ${e.spec.name} (${tableColumns.join(', ')}, ${SEEN_COLUMNS.join(', ')})
      SELECT ${tableColumns.join(', ')}, first_seen_at, ${NOW}, first_seen_run, ${RUN} FROM temp.pub_existing`);
  }
  await dropTemp(db, 'pub_compared', 'pub_rewrite', 'pub_existing');
  return changed;
}

/** Drops a publish's TEMP tables as soon as it is done with them, so that their memory goes back. */
async function dropTemp(db: DuckDBConnection, ...tables: string[]): Promise<void> {
  for (const table of tables) await db.run(`DROP TABLE IF EXISTS temp.${table}`);
}
