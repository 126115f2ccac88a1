// Reads a CSV order export as a stream: bytes -> iconv-lite decoder -> record splitter -> sink, hashing
// the bytes on the way. iconv-lite rather than TextDecoder: Node 20's windows-1252 decoder maps bytes such
// as 0x93/0x94/0x96/0x80 (“ ” – €) wrongly (nodejs/node#60888). `latin-1` is decoded as windows-1252, as
// the WHATWG Encoding Standard does for that label: real "latin-1" exports from Windows tools use the
// 0x80-0x9F range for those characters, never for C1 control codes.
// A byte-order mark wins over orders.csv.encoding (as in the WHATWG decode algorithm): a UTF-8 BOM means
// UTF-8 even in a file configured as windows-1252, and a UTF-16 BOM (LE or BE) means UTF-16, since a BOM is
// the file saying what it is, while the config says what the exports usually are.
import { createReadStream } from 'node:fs';
import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { ReconError } from '../shared/errors.ts';
import { csvSplitterFor } from './csv-records.ts';
import type { TableSink, TableReadResult } from './table-sink.ts';

export interface CsvReadOptions {
  delimiter: string;
  quote: string;
  encoding: 'utf-8' | 'latin-1' | 'windows-1252';
  /** Called with the bytes read so far, for progress bars. */
  onBytes?: (bytes: number) => void;
}

const ICONV_NAMES = { 'utf-8': 'utf8', 'latin-1': 'windows-1252', 'windows-1252': 'windows-1252' } as const;

export async function readCsvTable(file: string, options: CsvReadOptions, sink: TableSink): Promise<TableReadResult> {
  const hash = createHash('sha256');
  let decoder: ReturnType<typeof iconv.getDecoder> | undefined;
  let sawHeader = false;
  let records = 0;
  const splitter = csvSplitterFor(
    { delimiter: options.delimiter, quote: options.quote },
    (fields, line) => {
      if (!sawHeader) {
        sawHeader = true;
        sink.header(fields, line);
        return;
      }
      records++;
      sink.row(fields, line);
    },
    file,
  );
  let bytes = 0;
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      decoder ??= iconv.getDecoder(encodingForBom(chunk) ?? ICONV_NAMES[options.encoding]);
      const text = decoder.write(chunk);
      if (text) splitter.push(text);
      options.onBytes?.(bytes);
    }
    const tail = decoder?.end();
    if (tail) splitter.push(tail);
    splitter.end();
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('input', `${file}: cannot be read (${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message})`, { cause });
  } finally {
    stream.destroy();
  }
  if (!sawHeader) {
    throw new ReconError('input', `${file}: the file is empty (${bytes} bytes); expected a header line and one order per line`);
  }
  return { sha256: hash.digest('hex'), bytes, records };
}

/** The iconv-lite name a leading byte-order mark declares, if any (the decoder then strips the mark). */
function encodingForBom(head: Buffer): string | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return undefined;
}
