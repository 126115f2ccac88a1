// The zip side of an XLSX workbook, through yauzl (a well-kept zip reader that validates entry sizes),
// for files nobody vouches for. The central directory is walked first, entry by entry: its entry count
// and the sizes its entries declare are checked against orders.limits before a byte is inflated. Only the
// parts a sheet needs are then inflated, as streams, every chunk counted against the file's decompressed
// budget, so a zip whose directory lies is stopped as soon as it inflates past what it said. No temp files.
import type { Readable } from 'node:stream';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { ReconError } from '../shared/errors.ts';
import type { XlsxProblem } from '../shared/locale/error-params-input.ts';
import { decompressedBudget, decompressedLimitError, zipEntriesLimitError, type DecompressedCounter, type OrdersLimits } from './limits.ts';

export interface WorkbookZip {
  file: string;
  zip: ZipFile;
  entries: Map<string, Entry>;
  counter: DecompressedCounter;
}

export function notReadable(file: string, problem: XlsxProblem, cause?: unknown): ReconError {
  return new ReconError('input', { id: 'xlsxUnreadable', file, problem }, cause === undefined ? undefined : { cause });
}

/** yauzl's wording for a file with no zip directory at its end, put as the reader would say it. */
function zipProblem(file: string, cause: unknown): ReconError {
  if (cause instanceof ReconError) return cause;
  const message = (cause as Error).message;
  if (/end of central directory record signature not found/.test(message)) return notReadable(file, { kind: 'noZipDirectory' }, cause);
  return notReadable(file, { kind: 'brokenZip', said: message }, cause);
}

/** Opens the zip and reads its directory; refuses it, before inflating anything, past the limits. */
export async function openWorkbookZip(file: string, fileBytes: number, limits: OrdersLimits): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    // autoClose off: the file stays open while the parts are streamed one after another; the caller closes it.
    openZip(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false, decodeStrings: true }, (error, opened) => {
      if (error || opened === undefined) reject(zipProblem(file, error ?? new Error('no zip')));
      else resolve(opened);
    });
  });
  try {
    // yauzl knows the count from the end record, before it reads a directory entry.
    if (zip.entryCount > limits.maxZipEntries) throw zipEntriesLimitError(file, limits, zip.entryCount);
    const entries = await readDirectory(file, zip);
    let declared = 0;
    for (const entry of entries.values()) declared += entry.uncompressedSize;
    const budget = decompressedBudget(limits, fileBytes);
    if (declared > budget.bytes) throw decompressedLimitError(file, { counted: 'zipDirectory' }, declared, budget);
    return { zip, entries };
  } catch (error) {
    zip.close();
    throw error;
  }
}

function readDirectory(file: string, zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.removeAllListeners();
      reject(zipProblem(file, error));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      zip.removeAllListeners();
      resolve(entries);
    });
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (entry.isEncrypted()) return fail(notReadable(file, { kind: 'encrypted', entry: name }));
      if (entries.has(name)) return fail(notReadable(file, { kind: 'twice', entry: name }));
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** The entry's bytes, inflated as they are read; each chunk is counted before it is handed on. */
export async function* entryChunks(workbook: WorkbookZip, entry: Entry): AsyncGenerator<Buffer> {
  const { file } = workbook;
  const name = entry.fileName;
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    throw notReadable(file, { kind: 'compression', entry: name, method: entry.compressionMethod });
  if (entry.compressedSize === 0) return;
  const lie = () => notReadable(file, { kind: 'inflatesPast', entry: name, declared: entry.uncompressedSize });
  const stream = await new Promise<Readable>((resolve, reject) => {
    workbook.zip.openReadStream(entry, (error, opened) => {
      if (error || opened === undefined) reject(notReadable(file, { kind: 'entryUnreadable', entry: name, said: error?.message ?? 'no stream' }, error));
      else resolve(opened);
    });
  });
  let inflated = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      // yauzl's own check (validateEntrySizes) fails the stream first; this one keeps the limit here too.
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) throw lie();
      workbook.counter.add(chunk.length, 'workbookEntries');
      yield chunk;
    }
  } catch (cause) {
    if (cause instanceof ReconError) throw cause;
    const message = (cause as Error).message;
    if (/^too many bytes in the stream/.test(message)) throw lie();
    throw notReadable(file, { kind: 'cannotInflate', entry: name, said: message }, cause);
  } finally {
    stream.destroy();
  }
}
