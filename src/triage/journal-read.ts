// Reading the triage journal: every event in append order, bounded, and only what is new since the last
// read. A journal is append-only, so a read keeps a checkpoint beside it (journal.checkpoint.json: the
// offset of the last whole line read, the events up to it, the count of skipped lines) and the next read
// starts there. A journal of a million junk lines then costs one read, not one per night and per page
// load (45 s a night and 11-16 s a page load before). A checkpoint that does not fit the journal (the
// journal was replaced, cut, or the bytes before the offset differ) is ignored: the read starts over.
//
// Bounds (triage.journalMaxBytes, triage.journalMaxLines): a read stops at either; what lies beyond is
// one problem, never read. recon itself never appends past journalMaxBytes (journal.ts), and a genuine
// event is over 100 bytes, so only lines recon did not write can reach journalMaxLines first.
import { createHash } from 'node:crypto';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { bytesOfSize, type TriageConfig } from '../config/schema.ts';
import { writeExclusiveFile } from '../shared/exclusive-file.ts';
import { ReconError } from '../shared/errors.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
import type { LogSentence, Said } from '../shared/locale/log-params.ts';
import { MAX_LINE_BYTES, triageEventSchema, type TriageEvent } from './events.ts';

export interface JournalProblem {
  line: number;
  /** A sentence of recon's; a string in a checkpoint written before problems were sentences. */
  problem: Said;
}

/** The sentences a journal problem may be: a checkpoint holding any other is not trusted. */
const PROBLEM_IDS: ReadonlySet<string> = new Set([
  'journalLineTooLong',
  'journalLineNotJson',
  'journalLineNotEvent',
  'journalPastBound',
  'journalLastLineOpen',
]);

export interface JournalRead {
  events: TriageEvent[];
  /** The first problems, by line (at most MAX_LISTED_PROBLEMS): what a log or the CLI names. */
  problems: JournalProblem[];
  /** Every line skipped, named in `problems` or not. */
  skipped: number;
}

export interface JournalBounds {
  maxBytes: number;
  maxLines: number;
}

export const DEFAULT_JOURNAL_BOUNDS: JournalBounds = Object.freeze({ maxBytes: 64 * 2 ** 20, maxLines: 2_000_000 });

/** The bounds the config sets (triage.*). */
export function journalBoundsOf(triage: Pick<TriageConfig, 'journalMaxBytes' | 'journalMaxLines'>): JournalBounds {
  return { maxBytes: bytesOfSize(triage.journalMaxBytes), maxLines: triage.journalMaxLines };
}

/**
 * What a log or a terminal says of the skipped lines: one line whatever their number (a million junk
 * lines once made a million log lines, 1.19 GB through a pipe), naming the first few.
 */
export function skippedLinesWarning(journalPath: string, read: JournalRead): LogSentence | undefined {
  if (read.problems.length === 0) return undefined;
  return { id: 'journalLinesSkipped', path: journalPath, skipped: read.skipped, problems: read.problems };
}

const MAX_LISTED_PROBLEMS = 20;
const CHUNK_BYTES = 1 << 20;
/** The bytes before the checkpoint's offset it holds a hash of: enough to tell another journal. */
const PROOF_BYTES = 4096;

interface Checkpoint {
  v: 1;
  offset: number;
  lines: number;
  proof: string;
  skipped: number;
  problems: JournalProblem[];
  events: TriageEvent[];
}

export function checkpointPathFor(journalPath: string): string {
  return join(journalPath, '..', 'journal.checkpoint.json');
}

/**
 * Every event, in append order, each id once. A missing journal is an empty one. A line longer than
 * MAX_LINE_BYTES, not JSON, or not an event is skipped and counted; a last line without its newline is a
 * write still under way or cut by a crash: it is left for the next read.
 */
export async function readJournal(journalPath: string, bounds: JournalBounds = DEFAULT_JOURNAL_BOUNDS): Promise<JournalRead> {
  let file;
  try {
    file = await open(journalPath, 'r');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { events: [], problems: [], skipped: 0 };
    throw new ReconError(
      'config',
      { id: 'besideWarehouse', what: 'journal', path: journalPath, verb: 'read', code: (cause as NodeJS.ErrnoException).code ?? 'error', expected: null },
      { cause },
    );
  }
  try {
    const size = (await file.stat()).size;
    const start = (await checkpointThatFits(journalPath, file, size)) ?? { v: 1, offset: 0, lines: 0, proof: '', skipped: 0, problems: [], events: [] };
    const state = { ...start, problems: [...start.problems], events: [...start.events] };
    const seen = new Set(state.events.map((e) => e.id));
    const problem = (line: number, why: ErrorSentence) => {
      state.skipped += 1;
      if (state.problems.length < MAX_LISTED_PROBLEMS) state.problems.push({ line, problem: why });
    };
    const end = Math.min(size, bounds.maxBytes);
    let cut = false;
    let pending = Buffer.alloc(0);
    let at = state.offset;
    while (at < end && !cut) {
      const buffer = Buffer.alloc(Math.min(CHUNK_BYTES, end - at));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) break;
      // The new bytes start at file offset `at` and at index pending.length of the chunk; a newline is
      // never in `pending`, so the offset after a line's newline is at + (index + 1 - pending.length).
      const chunk = pending.length > 0 ? Buffer.concat([pending, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
        if (state.lines >= bounds.maxLines) {
          cut = true;
          break;
        }
        state.lines += 1;
        takeLine(chunk.subarray(from, nl), state.lines, problem, seen, state.events);
        from = nl + 1;
      }
      if (from > 0) state.offset = at + from - pending.length;
      at += bytesRead;
      // An over-long line is skipped as it streams by: only its start is kept, never all of it.
      pending = chunk.subarray(from);
      if (pending.length > MAX_LINE_BYTES + 1) pending = Buffer.from(pending.subarray(0, MAX_LINE_BYTES + 1));
    }
    const read: JournalRead = { events: state.events, problems: [...state.problems], skipped: state.skipped };
    if (cut || size > bounds.maxBytes) {
      read.skipped += 1;
      read.problems.push({
        line: state.lines + 1,
        problem: cut
          ? { id: 'journalPastBound', key: 'triage.journalMaxLines', limit: bounds.maxLines }
          : { id: 'journalPastBound', key: 'triage.journalMaxBytes', limit: bounds.maxBytes },
      });
    } else if (size > state.offset) {
      read.problems.push({ line: state.lines + 1, problem: { id: 'journalLastLineOpen' } });
    }
    if (state.offset > start.offset) await saveCheckpoint(journalPath, file, state);
    return read;
  } finally {
    await file.close();
  }
}

