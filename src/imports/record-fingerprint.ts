// Fingerprints of an export's records, so a cumulative export (every order the shop ever had, again
// each night) is decoded, typed and staged only where a record changed since the last import. A
// record's fingerprint is 64 bits of a hash of a CSV line's text before it is split, or of the cells a
// reader gave (each cell's kind, length and characters), in two 32-bit lanes JavaScript computes without
// allocating: MD5 per record took 2.6 s for 1.1M records, this about 0.5 s. A record whose fingerprint
// the last import stored is the very record that import loaded. Pure: no I/O (fingerprint-store.ts
// keeps them in the warehouse).
import { DecimalCell } from './amount-cells.ts';
import type { Cell } from './cell-text.ts';

/**
 * Computes one record's fingerprint into `hi` and `lo` (reused: no object per record). The seed (random,
 * kept with the stored fingerprints) starts both lanes, so fingerprints cannot be worked out ahead of
 * the warehouse that keeps them.
 */
export class RecordFingerprint {
  hi = 0;
  lo = 0;
  readonly #seedHi: number;
  readonly #seedLo: number;
  /** The two lanes while a record is hashed. */
  #a = 0;
  #b = 0;

  constructor(seed: { hi: number; lo: number }) {
    this.#seedHi = seed.hi | 0;
    this.#seedLo = seed.lo | 0;
  }

  /** The record's fingerprint from its cells; false when a cell is an over-long text (LongTextCell), which is never hashed. */
  compute(cells: readonly Cell[]): boolean {
    this.#a = this.#seedHi ^ 0x811c9dc5;
    this.#b = this.#seedLo ^ 0x9747b28c;
    for (const cell of cells) {
      let text: string;
      let kind: number;
      if (typeof cell === 'string') [text, kind] = [cell, 1];
      else if (cell === null || cell === undefined) [text, kind] = ['', 2];
      else if (typeof cell === 'number') [text, kind] = [String(cell), 3];
      else if (typeof cell === 'boolean') [text, kind] = [cell ? '1' : '0', 4];
      else if (cell instanceof Date) [text, kind] = [String(cell.getTime()), 5];
      else if (cell instanceof DecimalCell) [text, kind] = [cell.text, 6];
      else return false;
      // The kind and length first: ["a;b"] and ["a", "b"], or "1" and 1, never read alike.
      this.#word((kind << 24) ^ text.length);
      this.#text(text);
    }
    this.#finish();
    return true;
  }

  /** The fingerprint of a CSV line taken whole (TableSink.line): a domain of its own, apart from cells'. */
  computeLine(text: string): void {
    this.#a = this.#seedHi ^ 0x811c9dc5;
    this.#b = this.#seedLo ^ 0x9747b28c;
    this.#word(0x7f000000 ^ text.length);
    this.#text(text);
    this.#finish();
  }

  /** Both lanes over a text, two UTF-16 units a step. */
  #text(text: string): void {
    const n = text.length;
    let i = 0;
    for (; i + 1 < n; i += 2) this.#word(text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16));
    if (i < n) this.#word(text.charCodeAt(i));
  }

  /** One step of each lane: the word xored in, multiplied by the lane's odd constant, its high bits folded down. */
  #word(word: number): void {
    const a = Math.imul(this.#a ^ word, 0x01000193);
    const b = Math.imul(this.#b ^ word, 0x5bd1e995);
    this.#a = a ^ (a >>> 15);
    this.#b = b ^ (b >>> 13);
  }

  /** A final mix of each lane with the other, so that records differing anywhere differ in every bit. */
  #finish(): void {
    this.hi = mix(this.#a ^ Math.imul(this.#b, 0x9e3779b1)) >>> 0;
    this.lo = mix(this.#b ^ Math.imul(this.#a, 0x85ebca6b)) >>> 0;
  }
}

function mix(h: number): number {
  let x = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** A slot's state: empty, stored and not seen in this file, seen once, seen more than once. */
const EMPTY = 0;
const STORED = 1;
const SEEN_ONCE = 2;
const SEEN_AGAIN = 3;

/**
 * The last import's fingerprints, as an open-addressing table of three 32-bit words a slot (the two
 * halves and the slot's state, side by side: a lookup reads one cache line), with how often this file
 * showed each: 25 MB for 1.1M records, where a Set of BigInts would take several times that.
 */
export class FingerprintSet {
  readonly #table: Uint32Array;
  readonly #mask: number;
  readonly #limit: number;
  #size = 0;
  #repeated = false;

  /** A table for up to `capacity` fingerprints, at most 70 % full. */
  constructor(capacity: number) {
    let slots = 16;
    while (slots * 0.7 < capacity) slots *= 2;
    this.#table = new Uint32Array(slots * 3);
    this.#mask = slots - 1;
    this.#limit = Math.floor(slots * 0.7);
  }

  get size(): number {
    return this.#size;
  }

  /** Whether a stored fingerprint was seen more than once in this file (identical records repeated). */
  get repeated(): boolean {
    return this.#repeated;
  }

  add(hi: number, lo: number): void {
    if (this.#size >= this.#limit) throw new RangeError(`FingerprintSet: more than ${this.#limit} fingerprints`);
    const at = this.#find(hi, lo);
    if (this.#table[at + 2] !== EMPTY) return;
    this.#table[at] = hi;
    this.#table[at + 1] = lo;
    this.#table[at + 2] = STORED;
    this.#size++;
  }

  /** Notes that this file holds the record; true when the last import stored it. */
  see(hi: number, lo: number): boolean {
    const at = this.#find(hi, lo);
    const state = this.#table[at + 2] as number;
    if (state === EMPTY) return false;
    if (state >= SEEN_ONCE) this.#repeated = true;
    this.#table[at + 2] = state === STORED ? SEEN_ONCE : SEEN_AGAIN;
    return true;
  }

  /** Whether this file showed the stored fingerprint. */
  seen(hi: number, lo: number): boolean {
    return (this.#table[this.#find(hi, lo) + 2] as number) >= SEEN_ONCE;
  }

  /** The stored fingerprints this file did not show: records changed or gone since the last import. */
  *unseen(): Generator<[number, number]> {
    const table = this.#table;
    for (let at = 0; at < table.length; at += 3) {
      if (table[at + 2] === STORED) yield [table[at] as number, table[at + 1] as number];
    }
  }

  /** Where the fingerprint's slot starts, or the empty slot where it would go (linear probing). */
  #find(hi: number, lo: number): number {
    const table = this.#table;
    let slot = (lo ^ Math.imul(hi, 0x9e3779b1)) & this.#mask;
    for (;;) {
      const at = slot * 3;
      if (table[at + 2] === EMPTY || (table[at] === hi && table[at + 1] === lo)) return at;
      slot = (slot + 1) & this.#mask;
    }
  }
}
