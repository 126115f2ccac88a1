// Which rows the warehouse already holds came listed with another text than the one it keeps: a key
// moved, a field the tables do not hold changed, the text was never digested (a row synced before the
// digests, migration 0024), or its raw_key names a file the store does not have (a warehouse copied
// without its folder, a file lost). Such a text is kept again even when no column changed
// (raw-files.ts), so that transactions_raw is always the text as last listed. The comparison is of
// digests: the one each row's text was staged with (stage.ts, from its line) against the one its table row
// holds, so a row listed again as it was costs a comparison of two numbers, and no kept text is read
// back.
import { listValue, type DuckDBConnection } from '@duckdb/node-api';
import { TEXT_DIGEST_COLUMN, type LoadedTable } from '../shared/tables.ts';
import { rawDirOfConnection, storedRawFileNumbers } from '../warehouse/raw-store.ts';
import { runWithParams } from '../warehouse/sql.ts';

/** TEMP table of the held rows whose listed text differs from the kept one: (window_no, keys). */
export function changedTextsTable(spec: LoadedTable): string {
  return `temp.pub_text_changed_${spec.name}`;
}

/**
 * Fills changedTextsTable for the run's winning rows (`winners`, a condition on the staged row `o`)
 * that the table holds (`held`, the TEMP table of their keys). `staged` is the run's TEMP table of rows.
 */
export async function findChangedTexts(db: DuckDBConnection, spec: LoadedTable, run: { staged: string; held: string; winners: string }): Promise<void> {
  const on = (a: string, b: string) => spec.keys.map((k) => `${a}.${k} = ${b}.${k}`).join(' AND ');
  const keys = spec.keys.map((k) => `t.${k}`).join(', ');
  // The held rows are picked from the table by the run's keys first (the table on the left: DuckDB builds
  // on the keys and skips the row groups their range rules out), so the join holds the run's rows only.
  const held = `(SELECT ${keys}, t.${TEXT_DIGEST_COLUMN}, split_part(t.raw_key, ':', 1) AS file_no FROM ${spec.name} t SEMI JOIN ${run.held} x ON ${on('t', 'x')}) t`;
  const stored = `(SELECT unnest(CAST($stored AS VARCHAR[])) AS file_no) f`;
  await runWithParams(
    db,
    `CREATE OR REPLACE TEMP TABLE ${changedTextsTable(spec).replace('temp.', '')} AS
     SELECT o.window_no, ${spec.keys.map((k) => `o.${k}`).join(', ')}
     FROM ${run.staged} o JOIN ${held} ON ${on('t', 'o')} LEFT JOIN ${stored} ON f.file_no = t.file_no
     WHERE ${run.winners} AND (o.${TEXT_DIGEST_COLUMN} IS DISTINCT FROM t.${TEXT_DIGEST_COLUMN} OR f.file_no IS NULL)`,
    { stored: listValue(await storedFileNumbers(db, spec)) },
  );
}

/** The numbers of the raw files the store holds for a table; none on a connection without a store. */
async function storedFileNumbers(db: DuckDBConnection, spec: LoadedTable): Promise<string[]> {
  const rawDir = await rawDirOfConnection(db);
  return rawDir === undefined ? [] : storedRawFileNumbers(rawDir, spec.name);
}
