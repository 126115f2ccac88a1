// UTF-8 at the byte level, for readers that must not let a decoder replace bad bytes silently: where the
// first invalid sequence of a buffer starts, how many trailing bytes are an unfinished character, and a
// streaming decoder that reports each invalid byte with its offset in the file and its physical line.
// Valid chunks take node's native isUtf8 and toString; only a chunk with a bad byte is walked in JS.
import { isAscii, isUtf8 } from 'node:buffer';

/** Bytes of the character a lead byte starts, and the range its second byte must fall in; undefined for a byte no character starts with. */
function leadOf(b: number): { n: number; lo: number; hi: number } | undefined {
  if (b < 0x80) return { n: 1, lo: 0, hi: 0 };
  if (b >= 0xc2 && b <= 0xdf) return { n: 2, lo: 0x80, hi: 0xbf };
  // E0 and F0 must not be overlong, ED must not encode a UTF-16 surrogate, F4 must stay below U+110000.
  if (b >= 0xe0 && b <= 0xef) return { n: 3, lo: b === 0xe0 ? 0xa0 : 0x80, hi: b === 0xed ? 0x9f : 0xbf };
  if (b >= 0xf0 && b <= 0xf4) return { n: 4, lo: b === 0xf0 ? 0x90 : 0x80, hi: b === 0xf4 ? 0x8f : 0xbf };
  return undefined;
}

/** Whether buf[at, end) is a valid start of the character at `at` (all of it when end reaches its length). */
function validPrefix(buf: Uint8Array, at: number, end: number, lead: { n: number; lo: number; hi: number }): boolean {
  for (let k = 1; k < lead.n && at + k < end; k++) {
    const c = buf[at + k] as number;
    if (k === 1 ? c < lead.lo || c > lead.hi : c < 0x80 || c > 0xbf) return false;
  }
  return true;
}

/** Index of the first byte of the first invalid sequence in buf[from, end), or -1. */
export function firstInvalidUtf8(buf: Uint8Array, from = 0, end = buf.length): number {
  let at = from;
  while (at < end) {
    const b = buf[at] as number;
    if (b < 0x80) {
      at++;
      continue;
    }
    const lead = leadOf(b);
    if (lead === undefined || at + lead.n > end || !validPrefix(buf, at, end, lead)) return at;
    at += lead.n;
  }
  return -1;
}

/** How many bytes at the end of buf begin a character the next chunk may complete (0-3). */
export function unfinishedUtf8Tail(buf: Uint8Array): number {
  const length = buf.length;
  for (let back = 1; back <= 3 && back <= length; back++) {
    const b = buf[length - back] as number;
    if (b >= 0x80 && b <= 0xbf) continue; // a continuation byte: look further back for its lead
    const lead = leadOf(b);
    if (lead === undefined || lead.n <= back) return 0;
    return validPrefix(buf, length - back, length, lead) ? back : 0;
  }
  return 0;
}

export interface InvalidByte {
  /** Offset of the bad byte from the start of the file (0 is the first byte). */
  offset: number;
  /** Physical line (1-based) the byte is on. */
  line: number;
}

/** Decodes UTF-8 chunks; bad bytes become U+FFFD in the text and are reported, the first of each line. */
export class Utf8ChunkDecoder {
  #carry: Buffer = Buffer.alloc(0);
  #offset = 0; // file offset of the carry's first byte
  #line = 1; // physical line of the carry's first byte
  #reportedLine = 0;
  #skip: number;

  /** `skip` bytes at the very start (a byte-order mark) are counted in offsets but not decoded. */
  constructor(
    private readonly onInvalid: (bad: InvalidByte) => void,
    skip = 0,
  ) {
    this.#skip = skip;
  }

  write(chunk: Buffer): string {
    let bytes = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    if (this.#skip > 0) {
      const skipped = Math.min(this.#skip, bytes.length);
      bytes = bytes.subarray(skipped);
      this.#offset += skipped;
      this.#skip -= skipped;
    }
    const keep = unfinishedUtf8Tail(bytes);
    this.#carry = Buffer.from(bytes.subarray(bytes.length - keep));
    return this.#decode(bytes.subarray(0, bytes.length - keep));
  }

  /** The last bytes; an unfinished character at the end of the file is invalid too. */
  end(): string {
    const text = this.#decode(this.#carry);
    this.#carry = Buffer.alloc(0);
    return text;
  }

  #decode(body: Buffer): string {
    if (!isUtf8(body)) this.#report(body);
    this.#line += countNewlines(body, 0, body.length);
    this.#offset += body.length;
    return body.toString('utf8');
  }

  #report(body: Buffer): void {
    let line = this.#line;
    let counted = 0;
    for (let at = firstInvalidUtf8(body); at !== -1; at = firstInvalidUtf8(body, at + 1)) {
      line += countNewlines(body, counted, at);
      counted = at;
      if (line === this.#reportedLine) continue;
      this.#reportedLine = line;
      this.onInvalid({ offset: this.#offset + at, line });
    }
  }
}

function countNewlines(buf: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = buf.indexOf(10, from); i !== -1 && i < to; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** True when every byte is valid UTF-8 and at least one character takes more than one byte. */
export class Utf8Sniffer {
  #carry: Buffer = Buffer.alloc(0);
  valid = true;
  multiByte = false;

  /** Feeds the next chunk; returns false once the answer is known to be "not UTF-8". */
  write(chunk: Buffer): boolean {
    if (!this.valid) return false;
    const bytes = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    const keep = unfinishedUtf8Tail(bytes);
    const body = bytes.subarray(0, bytes.length - keep);
    this.#carry = Buffer.from(bytes.subarray(bytes.length - keep));
    if (!isUtf8(body)) this.valid = false;
    else if (!this.multiByte && !isAscii(body)) this.multiByte = true;
    return this.valid;
  }

  end(): boolean {
    if (this.#carry.length > 0) this.valid = false;
    return this.valid && this.multiByte;
  }
}
