// Downloads of every report file over real HTTP, with what the server logs captured: a complete
// download logs no warning however the client closes its connection (even at once after the last
// byte, as browsers and curl do), and a client that aborts mid-download gets its stream and file
// handle closed, an event rather than a warning, and no unhandled error.
import { readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownFileNames } from '../../src/serve/report-files.ts';
import { REPORT_CATALOG } from '../../reports/index.ts';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { get, optionsFor, recordingLogger, type LogLine } from './http.ts';

const BIG_BYTES = 32 << 20;

let run: TwoNights;
let server: RunningServer;
let bigFile: string;
const lines: LogLine[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

beforeAll(async () => {
  run = await runTwoNights();
  // A report big enough that a client can hang up long before the last byte.
  bigFile = join(run.config.reports.outDir, NIGHTS[0], 'refunds.csv');
  writeFileSync(bigFile, Buffer.alloc(BIG_BYTES, 'x'));
  server = await startReportServer(optionsFor(run, { logger: recordingLogger(lines) }));
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
}, 60_000);

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await server?.close();
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

const present = () =>
  NIGHTS.flatMap((date) =>
    knownFileNames(REPORT_CATALOG.reportNames)
      // A stopped night's rows kept out, and the month's close (written on a month's last night), are not every night's.
      .filter((file) => !file.startsWith('orders-rejected') && !file.startsWith('month-close'))
      .map((file) => [date, file] as const),
  );
const warnings = () => lines.filter((l) => l.level === 'warn').map((l) => l.text);
const fileRequests = () => lines.filter((l) => l.text === 'serve.request' && l.fields?.['route'] === 'file').length;

/** GET over a bare socket; `hangUp` 'at-end' closes the moment Content-Length bytes arrived, 'at-first-byte' mid-download. */
function rawGet(path: string, hangUp: 'at-end' | 'at-first-byte'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let head = Buffer.alloc(0);
    let length = -1;
    const body: Buffer[] = [];
    let bodyBytes = 0;
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      if (length < 0) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        length = Number(/content-length: (\d+)/i.exec(head.subarray(0, end).toString('latin1'))?.[1] ?? 0);
        chunk = head.subarray(end + 4);
      }
      body.push(chunk);
      bodyBytes += chunk.length;
      if (hangUp === 'at-first-byte' || bodyBytes >= length) {
        socket.destroy();
        resolve(Buffer.concat(body));
      }
    });
    socket.on('error', reject);
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Descriptors of this process (the server's) open on the file; Linux only, empty elsewhere. */
function openDescriptorsOn(path: string): string[] {
  let fds: string[];
  try {
    fds = readdirSync('/proc/self/fd');
  } catch {
    return [];
  }
  return fds.filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  });
}

describe('complete downloads', () => {
  it('log no warning, read in full or cut off by the client right after the last byte', async () => {
    const before = fileRequests();
    let requests = 0;
    for (const [date, file] of present()) {
      const expected = readFileSync(join(run.config.reports.outDir, date, file));
      expect((await get(server.url, `/nights/${date}/${file}`)).body.equals(expected)).toBe(true);
      expect((await get(server.url, `/nights/${date}/${file}`, {}, 'HEAD')).status).toBe(200);
      requests += 2;
      for (let round = 0; round < 10; round++) {
        expect((await rawGet(`/nights/${date}/${file}`, 'at-end')).equals(expected)).toBe(true);
        requests += 1;
      }
    }
    await until(() => fileRequests() - before >= requests, 'every request to be logged');
    expect(warnings()).toEqual([]);
    expect(lines.filter((l) => l.text === 'serve.download.aborted')).toEqual([]);
  }, 120_000);
});

describe('a client that aborts mid-download', () => {
  it('gets its stream closed: no warning, an aborted event, no descriptor left open, no unhandled error', async () => {
    const before = fileRequests();
    const body = await rawGet(`/nights/${NIGHTS[0]}/refunds.csv`, 'at-first-byte');
    expect(body.length).toBeLessThan(BIG_BYTES);
    await until(() => fileRequests() > before, 'the aborted request to be logged');
    expect(lines.filter((l) => l.text === 'serve.download.aborted').map((l) => l.fields)).toEqual([{ date: NIGHTS[0], file: 'refunds.csv' }]);
    expect(warnings()).toEqual([]);
    await until(() => openDescriptorsOn(bigFile).length === 0, 'the file handle to be closed');
    // The server goes on serving, the same file included.
    expect((await get(server.url, `/nights/${NIGHTS[0]}/refunds.csv`)).body.length).toBe(BIG_BYTES);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
