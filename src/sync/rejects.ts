// Rows a sync keeps out of the warehouse because they broke the schema (or could not be staged): one
// NDJSON file per window read, next to its rows, opened on the first such row; publish loads it into
// `sync_rejects` in the run's transaction. Every text is redacted (a careless service may echo the key)
// and made well-formed (a lone surrogate is often why the row is here); the raw row is cut at 4 KB.
import type { DuckDBConnection } from '@duckdb/node-api';
import { redactSecrets } from '../shared/redact.ts';
import { toWellFormed } from '../shared/well-formed.ts';
import { openStageFile, type StageFile } from './stage-file.ts';
import { JSON_READ_OPTIONS } from './file-readers.ts';
import { filterNameOf, keyOf, type SyncWindow } from './windows.ts';

/** The most bytes of a kept-out row's text stored in sync_rejects.raw (the cut is marked). */
const REJECT_RAW_BYTES = 4096;

export interface KeptOutRow {
  /** Listing page (1-based) and position in its row array (1-based). */
  page: number;
  rowNo: number;
  id: string | undefined;
  raw: string;
  reason: string;
}

export interface RejectsFile {
  readonly path: string;
  /** Rows written so far. */
  readonly count: number;
  append(rows: readonly KeptOutRow[]): Promise<void>;
  close(): Promise<void>;
}

/** A rejects file at `path`, created only once a row is appended. */
export function openRejectsFile(path: string): RejectsFile {
  let file: StageFile | undefined;
  let count = 0;
  return {
    path,
    get count() {
      return count;
    },
    async append(rows) {
      if (rows.length === 0) return;
      file ??= await openStageFile(path);
      await file.appendLines(rows.map(formatRejectLine).join('\n'));
      count += rows.length;
    },
    async close() {
      try {
        await file?.finish();
      } finally {
        await file?.close();
      }
    },
  };
}

function formatRejectLine(row: KeptOutRow): string {
  const raw = cutRaw(cleanText(row.raw));
  return JSON.stringify({
    page: row.page,
    row_no: row.rowNo,
    id: row.id === undefined ? null : cleanText(row.id),
    raw: raw.text,
    raw_bytes: raw.bytes,
    raw_truncated: raw.truncated,
    reason: cleanText(row.reason),
  });
}

function cleanText(text: string): string {
  return redactSecrets(toWellFormed(text));
}

/** The text cut to REJECT_RAW_BYTES UTF-8 bytes, the cut marked with the full size; never half a character. */
function cutRaw(text: string): { text: string; bytes: number; truncated: boolean } {
  const bytes = Buffer.byteLength(text);
  if (bytes <= REJECT_RAW_BYTES) return { text, bytes, truncated: false };
  const mark = `…[cut at ${REJECT_RAW_BYTES} bytes of ${bytes}]`;
  const room = REJECT_RAW_BYTES - Buffer.byteLength(mark);
  // Decoding a byte-cut prefix may end in a replacement character for a split sequence: drop it.
  let head = Buffer.from(text).subarray(0, room).toString('utf8');
  if (head.endsWith('\uFFFD') && !text.startsWith(head)) head = head.slice(0, -1);
  return { text: head + mark, bytes, truncated: true };
}

/** Where the rows of a rejects file came from (a window, or the run's look-ups by id). */
export interface RejectsSource {
  window: SyncWindow;
  file: string;
  /** How many rows the file holds. */
  rows: number;
}

/** Appends one rejects file to sync_rejects, inside the caller's transaction (which a miscount fails). */
export async function publishRejects(db: DuckDBConnection, source: RejectsSource, runId: string, nowMs: number): Promise<void> {
  const { window } = source;
  const byId = window.lookups === true;
  const result = await db.run(
    `INSERT INTO sync_rejects
     SELECT $run_id, $stream, $filter, $start_ms, $end_ms, $window_key, page, row_no, id, raw, raw_bytes, raw_truncated, reason,
            make_timestamptz(CAST($now_ms AS BIGINT) * 1000)
     FROM read_json($file, ${JSON_READ_OPTIONS},
       columns = {page: 'INTEGER', row_no: 'INTEGER', id: 'VARCHAR', raw: 'VARCHAR', raw_bytes: 'BIGINT', raw_truncated: 'BOOLEAN', reason: 'VARCHAR'})`,
    {
      run_id: runId,
      stream: window.stream,
      filter: filterNameOf(window),
      start_ms: byId ? null : window.startMs,
      end_ms: byId ? null : window.endMs,
      window_key: keyOf(window),
      now_ms: Math.trunc(nowMs),
      file: source.file,
    },
  );
  if (result.rowsChanged !== source.rows) throw new Error(`kept ${result.rowsChanged} rows out from ${source.file}, expected ${source.rows}`);
}
