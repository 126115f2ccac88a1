// Transactions that leave a swept status without the sweep seeing them: a review decided long after
// its sale, a review rejected (never listed again), a chargeback that moved on. The next sync reads each
// again by id and records the change (history included); look-ups are bounded by sync.maxIdLookups.
import { afterEach, describe, expect, it } from 'vitest';
import { ReconError } from '../../src/shared/errors.ts';
import { fakeTransaction, startFakeService } from './fake-service.ts';
import { DAY, NOW, rows, setup, cleanUpSyncs } from './fake-sync.ts';

afterEach(cleanUpSyncs);

const iso = (ms: number) => new Date(ms).toISOString();
const path = 'SELECT status, date_updated, first_seen_run FROM transaction_history WHERE transaction_id = $1 ORDER BY first_seen_at, date_updated';

async function historyOf(warehouse: Parameters<typeof rows>[0], id: string) {
  return (await warehouse.connection.runAndReadAll(path, [id])).getRowObjectsJson();
}

describe('look-ups by id', () => {
  it('reads again a review decided paid after lookbackDays, and a review rejected (listed no more)', async () => {
    const decided = fakeTransaction('tr_decided', NOW - 20 * DAY, { status: 'review', paid_amount: 0 });
    const dropped = fakeTransaction('tr_dropped', NOW - 20 * DAY - 1000, { status: 'review', paid_amount: 0 });
    const still = fakeTransaction('tr_still', NOW - 2 * DAY, { status: 'review', paid_amount: 0 });
    const service = await startFakeService([decided, dropped, still, fakeTransaction('tr_paid', NOW - 2 * DAY)]);
    const { warehouse, run } = await setup(service);
    const first = await run();
    expect(first.lookups).toEqual({ read: 0, changed: 0, vanished: 0 });

    Object.assign(decided, { status: 'paid', paid_amount: 10_000, date_updated: iso(NOW - DAY) });
    Object.assign(dropped, { status: 'rejected', date_updated: iso(NOW - DAY) });
    const second = await run();
    expect(second.lookups).toEqual({ read: 2, changed: 1, vanished: 1 });
    expect(second.transactions.changed).toBe(1);
    const lookups = service.requests.filter((r) => r.url.includes('transaction_id=')).map((r) => decodeURIComponent(r.url));
    expect(lookups).toContain('/v1/transactions?transaction_id=tr_decided&count=1&page=1');
    // Not found: asked a second time before it is recorded as rejected.
    expect(lookups.filter((u) => u.includes('tr_dropped'))).toHaveLength(2);

    expect(
      await rows(
        warehouse,
        "SELECT transaction_id, status, paid_amount, date_updated FROM transactions WHERE transaction_id IN ('tr_decided', 'tr_dropped') ORDER BY 1",
      ),
    ).toEqual([
      { transaction_id: 'tr_decided', status: 'paid', paid_amount: '10000', date_updated: expect.stringContaining(iso(NOW - DAY).slice(0, 10)) },
      // Only the status changes: date_updated stays the service's last one.
      { transaction_id: 'tr_dropped', status: 'rejected', paid_amount: '0', date_updated: expect.stringContaining(iso(NOW - 20 * DAY - 1000).slice(0, 10)) },
    ]);
    expect((await historyOf(warehouse, 'tr_decided')).map((h) => h['status'])).toEqual(['review', 'paid']);
    expect(await historyOf(warehouse, 'tr_dropped')).toEqual([
      { status: 'review', date_updated: expect.any(String), first_seen_run: 'r1' },
      { status: 'rejected', date_updated: '2024-05-10 12:00:00+00', first_seen_run: 'r2' },
    ]);
    expect(await rows(warehouse, "SELECT counts->'lookups' AS l FROM runs WHERE run_id = 'r2'")).toEqual([{ l: '{"read":2,"changed":1,"vanished":1}' }]);

    // Nothing left to look up: the decided sale is paid, the rejected one is no longer in review.
    expect((await run()).lookups).toEqual({ read: 0, changed: 0, vanished: 0 });
  });

  it('reads again a review older than the sweep whatever its age, and records nothing when it is unchanged', async () => {
    const old = fakeTransaction('tr_old_review', NOW - 100 * DAY, { status: 'review', paid_amount: 0 });
    const service = await startFakeService([old]);
    const { warehouse, run } = await setup(service);
    await run({ sweepDays: 120 });
    const second = await run({ sweepDays: 30 });
    expect(second.lookups).toEqual({ read: 1, changed: 0, vanished: 0 });
    expect(second.transactions).toEqual({ new: 0, changed: 0, unchanged: 1 });
    expect(await rows(warehouse, 'SELECT status, last_seen_run FROM transactions')).toEqual([{ status: 'review', last_seen_run: 'r2' }]);
  });

  it('keeps out a row read again by id that breaks the schema (filter transaction_id, no range)', async () => {
    const old = fakeTransaction('tr_old', NOW - 100 * DAY, { status: 'review', paid_amount: 0 });
    const service = await startFakeService([old]);
    const { warehouse, run } = await setup(service);
    await run({ sweepDays: 120 });
    old['paid_amount'] = '0';
    const second = await run({ sweepDays: 30 });
    expect(second.lookups).toEqual({ read: 1, changed: 0, vanished: 0 });
    expect(second.rejected).toBe(1);
    expect(await rows(warehouse, 'SELECT run_id, filter, start_ms, end_ms, window_key, page, row_no, id, reason FROM sync_rejects')).toEqual([
      {
        run_id: 'r2',
        filter: 'transaction_id',
        start_ms: null,
        end_ms: null,
        window_key: 'transactions:transaction_id:lookups',
        page: 1,
        row_no: 1,
        id: 'tr_old',
        reason: expect.stringMatching(/^field paid_amount: /),
      },
    ]);
    expect(await rows(warehouse, 'SELECT status FROM transactions')).toEqual([{ status: 'review' }]);
  });

  it('reads again a chargeback or refund that left its sweep, but not one whose sale is older than the sweep', async () => {
    const reversed = fakeTransaction('tr_cb', NOW - 20 * DAY, { status: 'chargeback' });
    const refunded = fakeTransaction('tr_rf', NOW - 20 * DAY - 1000, { status: 'refunded', paid_amount: 0, refunded_amount: 10_000 });
    const ancient = fakeTransaction('tr_ancient', NOW - 100 * DAY, { status: 'chargeback' });
    const service = await startFakeService([reversed, refunded, ancient]);
    const { warehouse, run } = await setup(service);
    await run({ sweepDays: 120 });
    Object.assign(reversed, { status: 'paid', date_updated: iso(NOW - DAY) });
    Object.assign(refunded, { status: 'chargeback', date_updated: iso(NOW - DAY) });
    Object.assign(ancient, { status: 'paid', date_updated: iso(NOW - DAY) });
    // The refund became a chargeback: the chargeback sweep shows it, no look-up needed.
    const second = await run({ sweepDays: 30 });
    expect(second.lookups).toEqual({ read: 1, changed: 1, vanished: 0 });
    expect(await rows(warehouse, 'SELECT transaction_id, status FROM transactions ORDER BY 1')).toEqual([
      { transaction_id: 'tr_ancient', status: 'chargeback' },
      { transaction_id: 'tr_cb', status: 'paid' },
      { transaction_id: 'tr_rf', status: 'chargeback' },
    ]);
    expect((await historyOf(warehouse, 'tr_cb')).map((h) => h['status'])).toEqual(['chargeback', 'paid']);
  });

  it('does not look up a row the run listed but kept out', async () => {
    const review = fakeTransaction('tr_review', NOW - 2 * DAY, { status: 'review', paid_amount: 0 });
    const service = await startFakeService([review]);
    const { run } = await setup(service);
    await run();
    review['net_value'] = 'broken';
    const second = await run();
    expect(second.rejected).toBeGreaterThan(0);
    expect(second.lookups.read).toBe(0);
  });

  it('fails, naming sync.maxIdLookups, when more transactions need a look-up than it allows; nothing is published', async () => {
    const reviews = [1, 2, 3].map((i) => fakeTransaction(`tr_r${i}`, NOW - 20 * DAY - i * 1000, { status: 'review', paid_amount: 0 }));
    const service = await startFakeService(reviews);
    const { warehouse, run } = await setup(service, { maxIdLookups: 2 });
    await run();
    for (const r of reviews) r['status'] = 'rejected';
    const error = (await run().catch((e: unknown) => e)) as ReconError;
    expect(error).toBeInstanceOf(ReconError);
    expect(error.code).toBe('config');
    expect(error.message).toBe(
      "3 transactions held in review, refunded or chargeback were not listed by this run's windows and need a look-up by id, more than sync.maxIdLookups (2); raise sync.maxIdLookups in the config and run again",
    );
    expect(await rows(warehouse, 'SELECT DISTINCT status FROM transactions')).toEqual([{ status: 'review' }]);
    expect(await rows(warehouse, "SELECT outcome FROM runs WHERE run_id = 'r2'")).toEqual([{ outcome: 'failed' }]);
  });
});
