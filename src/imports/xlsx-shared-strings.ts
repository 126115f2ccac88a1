// A workbook's shared strings table, which every text cell of a sheet points into, so it must be held
// while the sheet is read. Held compactly (UTF-8 in large buffers, three integers an entry: a third of
// what as many JS strings take) and within a fixed memory budget; a string over the cell limit is kept as
// its length and first characters only (the row rules keep its row out by that length).
import { ReconError } from '../shared/errors.ts';
import { LongTextCell, LONG_TEXT_HEAD } from './cell-text.ts';

/** Memory the table may take: far above a million-row export's, far below the process's 512 MB. */
const MAX_SHARED_STRINGS_BYTES = 192 * 1024 * 1024;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Strings numbered below this (statuses, dates: the first ones a sheet uses) are kept decoded. */
const DECODED = 4096;

export class SharedStrings {
  #chunks: Buffer[] = [];
  #used = CHUNK_BYTES;
  #chunkOf = new Uint32Array(1024);
  #startOf = new Uint32Array(1024);
  #bytesOf = new Uint32Array(1024);
  #count = 0;
  #memory = 0;
  #long = new Map<number, number>();
  #decoded: (string | undefined)[] = [];

  constructor(private readonly file: string) {}

  get size(): number {
    return this.#count;
  }

  /** Adds the next string: `text` holds at most the limit's characters, `length` is the full length. */
  add(text: string, length: number, limit: number): void {
    if (this.#count === this.#chunkOf.length) this.#grow();
    const index = this.#count++;
    const kept = length > limit ? text.slice(0, LONG_TEXT_HEAD) : text;
    if (length > limit) this.#long.set(index, length);
    const bytes = Buffer.byteLength(kept);
    if (this.#used + bytes > (this.#chunks.at(-1)?.length ?? 0)) {
      const chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
      this.#charge(chunk.length);
      this.#chunks.push(chunk);
      this.#used = 0;
    }
    const chunk = this.#chunks.length - 1;
    (this.#chunks[chunk] as Buffer).write(kept, this.#used, 'utf8');
    this.#chunkOf[index] = chunk;
    this.#startOf[index] = this.#used;
    this.#bytesOf[index] = bytes;
    this.#used += bytes;
  }

  /** The string at `index` (a cell's <v>), a LongTextCell for an over-long one, undefined when there is none. */
  get(index: number): string | LongTextCell | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.#count) return undefined;
    const early = index < DECODED ? this.#decoded[index] : undefined;
    if (early !== undefined) return early;
    const start = this.#startOf[index] as number;
    const text = (this.#chunks[this.#chunkOf[index] as number] as Buffer).toString('utf8', start, start + (this.#bytesOf[index] as number));
    const length = this.#long.get(index);
    if (length !== undefined) return new LongTextCell(length, text);
    if (index < DECODED) this.#decoded[index] = text;
    return text;
  }

  #grow(): void {
    const capacity = this.#chunkOf.length * 2;
    this.#charge((capacity - this.#chunkOf.length) * 12);
    this.#chunkOf = grown(this.#chunkOf, capacity);
    this.#startOf = grown(this.#startOf, capacity);
    this.#bytesOf = grown(this.#bytesOf, capacity);
  }

  #charge(bytes: number): void {
    this.#memory += bytes;
    if (this.#memory <= MAX_SHARED_STRINGS_BYTES) return;
    throw new ReconError(
      'input',
      { id: 'xlsxSharedStrings', file: this.file, mib: MAX_SHARED_STRINGS_BYTES / 1024 / 1024, strings: this.#count },
      { details: { file: this.file, strings: this.#count } },
    );
  }
}

function grown(array: Uint32Array<ArrayBuffer>, capacity: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(capacity);
  bigger.set(array);
  return bigger;
}
