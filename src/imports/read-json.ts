// Reads JSON order exports: an array of objects (`.json`) or one object per line (`.ndjson`/`.jsonl`),
// UTF-8. The columns are the first object's keys; line = the physical line where an object starts. Both
// stream: the array is split into elements by a byte scanner (json-scan.ts), so a broken element is one
// rejected row and a deeply nested one a refused file, and no file is ever held whole. An element or line
// with bytes that are not UTF-8 is kept out with `invalid UTF-8 at byte N` (N counted from 0 in the file).
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import { ReconError } from '../shared/errors.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';
import type { Cell } from './cell-text.ts';
import { JsonArraySplitter, MAX_JSON_RECORD_BYTES, nestsDeeperThan } from './json-scan.ts';
import { depthLimitError } from './limits.ts';
import type { ReadOptions, TableReadResult, TableSink } from './table-sink.ts';
import { firstInvalidUtf8 } from './utf8-bytes.ts';

export async function readJsonTable(file: string, options: ReadOptions, sink: TableSink): Promise<TableReadResult> {
  const rows = new ObjectRows(sink);
  const splitter = new JsonArraySplitter(
    file,
    options.limits.maxJsonDepth,
    (element) => rows.parse(element.bytes, element.line, element.offset),
    (line) => {
      throw depthLimitError(file, options.limits, line);
    },
  );
  const read = await streamFile(file, options, (chunk) => {
    splitter.write(chunk);
    return !splitter.done;
  });
  if (splitter.end() === 'empty') throw new ReconError('input', { id: 'jsonEmpty', file, perLine: false });
  return { ...read, records: rows.records };
}

export async function readNdjsonTable(file: string, options: ReadOptions, sink: TableSink): Promise<TableReadResult> {
  const rows = new ObjectRows(sink);
  let line = 0;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let lineOffset = 0; // file offset of the current line's first byte
  const finishLine = (bytes: Buffer) => {
    line++;
    const start = line === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    const text = bytes.subarray(start);
    if (text.every((b) => b === 0x20 || b === 0x09 || b === 0x0d)) return;
    if (nestsDeeperThan(text, options.limits.maxJsonDepth)) throw depthLimitError(file, options.limits, line);
    rows.parse(text, line, lineOffset + start);
  };
  const read = await streamFile(file, options, (chunk) => {
    let from = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, nl);
      finishLine(parts.length === 0 ? piece : Buffer.concat([...parts, piece]));
      lineOffset += partBytes + piece.length + 1;
      parts = [];
      partBytes = 0;
      from = nl + 1;
    }
    if (from < chunk.length) {
      partBytes += chunk.length - from;
      if (partBytes > MAX_JSON_RECORD_BYTES) {
        throw new ReconError('input', { id: 'jsonElementTooLong', file, line: line + 1, max: MAX_JSON_RECORD_BYTES, perLine: true });
      }
      parts.push(Buffer.from(chunk.subarray(from)));
    }
    return true;
  });
  if (partBytes > 0) finishLine(Buffer.concat(parts));
  if (rows.records === 0 && rows.invalidCount === 0) {
    throw new ReconError('input', { id: 'jsonEmpty', file, perLine: true });
  }
  return { ...read, records: rows.records };
}

/** Streams the file's bytes into `take` (false stops early), hashing all of them. */
async function streamFile(file: string, options: ReadOptions, take: (chunk: Buffer) => boolean): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let reading = true;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      if (reading) reading = take(chunk);
      options.onBytes?.(bytes);
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', { id: 'fileUnreadable', file, code: (cause as NodeJS.ErrnoException).code ?? (cause as Error).message }, { cause });
  } finally {
    stream.destroy();
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Turns parsed objects into header + cells; the first object's keys are the columns. */
class ObjectRows {
  records = 0;
  invalidCount = 0;
  sawHeader = false;
  private keys: string[] = [];
  constructor(private readonly sink: TableSink) {}

  /** One element or line: checked as UTF-8, parsed, and handed on as a row (or an invalid one). */
  parse(bytes: Buffer, line: number, offset: number): void {
    if (!isUtf8(bytes)) {
      this.invalid({ kind: 'invalidUtf8', byte: offset + firstInvalidUtf8(bytes) }, line);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (cause) {
      this.invalid({ kind: 'invalidJson', said: (cause as Error).message.slice(0, 200) }, line);
      return;
    }
    this.add(value, line);
  }

  add(value: unknown, line: number): void {
    this.records++;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.invalid({ kind: 'notAnObject', found: Array.isArray(value) ? null : JSON.stringify(value).slice(0, 40) }, line);
      return;
    }
    const object = value as Record<string, unknown>;
    if (!this.sawHeader) {
      this.sawHeader = true;
      this.keys = Object.keys(object);
      this.sink.header(this.keys, line);
    }
    this.sink.row(
      this.keys.map((key) => jsonCell(object[key])),
      line,
    );
  }

  invalid(facts: KeptOutFact, line: number): void {
    this.invalidCount++;
    this.sink.invalid(facts, line);
  }
}

function jsonCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}
