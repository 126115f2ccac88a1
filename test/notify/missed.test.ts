// notification_missed, rule by rule on a real DuckDB warehouse: a refund, a chargeback or a review
// decision the listing showed is judged on the night its retry span ends, and is a finding when no
// notification of it came within the span; the reason names the open finding of the order it explains.
// And the nightly fold: the inbox lands in `notifications` once, however often it is folded.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { foldInbox } from '../../src/notify/fold.ts';
import { Inbox, sealInbox } from '../../src/notify/inbox.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { insertTransactions } from '../reconcile/fixtures.ts';
import { migratedWarehouse } from '../warehouse/migrated-copy.ts';

const ZONE = 'America/Sao_Paulo';
const D = '2026-03-10';
const DAY = businessDayOf(D, ZONE); // 03:00Z on the 10th to 03:00Z on the 11th
const dir = mkdtempSync(join(tmpdir(), 'recon-missed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clock = { now: () => DAY.endMs + 7_200_000 };
const expected = { expected: true, retrySpanHours: 26 };

interface Case {
  /** The change: its status and when the listing says it happened (UTC). */
  status: 'refunded' | 'chargeback' | 'paid';
  at: string;
  /** When a notification of it was received, if ever. */
  notifiedAt?: string;
  review?: boolean;
}

async function night(c: Case, options: { notifications?: typeof expected; prevFinding?: string } = {}) {
  const w = await migratedWarehouse();
  await insertTransactions(w.db, [{ transaction_id: 'tr_1', item_id: 'PED-1', status: c.status, created: '2026-03-08T15:00:00Z', updated: c.at }]);
  if (c.review) await w.db.run(`INSERT INTO transaction_history VALUES ('tr_1', 'review', '2026-03-08T15:00:00Z', now(), now(), 't', 't')`);
  await w.db.run(`INSERT INTO transaction_history VALUES ('tr_1', '${c.status}', '${c.at}', now(), now(), 't', 't')`);
  if (c.notifiedAt) {
    const key = JSON.stringify(['tr_1', c.status === 'chargeback' ? 'chargedback' : c.status, c.at]);
    await w.db.run(`INSERT INTO notifications VALUES ('${key}', 'v1', 'tr_1', '${c.status}', '${c.at}', '${c.notifiedAt}', true, '{}', now(), NULL)`);
  }
  if (options.prevFinding) {
    await w.db.run(
      `INSERT INTO runs (run_id, kind, business_date, outcome, started_at, finished_at, args) VALUES ('prev', 'reconcile', DATE '2026-03-09', 'done', now(), now(), '{}')`,
    );
    await w.db.run(
      `INSERT INTO findings (run_id, business_date, finding_key, category, item_id, transaction_ids, reason, first_seen, state)
       VALUES ('prev', DATE '2026-03-09', '${options.prevFinding}:PED-1', '${options.prevFinding}', 'PED-1', 'tr_1', 'x', DATE '2026-03-09', 'new')`,
    );
  }
  await reconcileDay(
    { db: w.db, clock, logger: silentLogger },
    { runId: 'n', day: DAY, notifications: options.notifications ?? expected },
    configSchema.parse({}).reconcile,
  );
  const rows = (await w.db.runAndReadAll(`SELECT finding_key, reason FROM findings WHERE run_id = 'n' AND category = 'notification_missed'`)).getRowObjectsJS();
  w.close();
  return rows;
}

describe('notification_missed', () => {
  it.each([
    ['a refund with no notification, its span ending during D', { status: 'refunded', at: '2026-03-09T10:00:00Z' }, true],
    ['a chargeback with no notification', { status: 'chargeback', at: '2026-03-09T20:00:00Z' }, true],
    ['a review decided paid with no notification', { status: 'paid', at: '2026-03-09T12:00:00Z', review: true }, true],
    ['a refund notified within the span', { status: 'refunded', at: '2026-03-09T10:00:00Z', notifiedAt: '2026-03-09T10:01:00Z' }, false],
    [
      'a chargeback notified (as chargedback) just before the span ends',
      { status: 'chargeback', at: '2026-03-09T20:00:00Z', notifiedAt: '2026-03-10T21:59:00Z' },
      false,
    ],
    ['a refund notified after the span', { status: 'refunded', at: '2026-03-09T10:00:00Z', notifiedAt: '2026-03-10T12:01:00Z' }, true],
    ['a refund whose span ends after D: judged the next night', { status: 'refunded', at: '2026-03-10T02:00:00Z' }, false],
    ['a refund whose span ended before D: judged the night before', { status: 'refunded', at: '2026-03-08T23:00:00Z' }, false],
    ['a sale paid at once (no review): no notification is owed to judge', { status: 'paid', at: '2026-03-09T12:00:00Z' }, false],
  ] as [string, Case, boolean][])('%s', async (_, c, reported) => {
    const rows = await night(c);
    expect(rows.map((r) => r['finding_key'])).toEqual(reported ? [`notification_missed:tr_1:${c.status}`] : []);
    if (reported)
      expect(String(rows[0]!['reason'])).toMatch(new RegExp(`^transaction tr_1 became ${c.status} on .* UTC and no notification of it came within 26 h$`));
  });

  it('says which open finding of the order it explains', async () => {
    const rows = await night({ status: 'chargeback', at: '2026-03-09T20:00:00Z' }, { prevFinding: 'chargeback_open' });
    expect(rows).toEqual([
      {
        finding_key: 'notification_missed:tr_1:chargeback',
        reason:
          'transaction tr_1 became chargeback on 2026-03-09 20:00 UTC and no notification of it came within 26 h; it explains the open chargeback_open of its order',
      },
    ]);
  });

  it('raises nothing when notifications are not expected (the default)', async () => {
    expect(await night({ status: 'refunded', at: '2026-03-09T10:00:00Z' }, { notifications: { expected: false, retrySpanHours: 26 } })).toEqual([]);
    expect(configSchema.parse({}).notifications.expected).toBe(false);
  });
});

describe('foldInbox', () => {
  it('adds each delivery once, however often it is in the inbox, skips a cut line, and reads only what is new', async () => {
    const w = await migratedWarehouse();
    const inbox = new Inbox(join(dir, 'w.duckdb.notifications', 'inbox.ndjson'));
    const line = (id: string, status: string) => ({
      v: 1 as const,
      received_at: '2026-03-10T12:00:00.000Z',
      kind: 'v1' as const,
      key: JSON.stringify([id, status, '2026-03-10T11:59:00.000Z']),
      body: JSON.stringify({ transaction_id: id, current_status: status }),
    });
    const now = Date.parse('2026-03-10T12:00:00.000Z');
    inbox.append(line('tr_a', 'paid'), now);
    inbox.append(line('tr_a', 'chargedback'), now);
    inbox.append(line('tr_a', 'paid'), now);
    const deps = { db: w.db, clock };
    expect(await foldInbox(deps, inbox.path)).toEqual({ read: 3, added: 2, skipped: 0 });
    // The folded lines are gone: the next fold reads nothing of them.
    expect(readdirSync(join(dir, 'w.duckdb.notifications'))).toEqual([]);
    expect(await foldInbox(deps, inbox.path)).toEqual({ read: 0, added: 0, skipped: 0 });
    // A retry kept again (by a receiver that forgot it) is read and not added twice.
    inbox.append(line('tr_a', 'paid'), now);
    inbox.close();
    expect(await foldInbox(deps, inbox.path)).toEqual({ read: 1, added: 0, skipped: 0 });
    const rows = (
      await w.db.runAndReadAll(`SELECT transaction_id, status, strftime(date_updated, '%H:%M') AS at, verified FROM notifications ORDER BY status`)
    ).getRowObjectsJS();
    expect(rows).toEqual([
      { transaction_id: 'tr_a', status: 'chargeback', at: '11:59', verified: true },
      { transaction_id: 'tr_a', status: 'paid', at: '11:59', verified: true },
    ]);
    expect(await foldInbox(deps, join(dir, 'none', 'inbox.ndjson'))).toEqual({ read: 0, added: 0, skipped: 0 });
    w.close();
  });

  it('folds the sealed files a stopped night left, with what came since, and deletes them once folded', async () => {
    const w = await migratedWarehouse();
    const folder = join(dir, 'left.duckdb.notifications');
    const inbox = new Inbox(join(folder, 'inbox.ndjson'));
    const line = (id: string) => ({
      v: 1 as const,
      received_at: '2026-03-10T12:00:00.000Z',
      kind: 'v1' as const,
      key: JSON.stringify([id, 'paid', '2026-03-10T11:59:00.000Z']),
      body: JSON.stringify({ transaction_id: id }),
    });
    inbox.append(line('tr_left'), 0);
    // A night sealed the inbox and stopped before its fold; the receiver went on in a fresh inbox.
    const [left] = sealInbox(inbox.path, Date.parse('2026-03-10T03:00:00Z'));
    expect(left).toMatch(/folding-\d{13}-0000\.ndjson$/);
    inbox.append(line('tr_new'), 0);
    inbox.append(line('tr_left'), 0);
    inbox.close();
    expect(readdirSync(folder).sort()).toEqual([basename(left!), 'inbox.ndjson']);
    expect(await foldInbox({ db: w.db, clock }, inbox.path)).toEqual({ read: 3, added: 2, skipped: 0 });
    expect(readdirSync(folder)).toEqual([]);
    w.close();
  });
});
