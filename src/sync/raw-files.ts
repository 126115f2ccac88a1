// The texts of a run's rows, on their way into the raw rows' store beside the warehouse
// (warehouse/raw-store.ts). While later windows are still being fetched, each verified window's texts
// are digested into a small zstd Parquet file next to its NDJSON file (one digest per staged row, in the
// order they were staged), which the changed-text check compares with the kept ones (raw-changes.ts).
// Publish keeps the texts the warehouse does not hold yet (a new row, or a row listed with another text
// than its raw_key names; not the copies that lose to another window) and gives each window with some a
// file number: the window's kept texts are cut into their raw file from its NDJSON file, and a kept
// row's raw_key is that file and its place in it. Only kept texts are ever cut: a night lists most of
// its rows again unchanged, and cutting every text to keep a few cost more than the rest of staging.
// The files move in just before the publish commits, and back if it does not; a crash in between
// leaves a file no row's raw_key names (a later publish takes its number again and replaces it), which
// the raw views never show.
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { LoadedTable } from '../shared/tables.ts';
import {
  nextRawFileNumber,
  RAW_COPY_OPTIONS,
  rawDirOfConnection,
  rawFileOf,
  rawPiecesSelect,
  rawResidueSql,
  rawTextDigestSql,
} from '../warehouse/raw-store.ts';
import { runWithParams } from '../warehouse/sql.ts';
import { linesOf, operationIdPathSql, operationTextSql } from './file-readers.ts';
import type { WindowRead } from './read-window.ts';

/**
 * TEMP table of the staged rows of a table whose texts publish keeps: (window_no, staged_row, the
 * staged row's rowid; pos, its text's place in its window's raw file).
 */
export function keptTable(spec: LoadedTable): string {
  return `temp.pub_raw_keep_${spec.name}`;
}

/** TEMP table of the number of the raw file each window's kept texts go to: (window_no, file_no). */
export function rawFilesTable(spec: LoadedTable): string {
  return `temp.pub_raw_files_${spec.name}`;
}

/** A staged window as publish sees it (stage.ts StagedWindow). */
interface Window {
  windowNo: number;
  read: WindowRead;
}

/** Where a window's digests are written to while it is staged, next to its NDJSON file (`digest`, one per staged row). */
export function stagedDigestsFileOf(read: WindowRead): string {
  return `${read.file}.digests.parquet`;
}

/**
 * The FROM clause of a staged window's residues (raw-store.ts, as `g.residue`), in the order the rows
 * were staged, optionally only those of the rows the table `kept` names (by `staged_row`).
 * Each line of the window file is paired with its staged row (`table`, in file order), and a line must
 * hold its row's own id member: the residue is shorter than the text then, or (an id spelled with
 * escapes, which is left in place) the line's own id, decoded, is the row's. A pair that does not fails
 * the statement: a text would otherwise be digested or kept for another row. A transaction's text is
 * its line, an operation's the listed row its line carries. A kept text's place in its file is its rank
 * among the kept ones by staging order (keepTexts): which rows are kept is settled on the staged rows
 * before they are put in that order and paired with their lines, and the pairs are only filtered after.
 * A condition on the pairs that DuckDB answered with a join returned them in the kept table's order,
 * which put other rows' texts at the places raw_keys named.
 */
function residuesOf(staged: Window, table: string, kept?: string): string {
  const { read, windowNo } = staged;
  const stream = read.window.stream;
  const tx = stream === 'transactions';
  const keys = tx ? 's.transaction_id' : 's.kind, s.operation_id';
  const flag = kept === undefined ? 'true' : 'k.staged_row IS NOT NULL';
  const join = kept === undefined ? '' : ` LEFT JOIN ${kept} k ON k.staged_row = s.rowid`;
  const rows = `(SELECT s.rowid AS staged_row, ${keys}, ${flag} AS kept FROM ${table} s${join} WHERE s.window_no = ${windowNo} ORDER BY s.rowid)`;
  const text = tx ? 'r.line' : operationTextSql('r.line');
  const id = tx ? 'g.transaction_id' : 'g.operation_id';
  const path = tx ? "'$.transaction_id'" : operationIdPathSql('g');
  const paired = `(SELECT j.*, r.line, ${text} AS text, ${rawResidueSql(text, stream, 'j')} AS residue FROM ${linesOf('$file')} r POSITIONAL JOIN ${rows} j) g`;
  const inStep = `CASE WHEN strlen(g.residue) < strlen(g.text) THEN true WHEN json_extract_string(g.line, ${path}) = ${id} THEN true
      ELSE error('raw text out of step with its row ' || ${id}) END`;
  return `${paired} WHERE ${inStep}${kept === undefined ? '' : ' AND g.kept'}`;
}

/** Digests a staged window's texts into its digests file (in the staging folder); `table` holds its staged rows. */
export async function stageDigests(db: DuckDBConnection, staged: Window, table: string): Promise<void> {
  const { read } = staged;
  const result = await runWithParams(
    db,
    `COPY (SELECT ${rawTextDigestSql('g.residue')} AS digest FROM ${residuesOf(staged, table)}) TO $target (${RAW_COPY_OPTIONS})`,
    { file: read.file, target: stagedDigestsFileOf(read) },
  );
  const rows = Number((await result.getRows())[0]?.[0] ?? 0);
  if (rows !== read.rows) throw new Error(`digested ${rows} texts from ${read.file}, expected ${read.rows}`);
}

