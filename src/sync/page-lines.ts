// The NDJSON lines one listing page adds to its window file, and the raw text of the rows it keeps out.
// The hot path is one cut of the body's bytes (stage-file.ts). Anything else goes row by row: a page
// with rows that broke the schema (their lines are left out), a row larger than a staged row may be
// (kept out), body bytes that are not valid UTF-8 (the decoded text is used), and a lone surrogate
// escape ("\ud800", valid JSON that no UTF-8 text can hold: the row is stored with U+FFFD in its place).
import { isUtf8 } from 'node:buffer';
import type { ApiOperation } from '../shared/tables.ts';
import { ReconError } from '../shared/errors.ts';
import { hasLoneSurrogate, copyWellFormed } from '../shared/well-formed.ts';
import { rowLinesBytes, rowLinesText } from './stage-file.ts';
import { MAX_ROW_BYTES } from './stage.ts';
import { stageRowsOfOperations, type AmountUnit } from './operation-rows.ts';

/** A row kept out of the page's lines: its position, the raw text and why. */
interface LineReject {
  index: number;
  raw: string;
  reason: string;
}

export interface PageLines {
  /** The kept rows, one per line, in listing order (no trailing newline). */
  lines: Buffer | string;
  /** Positions (in the listed array) of the kept rows, in order. */
  kept: number[];
  rejects: LineReject[];
}

const NEWLINE = Buffer.from('\n');

/**
 * Lines of a transactions page. `rows` is the array as listed; `bad` maps a position that broke the
 * schema to its reason.
 */
export function buildTransactionLines(body: { bytes: Buffer; text: string }, rows: readonly unknown[], bad: ReadonlyMap<number, string>): PageLines {
  const n = rows.length;
  if (n === 0) return { lines: '', kept: [], rejects: [] };
  const lone = hasSurrogateEscape(body.bytes) ? findLoneSurrogateRows(rows) : undefined;
  let lines: Array<Buffer | string>;
  if (lone === undefined) {
    const cut = rowLinesBytes(body.bytes, 'transactions', n);
    const exact = cut !== undefined && isUtf8(cut);
    // The hot path: the cut is the page, every row fits.
    if (exact && bad.size === 0 && cut.length <= MAX_ROW_BYTES) return { lines: cut, kept: rows.map((_, i) => i), rejects: [] };
    lines = exact ? splitLines(cut) : rowLinesText(body.text, 'transactions', rows).split('\n');
  } else {
    lines = rows.map((row, i) => JSON.stringify(lone.has(i) && !bad.has(i) ? copyWellFormed(row) : row));
  }
  if (lines.length !== n) throw new ReconError('internal', `page lines: ${lines.length} lines for ${n} rows`);
  return pickLines(lines, bad);
}

/**
 * Lines of an operations page: the staged rows (cents computed here, the listed row as `raw`). A row
 * whose amount has no exact cents is kept out like a schema break.
 */
export function buildOperationLines(
  body: { bytes: Buffer },
  rows: readonly unknown[],
  bad: ReadonlyMap<number, string>,
  unit: AmountUnit,
  where: string,
): PageLines {
  const reasons = new Map(bad);
  const mayBeLone = hasSurrogateEscape(body.bytes);
  const lines = rows.map((row, i) => {
    if (reasons.has(i)) return JSON.stringify(row);
    try {
      const [staged] = stageRowsOfOperations([row as ApiOperation], unit, where);
      return JSON.stringify(mayBeLone && hasLoneSurrogate(staged) ? copyWellFormed(staged) : staged);
    } catch (error) {
      if (!(error instanceof ReconError) || error.code !== 'api_schema') throw error;
      // The message is "<where>: <who>: field ...": keep the part that names the field.
      const at = error.message.indexOf('field ');
      reasons.set(i, at >= 0 ? error.message.slice(at) : error.message);
      return JSON.stringify(row);
    }
  });
  return pickLines(lines, reasons);
}

function pickLines(lines: Array<Buffer | string>, bad: ReadonlyMap<number, string>): PageLines {
  const kept: number[] = [];
  const keptLines: Array<Buffer | string> = [];
  const rejects: LineReject[] = [];
  lines.forEach((line, index) => {
    const reason = bad.get(index) ?? checkSize(line);
    if (reason === undefined) {
      kept.push(index);
      keptLines.push(line);
    } else {
      rejects.push({ index, raw: line.toString(), reason });
    }
  });
  return { lines: joinLines(keptLines), kept, rejects };
}

function checkSize(line: Buffer | string): string | undefined {
  // A string's UTF-8 size is at most 3 bytes per UTF-16 unit: measure only what may be too large.
  const bytes = typeof line === 'string' ? (line.length * 3 <= MAX_ROW_BYTES ? 0 : Buffer.byteLength(line)) : line.length;
  if (bytes <= MAX_ROW_BYTES) return undefined;
  return `row of ${bytes} bytes: larger than the ${MAX_ROW_BYTES} bytes a staged row may hold`;
}

function joinLines(lines: Array<Buffer | string>): Buffer | string {
  if (lines.every((l) => typeof l === 'string')) return (lines as string[]).join('\n');
  const parts: Buffer[] = [];
  lines.forEach((line, i) => {
    if (i > 0) parts.push(NEWLINE);
    parts.push(typeof line === 'string' ? Buffer.from(line) : line);
  });
  return Buffer.concat(parts);
}

function splitLines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, from)) {
    out.push(bytes.subarray(from, at));
    from = at + 1;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** Whether the body holds a \uD800-\uDFFF escape at all (the only way JSON text carries a lone half). */
function hasSurrogateEscape(bytes: Buffer): boolean {
  return bytes.indexOf('\\ud') >= 0 || bytes.indexOf('\\uD') >= 0;
}

/** Positions of rows holding a lone surrogate; undefined when none does. */
function findLoneSurrogateRows(rows: readonly unknown[]): Set<number> | undefined {
  const lone = new Set<number>();
  rows.forEach((row, i) => {
    if (hasLoneSurrogate(row)) lone.add(i);
  });
  return lone.size > 0 ? lone : undefined;
}
