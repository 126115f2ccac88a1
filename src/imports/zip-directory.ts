// A small zip reader for XLSX workbooks, written for files nobody vouches for. The central directory is
// read first (from the end of the file, as every zip reader does): its entry count and the sizes its
// entries declare are checked against orders.limits before a byte is inflated. Entries are then inflated
// as streams, counted against the file's decompressed budget and against the size each declares, so a
// zip whose directory lies is stopped as soon as it inflates past what it said. No temp files.
import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { ReconError } from '../shared/errors.ts';
import { count, decompressedBudget, decompressedLimitError, zipEntriesLimitError, type DecompressedCounter, type OrdersLimits } from './limits.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
/** A central directory is ~100 bytes an entry; one larger than this is not an export's. */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024;

export function notReadable(file: string, why: string, cause?: unknown): ReconError {
  return new ReconError('input', `${file}: not a readable XLSX workbook (${why}); expected an .xlsx saved by a spreadsheet program`, cause === undefined ? undefined : { cause });
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The entries of the zip by name, after checking their count and declared sizes against the limits. */
export async function readZipDirectory(handle: FileHandle, file: string, fileBytes: number, limits: OrdersLimits): Promise<Map<string, ZipEntry>> {
  const tailLength = Math.min(fileBytes, 22 + MAX_COMMENT);
  const tail = await readAt(handle, fileBytes - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at === -1) throw notReadable(file, 'no zip directory at its end: not a zip, or cut short');
  let total = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if ((total === 0xffff || size === 0xffffffff || offset === 0xffffffff) && at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR) {
    const record = await readAt(handle, Number(tail.readBigUInt64LE(at - 12)), 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw notReadable(file, 'a broken zip64 directory');
    total = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  if (total > limits.maxZipEntries) throw zipEntriesLimitError(file, limits, total);
  if (offset + size > fileBytes || size > MAX_DIRECTORY_BYTES) throw notReadable(file, `a zip directory of ${count(size)} bytes at ${count(offset)} in a file of ${count(fileBytes)}`);
  const directory = await readAt(handle, offset, size);
  const entries = parseDirectory(file, directory, total);
  if (entries.size > limits.maxZipEntries) throw zipEntriesLimitError(file, limits, entries.size);
  let declared = 0;
  for (const entry of entries.values()) declared += entry.uncompressedSize;
  const budget = decompressedBudget(limits, fileBytes);
  if (declared > budget.bytes) throw decompressedLimitError(file, "the workbook's zip directory says its entries decompress to", declared, budget);
  return entries;
}

function parseDirectory(file: string, directory: Buffer, total: number): Map<string, ZipEntry> {
  const entries = new Map<string, ZipEntry>();
  let pos = 0;
  for (let n = 0; n < total; n++) {
    if (pos + 46 > directory.length || directory.readUInt32LE(pos) !== CENTRAL) throw notReadable(file, `zip directory entry ${n + 1} of ${total} is broken`);
    const flags = directory.readUInt16LE(pos + 8);
    const nameLength = directory.readUInt16LE(pos + 28);
    const extraLength = directory.readUInt16LE(pos + 30);
    const commentLength = directory.readUInt16LE(pos + 32);
    const name = directory.toString(flags & 0x800 ? 'utf8' : 'latin1', pos + 46, pos + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      method: directory.readUInt16LE(pos + 10),
      compressedSize: directory.readUInt32LE(pos + 20),
      uncompressedSize: directory.readUInt32LE(pos + 24),
      localOffset: directory.readUInt32LE(pos + 42),
    };
    readZip64Extra(directory.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength), entry);
    if (flags & 0x1) throw notReadable(file, `the entry "${name}" is encrypted`);
    if (entries.has(name)) throw notReadable(file, `the entry "${name}" appears twice`);
    entries.set(name, entry);
    pos += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Sizes and offsets too large for 32 bits are in the zip64 extra field, in this order, when marked 0xFFFFFFFF. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  for (let pos = 0; pos + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(pos);
    const length = extra.readUInt16LE(pos + 2);
    if (id === 0x0001) {
      let field = pos + 4;
      for (const key of ['uncompressedSize', 'compressedSize', 'localOffset'] as const) {
        if (entry[key] !== 0xffffffff || field + 8 > pos + 4 + length) continue;
        entry[key] = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
    }
    pos += 4 + length;
  }
}

/** The entry's bytes, inflated as they are read; each chunk is counted before it is handed on. */
export async function* entryChunks(handle: FileHandle, file: string, fileBytes: number, entry: ZipEntry, counter: DecompressedCounter): AsyncGenerator<Buffer> {
  const local = await readAt(handle, entry.localOffset, 30);
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL) throw notReadable(file, `the entry "${entry.name}" is not where the zip directory says`);
  const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > fileBytes) throw notReadable(file, `the entry "${entry.name}" runs past the end of the file`);
  if (entry.method !== 0 && entry.method !== 8) throw notReadable(file, `the entry "${entry.name}" uses compression method ${entry.method}; expected deflate`);
  if (entry.compressedSize === 0) return;
  const source = createReadStream(file, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
  const inflate = entry.method === 8 ? createInflateRaw({ chunkSize: 64 * 1024 }) : undefined;
  if (inflate) {
    source.on('error', (error) => inflate.destroy(error));
    source.pipe(inflate);
  }
  let inflated = 0;
  try {
    for await (const chunk of (inflate ?? source) as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) {
        throw notReadable(file, `the entry "${entry.name}" inflates past the ${count(entry.uncompressedSize)} bytes the zip directory declares`);
      }
      counter.add(chunk.length, "the workbook's entries inflate to");
      yield chunk;
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    throw notReadable(file, `the entry "${entry.name}" cannot be inflated: ${(cause as Error).message}`, cause);
  } finally {
    source.destroy();
    inflate?.destroy();
  }
}
