// The raw rows' store: the JSON text of every listed row version, kept beside the warehouse as zstd
// Parquet files (<warehouse>.raw/transactions/<n>.parquet, <warehouse>.raw/operations/<n>.parquet, n
// from the sequence raw_file_number) rather than in a column of it, where it was most of the file's
// bytes. What a file holds of a text is its residue: the row's own id member (`transaction_id":"<id>"`,
// the one field no two rows share) written as U+0001, which JSON text never holds raw, since the table
// holds the id; the residue is cut at every `,"` into the columns p01..p24 (p24 holds the rest), so
// that the values of one field share a column and compress as such. concat_ws(',"', p01, ..., p24) is
// the residue again, and replacing U+0001 by the member the text again, exactly: a replacement that
// finds nothing (an id spelled with escapes) changes nothing either way. The tables keep raw_key,
// `<n>:<row>`: the file and the place in it (Parquet's file_row_number) of the row's current text, and
// the views transactions_raw and operations_raw (migration 14) join each row to its text by it. The
// views find the folder through the DuckDB variable recon_raw_dir, which every open sets; DuckDB binds
// a view when it is created, so the folder holds at least file 0, which migration 14 wrote. Files a
// sync writes also hold `digest` (rawPiecesSelect); the views read every file with file 0's columns,
// which DuckDB takes by name from the others, so the column is theirs to ignore.
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlLiteral } from './sql.ts';

/** The DuckDB variable the raw views read the store's folder from. */
const RAW_DIR_VARIABLE = 'recon_raw_dir';

/** The loaded tables with a raw store of their own, each in a subfolder of that name. */
const RAW_STREAMS = ['transactions', 'operations'] as const;
type RawStream = (typeof RAW_STREAMS)[number];

/** How many columns a text is cut into; the last holds whatever pieces remain. */
const RAW_PIECES = 24;

/** The separator the texts are cut at: it starts every key after the first of a compact JSON object. */
const CUT = `',"'`;

/**
 * COPY options of a raw file. zstd level 1: level 3 was no smaller on these columns and cost a fifth more
 * CPU (a string dictionary capped at 20 KB cost more, and compressed worse, than DuckDB's default).
 */
export const RAW_COPY_OPTIONS = 'FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1';

/** The store's folder for a warehouse file (absolute, so that a sealed instance can allow exactly it). */
export function rawDirOf(warehousePath: string): string {
  return resolve(`${warehousePath}.raw`);
}

/** The folder of one stream's files. */
function rawStreamDir(rawDir: string, stream: RawStream): string {
  return join(rawDir, stream);
}

/**
 * Points the connection's raw views at the store: `dir`, else the folder of the attached file, else (an
 * in-memory warehouse) a new temporary folder. With `create` the folders are made (mode 0700). Returns
 * the folder and whether it was made here as a temporary one (the caller removes it).
 */
export async function useRawStore(db: DuckDBConnection, options: { dir?: string | undefined; create: boolean }): Promise<{ dir: string; temporary: boolean }> {
  let dir = options.dir;
  let temporary = false;
  if (dir === undefined) {
    const reader = await db.runAndReadAll('SELECT path FROM duckdb_databases() WHERE database_name = current_database()');
    const path = reader.getRowObjects()[0]?.['path'];
    if (typeof path === 'string' && path !== '') dir = rawDirOf(path);
    else {
      dir = await mkdtemp(join(tmpdir(), 'recon-raw-'));
      temporary = true;
    }
  }
  if (options.create) {
    for (const stream of RAW_STREAMS) await mkdir(rawStreamDir(dir, stream), { recursive: true, mode: 0o700 });
  }
  await db.run(`SET VARIABLE ${RAW_DIR_VARIABLE} = ${sqlLiteral(dir)}`);
  return { dir, temporary };
}

/** The folder the connection's raw views read, or undefined before useRawStore ran on it. */
export async function rawDirOfConnection(db: DuckDBConnection): Promise<string | undefined> {
  const reader = await db.runAndReadAll(`SELECT getvariable(${sqlLiteral(RAW_DIR_VARIABLE)}) AS dir`);
  const dir = reader.getRowObjects()[0]?.['dir'];
  return typeof dir === 'string' ? dir : undefined;
}

/** The path of a raw file of the store. */
export function rawFileOf(rawDir: string, stream: RawStream, fileNumber: number): string {
  return join(rawStreamDir(rawDir, stream), `${fileNumber}.parquet`);
}

/** The next number of a raw file (a sequence: a publish that does not commit gives its numbers back). */
export async function nextRawFileNumber(db: DuckDBConnection): Promise<number> {
  const reader = await db.runAndReadAll("SELECT nextval('raw_file_number') AS n");
  return Number(reader.getRowObjects()[0]?.['n']);
}

/**
 * The SQL of a row's own id member as a compact listing spells it (`transaction_id":"<id>"`; a cash-in's
 * or cash-out's by its kind), from the row's columns under `alias`.
 */
function idMemberSql(stream: RawStream, alias: string): string {
  if (stream === 'transactions') return `'transaction_id":"' || ${alias}.transaction_id || '"'`;
  return `CASE ${alias}.kind WHEN 'cash_in' THEN 'cash_in_id":"' ELSE 'cash_out_id":"' END || ${alias}.operation_id || '"'`;
}

/** The residue of a text: its row's id member (the row's columns under `alias`) written as U+0001. */
export function rawResidueSql(text: string, stream: RawStream, alias: string): string {
  return `replace(${text}, ${idMemberSql(stream, alias)}, chr(1))`;
}

/**
 * The SELECT of a raw file's columns, cut from `text` (a residue), an expression over `from` (a FROM
 * clause, with its joins and WHERE). The text is split once, into a list the columns take their pieces
 * from; `digest` is the upper 64 bits of its MD5 (md5_number_upper, a UBIGINT, which Parquet stores
 * exactly; md5_number's UHUGEINT it stores as a DOUBLE), which a later sync compares with the residue it
 * lists instead of reading the pieces back (files written before it have no digest; their residues are
 * digested when read, rawDigestSql).
 */
export function rawPiecesSelect(text: string, from: string): string {
  const columns = Array.from({ length: RAW_PIECES }, (_, i) => {
    const n = i + 1;
    const name = pieceColumn(n);
    if (n < RAW_PIECES) return `pieces[${n}] AS ${name}`;
    return `CASE WHEN len(pieces) > ${RAW_PIECES} THEN array_to_string(pieces[${RAW_PIECES}:], ${CUT}) ELSE pieces[${RAW_PIECES}] END AS ${name}`;
  });
  return `SELECT ${columns.join(', ')}, digest FROM (SELECT string_split(${text}, ${CUT}) AS pieces, ${rawTextDigestSql(text)} AS digest FROM ${from})`;
}

/** The digest of a residue `text` (SQL), as a raw file's `digest` column holds it. */
export function rawTextDigestSql(text: string): string {
  return `md5_number_upper(${text})`;
}

/** The column of a raw file holding the text's `n`th piece (from 1): p01 ... p24. */
function pieceColumn(n: number): string {
  return `p${String(n).padStart(2, '0')}`;
}

/** The digest of a raw file's row from its pieces (alias `p`), equal to the `digest` column files written since it hold. */
export function rawDigestSql(alias: string): string {
  const pieces = Array.from({ length: RAW_PIECES }, (_, i) => `${alias}.${pieceColumn(i + 1)}`);
  return rawTextDigestSql(`concat_ws(${CUT}, ${pieces.join(', ')})`);
}
