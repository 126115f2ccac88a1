// The notification receiver driven end to end by the sandbox's postbacks over loopback: deliveries kept
// in the inbox as received, retries after a 500 kept once, a bad signature refused with 401 and never
// written anywhere, retries of a kept delivery (also to a receiver restarted after it crashed between its
// append and its answer) answered 200 and not kept twice, the caps on body size and rate (the origin
// checked first, unsigned requests on a budget of their own), the inbox's size and age bounds (503), the
// bound on identities remembered, and a body that is not UTF-8 kept byte for byte.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Inbox, inboxPathFor, readInbox, type InboxLine } from '../../src/notify/inbox.ts';
import { signingSecretOf } from '../../src/notify/origin.ts';
import { startReceiver, type RunningReceiver } from '../../src/notify/receiver.ts';
import { generateHistory, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import type { Logger } from '../../src/shared/log.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-receive-'));
let sandbox: RunningSandbox;
const running: RunningReceiver[] = [];
const logged: string[] = [];
const logger: Logger = {
  event: (name, fields) => logged.push(`${name} ${JSON.stringify(fields)}`),
  info: (s) => logged.push(sayLog('en', s)),
  warn: (s) => logged.push(sayLog('en', s)),
  progress: () => ({ tick() {}, stop() {} }),
};

