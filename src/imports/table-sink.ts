// The seam between format readers and the import: a reader streams a header and then rows of cells,
// each with the line (or row number) it came from, into a sink; it never holds the whole file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { OrdersLimits } from '../config/schema.ts';
import type { Cell } from './cell-text.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import type { KeptOutFact } from '../shared/locale/kept-out-types.ts';

export interface TableSink {
  /**
   * The column names, before any row; may throw (a mapped column is missing). Returns which header
   * index feeds which order field: a reader may leave every other column out.
   */
  header(names: string[], line: number): ReadonlyMap<number, string>;
  row(cells: Cell[], line: number): void;
  /**
   * CSV only: a data record that is one line without quotes, as its text before it is split (the cells
   * are that text split at the delimiter). True when the sink took the record whole; false, and the same
   * record comes to `row` as cells next.
   */
  line?(text: string, line: number): boolean;
  /** A record the reader itself could not turn into cells (broken JSON line, not an object), and why. */
  invalid(facts: KeptOutFact, line: number): void;
}

/** What every reader is given besides the file and the sink. */
export interface ReadOptions {
  limits: OrdersLimits;
  /** A warning for the log (a file read differently than configured, a title skipped). */
  warn(sentence: LogSentence): void;
  /** Called with the bytes read so far, for progress bars. */
  onBytes?(bytes: number): void;
}

export interface TableReadResult {
  sha256: string;
  bytes: number;
  /** Data records seen after the header. */
  records: number;
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  } finally {
    stream.destroy();
  }
  return hash.digest('hex');
}
