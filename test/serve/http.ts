// Test helpers of the serve tests: raw HTTP requests (the path is sent byte for byte), server options
// over a fixture run, and a logger that records what the server says.
import { request } from 'node:http';
import type { ServeOptions } from '../../src/serve/server.ts';
import { REPORT_CATALOG } from '../../reports/index.ts';
import { silentLogger, type Logger } from '../../src/shared/log.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';
import { NOW, ZONE, type TwoNights } from './fixture.ts';

export function optionsFor(run: TwoNights, overrides: Partial<ServeOptions> = {}): ServeOptions {
  return {
    reportsDir: run.config.reports.outDir,
    warehousePath: run.config.warehouse.path,
    zone: ZONE,
    maskDocuments: true,
    host: '127.0.0.1',
    port: 0,
    token: undefined,
    clock: { now: () => NOW },
    logger: silentLogger,
    catalog: REPORT_CATALOG,
    // The serve tests read the page's English words; the Portuguese page has its own test.
    locale: 'en',
    slaDays: run.config.reconcile.slaDays,
    fileMode: run.config.warehouse.fileMode,
    ...overrides,
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** A request with the path sent byte for byte (fetch would normalise `..` away). */
export function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request with a body (a form or JSON), for the page's POSTs. */
export function send(base: string, path: string, body: string, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method, headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, text: data.toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface LogLine {
  level: 'event' | 'info' | 'warn';
  text: string;
  fields?: Record<string, unknown> | undefined;
}

/** A logger that keeps every line, to assert on what the server said. */
export function recordingLogger(lines: LogLine[]): Logger {
  return {
    event: (name, fields) => lines.push({ level: 'event', text: name, fields }),
    info: (sentence) => lines.push({ level: 'info', text: sayLog('en', sentence) }),
    warn: (sentence) => lines.push({ level: 'warn', text: sayLog('en', sentence) }),
    progress: () => ({ tick() {}, stop() {} }),
  };
}
