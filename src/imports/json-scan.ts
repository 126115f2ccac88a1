// Byte-level scanning of JSON exports, so that no file is held whole and no nesting reaches a recursive
// parser: splits a top-level array into its elements as bytes arrive (string-aware, with the physical
// line each starts on and its byte offset), and measures nesting depth iteratively. JSON.parse then only
// ever sees one element, already known to nest less than orders.limits.maxJsonDepth. Pure.
import { ReconError } from '../shared/errors.ts';

/** Longest array element or NDJSON line held while waiting for its end. */
export const MAX_JSON_RECORD_BYTES = 16 * 1024 * 1024;

export interface JsonElement {
  bytes: Buffer;
  /** Physical line (1-based) the element starts on, and its byte offset in the file. */
  line: number;
  offset: number;
}

const BOM = [0xef, 0xbb, 0xbf];

enum Phase {
  Start,
  Between,
  Element,
  Done,
}

/** Splits `[ {...}, {...} ]` into elements; throws on a depth past `maxDepth` (the array counts as 1). */
export class JsonArraySplitter {
  #phase = Phase.Start;
  #depth = 0;
  #inString = false;
  #escape = false;
  #parts: Buffer[] = [];
  #partBytes = 0;
  #start = { line: 0, offset: 0 };
  #line = 1;
  #offset = 0; // file offset of the next chunk's first byte

  constructor(
    private readonly file: string,
    private readonly maxDepth: number,
    private readonly onElement: (element: JsonElement) => void,
    private readonly onDepth: (line: number) => never,
  ) {}

  get done(): boolean {
    return this.#phase === Phase.Done;
  }

  write(chunk: Buffer): void {
    let from = 0; // where the current element's bytes start in this chunk
    for (let i = 0; i < chunk.length && this.#phase !== Phase.Done; i++) {
      const b = chunk[i] as number;
      if (b === 10) this.#line++;
      if (this.#phase === Phase.Element) {
        if (this.#inString) {
          if (this.#escape) this.#escape = false;
          else if (b === 0x5c) this.#escape = true;
          else if (b === 0x22) this.#inString = false;
          continue;
        }
        if (b === 0x22) this.#inString = true;
        else if (b === 0x7b || b === 0x5b) {
          if (++this.#depth + 1 > this.maxDepth) this.onDepth(this.#line);
        } else if (b === 0x7d || b === 0x5d) {
          if (this.#depth === 0) {
            this.#finish(chunk, from, i); // a bare scalar ends at the array's bracket
            i--; // the bracket is read again between elements
          } else if (--this.#depth === 0) this.#finish(chunk, from, i + 1);
        } else if (b === 0x2c && this.#depth === 0) this.#finish(chunk, from, i);
        continue;
      }
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
      if (this.#phase === Phase.Start) {
        const at = this.#offset + i;
        if (at < 3 && b === BOM[at]) continue; // a UTF-8 byte-order mark, whatever the chunks
        if (b !== 0x5b) {
          const found = chunk.subarray(i, i + 20).toString('utf8');
          throw new ReconError('input', { id: 'jsonNotArray', file: this.file, found });
        }
        this.#phase = Phase.Between;
      } else if (b === 0x5d) this.#phase = Phase.Done;
      else if (b !== 0x2c) {
        this.#phase = Phase.Element;
        this.#depth = 0;
        this.#start = { line: this.#line, offset: this.#offset + i };
        from = i;
        // A stray "}" is an element of its own (not valid JSON); anything else is scanned as the element's first byte.
        if (b === 0x7d) this.#finish(chunk, from, i + 1);
        else i--;
      }
    }
    if (this.#phase === Phase.Element) this.#keep(chunk.subarray(from));
    this.#offset += chunk.length;
  }

  /** At the end of the file: the array must have been closed. */
  end(): 'empty' | 'done' {
    if (this.#phase === Phase.Done) return 'done';
    if (this.#phase === Phase.Start) return 'empty';
    throw new ReconError('input', { id: 'jsonArrayOpen', file: this.file, line: this.#line });
  }

  #keep(part: Buffer): void {
    this.#partBytes += part.length;
    if (this.#partBytes > MAX_JSON_RECORD_BYTES) {
      throw new ReconError('input', { id: 'jsonElementTooLong', file: this.file, line: this.#start.line, max: MAX_JSON_RECORD_BYTES, perLine: false });
    }
    this.#parts.push(Buffer.from(part));
  }

  #finish(chunk: Buffer, from: number, end: number): void {
    this.#keep(chunk.subarray(from, end));
    const bytes = this.#parts.length === 1 ? (this.#parts[0] as Buffer) : Buffer.concat(this.#parts);
    this.#parts = [];
    this.#partBytes = 0;
    this.#phase = Phase.Between;
    this.#inString = false;
    this.#escape = false;
    this.onElement({ bytes, ...this.#start });
  }
}

/** True when the JSON text nests deeper than `maxDepth`; strings are skipped, nothing is parsed. */
export function nestsDeeperThan(bytes: Buffer, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}
