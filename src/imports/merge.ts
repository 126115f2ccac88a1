// Set-based merge of one staged file into the warehouse: identical duplicate rows collapse into one
// order, an item_id with differing rows becomes a conflict issue (kept out of `orders`), the rest is
// upserted into `orders` (latest import wins). Only what changed is written: a cumulative export brings
// back every order the shop ever had, and rewriting them all each night needs memory in proportion to
// the shop's whole history. So an order whose stored fields equal the file's row is left as it is (its
// import_id, source_file, source_line and imported_at name the import that brought that content), and
// only new and changed orders are deleted and inserted. `order_history` gets a row per order version:
// when an import brings an order that is new or whose status, amount, created_at or transaction_id
// changed, so re-importing yesterday's cumulative export adds no history. Runs inside the caller's
// transaction.
import type { DuckDBConnection } from '@duckdb/node-api';
import { keptOutJson, keptOutOf, type KeptOut } from '../shared/locale/kept-out-text.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';
import type { OptionalColumn } from './order-rules.ts';
import { REPEATS_TABLE, STAGE_TABLE } from './stage.ts';

export interface ImportConflict extends KeptOut {
  item_id: string;
  lines: number[];
}

export interface MergeOutcome {
  rowsLoaded: number;
  duplicatesIdentical: number;
  conflicts: ImportConflict[];
  /** Staged rows that belong to conflicting item_ids. */
  conflictRows: number;
}

export interface MergeMeta {
  importId: string;
  file: string;
  importedAtMs: number;
}

const ALL_OPTIONAL: OptionalColumn[] = ['transaction_id', 'nsu', 'authorization_code', 'customer_name', 'customer_document_number'];

export async function mergeStagedOrders(db: DuckDBConnection, optional: OptionalColumn[], meta: MergeMeta, stagedRows: number): Promise<MergeOutcome> {
  const compared = ['status', 'amount_cents', 'created_ms', ...optional];
  try {
    // Repeated item_ids are rare, so only they are grouped in detail; every other row goes straight through.
    await db.run(
      `CREATE OR REPLACE TEMP TABLE ${REPEATS_TABLE} AS
       SELECT item_id, count(*) AS n, min(line) AS first_line, count(DISTINCT (${compared.join(', ')})) AS versions
       FROM ${STAGE_TABLE}
       WHERE item_id IN (SELECT item_id FROM ${STAGE_TABLE} GROUP BY item_id HAVING count(*) > 1)
       GROUP BY item_id`,
    );
    const optionalSelect = ALL_OPTIONAL.map((key) => (optional.includes(key) ? `s.${key}` : `NULL::VARCHAR AS ${key}`)).join(', ');
    const columns = `s.item_id, s.status, s.amount_cents, make_timestamptz(s.created_ms * 1000) AS created_at, ${optionalSelect}, s.source_status, s.line`;
    // The rows this file loads: every row of an item_id seen once, and the first of identical repeats,
    // in one scan of the stage (with a UNION of two scans, the join with orders below ran out of memory).
    const keep = `keep AS (
         SELECT ${columns} FROM ${STAGE_TABLE} s LEFT JOIN ${REPEATS_TABLE} r ON r.item_id = s.item_id
         WHERE r.item_id IS NULL OR (r.versions = 1 AND r.first_line = s.line)
       )`;
    const written = (await hasOrders(db))
      ? await stageChanges(db, keep)
      : { source: `(WITH ${keep} SELECT *, true AS new_version FROM keep)`, replaced: undefined };
    // History holds versions: an order's row is added when it is new or its history fields changed.
    await db.run(
      `INSERT INTO order_history (import_id, item_id, status, amount_cents, created_at, transaction_id, source_line, imported_at)
       SELECT $import_id, item_id, status, amount_cents, created_at, transaction_id, line, make_timestamptz($imported_ms::BIGINT * 1000)
       FROM ${written.source} w WHERE new_version`,
      { import_id: meta.importId, imported_ms: meta.importedAtMs },
    );
    // Latest import wins: a changed order is deleted and inserted again. An UPDATE holds each changed
    // row in memory, unspillable; a delete only marks rows, and a large insert is written out as it goes.
    if (written.replaced) await db.run(`DELETE FROM orders WHERE item_id IN (SELECT item_id FROM ${written.replaced})`);
    await db.run(
      `INSERT INTO orders (item_id, status, amount_cents, created_at, ${ALL_OPTIONAL.join(', ')}, source_status, import_id, source_file, source_line, imported_at)
       SELECT item_id, status, amount_cents, created_at, ${ALL_OPTIONAL.join(', ')}, source_status, $import_id, $file, line, make_timestamptz($imported_ms::BIGINT * 1000)
       FROM ${written.source} w`,
      { import_id: meta.importId, file: meta.file, imported_ms: meta.importedAtMs },
    );
    const counts = (
      await db.runAndReadAll(
        `SELECT count(*)::INTEGER AS repeated_ids,
                coalesce(sum(n), 0)::INTEGER AS repeated_rows,
                coalesce(sum(CASE WHEN versions = 1 THEN n - 1 ELSE 0 END), 0)::INTEGER AS duplicates,
                coalesce(sum(CASE WHEN versions > 1 THEN n ELSE 0 END), 0)::INTEGER AS conflict_rows,
                count(*) FILTER (WHERE versions = 1)::INTEGER AS collapsed
         FROM ${REPEATS_TABLE}`,
      )
    ).getRowObjectsJS()[0] as { repeated_rows: number; duplicates: number; conflict_rows: number; collapsed: number };
    const conflicts = await conflictsOf(db, optional);
    if (conflicts.length > 0) await appendConflictIssues(db, conflicts, meta);
    return {
      rowsLoaded: stagedRows - counts.repeated_rows + counts.collapsed,
      duplicatesIdentical: counts.duplicates,
      conflicts,
      conflictRows: counts.conflict_rows,
    };
  } finally {
    // Best effort, as for the stage table: a rollback drops it too, and must not hide the first error. The
    // repeats go with the stage (dropStageTable): the fingerprints written after the merge read them.
    await db.run(`DROP TABLE IF EXISTS main.${CHANGES_TABLE}`).catch(() => undefined);
  }
}

