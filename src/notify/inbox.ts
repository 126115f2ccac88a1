// The notifications inbox: an append-only NDJSON file beside the warehouse
// (<warehouse>.notifications/inbox.ndjson), one line per delivery kept, with the raw body as received,
// when, its kind and its identity. The receiver answers 200 only once its line is written and fsynced, and
// never needs the warehouse (whose one writer is the nightly): the nightly folds the inbox into the
// `notifications` table. A line cut by a crash is skipped by readers, and the next append starts on a
// fresh line, so a torn line never swallows a good one.
//
// Bounded: the inbox holds only what no night has folded yet. A night seals it (renames it to
// folding-<ms>.ndjson, atomic within the folder), folds the sealed files and deletes them once their rows
// are in the warehouse; the receiver then appends to a fresh inbox.ndjson. An append that raced a seal
// (the line landed in the sealed file after the night may have read it) is seen after its fsync, since
// the path no longer names the file written, and appended again to the fresh inbox: a line is never lost,
// at worst kept twice, and the fold is idempotent on the delivery's identity. Past its size or age
// bound the inbox takes nothing more: the receiver answers 503 and the service retries.
import { isUtf8 } from 'node:buffer';
import {
  closeSync,
  createReadStream,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { ReconError } from '../shared/errors.ts';
import type { NotificationKind } from './notification.ts';

export interface InboxLine {
  v: 1;
  received_at: string;
  kind: NotificationKind;
  /** JSON of [transaction id, status, date_updated]: the delivery's identity. */
  key: string;
  /** The body as received when it is valid UTF-8; else its text with U+FFFD where bytes were invalid. */
  body: string;
  /** The body's bytes exactly as received, base64, when they are not valid UTF-8 (body cannot hold them). */
  body_base64?: string;
}

/** The body's fields of an inbox line: its text, and its bytes too when the text cannot carry them. */
export function bodyFieldsOf(bytes: Buffer): Pick<InboxLine, 'body' | 'body_base64'> {
  const body = bytes.toString('utf8');
  return isUtf8(bytes) ? { body } : { body, body_base64: bytes.toString('base64') };
}

interface InboxBounds {
  /** The largest the inbox may grow, bytes. */
  maxBytes: number;
  /** The longest its oldest line may wait for a fold, ms. */
  maxAgeMs: number;
}

/** Why an append was not kept: the inbox is past its size or its age bound. */
export type InboxRefusal = 'full' | 'stale';

const SEALED = /^folding-\d{13}-\d+\.ndjson$/;

export function inboxPathFor(warehousePath: string): string {
  return join(`${warehousePath}.notifications`, 'inbox.ndjson');
}

/** An inbox held open for appending by one receiver. */
export class Inbox {
  private fd: number | undefined;
  /** received_at (ms) of the first line of the open file; undefined while it is empty. */
  private oldestAt: number | undefined;

  constructor(
    readonly path: string,
    private readonly fileMode = 0o600,
    private readonly bounds: InboxBounds = { maxBytes: Number.POSITIVE_INFINITY, maxAgeMs: Number.POSITIVE_INFINITY },
  ) {}

  /**
   * Appends one line and fsyncs it: when this returns undefined, the delivery is on disk in the file the
   * path names (again in the fresh inbox if a night sealed the one written meanwhile). A refusal writes nothing.
   */
  append(line: InboxLine, now: number): InboxRefusal | undefined {
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    for (;;) {
      const fd = this.open();
      const size = fstatSync(fd).size;
      if (size + bytes.length > this.bounds.maxBytes) return 'full';
      if (this.oldestAt !== undefined && now - this.oldestAt > this.bounds.maxAgeMs) return 'stale';
      let done = 0;
      while (done < bytes.length) done += writeSync(fd, bytes, done);
      fsyncSync(fd);
      if (size === 0) this.oldestAt = Date.parse(line.received_at);
      if (this.namesOpenFile(fd)) return undefined;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** Whether the path still names the open file (a night's seal renames it away). */
  private namesOpenFile(fd: number): boolean {
    try {
      const named = statSync(this.path);
      const open = fstatSync(fd);
      return named.ino === open.ino && named.dev === open.dev;
    } catch {
      return false;
    }
  }

  private open(): number {
    if (this.fd !== undefined) {
      if (this.namesOpenFile(this.fd)) return this.fd;
      this.close();
    }
    try {
      mkdirSync(dirname(this.path), { recursive: true, mode: this.fileMode | 0o700 });
      const fd = openSync(this.path, 'a+', this.fileMode);
      // A last line cut by a crash gets its newline, so that the next line stands on its own.
      const size = fstatSync(fd).size;
      const last = Buffer.alloc(1);
      if (size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 10) writeSync(fd, '\n');
      this.oldestAt = size > 0 ? firstReceivedAt(fd) : undefined;
      this.fd = fd;
      return fd;
    } catch (cause) {
      throw inboxError(this.path, cause, 'written');
    }
  }
}

/** received_at of a file's first line: every line starts {"v":1,"received_at":"..."; unreadable is now. */
function firstReceivedAt(fd: number): number | undefined {
  const head = Buffer.alloc(80);
  const read = readSync(fd, head, 0, head.length, 0);
  const at = /"received_at":"([^"]{1,40})"/.exec(head.subarray(0, read).toString('utf8'))?.[1];
  const ms = at === undefined ? Number.NaN : Date.parse(at);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Seals the inbox for a fold: renames inbox.ndjson (if any) to folding-<now>-<n>.ndjson beside it, and
 * returns every sealed file there, oldest first (those of a night that stopped before deleting its own too).
 */
export function sealInbox(path: string, now: number): string[] {
  const folder = dirname(path);
  try {
    // Never onto a sealed file a stopped night left (a frozen clock seals twice in one ms): rename replaces.
    let name: string;
    for (let n = 0; ; n++) {
      name = join(folder, `folding-${String(now).padStart(13, '0')}-${String(n).padStart(4, '0')}.ndjson`);
      if (!existsSync(name)) break;
    }
    renameSync(path, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw inboxError(path, error, 'sealed');
  }
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw inboxError(folder, error, 'read');
  }
  return names
    .filter((name) => SEALED.test(name))
    .sort()
    .map((name) => join(folder, name));
}

/** Deletes sealed files whose every line is in the warehouse. */
export function dropSealed(paths: readonly string[]): void {
  for (const path of paths) {
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw inboxError(path, error, 'deleted');
    }
  }
}

function inboxError(path: string, cause: unknown, verb: 'written' | 'read' | 'sealed' | 'deleted'): ReconError {
  const code = (cause as NodeJS.ErrnoException).code ?? 'error';
  return new ReconError('config', { id: 'besideWarehouse', what: 'inbox', path, verb, code, expected: 'writableFolder' }, { cause });
}

/** Every well-formed line of the inbox, in order; a missing inbox is an empty one, a broken line is skipped and counted. */
export async function readInbox(path: string, onLine: (line: InboxLine) => void | Promise<void>): Promise<{ lines: number; skipped: number }> {
  const stream = createReadStream(path);
  const opened = await new Promise<boolean>((resolve, reject) => {
    stream.once('open', () => resolve(true));
    stream.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT'
        ? resolve(false)
        : reject(
            new ReconError(
              'config',
              { id: 'besideWarehouse', what: 'inbox', path, verb: 'read', code: error.code ?? 'error', expected: 'readableFile' },
              { cause: error },
            ),
          ),
    );
  });
  if (!opened) return { lines: 0, skipped: 0 };
  let lines = 0;
  let skipped = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (text.trim() === '') continue;
    const line = parseLine(text);
    if (line === undefined) skipped++;
    else {
      lines++;
      await onLine(line);
    }
  }
  return { lines, skipped };
}

function parseLine(text: string): InboxLine | undefined {
  try {
    const raw = JSON.parse(text) as Partial<InboxLine>;
    const ok =
      raw.v === 1 &&
      typeof raw.received_at === 'string' &&
      typeof raw.key === 'string' &&
      typeof raw.body === 'string' &&
      (raw.body_base64 === undefined || typeof raw.body_base64 === 'string');
    return ok && (raw.kind === 'v1' || raw.kind === 'v3' || raw.kind === 'link') ? (raw as InboxLine) : undefined;
  } catch {
    return undefined;
  }
}