beforeAll(async () => {
  sandbox = await startSandbox({ history: generateHistory({ seed: 5, days: 1, perDay: 0, endDate: '2026-03-09' }), postbackRetryDelaysMs: [30, 30, 100, 200] });
});
afterEach(async () => {
  for (const r of running.splice(0)) await r.close();
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
interface Over {
  maxPerSecond?: number;
  maxUnsignedPerSecond?: number;
  maxRememberedDeliveries?: number;
  maxBodyBytes?: number;
  inboxMaxBytes?: number;
  inboxMaxAgeDays?: number;
  now?: () => number;
}

async function receiver(name: string, over: Over = {}) {
  const inbox = new Inbox(inboxPathFor(join(dir, `${name}.duckdb`)), 0o600, {
    maxBytes: over.inboxMaxBytes ?? 1 << 30,
    maxAgeMs: (over.inboxMaxAgeDays ?? 7) * 86_400_000,
  });
  const r = await startReceiver(
    {
      inbox,
      secret: signingSecretOf(sandbox.apiKey),
      clock: { now: over.now ?? Date.now },
      logger,
      maxBodyBytes: over.maxBodyBytes ?? 65_536,
      maxPerSecond: over.maxPerSecond ?? 1000,
      ...(over.maxUnsignedPerSecond === undefined ? {} : { maxUnsignedPerSecond: over.maxUnsignedPerSecond }),
      ...(over.maxRememberedDeliveries === undefined ? {} : { maxRememberedDeliveries: over.maxRememberedDeliveries }),
    },
    { port: 0, host: '127.0.0.1' },
  );
  running.push(r);
  return { r, inbox };
}

async function sell(postbackUrl: string, apiKey = sandbox.apiKey): Promise<string> {
  const res = await fetch(`${sandbox.url}/v1/transactions`, {
    method: 'POST',
    headers: { api_key: apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount: 10_299,
      net_value: 10_000,
      installments: '1',
      item_id: `PED-N${++n}`,
      card_holder_name: 'Ana Souza',
      card_number: '4111111111111111',
      card_expiration_date: '1230',
      card_cvv: '123',
      'customer[name]': 'Ana Souza',
      'customer[document_number]': '52998224725',
      postback_url: postbackUrl,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { transaction_id: string }).transaction_id;
}

async function linesOf(inbox: Inbox): Promise<InboxLine[]> {
  const lines: InboxLine[] = [];
  await readInbox(inbox.path, (l) => {
    lines.push(l);
  });
  return lines;
}

const postsTo = (url: string) => sandbox.state.postbacks.filter((p) => p.url.startsWith(url));

describe('recon receive', () => {
  it('keeps each status change the sandbox posts, body as received, and answers 200 once it is on disk', async () => {
    const { r, inbox } = await receiver('plain');
    const id = await sell(`${r.url}/postback`);
    await fetch(`${sandbox.url}/v1/transactions/${id}/refund`, { method: 'POST', headers: { api_key: sandbox.apiKey }, body: '{}' });
    await sandbox.drainPostbacks();
    const posts = postsTo(r.url);
    expect(posts.map((p) => p.status)).toEqual([200, 200]);
    const lines = await linesOf(inbox);
    expect(lines.map((l) => [l.kind, JSON.parse(l.key)[1]])).toEqual([
      ['v1', 'paid'],
      ['v1', 'refunded'],
    ]);
    expect(lines.map((l) => l.body)).toEqual(posts.map((p) => p.body));
  });

  it('answers a retry of a kept delivery 200 without keeping it twice, also after a restart (a crash between append and answer)', async () => {
    const { r, inbox } = await receiver('retried');
    await sell(`${r.url}/postback`);
    await sandbox.drainPostbacks();
    const post = postsTo(r.url)[0]!;
    const again = await fetch(r.url, { method: 'POST', headers: post.headers, body: post.body });
    expect([again.status, await again.text()]).toEqual([200, 'already kept']);
    await r.close();
    running.splice(0);
    // The service never saw the 200 of a receiver killed after its fsync: it retries, to the next receiver.
    const restarted = await receiver('retried');
    const retry = await fetch(restarted.r.url, { method: 'POST', headers: post.headers, body: post.body });
    expect([retry.status, await retry.text()]).toEqual([200, 'already kept']);
    expect(await linesOf(inbox)).toHaveLength(1);
  });

  it('answers 500 while the inbox cannot be written, and keeps the retry that follows once it can', async () => {
    const warehouse = join(dir, 'blocked.duckdb');
    const { r, inbox } = await receiver('blocked');
    writeFileSync(`${warehouse}.notifications`, 'a file where the inbox folder should be');
    await sell(`${r.url}/postback`);
    for (let i = 0; i < 100 && postsTo(r.url).length === 0; i++) await new Promise((done) => setTimeout(done, 5));
    rmSync(`${warehouse}.notifications`);
    await sandbox.drainPostbacks();
    const statuses = postsTo(r.url).map((p) => p.status);
    expect(statuses[0]).toBe(500);
    expect(statuses.at(-1)).toBe(200);
    expect(await linesOf(inbox)).toHaveLength(1);
    expect(logged.some((l) => l.includes('notification not kept') && l.includes('cannot be written'))).toBe(true);
  });

  it('refuses a bad signature with 401 and writes the header nowhere', async () => {
    const { r, inbox } = await receiver('forged');
    logged.length = 0;
    const forgedKey = 'test_not-the-merchants-key-42';
    await sell(`${r.url}/postback`, forgedKey);
    await sandbox.drainPostbacks();
    expect(postsTo(r.url).map((p) => p.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await linesOf(inbox)).toEqual([]);
    expect(logged.some((l) => l.includes('bad signature'))).toBe(true);
    expect(logged.join('\n')).not.toContain('not-the-merchants-key');
    expect(logged.join('\n')).not.toContain(signingSecretOf(sandbox.apiKey));
  });

  it.each([
    ['another User-Agent', { 'user-agent': 'curl/8' }, 401],
    ['no signature', { 'service-api-signature': undefined }, 401],
    ['a GET', { method: 'GET' }, 405],
    ['a body that is not JSON', { body: 'status=paid' }, 400],
    ['a body of no known shape', { body: '{"hello":"world"}' }, 400],
    ['a body over the cap', { body: `{"pad":"${'x'.repeat(70_000)}"}` }, 413],
  ])('refuses %s', async (_, change, status) => {
    const { r, inbox } = await receiver(`refuse-${status}-${Math.random()}`);
    const headers: Record<string, string> = {
      'user-agent': 'Service/1.0.0',
      'service-api-signature': signingSecretOf(sandbox.apiKey),
      'content-type': 'application/json',
    };
    for (const [k, v] of Object.entries(change)) {
      if (k === 'body' || k === 'method') continue;
      if (v === undefined) delete headers[k];
      else headers[k] = v as string;
    }
    const method = (change as { method?: string }).method ?? 'POST';
    const body =
      method === 'GET'
        ? undefined
        : ((change as { body?: string }).body ?? '{"event":"transaction_status_changed","transaction_id":"t","current_status":"paid","date_updated":"x"}');
    const res = await fetch(r.url, body === undefined ? { method, headers } : { method, headers, body });
    expect(res.status).toBe(status);
    expect(await linesOf(inbox)).toEqual([]);
  });

  const SIGNED = () => ({ 'user-agent': 'Service/1.0.0', 'service-api-signature': signingSecretOf(sandbox.apiKey), 'content-type': 'application/json' });
  const delivery = (id: string) =>
    JSON.stringify({ event: 'transaction_status_changed', transaction_id: id, current_status: 'paid', date_updated: '2026-03-09T10:00:00.000Z' });

  it('caps the rate: past maxPerSecond signed requests in a second, 429 with Retry-After', async () => {
    const { r } = await receiver('busy', { maxPerSecond: 2, now: () => 1_000_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(r.url, { method: 'GET', headers: SIGNED() });
      statuses.push(res.status);
      if (res.status === 429) expect(res.headers.get('retry-after')).toBe('1');
    }
    expect(statuses).toEqual([405, 405, 429, 429]);
  });

  it('checks the origin before any budget: an unsigned flood spends only its own, and a genuine delivery is kept', async () => {
    const { r, inbox } = await receiver('flooded', { maxPerSecond: 2, maxUnsignedPerSecond: 3, now: () => 2_000_000 });
    logged.length = 0;
    const flood = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(r.url, { method: 'POST', headers: { 'user-agent': 'Service/1.0.0' }, body: delivery('tr_forged') }).then((x) => x.status),
      ),
    );
    expect(flood.filter((s) => s === 401)).toHaveLength(3);
    expect(flood.filter((s) => s === 429)).toHaveLength(37);
    // Only the refusals within the unsigned budget are logged: a flood cannot flood the log either.
    expect(logged.filter((l) => l.startsWith('notification.refused'))).toHaveLength(3);
    const genuine = await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_genuine') });
    expect([genuine.status, await genuine.text()]).toEqual([200, 'kept']);
    expect((await linesOf(inbox)).map((l) => JSON.parse(l.key)[0])).toEqual(['tr_genuine']);
  });

  it('keeps a body that is not valid UTF-8 byte for byte (base64 beside its text)', async () => {
    const { r, inbox } = await receiver('latin1');
    const bytes = Buffer.concat([
      Buffer.from(delivery('tr_latin1').slice(0, -1)),
      Buffer.from(',"customer":"Jo'),
      Buffer.from([0xe3, 0x6f, 0xff]),
      Buffer.from('"}'),
    ]);
    const res = await fetch(r.url, { method: 'POST', headers: SIGNED(), body: bytes });
    expect(res.status).toBe(200);
    const [line] = await linesOf(inbox);
    expect(Buffer.from(line!.body_base64!, 'base64').equals(bytes)).toBe(true);
    expect(line!.body).toContain('\uFFFD');
    // A valid UTF-8 body is its text alone.
    await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_açaí') });
    const lines = await linesOf(inbox);
    expect([lines[1]!.body, lines[1]!.body_base64]).toEqual([delivery('tr_açaí'), undefined]);
  });

  it('answers 503 with Retry-After once the inbox is full, keeps nothing more, and logs it once', async () => {
    const { r, inbox } = await receiver('full', { inboxMaxBytes: 1_000 });
    logged.length = 0;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery(`tr_full_${i}`) });
      statuses.push(res.status);
      if (res.status === 503) expect(res.headers.get('retry-after')).toBe('600');
    }
    const kept = statuses.filter((s) => s === 200).length;
    expect(kept).toBeGreaterThan(0);
    expect(statuses).toEqual([...Array(kept).fill(200), ...Array(8 - kept).fill(503)]);
    expect(await linesOf(inbox)).toHaveLength(kept);
    expect(readFileSync(inbox.path).length).toBeLessThanOrEqual(1_000);
    expect(logged.filter((l) => l.includes('the inbox is full'))).toHaveLength(1);
  });

  it('answers 503 once the oldest line has waited past maxAgeDays for a fold', async () => {
    let now = Date.parse('2026-03-09T00:00:00Z');
    const { r } = await receiver('stale', { now: () => now, inboxMaxAgeDays: 2 });
    expect((await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_s1') })).status).toBe(200);
    now += 2 * 86_400_000 + 1;
    expect((await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_s2') })).status).toBe(503);
  });

  it('remembers at most maxRememberedDeliveries identities: a forgotten retry is kept again, never refused', async () => {
    const { r, inbox } = await receiver('forgetful', { maxRememberedDeliveries: 100 });
    for (let i = 0; i < 101; i++) expect((await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery(`tr_m${i}`) })).status).toBe(200);
    const first = await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_m0') });
    const last = await fetch(r.url, { method: 'POST', headers: SIGNED(), body: delivery('tr_m100') });
    expect([await first.text(), await last.text()]).toEqual(['kept', 'already kept']);
    expect(await linesOf(inbox)).toHaveLength(102);
  });

  it('starts a fresh line after a line cut by a crash, and readers skip the cut one', async () => {
    const { r, inbox } = await receiver('torn');
    await sell(`${r.url}/postback`);
    await sandbox.drainPostbacks();
    await r.close();
    running.splice(0);
    appendFileSync(inbox.path, '{"v":1,"received_at":"2026-03-10T00:00:00.000Z","kind":"v1","key":"[\\"t');
    const again = await receiver('torn');
    await sell(`${again.r.url}/postback`);
    await sandbox.drainPostbacks();
    const counts = await readInbox(inbox.path, () => undefined);
    expect(counts).toEqual({ lines: 2, skipped: 1 });
    expect(readFileSync(inbox.path, 'utf8').endsWith('\n')).toBe(true);
  });
});
