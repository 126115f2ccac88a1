// Which rows the warehouse already holds came listed with another text than the one their raw_key
// names: a key moved, a field the tables do not hold changed, or the text was never kept (a raw_key that
// names no file). Such a text is kept again even when no column changed (raw-files.ts), so that
// transactions_raw is always the text as last listed. Only rows the warehouse holds are compared: the
// residue each was staged with (its window's digests file, in staging order) against the one its raw_key
// names (the files of the store it points into), by MD5: the digest column each file a sync writes
// holds (raw-store.ts), read without the texts; a file written before the column is digested from its
// pieces as it is read. The held rows' raw_keys are read out of the table once for the run (keys and
// numbers only); then one window at a time, each statement reading only the window's rows and the files
// they point into: the need of a statement is one window's, never the run's, so a promotion day re-read
// over the lookback (many windows of held rows) fits the share.
import { existsSync } from 'node:fs';
import { listValue, type DuckDBConnection } from '@duckdb/node-api';
import type { LoadedTable } from '../shared/tables.ts';
import { rawDigestSql, rawDirOfConnection, rawFileOf } from '../warehouse/raw-store.ts';
import { runWithParams } from '../warehouse/sql.ts';
import { stagedDigestsFileOf } from './raw-files.ts';
import type { WindowRead } from './read-window.ts';

/** TEMP table of the held rows whose listed text differs from the kept one: (window_no, keys). */
export function changedTextsTable(spec: LoadedTable): string {
  return `temp.pub_text_changed_${spec.name}`;
}

/**
 * TEMP table of the run's held winning rows with where their kept texts are: (window_no, keys,
 * file_no, row_no), the parts of raw_key. Read out of the table once for the run, so that each window
 * reads its own rows of it rather than the table again.
 */
export function heldTextsTable(spec: LoadedTable): string {
  return `temp.pub_held_raw_${spec.name}`;
}

/**
 * Fills changedTextsTable for the run's winning rows (`winners`, a condition on the staged row `o`)
 * that the table holds (`held`, the TEMP table of their keys). `staged` is the run's TEMP table of rows;
 * `windows` the staged windows, whose digests files hold the listed texts' digests.
 */
export async function findChangedTexts(
  db: DuckDBConnection,
  spec: LoadedTable,
  run: { staged: string; held: string; winners: string },
  windows: ReadonlyArray<{ windowNo: number; read: WindowRead }>,
): Promise<void> {
  const keys = spec.keys.join(', ');
  const on = (a: string, b: string) => spec.keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  const changed = changedTextsTable(spec);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${changed.replace('temp.', '')} AS SELECT window_no, ${keys} FROM ${run.staged} LIMIT 0`);
  const heldWinners = `EXISTS (SELECT 1 FROM ${run.held} x WHERE ${on('x', 'o')}) AND ${run.winners}`;
  const held = heldTextsTable(spec);
  await db.run(`CREATE OR REPLACE TEMP TABLE ${held.replace('temp.', '')} AS
    SELECT o.window_no, ${spec.keys.map((k) => `o.${k}`).join(', ')}, split_part(t.raw_key, ':', 1) AS file_no,
      TRY_CAST(split_part(t.raw_key, ':', 2) AS BIGINT) AS row_no
    FROM ${spec.name} t JOIN (SELECT window_no, ${keys} FROM ${run.staged} o WHERE ${heldWinners}) o ON ${on('t', 'o')}`);
  const reader = await db.runAndReadAll(`SELECT DISTINCT window_no FROM ${held}`);
  const withHeld = new Set(reader.getRowObjects().map((r) => Number(r['window_no'])));
  const read = windows.filter((w) => withHeld.has(w.windowNo));

  // One window at a time, so that a statement holds one window's rows (at most sync.pageSize x
  // sync.windowPageBudget), never the run's: a promotion day re-read over the lookback is many windows.
  const rawDir = await rawDirOfConnection(db);
  for (const w of read) {
    const heldOfWindow = `(SELECT ${keys}, file_no, row_no FROM ${held} WHERE window_no = ${w.windowNo})`;
    // The listed residues' digests of the window's held rows, from its digests file by their place in it.
    const listed = `SELECT o.window_no, ${spec.keys.map((k) => `o.${k}`).join(', ')}, p.digest
      FROM (SELECT window_no, ${keys}, row_number() OVER (ORDER BY rowid) - 1 AS pos FROM ${run.staged} WHERE window_no = ${w.windowNo}) o
      JOIN read_parquet($listed_file, file_row_number = true) p ON p.file_row_number = o.pos
      WHERE ${heldWinners}`;
    // The kept digests of the same rows, from the files their raw_keys name (the held rows' keys split
    // into the file's number and the row's place, so that the join pairs numbers, not texts).
    const numbers = await db.runAndReadAll(`SELECT DISTINCT file_no FROM ${heldOfWindow}`);
    const files = numbers
      .getRowObjects()
      .map((r) => String(r['file_no']))
      .filter((n) => /^\d+$/.test(n))
      .map((n) => rawFileOf(rawDir ?? '', spec.name, Number(n)))
      .filter((path) => existsSync(path));
    const withDigest = await filesWithDigest(db, files);
    // Each group of files as its own parameter, with how its rows' digests are read.
    const groups = [
      { param: 'digest_files', files: withDigest, digest: 'p.digest' },
      { param: 'old_files', files: files.filter((f) => !withDigest.includes(f)), digest: rawDigestSql('p') },
    ].filter((g) => g.files.length > 0);
    const parts = groups.map(
      (g) => `SELECT ${spec.keys.map((k) => `t.${k}`).join(', ')}, ${g.digest} AS digest FROM ${heldOfWindow} t
      JOIN read_parquet($${g.param}, filename = true, file_row_number = true) p ON t.row_no = p.file_row_number AND t.file_no = parse_filename(p.filename, true)`,
    );
    const kept = parts.length === 0 ? `SELECT ${keys}, NULL::UBIGINT AS digest FROM ${spec.name} WHERE false` : parts.join(' UNION ALL ');
    await runWithParams(
      db,
      `INSERT INTO ${changed}
       SELECT l.window_no, ${spec.keys.map((k) => `l.${k}`).join(', ')} FROM (${listed}) l LEFT JOIN (${kept}) k ON ${on('k', 'l')}
       WHERE k.digest IS DISTINCT FROM l.digest`,
      { listed_file: stagedDigestsFileOf(w.read), ...Object.fromEntries(groups.map((g) => [g.param, listValue(g.files)])) },
    );
  }
  await db.run(`DROP TABLE IF EXISTS ${held}`);
}

/**
 * Which of the raw files hold the digest column as a sync writes it (files written before it do not),
 * from their footers; any other column of that name is digested from the pieces instead.
 */
async function filesWithDigest(db: DuckDBConnection, files: readonly string[]): Promise<string[]> {
  if (files.length === 0) return [];
  const reader = await runWithParams(db, `SELECT DISTINCT file_name FROM parquet_schema($files) WHERE name = 'digest' AND type = 'INT64'`, {
    files: listValue([...files]),
  });
  const named = new Set((await reader.getRowObjects()).map((r) => String(r['file_name'])));
  return files.filter((f) => named.has(f));
}