function takeLine(bytes: Buffer, line: number, problem: (line: number, why: ErrorSentence) => void, seen: Set<string>, events: TriageEvent[]): void {
  if (bytes.length > MAX_LINE_BYTES) return problem(line, { id: 'journalLineTooLong', maxBytes: MAX_LINE_BYTES });
  // Most junk is not even the start of an object: told from its first byte, without decoding the line
  // or parsing it, for each of a million lines.
  let first = 0;
  while (first < bytes.length && (bytes[first] === 32 || bytes[first] === 9 || bytes[first] === 13)) first += 1;
  if (first === bytes.length) return;
  if (bytes[first] !== 123) return problem(line, { id: 'journalLineNotJson' });
  const parsed = parseLine(bytes.toString('utf8').trim());
  if ('problem' in parsed) return problem(line, parsed.problem);
  const { event } = parsed;
  if (seen.has(event.id)) return;
  seen.add(event.id);
  events.push(event);
}

function parseLine(text: string): { event: TriageEvent } | { problem: ErrorSentence } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: { id: 'journalLineNotJson' } };
  }
  const parsed = triageEventSchema.safeParse(raw);
  if (parsed.success) return { event: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: { id: 'journalLineNotEvent', path: issue?.path.join('.') || 'line', said: issue?.message ?? 'invalid' } };
}

/** A problem a checkpoint may hold: a line number and a string (an older checkpoint's) or a known sentence. */
function isKnownProblem(p: unknown): boolean {
  const { line, problem } = (p ?? {}) as { line?: unknown; problem?: unknown };
  if (typeof line !== 'number') return false;
  return typeof problem === 'string' || (typeof problem === 'object' && problem !== null && PROBLEM_IDS.has(String((problem as { id?: unknown }).id)));
}

type Handle = Awaited<ReturnType<typeof open>>;

async function proofAt(file: Handle, offset: number): Promise<string> {
  const length = Math.min(PROOF_BYTES, offset);
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, offset - length);
  return createHash('sha256').update(buffer.subarray(0, bytesRead)).update(String(offset)).digest('hex');
}

async function checkpointThatFits(journalPath: string, file: Handle, size: number): Promise<Checkpoint | undefined> {
  let checkpoint: Checkpoint;
  try {
    checkpoint = JSON.parse(await readFile(checkpointPathFor(journalPath), 'utf8')) as Checkpoint;
  } catch {
    return undefined;
  }
  if (checkpoint?.v !== 1 || !Number.isSafeInteger(checkpoint.offset) || checkpoint.offset <= 0 || checkpoint.offset > size) return undefined;
  if (!Array.isArray(checkpoint.events) || !Array.isArray(checkpoint.problems) || typeof checkpoint.skipped !== 'number') return undefined;
  if (!checkpoint.problems.every(isKnownProblem)) return undefined;
  if ((await proofAt(file, checkpoint.offset)) !== checkpoint.proof) return undefined;
  // The checkpoint sits in the same 0700 folder as the journal: whoever can write it can write the
  // journal itself. Its events are checked all the same, as the journal's lines are.
  if (!checkpoint.events.every((e) => triageEventSchema.safeParse(e).success)) return undefined;
  return checkpoint;
}

/** Written beside the journal through a partial file and a rename; a read that cannot write it still answers. */
async function saveCheckpoint(journalPath: string, file: Handle, state: Checkpoint): Promise<void> {
  const path = checkpointPathFor(journalPath);
  const partial = `${path}.${process.pid}.partial`;
  try {
    const body = JSON.stringify({ ...state, proof: await proofAt(file, state.offset) });
    writeExclusiveFile(partial, body, 0o600);
    await rename(partial, path);
  } catch {
    // A read-only folder: the next read starts from the journal's beginning, as before checkpoints.
  }
}
