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
  // Deliveries sent after the kill: refused whatever the load, so that some are always left unanswered (on
  // a loaded machine the receiver could answer all of the first ones before the kill came).
  const LATE = 10;
  const first = await startReceive(dir, KEY);
  const answered = new Set<number>();
  const late: Promise<void>[] = [];
  const kill = () => {
    if (first.child.exitCode !== null || first.child.signalCode !== null || late.length > 0) return;
    first.child.kill('SIGKILL');
    for (let i = N; i < N + LATE; i++) late.push(deliver(first.url, i).then((status) => void (status === 200 && answered.add(i))));
  };
  // Killed the moment a quarter of the deliveries are answered, with the others still under way (a
  // poll every few milliseconds let a quick receiver answer all of them first on a loaded machine).
  const attempts = Array.from({ length: N }, (_, i) =>
    deliver(first.url, i).then((status) => {
      if (status === 200) answered.add(i);
      if (answered.size >= N / 4) kill();
    }),
  );
  const killed = setTimeout(kill, 2000);
  await Promise.all(attempts);
  kill();
  await Promise.all(late);
  clearTimeout(killed);
  expect(answered.size).toBeGreaterThan(0);
  expect(answered.size).toBeLessThan(N + LATE);

  // The service retries every delivery it saw no 200 for (here all of them, to be sure), and again after
  // a 429 of the receiver's rate cap (notifications.maxPerSecond), as it would.
  const second = await startReceive(dir, KEY);
  let pending = Array.from({ length: N + LATE }, (_, i) => i);
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
  expect(keys).toHaveLength(N + LATE);
  expect(new Set(keys).size).toBe(N + LATE);
  const text = readFileSync(inboxPathFor(join(dir, 'data', 'recon.duckdb')), 'utf8');
  expect(text).not.toContain(KEY.slice(5));
  expect(first.output() + second.output()).not.toContain(KEY.slice(5));
}, 60_000);
