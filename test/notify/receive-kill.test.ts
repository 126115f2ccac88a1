// `recon receive` as a real process killed with SIGKILL while deliveries are under way, some between their
// append and their answer: the service retries everything it saw no 200 for, a new receiver answers, and
// the inbox holds each delivery exactly once, every line whole. The signing secret is on no line it wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { inboxPathFor, readInbox } from '../../src/notify/inbox.ts';
import { startReceive } from '../proof/cli.ts';

const KEY = 'test_0123456789abcdefsecret';
const dir = mkdtempSync(join(tmpdir(), 'recon-receive-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (i: number) =>
  JSON.stringify({
    transaction_id: `tr_${i}`,
    event: 'transaction_status_changed',
    old_status: 'paid',
    current_status: 'refunded',
    date_updated: '2026-03-10T12:00:00.000Z',
    net_value: 1000 + i,
  });

async function deliver(url: string, i: number): Promise<number> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'user-agent': 'Service/1.0.0', 'service-api-signature': KEY.slice(5), 'content-type': 'application/json' },
      body: body(i),
    });
    await res.text();
    return res.status;
  } catch {
    return 0;
  }
}

it('survives SIGKILL between append and answer: retried deliveries are kept once', async () => {
  const N = 60;
  const first = await startReceive(dir, KEY);
  const answered = new Set<number>();
  const attempts = Array.from({ length: N }, (_, i) =>
    deliver(first.url, i).then((status) => {
      if (status === 200) answered.add(i);
    }),
  );
  // Kill it once some deliveries are kept, with others still under way.
  for (let t = 0; t < 400 && answered.size < N / 4; t++) await new Promise((done) => setTimeout(done, 5));
  first.child.kill('SIGKILL');
  await Promise.all(attempts);
  expect(answered.size).toBeLessThan(N);

  // The service retries every delivery it saw no 200 for (here all of them, to be sure), and again after
  // a 429 of the receiver's rate cap (notifications.maxPerSecond), as it would.
  const second = await startReceive(dir, KEY);
  let pending = Array.from({ length: N }, (_, i) => i);
  for (let round = 0; round < 6 && pending.length > 0; round++) {
    if (round > 0) await new Promise((done) => setTimeout(done, 1100));
    const statuses = await Promise.all(pending.map((i) => deliver(second.url, i)));
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    pending = pending.filter((_, j) => statuses[j] !== 200);
  }
  expect(pending).toEqual([]);
  second.child.kill('SIGTERM');
  await new Promise((done) => second.child.once('exit', done));

  const keys: string[] = [];
  const counts = await readInbox(inboxPathFor(join(dir, 'data', 'recon.duckdb')), (line) => {
    keys.push(line.key);
  });
  expect(counts.skipped).toBeLessThanOrEqual(1);
  expect(keys).toHaveLength(N);
  expect(new Set(keys).size).toBe(N);
  const text = readFileSync(inboxPathFor(join(dir, 'data', 'recon.duckdb')), 'utf8');
  expect(text).not.toContain(KEY.slice(5));
  expect(first.output() + second.output()).not.toContain(KEY.slice(5));
}, 60_000);
