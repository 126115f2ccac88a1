// The page's actions on findings over real HTTP, on a real server on port 0 over a two-night sandbox run:
// every POST passes the origin check, the session's CSRF token, the page token off loopback and the body
// caps; an action that passes is in the triage journal (via 'page', with the actor), logged, and shown by
// the next GET, and the page says what was done; a bulk action takes the findings of a view of the table
// (bulk-actions.test.ts: its note, its amount at stake and the confirmation, in Portuguese).
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportServer, type RunningServer } from '../../src/serve/server.ts';
import { journalPathFor, readJournal } from '../../src/triage/journal.ts';
import { NIGHTS, runTwoNights, type TwoNights } from './fixture.ts';
import { form, openSession, type Session } from './action-session.ts';
import { get, optionsFor, recordingLogger, send, type LogLine } from './http.ts';

const TOKEN = 'actions-test-token-0123456789abcdef';
const NIGHT = NIGHTS[1];
const FORM = 'application/x-www-form-urlencoded';

let run: TwoNights;
let server: RunningServer;
const lines: LogLine[] = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  run = await runTwoNights();
  server = await startReportServer(optionsFor(run, { logger: recordingLogger(lines) }));
  servers.push(server);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  if (run) rmSync(run.dir, { recursive: true, force: true });
});

const pageEvents = async () => (await readJournal(journalPathFor(run.config.warehouse.path))).events.filter((e) => e.via === 'page');

