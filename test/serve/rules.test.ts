// The serve module's pure rules, table-driven: routing of raw paths, loopback detection, the token
// rule, HTML escaping, BRL text, chart shaping and the hint `npm start` prints.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { authorize, isLoopbackHost, sessionValueFor, tokenForHost, COOKIE_NAME } from '../../src/serve/auth.ts';
import { ageBucketOf, chargebacksByBrandAndAge, refundsPerDay } from '../../src/serve/chart-data.ts';
import { niceMax } from '../../src/serve/charts.ts';
import { formatEn } from '../../src/shared/locale/format-en.ts';
import { escapeHtml, html } from '../../src/serve/html.ts';
import { serveHintFor } from '../../src/serve/open-hint.ts';
import { ownCommandFor } from '../../src/cli/own-command.ts';
import { downloadNameOf, knownFileNames } from '../../src/serve/report-files.ts';
import { routeFor } from '../../src/serve/routes.ts';
import { isReconError } from '../../src/shared/errors.ts';
import { parsePort, sandboxPaths } from '../../src/cli/commands/serve.ts';

const ZONE = 'America/Sao_Paulo';
const TOKEN = 'a-very-long-serve-token-0123456789';

describe('routes', () => {
  it.each([
    ['GET', '/', { kind: 'home' }],
    ['HEAD', '/?x=1', { kind: 'home' }],
    ['GET', '/nights/2026-03-10', { kind: 'night', date: '2026-03-10' }],
    ['GET', '/nights/2026-03-10/', { kind: 'night', date: '2026-03-10' }],
    ['GET', '/nights/2026-03-10/discrepancies.xlsx', { kind: 'file', date: '2026-03-10', file: 'discrepancies.xlsx' }],
    ['GET', '/static/table.js', { kind: 'static', name: 'table.js' }],
    ['GET', '/nights/2026-02-30', { kind: 'not_found' }],
    ['GET', '/nights/latest', { kind: 'not_found' }],
    ['GET', '/nights/..', { kind: 'not_found' }],
    ['GET', '/nights/%2e%2e/%2e%2e/recon.duckdb', { kind: 'not_found' }],
    ['GET', '/nights/2026-03-10/..%2f..%2frecon.duckdb', { kind: 'not_found' }],
    ['GET', '/nights/2026-03-10/..%5crecon.duckdb', { kind: 'not_found' }],
    ['GET', '/nights/2026-03-10/%2fetc%2fpasswd', { kind: 'not_found' }],
    ['GET', '/nights/2026-03-10/a%00.csv', { kind: 'not_found' }],
    ['GET', '//etc/passwd', { kind: 'not_found' }],
    ['GET', '/static/%zz', { kind: 'not_found' }],
    ['GET', '/nights/2026-03-10/discrepancies.xlsx/more', { kind: 'not_found' }],
    ['POST', '/', { kind: 'method_not_allowed' }],
    ['DELETE', '/nights/2026-03-10', { kind: 'method_not_allowed' }],
  ])('%s %s', (method, url, expected) => {
    expect(routeFor(method, url)).toEqual(expected);
  });
});

describe('files', () => {
  it('knows each report as xlsx and csv, and summary.json', () => {
    expect(knownFileNames(['discrepancies', 'refunds'])).toEqual([
      'discrepancies.xlsx',
      'discrepancies.csv',
      'discrepancies.br.csv',
      'refunds.xlsx',
      'refunds.csv',
      'refunds.br.csv',
      'summary.json',
    ]);
  });
  it.each([
    ['discrepancies.xlsx', 'discrepancies-2026-03-10.xlsx'],
    ['refunds.csv', 'refunds-2026-03-10.csv'],
    ['refunds.br.csv', 'refunds-2026-03-10.br.csv'],
  ])('%s downloads as %s', (file, name) => expect(downloadNameOf('2026-03-10', file)).toBe(name));
});

describe('auth', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.0.10', false],
    ['recon.example.com', false],
  ])('%s is loopback: %s', (host, loopback) => expect(isLoopbackHost(host)).toBe(loopback));

  it.each([
    ['127.0.0.1', undefined, 'ok'],
    ['127.0.0.1', TOKEN, 'ok'],
    ['0.0.0.0', undefined, 'config'],
    ['0.0.0.0', '', 'config'],
    ['0.0.0.0', 'short', 'config'],
    ['0.0.0.0', TOKEN, 'ok'],
  ])('host %s with token %s: %s', (host, token, expected) => {
    let outcome = 'ok';
    try {
      expect(tokenForHost(host, token)).toBe(token || undefined);
    } catch (error) {
      outcome = isReconError(error) ? error.code : 'other';
    }
    expect(outcome).toBe(expected);
  });

  it.each([
    ['no credentials', {}, false],
    ['Bearer token', { authorization: `Bearer ${TOKEN}` }, true],
    ['bearer, lower case', { authorization: `bearer ${TOKEN}` }, true],
    ['wrong Bearer', { authorization: `Bearer ${TOKEN}x` }, false],
    ['Basic scheme', { authorization: `Basic ${TOKEN}` }, false],
    ['session cookie', { cookie: `a=b; ${COOKIE_NAME}=${sessionValueFor(TOKEN)}` }, true],
    ['raw token as cookie', { cookie: `${COOKIE_NAME}=${TOKEN}` }, false],
    ['wrong ?token=', { path: '/?token=nope' }, false],
  ])('%s -> allowed %s', (_label, request: { authorization?: string; cookie?: string; path?: string }, allowed) => {
    expect(authorize(TOKEN, { authorization: request.authorization, cookie: request.cookie, rawUrl: request.path ?? '/' }).ok).toBe(allowed);
  });

  it('trades ?token= for a cookie and a redirect without the token', () => {
    expect(authorize(TOKEN, { rawUrl: `/nights/2026-03-10?token=${TOKEN}&x=1` })).toEqual({ ok: true, setCookieAndRedirect: '/nights/2026-03-10?x=1' });
  });
});

