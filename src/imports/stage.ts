// Bulk staging of one file's rows: accepted orders go through a DuckDB appender into a stage table, kept-out
// rows straight into order_import_issues, all inside the file's transaction (a rollback leaves nothing).
// Only the optional columns the mapping uses are staged: each appended value costs a native call.
// The stage table lives in the warehouse file, created and dropped inside the transaction, so it is never
// committed: a large uncommitted append is written out to the file as it fills, where a TEMP table would
// hold a million rows in memory.
import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { keptOutJson } from '../shared/locale/kept-out-text.ts';
import type { OptionalColumn, OrderRow, RowRejection } from './order-rules.ts';
import type { RecordFingerprint } from './record-fingerprint.ts';

export const STAGE_TABLE = 'recon_import_stage';
/**
 * The staged item_ids that occur more than once (merge.ts builds it; the fingerprints written after the
 * merge leave those items out). Dropped with the stage.
 */
export const REPEATS_TABLE = 'temp.main.import_repeats';

export interface OrderStager {
  /** Stages an order, with its record's fingerprint when it has one (record-fingerprint.ts). */
  add(order: OrderRow, fingerprint: RecordFingerprint | undefined): void;
  reject(rejection: RowRejection): void;
  /** Flushes and closes both appenders; safe to call twice. */
  close(): void;
}

export async function createStageTable(db: DuckDBConnection, optional: OptionalColumn[]): Promise<void> {
  const extra = optional.map((key) => `, ${key} VARCHAR`).join('');
  await db.run(
    `CREATE OR REPLACE TABLE main.${STAGE_TABLE} (line INTEGER NOT NULL, item_id VARCHAR NOT NULL, status VARCHAR NOT NULL, ` +
      `source_status VARCHAR NOT NULL, amount_cents INTEGER NOT NULL, created_ms BIGINT NOT NULL${extra}, fp_hi UINTEGER, fp_lo UINTEGER)`,
  );
}

/** Best effort: after a failed statement the transaction is aborted, and its rollback drops the tables anyway. */
export async function dropStageTable(db: DuckDBConnection): Promise<void> {
  await db.run(`DROP TABLE IF EXISTS main.${STAGE_TABLE}`).catch(() => undefined);
  await db.run(`DROP TABLE IF EXISTS ${REPEATS_TABLE}`).catch(() => undefined);
}

export async function openStager(db: DuckDBConnection, optional: OptionalColumn[], issue: { importId: string; file: string }): Promise<OrderStager> {
  const orders = await db.createAppender(STAGE_TABLE, 'main');
  let issues: DuckDBAppender;
  try {
    issues = await db.createAppender('order_import_issues');
  } catch (error) {
    orders.closeSync();
    throw error;
  }
  let closed = false;
  return {
    add(order, fingerprint) {
      orders.appendInteger(order.line);
      orders.appendVarchar(order.item_id);
      orders.appendVarchar(order.status);
      orders.appendVarchar(order.source_status);
      orders.appendInteger(order.amount_cents);
      orders.appendBigInt(BigInt(order.created_ms));
      for (const key of optional) {
        const value = order[key];
        if (value === null) orders.appendNull();
        else orders.appendVarchar(value);
      }
      if (fingerprint === undefined) {
        orders.appendNull();
        orders.appendNull();
      } else {
        orders.appendUInteger(fingerprint.hi);
        orders.appendUInteger(fingerprint.lo);
      }
      orders.endRow();
    },
    reject(rejection) {
      issues.appendVarchar(issue.importId);
      issues.appendVarchar(issue.file);
      issues.appendInteger(rejection.line);
      if (rejection.item_id === undefined) issues.appendNull();
      else issues.appendVarchar(rejection.item_id);
      issues.appendVarchar('rejected');
      issues.appendVarchar(rejection.reason);
      appendOptional(issues, rejection.column);
      appendOptional(issues, rejection.value);
      issues.appendVarchar(keptOutJson(rejection.facts));
      issues.endRow();
    },
    close() {
      if (closed) return;
      closed = true;
      try {
        orders.closeSync();
      } finally {
        issues.closeSync();
      }
    },
  };
}

function appendOptional(appender: DuckDBAppender, text: string | undefined): void {
  if (text === undefined) appender.appendNull();
  else appender.appendVarchar(text);
}
