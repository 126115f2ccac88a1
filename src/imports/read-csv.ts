// Reads a CSV order export as a stream: bytes -> decoder -> record splitter -> header search -> sink,
// hashing the bytes on the way. The encoding is chosen by csv-encoding.ts. UTF-8 goes through recon's own
// decoder, which reports every invalid byte with its offset: the record holding one is kept out with
// `invalid UTF-8 at byte N` instead of reaching the warehouse with U+FFFD in place of a letter.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { ReconError } from '../shared/errors.ts';
import { csvDecodingFor, type ConfiguredEncoding } from './csv-encoding.ts';
import { csvSplitterFor } from './csv-records.ts';
import { diagnoseDelimiter, searchHeader, type HeaderRecord } from './header-search.ts';
import type { ReadOptions, TableReadResult, TableSink } from './table-sink.ts';
import { Utf8ChunkDecoder, type InvalidByte } from './utf8-bytes.ts';
import { type ChunkDecoder, windows1252Decoder } from './windows-1252.ts';

export interface CsvReadOptions extends ReadOptions {
  delimiter: string;
  quote: string;
  encoding: ConfiguredEncoding;
  /** orders.csv.skipRows. */
  skipRows: number;
  /** orders.preset, for the diagnosis of a header that is not one. */
  preset: string | undefined;
  /** Every column name the mapping needs: how the header is recognised. */
  wanted: string[];
}

export async function readCsvTable(file: string, options: CsvReadOptions, sink: TableSink): Promise<TableReadResult> {
  const hash = createHash('sha256');
  const invalid = new InvalidBytes();
  const decoding = await csvDecodingFor(file, options.encoding, options.warn);
  const decoder: ChunkDecoder =
    decoding.kind === 'utf-8'
      ? new Utf8ChunkDecoder((bad) => invalid.add(bad), decoding.bom)
      : decoding.name === 'windows-1252'
        ? windows1252Decoder()
        : iconv.getDecoder(decoding.name);
  let records = 0;
  const dataRecord = (record: HeaderRecord) => {
    records++;
    const bad = invalid.within(record.line, record.lastLine);
    if (bad !== undefined) sink.invalid({ kind: 'invalidUtf8', byte: bad.offset }, record.line);
    else sink.row(record.cells, record.line);
  };
  const search = searchHeader({
    file,
    wanted: options.wanted,
    skipRows: options.skipRows,
    preset: options.preset,
    sink,
    warn: options.warn,
    onRow: dataRecord,
    onSkipped: (record) => invalid.within(record.line, record.lastLine),
    onHeader(record) {
      const bad = invalid.within(record.line, record.lastLine);
      if (bad === undefined) return;
      throw new ReconError('input', { id: 'csvHeaderUtf8', file, line: record.line, offset: bad.offset });
    },
    diagnose: (first) => diagnoseDelimiter(file, first, options),
  });
  // A data line without quotes is offered whole first (TableSink.line): one the sink takes is never split.
  const takeLine = sink.line?.bind(sink);
  const splitter = csvSplitterFor(
    { delimiter: options.delimiter, quote: options.quote },
    (fields, line, lastLine) => {
      const record = { cells: fields, line, lastLine };
      if (!search.take(record)) dataRecord(record);
    },
    file,
    takeLine &&
      ((text, line) => {
        if (!search.found) return false;
        const bad = invalid.within(line, line);
        if (bad === undefined && !takeLine(text, line)) return false;
        records++;
        if (bad !== undefined) sink.invalid({ kind: 'invalidUtf8', byte: bad.offset }, line);
        return true;
      }),
  );
  let bytes = 0;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      const text = decoder.write(chunk);
      if (text) splitter.push(text);
      options.onBytes?.(bytes);
    }
    const tail = decoder.end();
    if (tail) splitter.push(tail);
    splitter.end();
    search.end();
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', { id: 'fileUnreadable', file, code: (cause as NodeJS.ErrnoException).code ?? (cause as Error).message }, { cause });
  } finally {
    stream.destroy();
  }
  if (!search.found) {
    throw new ReconError('input', { id: 'csvEmpty', file, bytes });
  }
  return { sha256: hash.digest('hex'), bytes, records };
}

/** Invalid bytes reported by the decoder, waiting for the record whose lines hold them. */
class InvalidBytes {
  #queue: InvalidByte[] = [];
  #head = 0;

  add(bad: InvalidByte): void {
    this.#queue.push(bad);
  }

  /** The first invalid byte on lines first..last, if any; bytes on earlier lines are dropped. */
  within(first: number, last: number): InvalidByte | undefined {
    const queue = this.#queue;
    while (this.#head < queue.length && (queue[this.#head] as InvalidByte).line < first) this.#head++;
    let found: InvalidByte | undefined;
    while (this.#head < queue.length && (queue[this.#head] as InvalidByte).line <= last) {
      found ??= queue[this.#head];
      this.#head++;
    }
    if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#queue = queue.slice(this.#head);
      this.#head = 0;
    }
    return found;
  }
}