describe('display', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [`"><img src=x onerror='x'>`, '&quot;&gt;&lt;img src=x onerror=&#39;x&#39;&gt;'],
    ['a & b', 'a &amp; b'],
  ])('escapes %s', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
    expect(html`<td title="${text}">${text}</td>`.text).toBe(`<td title="${escaped}">${escaped}</td>`);
  });

  it.each([
    ['service', undefined, 'Open the reports page: npm exec recon -- serve, then http://127.0.0.1:8080/nights/2026-11-21'],
    ['sandbox', undefined, 'Open the reports page: npm exec recon -- serve --sandbox, then http://127.0.0.1:8080/nights/2026-11-21'],
    [
      'service',
      '/etc/recon/my config.json',
      "Open the reports page: npm exec recon -- serve --config '/etc/recon/my config.json', then http://127.0.0.1:8080/nights/2026-11-21",
    ],
  ] as const)('hint for %s with config %s', (source, configFile, hint) => {
    expect(serveHintFor({ date: '2026-11-21', source, configFile, command: 'npm exec recon --' })).toBe(hint);
  });

  it('says it in Portuguese under pt-BR', () => {
    expect(serveHintFor({ date: '2026-11-21', source: 'sandbox', command: 'npm exec recon --' }, 'pt-BR')).toBe(
      'Abra a página dos relatórios: npm exec recon -- serve --sandbox e depois http://127.0.0.1:8080/nights/2026-11-21',
    );
  });

  it('names this install: npm exec inside the project folder, the entry point elsewhere, never npx', () => {
    const root = join(import.meta.dirname, '..', '..');
    expect(ownCommandFor(root)).toBe('npm exec recon --');
    expect(ownCommandFor(tmpdir())).toBe(join(root, 'bin', 'recon.js'));
  });
});

describe('chart data', () => {
  it.each([
    [0, '0–30 days'],
    [30, '0–30 days'],
    [31, '31–60 days'],
    [90, '61–90 days'],
    [120, '91–120 days'],
    [121, 'over 120 days'],
  ])('%i days is in bucket %s', (days, bucket) => expect(ageBucketOf(days)).toBe(bucket));

  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [17, 20],
    [101, 200],
  ])('niceMax(%i) = %i', (value, max) => expect(niceMax(value)).toBe(max));

  it('counts refunds on their business day in the zone, exactly', () => {
    const at = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toMillis();
    const days = refundsPerDay(
      [
        { refundedMs: at('2026-03-10T23:59:59'), amountCents: 1001n },
        { refundedMs: at('2026-03-11T00:00:00'), amountCents: 2002n },
        { refundedMs: at('2026-03-11T12:00:00'), amountCents: 3n },
        { refundedMs: at('2026-01-01T12:00:00'), amountCents: 9n },
      ],
      ZONE,
      '2026-03-11',
      3,
    );
    expect(days).toEqual([
      { date: '2026-03-09', count: 0, cents: 0n },
      { date: '2026-03-10', count: 1, cents: 1001n },
      { date: '2026-03-11', count: 2, cents: 2005n },
    ]);
  });

  it('groups open chargebacks by brand and age since the chargeback', () => {
    const now = Date.parse('2026-03-12T05:00:00Z');
    const day = 86_400_000;
    const { bars } = chargebacksByBrandAndAge(
      [
        { brand: 'visa', chargedBackMs: now - 2 * day, amountCents: 100n },
        { brand: 'visa', chargedBackMs: now - 3 * day, amountCents: 250n },
        { brand: 'elo', chargedBackMs: now - 200 * day, amountCents: 7n },
      ],
      now,
      formatEn.money,
    );
    expect(bars.map((b) => [b.label, b.segments.map((s) => [s.key, s.value])])).toEqual([
      ['elo', [['over 120 days', 1]]],
      ['visa', [['0–30 days', 2]]],
    ]);
    expect(bars[1]?.segments[0]?.title).toBe('visa, 0–30 days: 2 open, R$ 3.50');
  });
});

describe('serve command arguments', () => {
  it.each([
    ['8080', 8080],
    ['0', 0],
    ['65535', 65535],
    ['65536', 'usage'],
    ['http', 'usage'],
    ['-1', 'usage'],
    ['80.5', 'usage'],
  ])('--port %s -> %s', (text, expected) => {
    let outcome: number | string;
    try {
      outcome = parsePort(text);
    } catch (error) {
      outcome = isReconError(error) ? error.code : 'other';
    }
    expect(outcome).toBe(expected);
  });

  it.each([
    [undefined, '/srv/app', '/srv/app/data/sandbox'],
    ['/etc/recon/recon.config.json', '/srv/app', '/etc/recon/data/sandbox'],
  ])('--sandbox with config %s from %s serves %s', (configFile, cwd, dataDir) => {
    expect(sandboxPaths(configFile, cwd)).toEqual({ warehousePath: `${dataDir}/recon.duckdb`, reportsDir: `${dataDir}/reports` });
  });
});
