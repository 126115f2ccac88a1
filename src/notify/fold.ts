// The nightly fold of the notifications inbox into the `notifications` table: every line the table does
// not hold yet (by delivery_key), in batches, so that a long inbox never sits in memory whole. Folding
// again adds nothing; the receiver may go on appending meanwhile (what it appends after the read is the
// next night's).
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import { instantParam, runWithParams } from '../warehouse/sql.ts';
import { readInbox, type InboxLine } from './inbox.ts';

const BATCH = 2000;

const INSERT_SQL = `
INSERT INTO notifications
SELECT n.key, n.kind, json_extract_string(n.key, '$[0]'),
       CASE json_extract_string(n.key, '$[1]') WHEN 'chargedback' THEN 'chargeback' ELSE json_extract_string(n.key, '$[1]') END,
       TRY_CAST(json_extract_string(n.key, '$[2]') AS TIMESTAMPTZ), CAST(n.received_at AS TIMESTAMPTZ), true, n.body, $at
FROM (SELECT unnest(CAST(json($lines) AS STRUCT(key VARCHAR, kind VARCHAR, received_at VARCHAR, body VARCHAR)[]), recursive := true)) AS n
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
  let added = 0;
  let batch: InboxLine[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const lines = JSON.stringify(batch.map((l) => ({ key: l.key, kind: l.kind, received_at: l.received_at, body: l.body })));
    batch = [];
    const result = await runWithParams(deps.db, INSERT_SQL, { lines, at });
    added += Number(result.rowsChanged);
  };
  const { lines, skipped } = await readInbox(inboxPath, async (line) => {
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  });
  await flush();
  return { read: lines, added, skipped };
}
