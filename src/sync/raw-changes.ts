// Which rows the warehouse already holds came listed with another text than the one their raw_key
// names: a key moved, a field the tables do not hold changed, or the text was never kept (a raw_key that
// names no file). Such a text is kept again even when no column changed (raw-files.ts), so that
// transactions_raw is always the text as last listed. Only rows the warehouse holds are compared: the
// residue each was staged with (its window's raw file, in staging order) against the one its raw_key
// names (the files of the store it points into), by MD5, which keeps the comparison narrow: each file's
// residues are digested as they are read, so that a join holds keys and digests, never texts.
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

  // The listed residues of those rows, each from its window's raw file by its place in it.
  const listed = read
    .map(
      (w) => `SELECT o.window_no, ${spec.keys.map((k) => `o.${k}`).join(', ')}, p.digest
      FROM (SELECT window_no, ${keys}, row_number() OVER (ORDER BY rowid) - 1 AS pos FROM ${run.staged} WHERE window_no = ${w.windowNo}) o
      JOIN (SELECT file_row_number, md5(${RESIDUE}) AS digest FROM read_parquet(${`$file_${w.windowNo}`}, file_row_number = true)) p ON p.file_row_number = o.pos
      WHERE ${heldWinners}`,
    )
    .join(' UNION ALL ');
  const params: Record<string, string | ReturnType<typeof listValue>> = Object.fromEntries(read.map((w) => [`file_${w.windowNo}`, stagedRawFileOf(w.read)]));

  // The kept residues of the same rows, from the files their raw_keys name.
  const rawDir = await rawDirOfConnection(db);
  const numbers = await db.runAndReadAll(
    `SELECT DISTINCT split_part(t.raw_key, ':', 1) AS file_no FROM ${spec.name} t SEMI JOIN ${run.held} x ON ${on('t', 'x')}`,
  );
  const files = numbers
    .getRowObjects()
    .map((r) => String(r['file_no']))
    .filter((n) => /^\d+$/.test(n))
    .map((n) => rawFileOf(rawDir ?? '', spec.name, Number(n)))
    .filter((path) => existsSync(path));
  params['kept_files'] = listValue(files);
  const kept =
    files.length === 0
      ? `SELECT ${keys}, NULL::VARCHAR AS digest FROM ${spec.name} WHERE false`
      : `SELECT ${spec.keys.map((k) => `t.${k}`).join(', ')}, p.digest
         FROM ${spec.name} t SEMI JOIN ${run.held} x ON ${on('t', 'x')}
         JOIN (SELECT parse_filename(filename, true) || ':' || file_row_number AS raw_key, md5(${RESIDUE}) AS digest
               FROM read_parquet($kept_files, filename = true, file_row_number = true)) p ON t.raw_key = p.raw_key`;
  await runWithParams(
    db,
    `INSERT INTO ${changed}
     SELECT l.window_no, ${spec.keys.map((k) => `l.${k}`).join(', ')} FROM (${listed}) l LEFT JOIN (${kept}) k ON ${on('k', 'l')}
     WHERE k.digest IS DISTINCT FROM l.digest`,
    params,
  );
}
