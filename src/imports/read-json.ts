// Reads JSON order exports: an array of objects (`.json`) or one object per line (`.ndjson`/`.jsonl`),
// UTF-8. The columns are the first object's keys; line = the physical line where an object starts.
// NDJSON streams line by line; a JSON array is read whole (such exports are small), then split into
// elements by a string-aware scanner so each element keeps its line number and a broken one is one
// rejected row instead of a failed file.
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ReconError } from '../shared/errors.ts';
import type { Cell } from './order-rules.ts';
import { sha256OfFile, type TableReadResult, type TableSink } from './table-sink.ts';

export async function readJsonTable(file: string, sink: TableSink): Promise<TableReadResult> {
  let buffer: Buffer;
  try {
    buffer = readFileSync(file);
  } catch (cause) {
    throw new ReconError('input', `${file}: cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'})`, { cause });
  }
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.search(/\S/);
  if (start === -1) throw new ReconError('input', `${file}: the file is empty; expected a JSON array of order objects`);
  if (text[start] !== '[') throw new ReconError('input', `${file}: expected a JSON array of order objects, found "${text.slice(start, start + 20)}…"`);
  const rows = new ObjectRows(sink);
  let line = 1 + countNewlines(text, 0, start);
  let pos = start + 1;
  const significant = /[^\s,]/g;
  for (;;) {
    significant.lastIndex = pos;
    const next = significant.exec(text)?.index;
    if (next === undefined) throw new ReconError('input', `${file}: the JSON array is never closed (expected "]")`);
    line += countNewlines(text, pos, next);
    pos = next;
    if (text[pos] === ']') break;
    const end = elementEnd(text, pos);
    const element = text.slice(pos, end);
    let value: unknown;
    try {
      value = JSON.parse(element);
    } catch (cause) {
      rows.invalid(`not valid JSON (${(cause as Error).message})`, line);
      line += countNewlines(element, 0, element.length);
      pos = end;
      continue;
    }
    rows.add(value, line);
    line += countNewlines(element, 0, element.length);
    pos = end;
  }
  return { sha256: await sha256OfFile(file), bytes: buffer.length, records: rows.records };
}

export async function readNdjsonTable(file: string, sink: TableSink): Promise<TableReadResult> {
  const rows = new ObjectRows(sink);
  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let line = 0;
  let bytes = 0;
  try {
    for await (const raw of lines) {
      line++;
      bytes += Buffer.byteLength(raw) + 1;
      const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).trim();
      if (text === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (cause) {
        rows.invalid(`not valid JSON (${(cause as Error).message})`, line);
        continue;
      }
      rows.add(value, line);
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', `${file}: cannot be read (${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message})`, { cause });
  } finally {
    lines.close();
    stream.destroy();
  }
  if (rows.records === 0 && rows.invalidCount === 0) {
    throw new ReconError('input', `${file}: the file is empty; expected one JSON order object per line`);
  }
  return { sha256: await sha256OfFile(file), bytes, records: rows.records };
}

/** Turns parsed objects into header + cells; the first object's keys are the columns. */
class ObjectRows {
  records = 0;
  invalidCount = 0;
  sawHeader = false;
  private keys: string[] = [];
  constructor(private readonly sink: TableSink) {}

  add(value: unknown, line: number): void {
    this.records++;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.invalid(`expected a JSON object, found ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`, line);
      return;
    }
    const object = value as Record<string, unknown>;
    if (!this.sawHeader) {
      this.sawHeader = true;
      this.keys = Object.keys(object);
      this.sink.header(this.keys, line);
    }
    this.sink.row(this.keys.map((key) => jsonCell(object[key])), line);
  }

  invalid(reason: string, line: number): void {
    this.invalidCount++;
    this.sink.invalid(reason, line);
  }
}

function jsonCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Index just past the JSON value starting at `start` (strings and nesting aware). */
function elementEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      if (depth === 0) return i; // the array's closing bracket ends a bare scalar
      depth--;
      if (depth === 0) return i + 1;
    } else if (ch === ',' && depth === 0) return i;
  }
  return text.length;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
