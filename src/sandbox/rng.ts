// Seeded randomness for the sandbox: one stream per purpose (history, faults) so that the same seed
// always gives the same bytes, and stateless hashes for decisions that must not depend on call order.

/** sfc32: small, fast, good enough for test data; never for anything secret. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    this.a = 0x9e3779b9;
    this.b = hash32(seed, stream);
    this.c = hash32(stream, seed, 7);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** n random decimal digits as text (leading zeros kept). */
  digits(n: number): string {
    // Same draws as appending one digit at a time, without a string per digit (n <= 15 stays exact).
    if (n > 15) {
      let s = '';
      for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
      return s;
    }
    let value = 0;
    for (let i = 0; i < n; i++) value = value * 10 + Math.floor(this.next() * 10);
    return String(value).padStart(n, '0');
  }
}

/** Order-independent 32-bit hash of a few integers (murmur3 finaliser over a running mix). */
export function hash32(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0), 0x5bd1e995);
    h ^= h >>> 13;
    h = Math.imul(h ^ Math.floor(v / 4294967296), 0x27d4eb2d);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 32-bit FNV-1a of a string, for hashing request signatures. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A uniform value in [0, 1) decided only by its inputs. */
export function unitFrom(...values: number[]): number {
  return hash32(...values) / 4294967296;
}
