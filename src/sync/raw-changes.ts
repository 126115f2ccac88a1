// Which rows the warehouse already holds came listed with another text than the one their raw_key
// names: a key moved, a field the tables do not hold changed, or the text was never kept (a raw_key that
// names no file). Such a text is kept again even when no column changed (raw-files.ts), so that
// transactions_raw is always the text as last listed. Only rows the warehouse holds are compared: the
// residue each was staged with (its window's raw file, in staging order) against the one its raw_key
// names (the files of the store it points into), by MD5. One window at a time, each statement reading
// only the window's rows and the files they point into: the need of a statement is one window's, never
// the run's, so a promotion day re-read over the lookback (many windows of held rows) fits the share.
import { existsSync } from 'node:fs';
import { listValue, type DuckDBConnection } from '@duckdb/node-api';
import type { LoadedTable } from '../shared/tables.ts';
import { rawDirOfConnection, rawFileOf } from '../warehouse/raw-store.ts';
import { runWithParams } from '../warehouse/sql.ts';
import { stagedRawFileOf } from './raw-files.ts';
import type { WindowRead } from './read-window.ts';

/** TEMP table of the held rows whose listed text differs from the kept one: (window_no, keys). */
export function changedTextsTable(spec: LoadedTable): string {
  return `temp.pub_text_changed_${spec.name}`;
}

const RESIDUE = `concat_ws(',"', ${Array.from({ length: 24 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`).join(', ')})`;

/**
 * Fills changedTextsTable for the run's winning rows (`winners`, a condition on the staged row `o`)
 * that the table holds (`held`, the TEMP table of their keys). `staged` is the run's TEMP table of rows;
 * `windows` the staged windows, whose raw files hold the listed texts.
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
  const reader = await db.runAndReadAll(`SELECT DISTINCT window_no FROM ${run.staged} o WHERE ${heldWinners}`);
  const withHeld = new Set(reader.getRowObjects().map((r) => Number(r['window_no'])));
  const read = windows.filter((w) => withHeld.has(w.windowNo));
  if (read.length === 0) return;

  // One window at a time, so that a statement holds one window's rows (at most sync.pageSize x
  // sync.windowPageBudget), never the run's: a promotion day re-read over the lookback is many windows.
  const rawDir = await rawDirOfConnection(db);
  for (const w of read) {
    const heldOfWindow = `(SELECT ${keys} FROM ${run.staged} o WHERE o.window_no = ${w.windowNo} AND ${heldWinners})`;
    // The listed residues of the window's held rows, from its raw file by their place in it.
    const listed = `SELECT o.window_no, ${spec.keys.map((k) => `o.${k}`).join(', ')}, md5(${RESIDUE}) AS digest
      FROM (SELECT window_no, ${keys}, row_number() OVER (ORDER BY rowid) - 1 AS pos FROM ${run.staged} WHERE window_no = ${w.windowNo}) o
      JOIN read_parquet($listed_file, file_row_number = true) p ON p.file_row_number = o.pos
      WHERE ${heldWinners}`;
    // The kept residues of the same rows, from the files their raw_keys name; each text is digested
    // after the join, so only the rows asked for are.
    const numbers = await db.runAndReadAll(
      `SELECT DISTINCT split_part(t.raw_key, ':', 1) AS file_no FROM ${spec.name} t SEMI JOIN ${heldOfWindow} x ON ${on('t', 'x')}`,
    );
    const files = numbers
      .getRowObjects()
      .map((r) => String(r['file_no']))
      .filter((n) => /^\d+$/.test(n))
      .map((n) => rawFileOf(rawDir ?? '', spec.name, Number(n)))
      .filter((path) => existsSync(path));
    const kept =
      files.length === 0
        ? `SELECT ${keys}, NULL::VARCHAR AS digest FROM ${spec.name} WHERE false`
        : `SELECT ${spec.keys.map((k) => `t.${k}`).join(', ')}, md5(${RESIDUE}) AS digest
           FROM (SELECT ${keys}, raw_key FROM ${spec.name} t SEMI JOIN ${heldOfWindow} x ON ${on('t', 'x')}) t
           JOIN read_parquet($kept_files, filename = true, file_row_number = true) p
             ON t.raw_key = parse_filename(p.filename, true) || ':' || p.file_row_number`;
    await runWithParams(
      db,
      `INSERT INTO ${changed}
       SELECT l.window_no, ${spec.keys.map((k) => `l.${k}`).join(', ')} FROM (${listed}) l LEFT JOIN (${kept}) k ON ${on('k', 'l')}
       WHERE k.digest IS DISTINCT FROM l.digest`,
      { listed_file: stagedRawFileOf(w.read), kept_files: listValue(files) },
    );
  }
}
