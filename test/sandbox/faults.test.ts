// Faults on purpose: each profile, seeded and reproducible; cut bodies, 429 with Retry-After, late
// visibility and rows without item_id; a retrying reader still gets exactly the truth.
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { startSandbox, generateHistory, type RunningSandbox, type FaultRates } from '../../src/sandbox/index.ts';
import type { ApiTransaction } from '../../src/shared/tables.ts';
import { nightOf } from './naive-reconcile.ts';

const history = () => generateHistory({ seed: 77, days: 3, perDay: 150, endDate: '2025-02-10' });
const open: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function sandbox(faults: 'none' | 'flaky' | 'chaos' | Partial<FaultRates>, faultSeed = 1): Promise<RunningSandbox> {
  const h = history();
  const at = nightOf(h.endDate, h.timezone);
  const sb = await startSandbox({ history: h, faults, faultSeed, clock: { now: () => at } });
  open.push(sb);
  return sb;
}

/** Raw GET: status, headers and whether the body arrived whole (a cut body ends early). */
function rawGet(sb: RunningSandbox, path: string): Promise<{ status: number; retryAfter?: string; whole: boolean; body: string }> {
  return new Promise((resolve) => {
    const req = request(sb.url + path, { headers: { api_key: sb.apiKey }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const done = () => {
        const body = Buffer.concat(chunks);
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          ...(retryAfter ? { retryAfter: String(retryAfter) } : {}),
          whole: body.length === Number(res.headers['content-length']),
          body: body.toString(),
        });
      };
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    req.on('error', () => resolve({ status: 0, whole: false, body: '' }));
    req.end();
  });
}

async function outcomes(sb: RunningSandbox, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= n; page++) {
    const r = await rawGet(sb, `/v1/transactions?count=5&page=${page}`);
    out.push(r.status === 200 && !r.whole ? 'cut' : String(r.status));
  }
  return out;
}

/** A reader that retries each page until it gets a whole 200 (what the real client does). */
async function readAll(sb: RunningSandbox, query = ''): Promise<{ rows: ApiTransaction[]; attempts: number }> {
  const rows: ApiTransaction[] = [];
  let attempts = 0;
  for (let page = 1; ; page++) {
    let json: { transactions: ApiTransaction[] } | undefined;
    while (!json) {
      attempts++;
      const r = await rawGet(sb, `/v1/transactions?count=50&page=${page}${query}`);
      if (r.status === 200 && r.whole) json = JSON.parse(r.body);
    }
    rows.push(...json.transactions);
    if (json.transactions.length < 50) return { rows, attempts };
  }
}

describe('fault profiles', () => {
  it('none: every request succeeds whole', async () => {
    expect(new Set(await outcomes(await sandbox('none'), 60))).toEqual(new Set(['200']));
  });

  it.each(['flaky', 'chaos'] as const)('%s: the same fault seed gives the same faults; another seed differs', async (profile) => {
    const n = profile === 'chaos' ? 30 : 120; // chaos adds up to 150 ms to 30% of requests
    const a = await outcomes(await sandbox(profile, 5), n);
    const b = await outcomes(await sandbox(profile, 5), n);
    const c = await outcomes(await sandbox(profile, 6), n);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    const failures = a.filter((o) => o !== '200').length;
    expect(failures).toBeGreaterThan(0);
    expect(failures / a.length).toBeLessThan(0.4);
  });

  it('explicit rates inject 500, 502, 503, 429 with Retry-After, and cut bodies', async () => {
    const sb = await sandbox({ error500: 0.15, error502: 0.15, error503: 0.15, rateLimit: 0.15, cutBody: 0.15, retryAfterSeconds: 2 }, 3);
    const seen = new Set<string>();
    for (let page = 1; page <= 150; page++) {
      const r = await rawGet(sb, `/v1/transactions?count=20&page=${page}`);
      seen.add(r.status === 200 && !r.whole ? 'cut' : String(r.status));
      if (r.status === 429) expect(r.retryAfter).toBe('2');
      if (r.status >= 500) expect(JSON.parse(r.body).errors.type).toBe('server');
    }
    expect(seen).toEqual(new Set(['200', '500', '502', '503', '429', 'cut']));
  });

  it.each(['flaky', 'chaos'] as const)('%s: a retrying reader gets exactly the truth (late rows caught on a re-read)', async (profile) => {
    const sb = await sandbox(profile, 9);
    const truth = sb.state.listedTransactions();
    await readAll(sb);
    const { rows, attempts } = await readAll(sb);
    const strip = (t: ApiTransaction) => {
      const { item_id: _ignored, ...rest } = t;
      return rest;
    };
    expect(rows.map(strip)).toEqual(truth.map(strip));
    expect(attempts).toBeGreaterThan(Math.ceil(truth.length / 50));
    const missing = rows.filter((r) => !('item_id' in r)).length;
    if (profile === 'flaky')
      expect(missing).toBe(0); // flaky never drops item_id
    else expect(missing).toBeGreaterThan(0);
  });

  it('late visibility: rows appear inside a window already answered, once', async () => {
    const sb = await sandbox({ lateVisibility: 0.1 });
    const truth = sb.state.listedTransactions();
    const lo = Date.parse(truth[truth.length - 1]!.date_created);
    const path = `/v1/transactions?count=1000&date_created=${encodeURIComponent(`>=${lo}`)}`;
    const first = JSON.parse((await rawGet(sb, path)).body);
    expect(first.total).toBe(first.transactions.length);
    expect(first.total).toBeLessThan(truth.length);
    const second = JSON.parse((await rawGet(sb, path)).body);
    expect(second.total).toBe(truth.length);
    expect(second.transactions).toEqual(truth);
  });

  it('rows without item_id are the same rows on every read', async () => {
    const sb = await sandbox({ dropItemId: 0.3 });
    const a = (await readAll(sb)).rows.filter((r) => !('item_id' in r)).map((r) => r.transaction_id);
    const b = (await readAll(sb)).rows.filter((r) => !('item_id' in r)).map((r) => r.transaction_id);
    expect(a.length).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });

  it('rejects rates that would fail every request', async () => {
    await expect(startSandbox({ history: history(), faults: { error503: 0.6, rateLimit: 0.5 } })).rejects.toThrow(/below 1/);
  });
});
