// The nightly fold of the notifications inbox into the `notifications` table. It seals the inbox (the
// receiver goes on appending to a fresh one), adds every line of the sealed files the table does not hold
// yet (by delivery_key), in batches bounded in lines and bytes so that no inbox ever sits in memory whole,
// and deletes the sealed files once their rows are in: a night reads only what came since the last fold,
// never the whole history again. Folding again adds nothing; a night that stops before deleting leaves
// its sealed files to the next, which folds them again (adding only what is missing).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import { instantParam, runWithParams } from '../warehouse/sql.ts';
import { withTransaction } from '../warehouse/transaction.ts';
import { dropSealed, readInbox, sealInbox, type InboxLine } from './inbox.ts';

const BATCH_LINES = 2000;
/** A batch's bodies, bytes: 2,000 lines of 64 KiB were once one 128 MiB JSON text, parsed at several times that. */
const BATCH_BYTES = 4 << 20;

// The batch is appended to a TEMP table (no JSON text to build and parse: that cost 30 ms a 64 KiB line),
// then added from it in one statement and emptied.
const STAGE_SQL = `CREATE OR REPLACE TEMP TABLE notification_lines (key VARCHAR, kind VARCHAR, received_at VARCHAR, body VARCHAR, body_base64 VARCHAR)`;

const INSERT_SQL = `
INSERT INTO notifications (delivery_key, kind, transaction_id, status, date_updated, received_at, verified, raw, folded_at, raw_bytes)
SELECT n.key, n.kind, json_extract_string(n.key, '$[0]'),
       CASE json_extract_string(n.key, '$[1]') WHEN 'chargedback' THEN 'chargeback' ELSE json_extract_string(n.key, '$[1]') END,
       TRY_CAST(json_extract_string(n.key, '$[2]') AS TIMESTAMPTZ), CAST(n.received_at AS TIMESTAMPTZ), true, n.body, $at,
       CASE WHEN n.body_base64 IS NOT NULL THEN from_base64(n.body_base64) END
FROM temp.notification_lines AS n
WHERE n.key NOT IN (SELECT delivery_key FROM notifications)`;

export interface FoldResult {
  /** Lines read, rows added, and lines skipped (cut by a crash, or not an inbox line). */
  read: number;
  added: number;
  skipped: number;
}

type FoldDb = Pick<DuckDBConnection, 'prepare' | 'run' | 'createAppender'>;

export async function foldInbox(deps: { db: FoldDb; clock: Clock }, inboxPath: string): Promise<FoldResult> {
  const at = instantParam(deps.clock.now());
  const result: FoldResult = { read: 0, added: 0, skipped: 0 };
  const sealed = sealInbox(inboxPath, deps.clock.now());
  if (sealed.length === 0) return result;
  await deps.db.run(STAGE_SQL);
  let stage = await deps.db.createAppender('notification_lines', 'main', 'temp');
  // Keys of this batch: a key twice in one batch is staged once, its first line (the inbox is in arrival
  // order); ordering the batch in SQL for that cost a third of the fold.
  const keys = new Set<string>();
  let bytes = 0;
  const flush = async () => {
    if (keys.size === 0) return;
    stage.closeSync();
    const inserted = await runWithParams(deps.db, INSERT_SQL, { at });
    result.added += Number(inserted.rowsChanged);
    await deps.db.run('DELETE FROM temp.notification_lines');
    stage = await deps.db.createAppender('notification_lines', 'main', 'temp');
    keys.clear();
    bytes = 0;
  };
  // One transaction for the whole fold: committed batch by batch, every checkpoint rewrote the table's
  // last row group, bodies and all, and 2,000 lines of 64 KiB took 42 s where 300 took 2.
  try {
    await withTransaction(deps.db, async () => {
      for (const path of sealed) {
        const counts = await readInbox(path, async (line: InboxLine) => {
          if (keys.has(line.key)) return;
          keys.add(line.key);
          for (const value of [line.key, line.kind, line.received_at, line.body]) stage.appendVarchar(value);
          if (line.body_base64 === undefined) stage.appendNull();
          else stage.appendVarchar(line.body_base64);
          stage.endRow();
          bytes += line.body.length + (line.body_base64?.length ?? 0);
          if (keys.size >= BATCH_LINES || bytes >= BATCH_BYTES) await flush();
        });
        result.read += counts.lines;
        result.skipped += counts.skipped;
      }
      await flush();
    });
  } finally {
    try {
      stage.closeSync();
    } catch {
      // Already closed by a flush that failed after it: the error that matters is that one.
    }
    await deps.db.run('DROP TABLE IF EXISTS temp.notification_lines');
  }
  // Only now, every line being in the warehouse: a night that stopped before leaves them to the next.
  dropSealed(sealed);
  return result;
}
