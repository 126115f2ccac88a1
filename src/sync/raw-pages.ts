// The raw pages of a run, kept for audit (gzip NDJSON, one line per verified window with its rows as
// the service sent them), and the replay that rebuilds the warehouse from such files without the API.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { ReconError } from '../shared/errors.ts';
import { checkOperationsPage, checkTransactionsPage } from '../api/index.ts';
import type { ApiOperation } from '../shared/tables.ts';
import type { WindowRead } from './read-window.ts';
import type { SyncWindow } from './windows.ts';
import { centsOfOperation, operationLine, type AmountUnit } from './operation-rows.ts';

interface ArchivedWindow {
  window: SyncWindow;
  total: number;
  pages: number;
  attempts: number;
  /** Transactions: the rows as listed. Operations: their cents, each with the listed row as `raw`. */
  rows: unknown[];
}

/** Writes DIR/<runId>.ndjson.gz; returns its path. */
export async function writeRawPages(dir: string, runId: string, reads: readonly WindowRead[]): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, `${runId}.ndjson.gz`);
  async function* lines() {
    for (const read of reads) {
      const head = JSON.stringify({ window: read.window, total: read.total, pages: read.pages, attempts: read.attempts });
      yield `${head.slice(0, -1)},"rows":`;
      // The staged file holds the window's rows one per line, the last one ended too (JSON text holds
      // no raw line break): stream it as an array, without the final newline, instead of loading it.
      yield '[';
      if (read.rows > 0) {
        const end = (await stat(read.file)).size - 2;
        for await (const chunk of createReadStream(read.file, { encoding: 'utf8', end })) yield (chunk as string).replaceAll('\n', ',');
      }
      yield ']}\n';
    }
  }
  await pipeline(lines(), createGzip(), createWriteStream(file, { mode: 0o600 }));
  return file;
}

/**
 * Reads every *.ndjson.gz under DIR (sorted by name, so runs replay in order), checks the rows with
 * the same schemas as a live sync, and writes each window's rows to a staging file in stageDir.
 */
export async function readRawPages(dir: string, stageDir: string, unit: AmountUnit): Promise<WindowRead[]> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new ReconError('input', { id: 'replayNoFolder', dir });
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ndjson.gz')).sort();
  if (files.length === 0) throw new ReconError('input', { id: 'replayNoFiles', dir });
  const reads: WindowRead[] = [];
  for (const name of files) {
    const lines = createInterface({ input: createReadStream(join(dir, name)).pipe(createGunzip()), crlfDelay: Infinity });
    let lineNo = 0;
    try {
      for await (const line of lines) {
        lineNo++;
        if (line.trim() === '') continue;
        const where = `${name} line ${lineNo}`;
        let archived: ArchivedWindow;
        try {
          archived = JSON.parse(line) as ArchivedWindow;
        } catch (cause) {
          throw new ReconError('input', { id: 'replayNotJson', where, said: (cause as Error).message }, { cause });
        }
        const stageFile = join(stageDir, `replay-${reads.length + 1}.ndjson`);
        const lines = checkedLines(archived, where, unit);
        await writeFile(stageFile, lines.map((line) => `${line}\n`).join(''), { mode: 0o600 });
        // Rows the live run kept out are not archived (they are in that run's sync_rejects).
        reads.push({
          window: archived.window,
          total: archived.total,
          rows: lines.length,
          pages: archived.pages,
          attempts: archived.attempts,
          file: stageFile,
          rejected: 0,
        });
      }
    } catch (error) {
      if (error instanceof ReconError) throw error;
      throw new ReconError('input', { id: 'replayUnreadable', path: join(dir, name), said: (error as Error).message }, { cause: error });
    }
  }
  return reads;
}

/** A window's rows checked as a live sync checks them, as the lines of its staging file. */
function checkedLines(archived: ArchivedWindow, where: string, unit: AmountUnit): string[] {
  if (!archived.window || !Array.isArray(archived.rows)) throw new ReconError('input', { id: 'replayShape', where });
  const total = archived.rows.length;
  if (archived.window.stream === 'transactions') {
    return checkTransactionsPage({ total, page: 1, offset: 1, transactions: archived.rows }, where).rows.map((row) => JSON.stringify(row));
  }
  const listed = archived.rows.map((r) => (r as { raw?: unknown }).raw);
  const checked = checkOperationsPage({ total, page: 1, offset: 1, operations: listed }, where).rows as ApiOperation[];
  return checked.map((row) => operationLine(centsOfOperation(row, unit, where), JSON.stringify(row)).toString());
}