/**
 * Inside the publish, before the table changes: the rows whose texts the warehouse does not hold yet
 * (`needed`, a condition on the staged row `o`), each with its place among its window's kept texts,
 * counted per window; and the number of the raw file each window with some goes to (rawFilesTable).
 * `run` names the run's TEMP tables: `staged` rows, the copies of a row that lose to another window's
 * (`losers`), and the staged `windows` with their keys.
 */
export async function keepTexts(
  db: DuckDBConnection,
  spec: LoadedTable,
  run: { staged: string; losers: string; windows: string },
  needed: string,
): Promise<Map<number, number>> {
  const on = (a: string, b: string) => spec.keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  const keep = keptTable(spec);
  // Rows are matched to their kept texts by rowid, which keeps the join narrow (a million of them).
  await db.run(`CREATE OR REPLACE TEMP TABLE ${keep.replace('temp.', '')} AS
    SELECT o.window_no, o.rowid AS staged_row, row_number() OVER (PARTITION BY o.window_no ORDER BY o.rowid) - 1 AS pos
    FROM ${run.staged} o
    WHERE NOT EXISTS (SELECT 1 FROM ${run.losers} l WHERE l.window_no = o.window_no AND ${on('l', 'o')}) AND (${needed})`);
  // Numbered in the windows' own order (not the order they were read in), so that a run's files are
  // numbered alike whenever it is run again.
  const reader = await db.runAndReadAll(
    `SELECT k.window_no, count(*) AS n FROM ${keep} k JOIN ${run.windows} w USING (window_no) GROUP BY k.window_no, w.window_key ORDER BY w.window_key`,
  );
  const kept = new Map(reader.getRowObjects().map((r) => [Number(r['window_no']), Number(r['n'])]));
  const files = rawFilesTable(spec);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${files.replace('temp.', '')} (window_no INTEGER PRIMARY KEY, file_no BIGINT NOT NULL)`);
  for (const windowNo of kept.keys()) {
    await db.run(`INSERT INTO ${files} VALUES ($window_no, $file_no)`, { window_no: windowNo, file_no: await nextRawFileNumber(db) });
  }
  return kept;
}

/**
 * The joins that give a staged row `f` its kept text's place (`k`, null when its text is not kept) and
 * its window's raw file (`r`), and the raw_key they make: `<file_no>:<pos>`.
 */
export function keptTextOf(spec: LoadedTable): { joins: string; rawKey: string } {
  return {
    joins: ` LEFT JOIN ${keptTable(spec)} k ON k.staged_row = f.rowid LEFT JOIN ${rawFilesTable(spec)} r ON r.window_no = f.window_no`,
    rawKey: `r.file_no || ':' || k.pos`,
  };
}

/** A raw file moved into the store, to move back if the publish does not commit. */
export interface MovedFile {
  from: string;
  to: string;
}

/**
 * Moves the kept texts of a stream's windows into the store, under their file numbers (keepTexts), and
 * records each move in `moved`. `kept` counts the kept rows per window.
 */
export async function storeTexts(
  db: DuckDBConnection,
  target: { spec: LoadedTable; staged: string },
  windows: readonly Window[],
  kept: ReadonlyMap<number, number>,
  moved: MovedFile[],
): Promise<void> {
  const { spec } = target;
  const rawDir = await rawDirOfConnection(db);
  if (rawDir === undefined)
    throw new ReconError('internal', 'publishing texts on a connection that openWarehouse did not prepare; open the warehouse with openWarehouse');
  const reader = await db.runAndReadAll(`SELECT window_no, file_no FROM ${rawFilesTable(spec)}`);
  const numbers = new Map(reader.getRowObjects().map((r) => [Number(r['window_no']), Number(r['file_no'])]));
  for (const w of windows) {
    const n = kept.get(w.windowNo) ?? 0;
    const fileNo = numbers.get(w.windowNo);
    if (n === 0 || fileNo === undefined) continue;
    // Only the kept texts, in staging order (their places, `pos`, count only them); a window all of whose
    // texts are kept is cut whole, without the join that picks them.
    const from = `${w.read.file}.kept.parquet`;
    const residues = residuesOf(w, target.staged, n === w.read.rows ? undefined : keptTable(spec));
    const result = await runWithParams(db, `COPY (${rawPiecesSelect('g.residue', residues)}) TO $target (${RAW_COPY_OPTIONS})`, {
      file: w.read.file,
      target: from,
    });
    const rows = Number((await result.getRows())[0]?.[0] ?? 0);
    if (rows !== n) throw new Error(`kept ${rows} texts of ${w.read.file}, expected ${n}`);
    const to = rawFileOf(rawDir, spec.name, fileNo);
    if (existsSync(to)) await assertUnnamed(db, spec, fileNo, to);
    await rename(from, to);
    moved.push({ from, to });
  }
}

/**
 * A raw file in the way of a new one may only be one a killed publish left (its number was never
 * committed, so it is given out again): one that rows name is never replaced.
 */
async function assertUnnamed(db: DuckDBConnection, spec: LoadedTable, fileNo: number, path: string): Promise<void> {
  const reader = await db.runAndReadAll(`SELECT count(*) AS n FROM ${spec.name} WHERE starts_with(raw_key, $prefix)`, { prefix: `${fileNo}:` });
  if (Number(reader.getRowObjects()[0]?.['n'] ?? 0) === 0) return;
  throw new ReconError('warehouse', { id: 'rawFileTaken', path, table: spec.name });
}

/** Moves the files back where they came from (a publish that did not commit); best effort. */
export async function unstoreTexts(moved: readonly MovedFile[]): Promise<void> {
  for (const file of [...moved].reverse()) {
    await rename(file.to, file.from).catch(() => rm(file.to, { force: true }).catch(() => undefined));
  }
}
