// Staged rows of one window on disk: a single JSON array, built page by page from the response text
// itself (sliced, not re-serialised) so that DuckDB's read_json loads it in bulk.
import { open, type FileHandle } from 'node:fs/promises';

export interface StageFile {
  /** Appends the elements of a JSON array text (`[...]`). */
  appendArray(arrayText: string): Promise<void>;
  /** Closes the array; the file is then valid JSON. */
  finish(): Promise<void>;
  close(): Promise<void>;
}

export async function openStageFile(path: string): Promise<StageFile> {
  const handle: FileHandle = await open(path, 'w', 0o600);
  let first = true;
  let closed = false;
  return {
    async appendArray(arrayText) {
      const inner = arrayText.slice(arrayText.indexOf('[') + 1, arrayText.lastIndexOf(']')).trim();
      if (inner === '') return;
      await handle.write(first ? `[${inner}` : `,${inner}`);
      first = false;
    },
    async finish() {
      await handle.write(first ? '[]' : ']');
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}

/**
 * The text of the envelope's row array, cut out of the body when that is provably exact: the key
 * occurs once (quotes inside JSON strings are escaped, so a match is a real key) and only the
 * closing brace follows the array. Otherwise the rows are serialised again.
 */
export function rowsArrayText(body: string, key: string, rows: readonly unknown[]): string {
  const marker = `"${key}":`;
  const at = body.indexOf(marker);
  if (at >= 0 && body.indexOf(marker, at + marker.length) < 0) {
    const open = body.indexOf('[', at + marker.length);
    const close = body.lastIndexOf(']');
    if (open > 0 && close > open && /^\s*$/.test(body.slice(at + marker.length, open)) && /^\s*}\s*$/.test(body.slice(close + 1))) {
      return body.slice(open, close + 1);
    }
  }
  return JSON.stringify(rows);
}
