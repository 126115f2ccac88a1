// Staged rows of one window on disk: NDJSON, one row per line, built page by page from the response
// text itself (sliced, not re-serialised) so that DuckDB loads it in bulk, typed and raw.
import { createReadStream } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';

export interface StageFile {
  /** Appends NDJSON lines (`row\nrow`, no trailing newline), as text or UTF-8 bytes. */
  appendLines(lines: string | Uint8Array): Promise<void>;
  /**
   * Ends the last line with a newline. DuckDB's NDJSON reader (1.5) misreads a file whose last line is
   * unterminated and straddles one of its 16 MiB buffers ("Malformed JSON ... at byte 1 in line n+1"),
   * so every file it loads ends in one.
   */
  finish(): Promise<void>;
  close(): Promise<void>;
}

const NEWLINE = Buffer.from('\n');

export async function openStageFile(path: string): Promise<StageFile> {
  const handle: FileHandle = await open(path, 'w', 0o600);
  let first = true;
  let closed = false;
  return {
    async appendLines(lines) {
      if (lines.length === 0) return;
      // Separator first: lines may be appended until finish() ends the last one.
      if (!first) await handle.write(NEWLINE);
      if (typeof lines === 'string') await handle.write(lines);
      else await handle.write(lines);
      first = false;
    },
    async finish() {
      if (!first) await handle.write(NEWLINE);
      first = true;
    },
    async close() {
      if (closed) return;
      closed = true;
      await handle.close();
    },
  };
}

/**
 * Writes every line of a finished stage file again as JSON.stringify(JSON.parse(line)): one spelling
 * of each row, and of two equal keys only the last, as JSON.parse keeps it. Rare (a row with a
 * duplicate key), so it goes line by line through a temporary file.
 */
export async function rewriteParsed(path: string): Promise<void> {
  const temporary = `${path}.rewrite`;
  const out = await openStageFile(temporary);
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line !== '') await out.appendLines(JSON.stringify(JSON.parse(line)));
    await out.finish();
  } finally {
    lines.close();
    await out.close();
  }
  await rename(temporary, path);
}

/**
 * The rows of a listing body as NDJSON lines, cut out of the body when that is provably exact, else
 * serialised again. The proof, for n rows that are all objects: the array text holds no line break, no
 * `{` other than the n row openings (so no brace hides in a string or a nested value), and `},{`
 * exactly n-1 times. Every `},{` then contains a row opening preceded by a comma and the previous
 * row's closing brace, i.e. it is a boundary between rows, and there are as many as boundaries.
 */
export function rowLinesText(body: string, key: string, rows: readonly unknown[]): string {
  const n = rows.length;
  if (n === 0) return '';
  const array = rowsArrayText(body, key, rows);
  const inner = array.slice(1, -1);
  if (
    inner.startsWith('{') &&
    inner.endsWith('}') &&
    inner.indexOf('\n') < 0 &&
    inner.indexOf('\r') < 0 &&
    occurrences(inner, '{', n + 1) === n &&
    occurrences(inner, '},{', n) === n - 1
  ) {
    return inner.replaceAll('},{', '}\n{');
  }
  return rows.map((row) => JSON.stringify(row)).join('\n');
}

const OPEN = 0x7b;
const CLOSE = 0x7d;
const COMMA = 0x2c;
const BETWEEN_ROWS = Buffer.from('},{');

/**
 * Like rowLinesText, on the body's bytes: the row array is cut out and each boundary's comma becomes a
 * newline in place (same length, no copy, no encoding). Undefined when the proof does not hold.
 */
export function rowLinesBytes(body: Buffer, key: string, rows: number): Buffer | undefined {
  if (rows === 0) return Buffer.alloc(0);
  const marker = `"${key}":`;
  const at = body.indexOf(marker);
  if (at < 0 || body.indexOf(marker, at + marker.length) >= 0) return undefined;
  const open = body.indexOf('[', at + marker.length);
  const close = body.lastIndexOf(']');
  if (open < 0 || close <= open || !isBlank(body, at + marker.length, open) || !isClosingBrace(body, close + 1)) return undefined;
  const inner = body.subarray(open + 1, close);
  if (inner[0] !== OPEN || inner[inner.length - 1] !== CLOSE || inner.indexOf(0x0a) >= 0 || inner.indexOf(0x0d) >= 0) return undefined;
  let braces = 0;
  for (let i = inner.indexOf(OPEN); i >= 0 && braces <= rows; i = inner.indexOf(OPEN, i + 1)) braces++;
  if (braces !== rows) return undefined;
  const boundaries: number[] = [];
  for (let i = inner.indexOf(BETWEEN_ROWS); i >= 0 && boundaries.length < rows; i = inner.indexOf(BETWEEN_ROWS, i + 3)) boundaries.push(i + 1);
  if (boundaries.length !== rows - 1) return undefined;
  for (const i of boundaries) if (inner[i] === COMMA) inner[i] = 0x0a;
  return inner;
}

function isBlank(bytes: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isSpace(bytes[i])) return false;
  return true;
}

/** Only whitespace, one `}`, whitespace to the end. */
function isClosingBrace(bytes: Buffer, from: number): boolean {
  let i = from;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  if (bytes[i] !== CLOSE) return false;
  return isBlank(bytes, i + 1, bytes.length);
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** How often `needle` occurs in `text`, counting no further than `limit`. */
function occurrences(text: string, needle: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(needle); at >= 0 && count < limit; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * The text of the envelope's row array, cut out of the body when that is provably exact: the key
 * occurs once (quotes inside JSON strings are escaped, so a match is a real key) and only the
 * closing brace follows the array. Otherwise the rows are serialised again.
 */
function rowsArrayText(body: string, key: string, rows: readonly unknown[]): string {
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
