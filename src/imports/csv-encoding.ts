// Which encoding a CSV export is read in. A byte-order mark wins over orders.csv.encoding (as in the
// WHATWG decode algorithm): it is the file saying what it is, while the config says what the exports
// usually are. A file configured as windows-1252 or latin-1 that is valid UTF-8 with accented
// characters is UTF-8 too: every byte sequence "is" windows-1252, so decoding it as configured would
// garble every name ("João" as "JoÃ£o") without a single error. Both cases are read as UTF-8 with a
// warning naming orders.csv.encoding.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { firstInvalidUtf8, unfinishedUtf8Tail, Utf8Sniffer } from './utf8-bytes.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';

export type ConfiguredEncoding = 'utf-8' | 'latin-1' | 'windows-1252';

export type CsvDecoding =
  /** UTF-8 through recon's own decoder, which reports invalid bytes; `bom` bytes at the start are skipped. */
  | { kind: 'utf-8'; bom: number }
  /** A single-byte or UTF-16 encoding by its iconv name: windows-1252 through windows-1252.ts (iconv-lite's text, faster), the others through iconv-lite. */
  | { kind: 'iconv'; name: string };

// iconv-lite rather than TextDecoder: Node 20's windows-1252 decoder maps bytes such as 0x93/0x94/0x96/0x80
// (“ ” – €) wrongly (nodejs/node#60888). `latin-1` is decoded as windows-1252, as the WHATWG Encoding
// Standard does for that label: real "latin-1" exports from Windows tools use 0x80-0x9F for those
// characters, never for C1 control codes.
const ICONV_NAMES = { 'latin-1': 'windows-1252', 'windows-1252': 'windows-1252' } as const;

export async function csvDecodingFor(file: string, configured: ConfiguredEncoding, warn: (sentence: LogSentence) => void): Promise<CsvDecoding> {
  const head = await readHead(file, 4);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    if (configured !== 'utf-8') warn({ id: 'csvBomOverrides', file, configured });
    return { kind: 'utf-8', bom: 3 };
  }
  if (head[0] === 0xff && head[1] === 0xfe) return { kind: 'iconv', name: 'utf-16le' };
  if (head[0] === 0xfe && head[1] === 0xff) return { kind: 'iconv', name: 'utf-16be' };
  if (configured === 'utf-8') return { kind: 'utf-8', bom: 0 };
  if (await isMultiByteUtf8(file)) {
    warn({ id: 'csvUtf8Overrides', file, configured });
    return { kind: 'utf-8', bom: 0 };
  }
  return { kind: 'iconv', name: ICONV_NAMES[configured] };
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** One pass over the file, stopping at the first byte that cannot be UTF-8 (usually in the first chunk). */
async function isMultiByteUtf8(file: string): Promise<boolean> {
  const sniffer = new Utf8Sniffer();
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (!sniffer.write(chunk)) return false;
    }
    return sniffer.end();
  } finally {
    stream.destroy();
  }
}

/** Bytes windows-1252 leaves undefined: a file holding one is not windows-1252 text. */
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Where the head of a file (its first 64 KiB) stops being UTF-8, when it reads as windows-1252 text
 * instead: the evidence for "the file looks like windows-1252". Undefined for a file with a byte-order
 * mark, one that is UTF-8 throughout its head, or one with bytes no windows-1252 text has (NUL, the five
 * undefined ones).
 */
export async function windows1252Evidence(file: string): Promise<{ offset: number; byte: number; text: string } | undefined> {
  const head = await readHead(file, 64 * 1024);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return undefined;
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return undefined;
  const offset = firstInvalidUtf8(head, 0, head.length - unfinishedUtf8Tail(head));
  if (offset === -1) return undefined;
  for (const byte of head) if (byte === 0 || UNDEFINED_IN_WINDOWS_1252.has(byte)) return undefined;
  const byte = head[offset] as number;
  return { offset, byte, text: iconv.decode(head.subarray(offset, offset + 1), 'windows-1252') };
}
