// The notifications inbox: an append-only NDJSON file beside the warehouse
// (<warehouse>.notifications/inbox.ndjson), one line per delivery kept, with the raw body as received,
// when, its kind and its identity. The receiver answers 200 only once its line is written and fsynced, and
// never needs the warehouse (whose one writer is the nightly): the nightly folds the inbox into the
// `notifications` table. A line cut by a crash is skipped by readers, and the next append starts on a
// fresh line, so a torn line never swallows a good one.
import { closeSync, createReadStream, fstatSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ReconError } from '../shared/errors.ts';
import type { NotificationKind } from './notification.ts';

export interface InboxLine {
  v: 1;
  received_at: string;
  kind: NotificationKind;
  /** JSON of [transaction id, status, date_updated]: the delivery's identity. */
  key: string;
  /** The body exactly as received (UTF-8 text). */
  body: string;
}

export function inboxPathFor(warehousePath: string): string {
  return join(`${warehousePath}.notifications`, 'inbox.ndjson');
}

/** An inbox held open for appending by one receiver. */
export class Inbox {
  private fd: number | undefined;

  constructor(
    readonly path: string,
    private readonly fileMode = 0o600,
  ) {}

  /** Appends one line and fsyncs it: when this returns, the delivery is on disk. */
  append(line: InboxLine): void {
    const fd = this.open();
    const bytes = Buffer.from(`${JSON.stringify(line)}\n`);
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done);
    fsyncSync(fd);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    try {
      mkdirSync(join(this.path, '..'), { recursive: true, mode: this.fileMode | 0o700 });
      const fd = openSync(this.path, 'a+', this.fileMode);
      // A last line cut by a crash gets its newline, so that the next line stands on its own.
      const size = fstatSync(fd).size;
      const last = Buffer.alloc(1);
      if (size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 10) writeSync(fd, '\n');
      this.fd = fd;
      return fd;
    } catch (cause) {
      throw new ReconError(
        'config',
        `the notifications inbox ${this.path} cannot be written (${(cause as NodeJS.ErrnoException).code ?? 'error'}); expected a writable folder beside the warehouse`,
        {
          cause,
        },
      );
    }
  }
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
              `the notifications inbox ${path} cannot be read (${error.code ?? 'error'}); expected a readable file beside the warehouse`,
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
    const ok = raw.v === 1 && typeof raw.received_at === 'string' && typeof raw.key === 'string' && typeof raw.body === 'string';
    return ok && (raw.kind === 'v1' || raw.kind === 'v3' || raw.kind === 'link') ? (raw as InboxLine) : undefined;
  } catch {
    return undefined;
  }
}
