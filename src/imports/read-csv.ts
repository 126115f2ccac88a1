// Reads a CSV order export as a stream: bytes -> iconv-lite decoder -> record splitter -> sink, hashing
// the bytes on the way. iconv-lite rather than TextDecoder: Node 20's windows-1252 decoder maps bytes such
// as 0x93/0x94/0x96/0x80 (“ ” – €) wrongly (nodejs/node#60888). `latin-1` is decoded as windows-1252, as
// the WHATWG Encoding Standard does for that label: real "latin-1" exports from Windows tools use the
// 0x80-0x9F range for those characters, never for C1 control codes.
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
  const decoder = iconv.getDecoder(ICONV_NAMES[options.encoding]);
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
      const text = decoder.write(chunk);
      if (text) splitter.push(text);
      options.onBytes?.(bytes);
    }
    const tail = decoder.end();
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