/** The fields of `orders` an export's row sets: a row equal to its order on all of them changes nothing. */
const STORED = ['status', 'amount_cents', 'created_at', ...ALL_OPTIONAL, 'source_status'];
/** The fields whose change makes a new version in `order_history` (reconcile/scope.ts reads them). */
const VERSIONED = ['status', 'amount_cents', 'created_at', 'transaction_id'];
/** The file's new and changed orders, in the warehouse file like the stage (never committed, spilled as it fills). */
const CHANGES_TABLE = 'recon_import_changes';

/** A warehouse without orders takes a file as it is: every row is new, so there is nothing to compare. */
async function hasOrders(db: DuckDBConnection): Promise<boolean> {
  const reader = await db.runAndReadAll('SELECT EXISTS (SELECT 1 FROM orders) AS any');
  return reader.getRowObjectsJS()[0]?.['any'] === true;
}

/**
 * Writes the kept rows that are not already in `orders` as they are, with whether each makes a new
 * version, in one join of the file with `orders` (a hash join, which spills where the whole history
 * would not fit). Nothing of an unchanged order is held or written again.
 */
async function stageChanges(db: DuckDBConnection, keep: string): Promise<{ source: string; replaced: string }> {
  const differs = (fields: string[]) => fields.map((f) => `o.${f} IS DISTINCT FROM k.${f}`).join(' OR ');
  await db.run(
    `CREATE OR REPLACE TABLE main.${CHANGES_TABLE} AS
     WITH ${keep}
     SELECT k.*, o.item_id IS NOT NULL AS replaces, o.item_id IS NULL OR ${differs(VERSIONED)} AS new_version
     FROM keep k LEFT JOIN orders o ON o.item_id = k.item_id
     WHERE o.item_id IS NULL OR ${differs(STORED)}`,
  );
  return { source: `main.${CHANGES_TABLE}`, replaced: `main.${CHANGES_TABLE} WHERE replaces` };
}

async function appendConflictIssues(db: DuckDBConnection, conflicts: ImportConflict[], meta: MergeMeta): Promise<void> {
  const appender = await db.createAppender('order_import_issues');
  try {
    for (const conflict of conflicts) {
      appender.appendVarchar(meta.importId);
      appender.appendVarchar(meta.file);
      appender.appendInteger(conflict.lines[0] ?? 0);
      appender.appendVarchar(conflict.item_id);
      appender.appendVarchar('conflict');
      appender.appendVarchar(conflict.reason);
      appender.appendNull(); // column_name: the rows disagree on several
      appender.appendNull(); // value
      appender.appendVarchar(keptOutJson(conflict.facts));
      appender.endRow();
    }
  } finally {
    appender.closeSync();
  }
}

// Stands for an empty optional field in the values lists (so that it shows as a difference).
const NULL_TEXT = '(empty)';

async function conflictsOf(db: DuckDBConnection, optional: OptionalColumn[]): Promise<ImportConflict[]> {
  const fields = ['status', 'amount_cents', 'created_ms', ...optional];
  const reader = await db.runAndReadAll(
    `SELECT s.item_id, list(s.line ORDER BY s.line) AS lines,
            ${fields.map((f) => `list(coalesce(s.${f}::VARCHAR, $null_text) ORDER BY s.line) AS ${f}`).join(', ')}
     FROM ${STAGE_TABLE} s JOIN ${REPEATS_TABLE} r ON r.item_id = s.item_id
     WHERE r.versions > 1
     GROUP BY s.item_id ORDER BY min(s.line)`,
    { null_text: NULL_TEXT },
  );
  return reader.getRowObjectsJS().map((row) => {
    const lines = (row['lines'] as number[]).map(Number);
    const differences = fields
      .map((f) => ({ f, values: [...new Set(row[f] as string[])] }))
      .filter(({ values }) => values.length > 1)
      .map(({ f, values }) => differenceOf(f, values));
    const itemId = String(row['item_id']);
    return { item_id: itemId, lines, ...keptOutOf({ kind: 'rowsDisagree', itemId, lines, differences }) };
  });
}

type Difference = Extract<KeptOutFact, { kind: 'rowsDisagree' }>['differences'][number];

/** A field's distinct values as facts: amounts and instants as numbers (never empty: the stage requires them). */
function differenceOf(field: string, values: string[]): Difference {
  if (field === 'amount_cents') return { field, values: values.map(Number) };
  if (field === 'created_ms') return { field, values: values.map(Number) };
  return { field, values: values.map((v) => (v === NULL_TEXT ? null : v)) };
}
