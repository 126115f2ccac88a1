// `recon serve`'s HTTP server (node:http): security headers on every answer, the token rule when bound
// beyond loopback, a Host check against DNS rebinding on loopback, a session cookie, then the routes. GET
// only reads; the one POST route (actions on findings, action-route.ts) writes to the triage journal.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { settlementSchema } from '../config/bank-schema.ts';
import type { SettlementConfig } from '../config/schema.ts';
import type { Clock } from '../shared/clock.ts';
import { ReconError, saidOf } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { serveAction, type ActionRouteContext } from './action-route.ts';
import { authorize, isLoopbackHost, sessionCookieFor, tokenForHost } from './auth.ts';
import { cookieValue, createCsrfGuard } from './csrf.ts';
import { ACTOR_COOKIE, actorOf, createRateCap } from './page-actions.ts';
import { serveHome, serveNight, serveReportFile, serveStatic, type Respond, type SiteContext } from './handlers.ts';
import type { ReportCatalog } from './report-files.ts';
import { routeFor } from './routes.ts';
import { warehouseReaderFor } from './warehouse-reads.ts';
import type { WarehouseResources } from '../warehouse/memory-limit.ts';
import type { JournalBounds } from '../triage/journal-read.ts';
import { type Locale, messagesFor } from '../shared/locale/index.ts';
import type { CsvDialect } from '../report/types.ts';
import { FORECAST_LINES_FILE } from '../report/forecast-lines.ts';
import { serveForecastLines } from './forecast-lines-download.ts';

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  // Same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with a form POST, and
  // the origin check of the page's actions could not tell the page from another site.
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export interface ServeOptions {
  reportsDir: string;
  warehousePath: string;
  /** The process's memory budget and DuckDB's threads (warehouse.*), held by every read. */
  warehouseResources?: WarehouseResources | undefined;
  zone: string;
  maskDocuments: boolean;
  /** reports.csvDialect; "rfc4180" when absent. */
  csvDialect?: CsvDialect | undefined;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** RECON_SERVE_TOKEN; required when host is not loopback. */
  token: string | undefined;
  clock: Clock;
  logger: Logger;
  findingsLimit?: number;
  /** The report files and kept-out queries the page knows (reports/index.ts REPORT_CATALOG). */
  catalog: ReportCatalog;
  /** The language of the page (reports.locale). */
  locale: Locale;
  /** The card settlement contract of the night's cash forecast (the config's `settlement`; its defaults when absent). */
  settlement?: SettlementConfig | undefined;
  /** reconcile.slaDays: the deadlines the page's "overdue" view judges by. */
  slaDays: Readonly<Partial<Record<string, number>>>;
  /** warehouse.fileMode: the mode of the triage journal when the page creates it. */
  fileMode: string;
  /** triage.journalMaxBytes and journalMaxLines; the defaults when absent. */
  journal?: JournalBounds | undefined;
}

/** Most POSTs the server takes a minute: far above a person's clicks, far below a flood. */
const POSTS_PER_MINUTE = 120;

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startReportServer(options: ServeOptions): Promise<RunningServer> {
  const token = tokenForHost(options.host, options.token);
  const triage = {
    warehousePath: options.warehousePath,
    resources: options.warehouseResources,
    fileMode: options.fileMode,
    zone: options.zone,
    slaDays: options.slaDays,
    clock: options.clock,
    journal: options.journal,
  };
  const actions: ActionRouteContext = {
    csrf: createCsrfGuard(),
    allow: createRateCap(POSTS_PER_MINUTE, 60_000, () => performance.now()),
    triage,
    logger: options.logger,
    refused: messagesFor(options.locale).page.refused,
    locale: options.locale,
  };
  const site: SiteContext = {
    reportsDir: options.reportsDir,
    zone: options.zone,
    maskDocuments: options.maskDocuments,
    csvDialect: options.csvDialect ?? 'rfc4180',
    warehouse: warehouseReaderFor(options.warehousePath, options.warehouseResources),
    clock: options.clock,
    findingsLimit: options.findingsLimit ?? 5000,
    catalog: options.catalog,
    messages: messagesFor(options.locale),
    settlement: options.settlement ?? settlementSchema.parse({}),
    triage,
  };
  const server = createServer((req, res) => {
    const started = performance.now();
    handle(site, actions, token, req, res, options.logger)
      .catch((error: unknown) => {
        options.logger.warn({ id: 'serveRequestFailed', method: req.method ?? '?', said: saidOf(error) });
        if (!res.headersSent) plain(res, 500, 'Internal error: the page could not be built; see the server log.');
        else res.destroy();
      })
      .finally(() =>
        options.logger.event('serve.request', {
          method: req.method,
          route: routeFor(req.method ?? 'GET', req.url ?? '/').kind,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        }),
      );
  });
  await listen(server, options.host, options.port);
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    host: options.host,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new ReconError('usage', { id: 'serveListen', host, port, why: error.code ?? error.message, taken: error.code === 'EADDRINUSE' }, { cause: error }),
      ),
    );
    server.listen(port, host, () => resolve());
  });
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