describe('POST /findings/actions refuses', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession(server.url);
  });
  const ack = () => form({ action: 'ack', key: s.keys[0]!, note: 'x', actor: 'mallory', csrf: s.csrf, back: NIGHT });

  it.each([
    ['no Origin and no Referer', {}],
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['a foreign Referer', { Referer: 'http://evil.example/page' }],
    ['its own port on another host name', { Origin: 'http://evil.example:1' }],
  ])('a request with %s: 403', async (_name, headers) => {
    const answer = await send(server.url, '/findings/actions', ack(), { 'Content-Type': FORM, Cookie: s.cookie, ...headers });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('Origin');
  });

  it.each([
    ['without a CSRF token', (b: string) => b.replace(/&csrf=[^&]*/, '')],
    ['with a wrong CSRF token', (b: string) => b.replace(/csrf=[^&]*/, 'csrf=AAAA')],
  ])('a request %s: 403', async (_name, edit) => {
    const answer = await send(server.url, '/findings/actions', edit(ack()), { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('token does not match this session');
  });

  it("another session's token, or no session cookie: 403", async () => {
    const other = await openSession(server.url);
    expect((await send(server.url, '/findings/actions', ack(), { 'Content-Type': FORM, Cookie: other.cookie, Origin: s.origin })).status).toBe(403);
    expect((await send(server.url, '/findings/actions', ack(), { 'Content-Type': FORM, Origin: s.origin })).status).toBe(403);
  });

  it('a body over the cap: 413; a body of another type: 415; GET never acts', async () => {
    const big = `${ack()}&note=${'a'.repeat(70 * 1024)}`;
    const tooBig = await send(server.url, '/findings/actions', big, { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
    expect(tooBig.status).toBe(413);
    const textBody = await send(server.url, '/findings/actions', ack(), { 'Content-Type': 'text/plain', Cookie: s.cookie, Origin: s.origin });
    expect(textBody.status).toBe(415);
    expect((await get(server.url, `/findings/actions?${ack()}`)).status).toBe(404);
    expect((await send(server.url, `/nights/${NIGHT}`, ack(), { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin })).status).toBe(405);
    expect(await pageEvents()).toEqual([]);
  });

  it('off loopback: 401 without the page token, whatever else is right', async () => {
    const guarded = await startReportServer(optionsFor(run, { host: '0.0.0.0', token: TOKEN }));
    servers.push(guarded);
    const base = `http://127.0.0.1:${guarded.port}`;
    const bearer = { Authorization: `Bearer ${TOKEN}` };
    const g = await openSession(base, bearer);
    const body = form({ action: 'note', key: g.keys[0]!, note: 'from afar', actor: 'ana', csrf: g.csrf, back: NIGHT });
    const denied = await send(base, '/findings/actions', body, { 'Content-Type': FORM, Cookie: g.cookie, Origin: g.origin });
    expect(denied.status).toBe(401);
    const withQuery = await send(base, `/findings/actions?token=${TOKEN}`, body, { 'Content-Type': FORM, Cookie: g.cookie, Origin: g.origin });
    expect(withQuery.status).toBe(401);
    expect(await pageEvents()).toEqual([]);
    const allowed = await send(base, '/findings/actions', body, { 'Content-Type': FORM, Cookie: g.cookie, Origin: g.origin, ...bearer });
    expect(allowed.status).toBe(303);
    expect((await pageEvents()).map((e) => [e.action, e.by, e.note])).toEqual([['note', 'ana', 'from afar']]);
  });
});

describe('POST /findings/actions acts', () => {
  it('acknowledges one finding: journalled via page with the actor, logged, shown by the next GET', async () => {
    const s = await openSession(server.url);
    // An open finding: the bulk case below acts on the findings new tonight.
    const key = s.openKeys[0]!;
    const body = form({ action: 'ack', key, note: 'credit note 77 issued', actor: 'Beatriz', csrf: s.csrf, back: NIGHT });
    const answer = await send(server.url, '/findings/actions', body, { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
    expect(answer.status).toBe(303);
    expect(String(answer.headers['set-cookie'])).toContain('recon_actor=Beatriz');
    const events = await pageEvents();
    expect(events.at(-1)).toMatchObject({ action: 'ack', key, by: 'Beatriz', via: 'page', note: 'credit note 77 issued' });
    // Back to the finding, with the facts of what was written: the page confirms them from the journal.
    expect(answer.headers['location']).toBe(`/nights/${NIGHT}?finding=${encodeURIComponent(key)}&done=ack&n=1&event=${events.at(-1)!.id}#findings-heading`);
    expect(lines.find((l) => l.text === 'serve.action' && ((l.fields?.['keys'] ?? []) as string[]).includes(key))?.fields).toMatchObject({
      actor: 'Beatriz',
      action: 'ack',
      count: 1,
    });
    const page = await get(server.url, `/nights/${NIGHT}?finding=${encodeURIComponent(key)}`, { Cookie: `${s.cookie}; recon_actor=Beatriz` });
    expect(page.text).toMatch(new RegExp(`<tr [^>]*data-state="acknowledged"[^>]* data-key="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`));
    expect(page.text).toContain('credit note 77 issued');
    expect(page.text).toContain('value="Beatriz"');
  });

  it('takes JSON with the token in X-CSRF-Token, and assigns; "mine" then shows that finding', async () => {
    const s = await openSession(server.url);
    const key = s.keys[2]!;
    const body = JSON.stringify({ action: 'assign', keys: [key], to: 'carla', actor: 'carla' });
    const answer = await send(server.url, '/findings/actions', body, {
      'Content-Type': 'application/json',
      'X-CSRF-Token': s.csrf,
      Cookie: s.cookie,
      Origin: s.origin,
    });
    expect([answer.status, JSON.parse(answer.text)]).toEqual([200, { action: 'assign', count: 1, keys: [key] }]);
    const mine = await get(server.url, `/nights/${NIGHT}?view=mine`, { Cookie: `${s.cookie}; recon_actor=carla` });
    expect([...mine.text.matchAll(/<tr data-category[^>]*data-key="([^"]+)"/g)].map((m) => m[1])).toEqual([key]);
  });

  it('acknowledges in bulk the findings of a view; a count that changed meanwhile writes nothing', async () => {
    const s = await openSession(server.url);
    const view = await get(server.url, `/nights/${NIGHT}?view=new`, { Cookie: s.cookie });
    const expected = Number(/name="expect" value="(\d+)"/.exec(view.text)?.[1]);
    expect(expected).toBeGreaterThan(1);
    expect(view.text).toContain(`Acknowledge the ${expected} findings shown`);
    expect(view.text).toMatch(new RegExp(`<p class="stake" id="bulk-stake"[^>]*>${expected} findings, R\\$ [\\d,]+\\.\\d\\d at stake\\.`));
    const bulk = (expect: number) =>
      form({ action: 'ack', view: 'new', expect: String(expect), note: 'batch checked', actor: 'dora', csrf: s.csrf, back: NIGHT });
    const stale = await send(server.url, '/findings/actions', bulk(expected + 1), { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
    expect(stale.status).toBe(409);
    const before = (await pageEvents()).length;
    const done = await send(server.url, '/findings/actions', bulk(expected), { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
    const written = (await pageEvents()).slice(before);
    expect([done.status, done.headers['location']]).toEqual([303, `/nights/${NIGHT}?view=new&done=ack&n=${expected}&event=${written[0]!.id}#findings-heading`]);
    expect(written).toHaveLength(expected);
    expect(new Set(written.map((e) => `${e.action} ${e.by} ${e.note}`))).toEqual(new Set(['ack dora batch checked']));
    const after = await get(server.url, String(done.headers['location']).split('#')[0]!, { Cookie: s.cookie });
    expect(after.text).not.toContain('name="expect"');
    expect(after.text).toContain(`<p class="confirm" id="action-done" role="status">${expected} findings acknowledged, note: <bdi>batch checked</bdi></p>`);
  });

  it('refuses an action without a name or a note: 400, nothing written', async () => {
    const s = await openSession(server.url);
    const before = (await pageEvents()).length;
    for (const fields of [
      { action: 'ack', key: s.keys[0]!, note: 'n', csrf: s.csrf },
      { action: 'ack', key: s.keys[0]!, actor: 'ana', csrf: s.csrf },
      { action: 'ack', key: 'no-such-key', note: 'n', actor: 'ana', csrf: s.csrf },
      { action: 'delete', key: s.keys[0]!, note: 'n', actor: 'ana', csrf: s.csrf },
    ]) {
      const answer = await send(server.url, '/findings/actions', form(fields), { 'Content-Type': FORM, Cookie: s.cookie, Origin: s.origin });
      expect(answer.status).toBe(400);
    }
    expect((await pageEvents()).length).toBe(before);
  });
});
