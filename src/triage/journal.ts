// The triage store: an append-only NDJSON journal beside the warehouse (<warehouse>.triage/journal.ndjson).
// DuckDB has one writer and the nightly holds the warehouse for the whole night, so a note written on
// the page or the CLI while a night runs cannot go into the warehouse. Instead each writer appends one
// line with a single O_APPEND write of at most PIPE_BUF bytes (appends of several processes never
// interleave) and fsyncs before it answers, so an acknowledged note survives a crash. Readers (the
// nightly, the page, the CLI) fold the whole journal; a line that does not parse is reported and skipped,
// never fatal. Nothing is ever rewritten: the journal is the full history.
import { randomUUID } from 'node:crypto';
import { closeSync, createReadStream, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ReconError } from '../shared/errors.ts';
import { MAX_LINE_BYTES, triageEventSchema, type NewTriageEvent, type TriageEvent } from './events.ts';

/** The folder of the triage store for a warehouse file. */
export function triageDirFor(warehousePath: string): string {
  return `${warehousePath}.triage`;
}

export function journalPathFor(warehousePath: string): string {
  return join(triageDirFor(warehousePath), 'journal.ndjson');
}

export interface JournalProblem {
  line: number;
  problem: string;
}

export interface JournalRead {
  events: TriageEvent[];
  problems: JournalProblem[];
}

/** Stamps events with an id and the clock's instant, checking each fits one atomic line. */
function stampEvents(events: readonly NewTriageEvent[], nowMs: number): { event: TriageEvent; line: string }[] {
  const at = new Date(nowMs).toISOString();
  return events.map((e) => {
    const parsed = triageEventSchema.safeParse({ v: 1, id: randomUUID(), at, ...e });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ReconError('input', `triage ${e.action} of ${e.key.slice(0, 80)}: ${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}`);
    }
    const line = `${JSON.stringify(parsed.data)}\n`;
    if (Buffer.byteLength(line) > MAX_LINE_BYTES)
      throw new ReconError(
        'input',
        `triage ${e.action} of ${e.key.slice(0, 80)}: expected a note of at most about 1000 characters, got one too long to record`,
      );
    return { event: parsed.data, line };
  });
}

/**
 * Appends the events, one write(2) per line, then fsyncs: when this returns, they are on disk. The
 * folder and file are created with the given mode (the warehouse's).
 */
export function appendEvents(journalPath: string, events: readonly NewTriageEvent[], options: { nowMs: number; fileMode?: string }): TriageEvent[] {
  const stamped = stampEvents(events, options.nowMs);
  if (stamped.length === 0) return [];
  const mode = parseInt(options.fileMode ?? '0600', 8);
  let fd: number;
  try {
    mkdirSync(join(journalPath, '..'), { recursive: true, mode: mode | 0o700 });
    fd = openSync(journalPath, 'a', mode);
  } catch (cause) {
    throw new ReconError(
      'config',
      `the triage journal ${journalPath} cannot be written (${(cause as NodeJS.ErrnoException).code ?? 'error'}); expected a writable folder beside the warehouse`,
      {
        cause,
      },
    );
  }
  try {
    for (const { line } of stamped) {
      // Each line also starts with a newline: a line cut short by an earlier failed write (a full
      // disk) then ends there, and only that fragment is lost, never the next writer's event. The
      // reader skips the empty lines this leaves.
      const bytes = Buffer.from(`\n${line}`);
      const written = writeSync(fd, bytes);
      if (written !== bytes.length) throw new Error(`short write (${written} of ${bytes.length} bytes)`);
    }
    fsyncSync(fd);
  } catch (cause) {
    throw new ReconError('internal', `the triage journal ${journalPath} could not be appended to: ${(cause as Error).message}`, { cause });
  } finally {
    closeSync(fd);
  }
  return stamped.map((s) => s.event);
}

/**
 * Reads every event, in append order. A missing journal is an empty one. A line longer than
 * MAX_LINE_BYTES, not JSON, or not an event is a problem (line number and why), and is skipped; a last
 * line without its newline is a write still under way or cut by a crash, and is skipped too.
 */
export async function readJournal(journalPath: string): Promise<JournalRead> {
  const events: TriageEvent[] = [];
  const problems: JournalProblem[] = [];
  const seen = new Set<string>();
  let stream;
  try {
    stream = createReadStream(journalPath);
    await new Promise<void>((resolve, reject) => {
      stream!.once('open', () => resolve());
      stream!.once('error', reject);
    });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { events, problems };
    throw new ReconError('config', `the triage journal ${journalPath} cannot be read (${(cause as NodeJS.ErrnoException).code ?? 'error'})`, { cause });
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let lineNo = 0;
  const takeLine = (bytes: Buffer) => {
    lineNo += 1;
    if (tooLong) {
      problems.push({ line: lineNo, problem: `longer than ${MAX_LINE_BYTES} bytes` });
      return;
    }
    const text = bytes.toString('utf8').trim();
    if (text === '') return;
    const event = parseLine(text);
    if (typeof event === 'string') problems.push({ line: lineNo, problem: event });
    else if (!seen.has(event.id)) {
      seen.add(event.id);
      events.push(event);
    }
  };
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (!tooLong && pendingBytes + piece.length <= MAX_LINE_BYTES) pending.push(piece);
      else tooLong = true;
      takeLine(Buffer.concat(pending));
      pending = [];
      pendingBytes = 0;
      tooLong = false;
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (!tooLong && pendingBytes + rest.length <= MAX_LINE_BYTES) {
      pending.push(rest);
      pendingBytes += rest.length;
    } else {
      tooLong = true;
      pending = [];
      pendingBytes = 0;
    }
  }
  if (pendingBytes > 0 || tooLong) problems.push({ line: lineNo + 1, problem: 'the last line has no newline (a write cut short); skipped' });
  return { events, problems };
}

function parseLine(text: string): TriageEvent | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const parsed = triageEventSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  return `not a triage event (${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'})`;
}
