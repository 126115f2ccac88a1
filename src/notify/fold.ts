// The nightly fold of the notifications inbox into the `notifications` table. It seals the inbox (the
// receiver goes on appending to a fresh one), adds every line of the sealed files the table does not hold
// yet (by delivery_key), in batches bounded in lines and bytes so that no inbox ever sits in memory whole,
// and deletes the sealed files once their rows are in: a night reads only what came since the last fold,
// never the whole history again. Folding again adds nothing; a night that stops before deleting leaves
// its sealed files to the next, which folds them again (adding only what is missing).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import { instantParam, runWithParams } from '../warehouse/sql.ts';
import { dropSealed, readInbox, sealInbox, type InboxLine } from './inbox.ts';

const BATCH_LINES = 2000;
/** A batch's JSON text, bytes: 2,000 lines of 64 KiB were one 128 MiB text, parsed at several times that. */
const BATCH_BYTES = 4 << 20;

const INSERT_SQL = `
INSERT INTO notifications (delivery_key, kind, transaction_id, status, date_updated, received_at, verified, raw, folded_at, raw_bytes)
SELECT n.key, n.kind, json_extract_string(n.key, '$[0]'),
       CASE json_extract_string(n.key, '$[1]') WHEN 'chargedback' THEN 'chargeback' ELSE json_extract_string(n.key, '$[1]') END,
       TRY_CAST(json_extract_string(n.key, '$[2]') AS TIMESTAMPTZ), CAST(n.received_at AS TIMESTAMPTZ), true, n.body, $at,
       CASE WHEN n.body_base64 IS NOT NULL THEN from_base64(n.body_base64) END
FROM (SELECT unnest(CAST(json($lines) AS STRUCT(key VARCHAR, kind VARCHAR, received_at VARCHAR, body VARCHAR, body_base64 VARCHAR)[]), recursive := true)) AS n
WHERE n.key NOT IN (SELECT delivery_key FROM notifications)
QUALIFY row_number() OVER (PARTITION BY n.key ORDER BY n.received_at) = 1`;

export interface FoldResult {
  /** Lines read, rows added, and lines skipped (cut by a crash, or not an inbox line). */
  read: number;
  added: number;
  skipped: number;
}

export async function foldInbox(deps: { db: Pick<DuckDBConnection, 'prepare'>; clock: Clock }, inboxPath: string): Promise<FoldResult> {
  const at = instantParam(deps.clock.now());
  const result: FoldResult = { read: 0, added: 0, skipped: 0 };
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = `[${batch.join(',')}]`;
    batch = [];
    bytes = 0;
    const inserted = await runWithParams(deps.db, INSERT_SQL, { lines, at });
    result.added += Number(inserted.rowsChanged);
  };
  const sealed = sealInbox(inboxPath, deps.clock.now());
  for (const path of sealed) {
    const counts = await readInbox(path, async (line: InboxLine) => {
      const text = JSON.stringify({ key: line.key, kind: line.kind, received_at: line.received_at, body: line.body, body_base64: line.body_base64 ?? null });
      if (bytes + text.length > BATCH_BYTES) await flush();
      batch.push(text);
      bytes += text.length;
      if (batch.length >= BATCH_LINES) await flush();
    });
    result.read += counts.lines;
    result.skipped += counts.skipped;
  }
  await flush();
  // Only now, every line being in the warehouse: a night that stopped before leaves them to the next.
  dropSealed(sealed);
  return result;
}
