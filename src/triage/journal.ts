// The triage store: an append-only NDJSON journal beside the warehouse (<warehouse>.triage/journal.ndjson).
// DuckDB has one writer and the nightly holds the warehouse for the whole night, so a note written on
// the page or the CLI while a night runs cannot go into the warehouse. Instead each writer appends one
// line with a single O_APPEND write of at most PIPE_BUF bytes (appends of several processes never
// interleave) and fsyncs before it answers, so an acknowledged note survives a crash. Readers (the
// nightly, the page, the CLI) fold the journal from a checkpoint (journal-read.ts); a line that does not
// parse is counted and skipped, never fatal. Nothing is ever rewritten: the journal is the full history.
// It is bounded (triage.journalMaxBytes): past it an append is refused with a sentence saying so, never
// written where no reader would read it.
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ReconError } from '../shared/errors.ts';
import { MAX_LINE_BYTES, triageEventSchema, type NewTriageEvent, type TriageEvent } from './events.ts';
import { DEFAULT_JOURNAL_BOUNDS } from './journal-read.ts';

/** The folder of the triage store for a warehouse file. */
export function triageDirFor(warehousePath: string): string {
  return `${warehousePath}.triage`;
}

export function journalPathFor(warehousePath: string): string {
  return join(triageDirFor(warehousePath), 'journal.ndjson');
}

// Reading (bounded, from a checkpoint) is journal-read.ts; the callers know one module.
export { readJournal, type JournalProblem } from './journal-read.ts';

/** Stamps events with an id and the clock's instant, checking each fits one atomic line. */
function stampEvents(events: readonly NewTriageEvent[], nowMs: number): { event: TriageEvent; line: string }[] {
  const at = new Date(nowMs).toISOString();
  return events.map((e) => {
    const parsed = triageEventSchema.safeParse({ v: 1, id: randomUUID(), at, ...e });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ReconError('input', {
        id: 'triageEventInvalid',
        action: e.action,
        key: e.key.slice(0, 80),
        path: issue?.path.join('.') || 'event',
        said: issue?.message ?? 'invalid',
      });
    }
    const line = `${JSON.stringify(parsed.data)}\n`;
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) throw new ReconError('input', { id: 'noteTooLong', action: e.action, key: e.key.slice(0, 80) });
    return { event: parsed.data, line };
  });
}

/**
 * Appends the events, one write(2) per line, then fsyncs: when this returns, they are on disk. The
 * folder and file are created with the given mode (the warehouse's).
 */
export function appendEvents(
  journalPath: string,
  events: readonly NewTriageEvent[],
  options: { nowMs: number; fileMode?: string; maxBytes?: number | undefined },
): TriageEvent[] {
  const stamped = stampEvents(events, options.nowMs);
  if (stamped.length === 0) return [];
  const mode = parseInt(options.fileMode ?? '0600', 8);
  let fd: number;
  try {
    mkdirSync(join(journalPath, '..'), { recursive: true, mode: mode | 0o700 });
    fd = openSync(journalPath, 'a', mode);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code ?? 'error';
    throw new ReconError('config', { id: 'besideWarehouse', what: 'journal', path: journalPath, verb: 'written', code, expected: 'writableFolder' }, { cause });
  }
  try {
    const maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_BOUNDS.maxBytes;
    const adding = stamped.reduce((sum, s) => sum + Buffer.byteLength(s.line) + 1, 0);
    if (fstatSync(fd).size + adding > maxBytes) {
      throw new ReconError('input', { id: 'journalFull', path: journalPath, maxBytes });
    }
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
    if (cause instanceof ReconError) throw cause;
    throw new ReconError('internal', { id: 'journalAppendFailed', path: journalPath, said: (cause as Error).message }, { cause });
  } finally {
    closeSync(fd);
  }
  return stamped.map((s) => s.event);
}
