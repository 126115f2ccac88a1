// The fingerprints of the last imported order file, kept in the warehouse (order_fingerprints,
// order_fingerprint_state) inside the import's own transaction: read before a file is read, and
// replaced by the file's own once it is merged. They describe `orders` only while no other import has
// run since (order_imports holds as many rows as when they were written) and the next file is read the
// same way (its reading key); otherwise none are returned, and the file takes the whole path.
import { createHash } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import { RECON_VERSION } from '../shared/version.ts';
import { MIGRATIONS } from '../warehouse/migrations.ts';
import { FingerprintSet } from './record-fingerprint.ts';
import { REPEATS_TABLE, STAGE_TABLE } from './stage.ts';

/**
 * Raised whenever a change to a reader (the cells it gives for a record) or to the row rules
 * (order-rules.ts and what it calls) reads a record differently: the fingerprints stored before then go
 * stale, and every record is read anew. The key also holds recon's version, the schema's, and the time
 * zone and ICU data Node reads local times with; a dependency upgrade that reads cells differently
 * (iconv-lite's tables, DuckDB's Parquet values) must raise it too.
 */
const ORDER_RULES_VERSION = 1;

type Db = Pick<DuckDBConnection, 'run' | 'runAndReadAll' | 'stream' | 'createAppender'>;

export interface StoredFingerprints {
  set: FingerprintSet;
  readingKey: string;
  /** What the stored fingerprints were computed with (RecordFingerprint's seed). */
  seed: { hi: number; lo: number };
}

/** What a record's reading depends on besides its cells: the key both imports must share. */
export function readingKeyOf(reading: { format: string; header: readonly string[]; config: unknown }): string {
  const text = JSON.stringify({
    rules: ORDER_RULES_VERSION,
    recon: RECON_VERSION,
    schema: MIGRATIONS.at(-1)?.version,
    tz: process.versions.tz,
    icu: process.versions.icu,
    format: reading.format,
    header: reading.header,
    config: reading.config,
  });
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The last import's fingerprints when they still describe `orders`; undefined when there are none,
 * another import ran since, or they number more than `maxRecords` (orders.limits.maxRows: a file can
 * hold no more, so a larger set is not one file's).
 */
export async function readStoredFingerprints(db: Db, maxRecords: number): Promise<StoredFingerprints | undefined> {
  const state = (
    await db.runAndReadAll(
      `SELECT s.reading_key, s.seed_hi, s.seed_lo, s.imports_seen = (SELECT count(*) FROM order_imports) AS current,
              (SELECT count(*) FROM order_fingerprints)::BIGINT AS n
       FROM order_fingerprint_state s`,
    )
  ).getRowObjectsJS();
  const row = state[0];
  if (state.length !== 1 || row === undefined || row['current'] !== true) return undefined;
  const count = Number(row['n']);
  if (count > maxRecords) return undefined;
  const set = new FingerprintSet(count);
  await visitFingerprints(db, 'SELECT hi, lo FROM order_fingerprints', (hi, lo) => {
    set.add(hi, lo);
    return false;
  });
  return { set, readingKey: String(row['reading_key']), seed: { hi: Number(row['seed_hi']), lo: Number(row['seed_lo']) } };
}

/** Whether a staged item_id has a stored record this file showed unchanged: the file holds the item twice. */
export function stagedItemSeenUnchanged(db: Db, stored: StoredFingerprints): Promise<boolean> {
  const sql = `SELECT f.hi, f.lo FROM order_fingerprints f SEMI JOIN main.${STAGE_TABLE} s ON s.item_id = f.item_id`;
  return visitFingerprints(db, sql, (hi, lo) => stored.set.seen(hi, lo));
}

/** Streams a query's (hi, lo) pairs chunk by chunk into `visit`; true as soon as `visit` returns true. */
async function visitFingerprints(db: Db, sql: string, visit: (hi: number, lo: number) => boolean): Promise<boolean> {
  const result = await db.stream(sql);
  for (let chunk = await result.fetchChunk(); chunk !== null && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    const his = chunk.getColumnValues(0) as number[];
    const los = chunk.getColumnValues(1) as number[];
    for (let i = 0; i < his.length; i++) if (visit(his[i] as number, los[i] as number)) return true;
  }
  return false;
}

export interface FingerprintWrite {
  importId: string;
  readingKey: string;
  seed: { hi: number; lo: number };
  /** The stored set this import skipped records by (its unseen ones are dropped); undefined: all are replaced. */
  used: StoredFingerprints | undefined;
}

/**
 * Replaces the stored fingerprints with this file's, after its merge and its order_imports row: the
 * stored ones it showed stay, the ones it did not are dropped, and its staged records that loaded their
 * order are added.
 */
export async function writeFingerprints(db: Db, write: FingerprintWrite): Promise<void> {
  if (write.used === undefined) await db.run('DELETE FROM order_fingerprints');
  else await dropUnseen(db, write.used.set);
  // An item staged more than once (identical repeats folded, or a conflict kept out: the merge's repeats) is
  // not fingerprinted: its records take the whole path next time, and the repeat rules see them all.
  await db.run(
    `INSERT INTO order_fingerprints (hi, lo, item_id)
     SELECT s.fp_hi, s.fp_lo, s.item_id FROM main.${STAGE_TABLE} s ANTI JOIN ${REPEATS_TABLE} r ON r.item_id = s.item_id
     WHERE s.fp_hi IS NOT NULL`,
  );
  await db.run('DELETE FROM order_fingerprint_state');
  await db.run(
    `INSERT INTO order_fingerprint_state (import_id, imports_seen, reading_key, seed_hi, seed_lo)
     SELECT $import_id, count(*), $reading_key, $seed_hi::UINTEGER, $seed_lo::UINTEGER FROM order_imports`,
    { import_id: write.importId, reading_key: write.readingKey, seed_hi: write.seed.hi, seed_lo: write.seed.lo },
  );
}

/** Forgets every stored fingerprint: what a file that is not fingerprinted leaves behind. */
export async function clearFingerprints(db: Db): Promise<void> {
  await db.run('DELETE FROM order_fingerprints');
  await db.run('DELETE FROM order_fingerprint_state');
}

/**
 * In the warehouse file like the import's stage (created and dropped in the import's transaction, never
 * committed): a file that shows few stored records leaves up to a million unseen, and a TEMP table
 * would hold them in memory where this one spills.
 */
const UNSEEN_TABLE = 'recon_unseen_fingerprints';

async function dropUnseen(db: Db, set: FingerprintSet): Promise<void> {
  await db.run(`CREATE OR REPLACE TABLE main.${UNSEEN_TABLE} (hi UINTEGER NOT NULL, lo UINTEGER NOT NULL)`);
  try {
    const appender = await db.createAppender(UNSEEN_TABLE, 'main');
    let closed = false;
    try {
      for (const [hi, lo] of set.unseen()) {
        appender.appendUInteger(hi);
        appender.appendUInteger(lo);
        appender.endRow();
      }
      appender.closeSync();
      closed = true;
    } finally {
      // After a failed append the transaction is rolled back anyway: closing must not hide that error.
      if (!closed)
        try {
          appender.closeSync();
        } catch {
          /* the first error is the one to report */
        }
    }
    await db.run(`DELETE FROM order_fingerprints f USING main.${UNSEEN_TABLE} u WHERE f.hi = u.hi AND f.lo = u.lo`);
  } finally {
    // Best effort, as for the stage: a rollback drops it too, and must not hide the first error.
    await db.run(`DROP TABLE IF EXISTS main.${UNSEEN_TABLE}`).catch(() => undefined);
  }
}