async function handle(
  site: SiteContext,
  actions: ActionRouteContext,
  token: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
): Promise<void> {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  const rawUrl = req.url ?? '/';
  // Without a token only this machine may ask; a foreign Host header means a rebound DNS name.
  if (token === undefined && !isLoopbackHost(hostnameOf(req.headers.host))) return plain(res, 403, site.messages.page.refused.loopbackOnly);
  const decision = authorize(token, { authorization: req.headers.authorization, cookie: req.headers.cookie, rawUrl });
  if (!decision.ok)
    return plain(res, 401, site.messages.page.refused.token, {
      'WWW-Authenticate': 'Bearer realm="recon"',
    });
  if ('setCookieAndRedirect' in decision) {
    // A token in the address is traded for a cookie by a page load, never by a POST (it would lose the body).
    if (req.method === 'POST') return plain(res, 401, 'Unauthorized: open the page first, or send the token as "Authorization: Bearer <token>".');
    res.writeHead(303, { Location: decision.setCookieAndRedirect, 'Set-Cookie': sessionCookieFor(token!) });
    res.end();
    return;
  }
  const respond: Respond = (status, contentType, body, headers = {}) => {
    res.writeHead(status, { ...headers, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) });
    res.end(body);
  };
  const route = routeFor(req.method ?? 'GET', rawUrl);
  if (route.kind === 'action') return serveAction(actions, req, res);
  // Every page gets a session (also on loopback): the CSRF token of its forms is bound to it.
  const session = actions.csrf.sessionOf(req.headers.cookie);
  if (session.setCookie !== undefined) res.setHeader('Set-Cookie', session.setCookie);
  const visitor = {
    csrfToken: actions.csrf.tokenFor(session.id),
    actor: actorOf(cookieValue(req.headers.cookie, ACTOR_COOKIE)),
    query: new URLSearchParams(rawUrl.split('#')[0]?.split('?')[1] ?? ''),
  };
  const notFound = () => plain(res, 404, 'Not found.');
  switch (route.kind) {
    case 'home':
      return serveHome(site, respond);
    case 'night':
      if (!(await serveNight(site, route.date, visitor, respond))) notFound();
      return;
    case 'file': {
      // Every line of the night's forecast is written on request; the other files are the night's own.
      const sent =
        route.file === FORECAST_LINES_FILE
          ? await serveForecastLines(site, { date: route.date, method: req.method ?? 'GET' }, res)
          : await serveReportFile(site, route.date, route.file, res);
      if (sent === 'not_found') notFound();
      // The client went away mid-download: its choice, not a failure of the server.
      else if (sent === 'aborted') logger.event('serve.download.aborted', { date: route.date, file: route.file });
      // Answered with a 500 in the page's words already; the log keeps why.
      else if (typeof sent === 'object') logger.warn({ id: 'serveRequestFailed', method: req.method ?? '?', said: sent.failed });
      return;
    }
    case 'static':
      if (!(await serveStatic(route.name, respond))) notFound();
      return;
    case 'method_not_allowed':
      return plain(res, 405, 'Method not allowed: pages are read with GET; actions on findings are POSTs to /findings/actions.', {
        Allow: 'GET, HEAD',
      });
    case 'not_found':
      return notFound();
  }
}

function hostnameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.split(':')[0] ?? '';
}
