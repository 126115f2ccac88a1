// Alerts to real loopback receivers: a webhook that fails first (retried) and an SMTP server with a
// login whose password comes from the environment. Each finding alerts once when new and once when it
// turns overdue; an alert that cannot be delivered is reported, never thrown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema, type AlertsConfig } from '../../src/config/schema.ts';
import { composeFailedAlert, composeNightAlerts } from '../../src/alerts/compose.ts';
import { sendAlerts } from '../../src/alerts/send-alerts.ts';
import { fixedClock } from '../../src/shared/clock.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { fingerprintOf, type FindingRow } from '../../src/triage/finding-rows.ts';
import { viewsOf } from '../../src/triage/fold.ts';
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { runNightly } from '../../jobs/nightly.ts';
import { SANDBOX_HEADER, sandboxRow } from '../imports/helpers.ts';

const ZONE = 'America/Sao_Paulo';
/** The alerts under test speak English unless a test says otherwise. */
const EN = messagesFor('en');
const dir = mkdtempSync(join(tmpdir(), 'recon-alerts-'));
const journal = journalPathFor(join(dir, 'recon.duckdb'));

// A webhook receiver that answers 500 to the first `failFirst` requests, then 200.
const hook = { bodies: [] as any[], requests: 0, failFirst: 0 };
let http: Server;
let hookUrl = '';
// An SMTP server that wants a login.
const mails: { from: string; to: string[]; data: string; user: string | undefined }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  http = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      hook.requests += 1;
      if (hook.requests <= hook.failFirst) {
        res.writeHead(500).end('busy');
        return;
      }
      hook.bodies.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/services/T0/B0/secret-path`;
  smtp = new SMTPServer({
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === 'recon' && auth.password === 'smtp-pass-123') done(null, { user: 'recon' });
      else done(new Error('Invalid username or password'));
    },
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
          user: session.user as string,
        });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((r) => http.close(() => r()));
  await new Promise<void>((r) => smtp.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const alertsConfig = (over: Record<string, unknown> = {}): AlertsConfig =>
  configSchema.parse({
    alerts: {
      webhooks: [{ url: hookUrl, on: ['new', 'overdue', 'failed'] }],
      email: {
        host: '127.0.0.1',
        port: smtpPort,
        tls: 'none',
        user: 'recon',
        passwordEnv: 'TEST_SMTP_PASSWORD',
        from: 'recon@shop.example',
        to: ['finance@shop.example'],
      },
      pageUrl: 'https://recon.shop.example/',
      timeoutMs: 2000,
      maxAttempts: 3,
      baseDelayMs: 1,
      ...over,
    },
  }).alerts;

function row(key: string, category: FindingRow['category'], state: FindingRow['state'], firstSeen: string, cents: bigint): FindingRow {
  const values = {
    itemId: key,
    operationId: null,
    transactionIds: null,
    orderStatus: 'paid',
    paymentStatus: null,
    orderAmountCents: cents,
    paymentAmountCents: null,
    differenceCents: null,
  };
  return { key, category, state, firstSeen, businessDate: firstSeen, runId: 'r', reason: 'x', facts: null, ...values, fingerprint: fingerprintOf(values) };
}

const deps = { logger: silentLogger, clock: fixedClock(Date.parse('2026-03-11T05:00:00Z')), env: { TEST_SMTP_PASSWORD: 'smtp-pass-123' } };
const slaDays = configSchema.parse({}).reconcile.slaDays;

/** One night: fold the journal onto the rows, compose, send, note what was alerted. */
async function night(date: string, rows: FindingRow[], config = alertsConfig()) {
  const { events } = await readJournal(journal);
  // The rows of night `date`: their deadlines are judged on it.
  const nightRows = rows.map((r) => ({ ...r, businessDate: date }));
  const views = viewsOf(nightRows, events, { slaDays, zone: ZONE });
  const alerts = composeNightAlerts({ night: date, rows: nightRows, views, pageUrl: config.pageUrl, messages: EN });
  return sendAlerts(deps, config, alerts, { journalPath: journal, night: date, fileMode: '0600' });
}

describe('alerts after a night', () => {
  it('tells of new findings once, by webhook (retried after a failure) and by e-mail with the password from the environment', async () => {
    hook.failFirst = 1;
    const rows = [row('missing_payment:A', 'missing_payment', 'new', '2026-03-10', 10000n), row('refund_owed:B', 'refund_owed', 'new', '2026-03-10', 2550n)];
    const outcome = await night('2026-03-10', rows);
    expect(outcome.failed).toEqual([]);
    expect(outcome.sent).toEqual([
      { channel: `webhook ${new URL(hookUrl).origin}`, kind: 'new', findings: 2, attempts: 2 },
      { channel: `email 127.0.0.1:${smtpPort}`, kind: 'new', findings: 2, attempts: 1 },
    ]);
    expect(hook.bodies).toHaveLength(1);
    expect(hook.bodies[0].text).toBe('recon, night of 2026-03-10: 2 new findings, R$ 125.50 at stake');
    expect(hook.bodies[0].blocks[0].text.text).toContain('• missing_payment: 1 (R$ 100.00)');
    expect(hook.bodies[0].blocks[0].text.text).toContain('<https://recon.shop.example/nights/2026-03-10|Open the night>');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'recon@shop.example', to: ['finance@shop.example'], user: 'recon' });
    expect(mails[0]?.data).toContain('Subject: recon, night of 2026-03-10: 2 new findings');

    // The next night the same findings are open: nothing new to tell, nothing sent.
    const open = rows.map((r) => ({ ...r, state: 'open' as const }));
    const quiet = await night('2026-03-11', open);
    expect(quiet).toEqual({ sent: [], failed: [] });
    expect(hook.bodies).toHaveLength(1);

    // Past its deadline (2 days for a missing payment): alerted once as overdue, then never again.
    const late = await night('2026-03-13', open);
    expect(late.sent.map((s) => [s.kind, s.findings])).toEqual([
      ['overdue', 1],
      ['overdue', 1],
    ]);
    expect(hook.bodies[1].text).toBe('recon, night of 2026-03-13: 1 finding past the deadline, R$ 100.00 at stake');
    expect(await night('2026-03-14', open)).toEqual({ sent: [], failed: [] });
    const { events } = await readJournal(journal);
    expect(events.filter((e) => e.action === 'alerted').map((e) => [e.key, e.kind, e.night])).toEqual([
      ['missing_payment:A', 'new', '2026-03-10'],
      ['refund_owed:B', 'new', '2026-03-10'],
      ['missing_payment:A', 'overdue', '2026-03-13'],
    ]);
  });

  it('an undeliverable alert is reported after its retries, never thrown, and alerts again next time', async () => {
    hook.requests = 0;
    hook.failFirst = 1000;
    const config = alertsConfig({ email: undefined });
    const rows = [row('duplicate_charge:C', 'duplicate_charge', 'new', '2026-03-12', 500n)];
    const outcome = await night('2026-03-12', rows, config);
    expect(outcome.sent).toEqual([]);
    expect(outcome.failed).toEqual([{ channel: `webhook ${new URL(hookUrl).origin}`, kind: 'new', attempts: 3, error: 'answered HTTP 500' }]);
    expect(hook.requests).toBe(3);
    hook.failFirst = 0;
    expect((await night('2026-03-12', rows, config)).sent).toHaveLength(1);
  });

  it('says the password variable is missing without trying, and never puts the password or the hook path in a message', async () => {
    const outcome = await sendAlerts({ ...deps, env: {} }, alertsConfig({ webhooks: [] }), [composeFailedAlert('2026-03-12', 'sync failed', EN)], {
      journalPath: undefined,
      night: '2026-03-12',
      fileMode: '0600',
    });
    expect(outcome.failed[0]?.error).toMatch(/passwordEnv names TEST_SMTP_PASSWORD, which is not set/);
    const wrong = await sendAlerts(
      { ...deps, env: { TEST_SMTP_PASSWORD: 'wrong-password-456' } },
      alertsConfig({ webhooks: [], maxAttempts: 1 }),
      [composeFailedAlert('2026-03-12', 'x', EN)],
      {
        journalPath: undefined,
        night: '2026-03-12',
        fileMode: '0600',
      },
    );
    expect(wrong.failed[0]?.error).toMatch(/^SMTP 535/);
    expect(JSON.stringify([outcome, wrong])).not.toMatch(/wrong-password-456|secret-path/);
  });

  it('tells of a failed night on the channels that want it', async () => {
    const before = hook.bodies.length;
    const outcome = await sendAlerts(
      deps,
      alertsConfig({ email: undefined }),
      [composeFailedAlert('2026-03-12', 'the payments service could not be reached', EN, 'https://recon.shop.example')],
      {
        journalPath: journal,
        night: '2026-03-12',
        fileMode: '0600',
      },
    );
    expect(outcome.sent).toEqual([{ channel: `webhook ${new URL(hookUrl).origin}`, kind: 'failed', findings: 0, attempts: 1 }]);
    expect(hook.bodies[before].text).toBe('recon: the night of 2026-03-12 failed');
  });
});

describe('the nightly job', () => {
  it('alerts a failed night, and the summary says what was sent', async () => {
    const before = hook.bodies.length;
    // A good export (the pre-check would refuse an empty one before the night starts): the sync is what fails.
    writeFileSync(join(dir, 'orders.csv'), [SANDBOX_HEADER, sandboxRow('A')].join('\n'));
    const config = configSchema.parse({
      timezone: ZONE,
      orders: { preset: 'recon-sandbox', path: join(dir, 'orders.csv') },
      reports: { outDir: join(dir, 'reports') },
      alerts: { webhooks: [{ url: hookUrl, on: ['failed'] }], maxAttempts: 1, timeoutMs: 2000 },
    });
    // Nothing listens on port 1: the sync fails, so does the night.
    const api = createPaymentsApi({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'test_abcdefghijkl',
      timeoutMs: 500,
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 },
    });
    const warehouse = await openWarehouse(join(dir, 'night.duckdb'));
    try {
      const run = runNightly(
        { db: warehouse.connection, api, clock: fixedClock(Date.parse('2026-03-12T12:00:00Z')), logger: silentLogger },
        { date: '2026-03-10' },
        config,
      );
      await expect(run).rejects.toThrow();
    } finally {
      warehouse.close();
    }
    expect(hook.bodies[before].text).toBe('recon: a noite de 10/03/2026 falhou'); // reports.locale is pt-BR by default;
    const summary = JSON.parse(readFileSync(join(dir, 'reports', '2026-03-10', 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ outcome: 'failed', alerts: { sent: [{ kind: 'failed', attempts: 1 }], failed: [] } });
  });
});

describe('the alerts config', () => {
  it.each([
    [{ webhooks: [{ url: 'http://hooks.example/x' }] }, /expected an https:\/\/ address \(http:\/\/ only on loopback\)/],
    [{ webhooks: [{ url: 'https://hooks.example/x', on: ['sometimes'] }] }, /on/],
    [{ email: { host: 'smtp', from: 'a@b', to: ['c@d'], password: 'x' } }, /unrecognized_keys.*password/],
    [{ email: { host: 'smtp', from: 'a@b', to: ['c@d'], passwordEnv: 'not a name' } }, /name of an environment variable/],
  ])('refuses %j', (alerts, message) => {
    const parsed = configSchema.safeParse({ alerts });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(message);
  });
});

describe('alerts in the locale', () => {
  const rows = [row('missing_payment:A', 'missing_payment', 'new', '2026-03-10', 123456n), row('refund_owed:B', 'refund_owed', 'new', '2026-03-10', 2550n)];
  const views = viewsOf(rows, [], { slaDays, zone: ZONE });

  it.each([
    [
      'pt-BR',
      'recon, noite de 10/03/2026: 2 achados novos, R$ 1.260,06 em jogo',
      ['• Estorno devido: 1 (R$ 25,50)', '• Pagamento ausente: 1 (R$ 1.234,56)', 'Abrir a noite: https://x.example/nights/2026-03-10'],
      'recon: a noite de 12/03/2026 falhou',
    ],
    [
      'en',
      'recon, night of 2026-03-10: 2 new findings, R$ 1,260.06 at stake',
      ['• missing_payment: 1 (R$ 1,234.56)', '• refund_owed: 1 (R$ 25.50)', 'Open the night: https://x.example/nights/2026-03-10'],
      'recon: the night of 2026-03-12 failed',
    ],
  ] as const)('%s: categories by their labels, money and counts by the locale’s formatter', (locale, subject, lines, failed) => {
    const messages = messagesFor(locale);
    const [alert] = composeNightAlerts({ night: '2026-03-10', rows, views, pageUrl: 'https://x.example', messages });
    expect(alert?.subject).toBe(subject);
    for (const line of lines) expect(alert?.text).toContain(line);
    expect(composeFailedAlert('2026-03-12', 'boom', messages).subject).toBe(failed);
  });
});
