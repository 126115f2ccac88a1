// notification_contradicted, case by case on a real DuckDB warehouse: a verified notification is held
// against the listing on the night whose day holds the later of its date_updated + the grace (24 h) and
// its arrival, and is a finding only where the listing certainly contradicts it: caught up and never
// showing a status the transaction could not have passed through unseen, or lacking the transaction.
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.ts';
import { reconcileDay } from '../../src/reconcile/reconcile.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { factsOfJson, localizeReason } from '../../src/shared/locale/localize.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { insertTransactions } from '../reconcile/fixtures.ts';
import { migratedWarehouse } from '../warehouse/migrated-copy.ts';

const ZONE = 'America/Sao_Paulo';
const D = '2026-03-10';
const DAY = businessDayOf(D, ZONE); // 03:00Z on the 10th to 03:00Z on the 11th: claims dated 03:00Z on the 9th to 03:00Z on the 10th
const clock = { now: () => DAY.endMs + 7_200_000 };

interface Case {
  /** The statuses the listing showed for tr_1, with their date_updated (UTC), the last one current; none: never listed. */
  listed: [string, string][];
  /** The notification: its status, date_updated, and when it came (default a minute after date_updated). */
  notified: { status: string; at: string; receivedAt?: string; kind?: 'v1' | 'v3' | 'link' };
  prevFinding?: boolean;
  /** A payment link's notification of the same attempt, besides the postback. */
  alsoLink?: boolean;
}

async function night(c: Case) {
  const w = await migratedWarehouse();
  const last = c.listed.at(-1);
  if (last) await insertTransactions(w.db, [{ transaction_id: 'tr_1', item_id: 'PED-1', status: last[0], created: c.listed[0]![1], updated: last[1] }]);
  for (const [status, at] of c.listed) await w.db.run(`INSERT INTO transaction_history VALUES ('tr_1', '${status}', '${at}', now(), now(), 't', 't')`);
  const n = c.notified;
  const received = n.receivedAt ?? new Date(Date.parse(n.at) + 60_000).toISOString();
  await w.db.run(
    `INSERT INTO notifications VALUES ('${JSON.stringify(['tr_1', n.status, n.at])}', '${n.kind ?? 'v1'}', 'tr_1', '${n.status}', '${n.at}', '${received}', true, '{}', now(), NULL)`,
  );
  if (c.alsoLink)
    await w.db.run(
      `INSERT INTO notifications VALUES ('${JSON.stringify(['tr_1', n.status, `${n.at}.link`])}', 'link', 'tr_1', '${n.status}', '${n.at}', '${received}', true, '{}', now(), NULL)`,
    );
  if (c.prevFinding) {
    await w.db.run(
      `INSERT INTO runs (run_id, kind, business_date, outcome, started_at, finished_at, args) VALUES ('prev', 'reconcile', DATE '2026-03-09', 'done', now(), now(), '{}')`,
    );
    await w.db.run(
      `INSERT INTO findings (run_id, business_date, finding_key, category, item_id, transaction_ids, reason, first_seen, state)
       VALUES ('prev', DATE '2026-03-09', 'notification_contradicted:tr_1:${n.status}', 'notification_contradicted', 'PED-1', 'tr_1', 'x', DATE '2026-03-09', 'new')`,
    );
  }
  await reconcileDay(
    { db: w.db, clock, logger: silentLogger },
    { runId: 'n', day: DAY, notifications: configSchema.parse({}).notifications },
    configSchema.parse({}).reconcile,
  );
  const rows = (
    await w.db.runAndReadAll(`SELECT finding_key, state, reason, facts FROM findings WHERE run_id = 'n' AND category = 'notification_contradicted'`)
  ).getRowObjectsJS();
  w.close();
  return rows;
}

const key = (status: string) => `notification_contradicted:tr_1:${status}`;

describe('notification_contradicted', () => {
  it.each([
    // Flashes: statuses the transaction passed through between two syncs.
    [
      'processing before a paid the listing showed later',
      { listed: [['paid', '2026-03-09T12:00:00Z']], notified: { status: 'processing', at: '2026-03-09T11:00:00Z' } },
      false,
    ],
    [
      'review before a paid the listing showed later',
      { listed: [['paid', '2026-03-09T12:00:00Z']], notified: { status: 'review', at: '2026-03-09T11:00:00Z' } },
      false,
    ],
    [
      'paid before a refund the listing showed later',
      { listed: [['refunded', '2026-03-09T12:00:00Z']], notified: { status: 'paid', at: '2026-03-09T10:00:00Z' } },
      false,
    ],
    [
      'a status the listing showed',
      {
        listed: [
          ['paid', '2026-03-08T12:00:00Z'],
          ['refunded', '2026-03-09T10:00:00Z'],
        ],
        notified: { status: 'refunded', at: '2026-03-09T10:00:00Z' },
      },
      false,
    ],
    [
      'review at the very minute of a paid the listing showed',
      { listed: [['paid', '2026-03-09T10:00:00Z']], notified: { status: 'review', at: '2026-03-09T10:00:00Z' } },
      false,
    ],
    // Contradictions.
    [
      'refunded, the listing paid with a later date_updated',
      { listed: [['paid', '2026-03-09T12:00:00Z']], notified: { status: 'refunded', at: '2026-03-09T10:00:00Z' } },
      true,
    ],
    [
      'refunded, the listing charged back since',
      {
        listed: [
          ['paid', '2026-03-08T12:00:00Z'],
          ['chargeback', '2026-03-09T12:00:00Z'],
        ],
        notified: { status: 'refunded', at: '2026-03-09T10:00:00Z' },
      },
      true,
    ],
    [
      'review after the listing showed paid (and before its refund)',
      {
        listed: [
          ['paid', '2026-03-09T09:00:00Z'],
          ['refunded', '2026-03-09T12:00:00Z'],
        ],
        notified: { status: 'review', at: '2026-03-09T10:00:00Z' },
      },
      true,
    ],
    ['an unknown transaction after the grace', { listed: [], notified: { status: 'paid', at: '2026-03-09T10:00:00Z' } }, true],
    [
      'an unknown transaction notified late, judged on its arrival',
      { listed: [], notified: { status: 'paid', at: '2026-03-08T10:00:00Z', receivedAt: '2026-03-10T05:00:00Z' } },
      true,
    ],
    [
      'an unknown transaction after the grace, also named by a payment link',
      { listed: [], notified: { status: 'chargeback', at: '2026-03-09T10:00:00Z' }, alsoLink: true },
      true,
    ],
    // Not judged, or not certain.
    ['an unknown transaction before the grace ends: judged the next night', { listed: [], notified: { status: 'paid', at: '2026-03-10T10:00:00Z' } }, false],
    [
      'an unknown transaction whose grace ended before D: judged the night before',
      { listed: [], notified: { status: 'paid', at: '2026-03-08T10:00:00Z' } },
      false,
    ],
    ['the listing not caught up with it', { listed: [['paid', '2026-03-09T08:00:00Z']], notified: { status: 'refunded', at: '2026-03-09T10:00:00Z' } }, false],
    ['an unknown transaction in review (a rejected one is never listed)', { listed: [], notified: { status: 'review', at: '2026-03-09T10:00:00Z' } }, false],
    ['an unknown transaction rejected', { listed: [], notified: { status: 'rejected', at: '2026-03-09T10:00:00Z' } }, false],
    [
      'an unknown payment link attempt (the spec does not say the listing lists them)',
      { listed: [], notified: { status: 'paid', at: '2026-03-09T10:00:00Z', kind: 'link' } },
      false,
    ],
    [
      'an unknown v3 transaction (the v1 listing is not said to list them)',
      { listed: [], notified: { status: 'paid', at: '2026-03-09T10:00:00Z', kind: 'v3' } },
      false,
    ],
    ['a v3-only status', { listed: [['paid', '2026-03-09T12:00:00Z']], notified: { status: 'authorized', at: '2026-03-09T10:00:00Z', kind: 'v3' } }, false],
  ] as [string, Case, boolean][])('%s', async (_, c, reported) => {
    const rows = await night(c);
    expect(rows.map((r) => r['finding_key'])).toEqual(reported ? [key(c.notified.status)] : []);
  });

  it('says what the notification claimed and what the listing shows, in English and in pt-BR', async () => {
    const [listed] = await night({ listed: [['paid', '2026-03-09T12:00:00Z']], notified: { status: 'refunded', at: '2026-03-09T10:00:00Z' } });
    const text =
      'transaction tr_1 was notified as refunded on 2026-03-09 10:00 UTC but the listing shows it paid since 2026-03-09 12:00 UTC and never refunded';
    expect(listed!['reason']).toBe(text);
    const listedFacts = factsOfJson(listed!['facts'] as string);
    expect(listedFacts).toEqual({
      kind: 'notificationContradicted',
      transactionId: 'tr_1',
      status: 'refunded',
      atMs: Date.parse('2026-03-09T10:00:00Z'),
      listed: { status: 'paid', sinceMs: Date.parse('2026-03-09T12:00:00Z') },
      hours: '24',
    });
    expect(localizeReason(messagesFor('pt-BR'), listedFacts, text, 'UTC')).toBe(
      'transação tr_1 foi notificada como estornado em 09/03/2026 10:00, mas a listagem a mostra pago desde 09/03/2026 12:00 e nunca estornado',
    );
    const [unlisted] = await night({ listed: [], notified: { status: 'paid', at: '2026-03-09T10:00:00Z' } });
    expect(unlisted!['reason']).toBe('transaction tr_1 was notified as paid on 2026-03-09 10:00 UTC but the listing does not have it 24 h later');
    expect(localizeReason(messagesFor('pt-BR'), factsOfJson(unlisted!['facts'] as string), String(unlisted!['reason']), 'UTC')).toBe(
      'transação tr_1 foi notificada como pago em 09/03/2026 10:00, mas a listagem não a tem 24 h depois',
    );
  });

  it('carries an open one and resolves it once the listing shows the status', async () => {
    const open = await night({ listed: [], notified: { status: 'paid', at: '2026-03-07T10:00:00Z' }, prevFinding: true });
    expect(open.map((r) => [r['finding_key'], r['state']])).toEqual([[key('paid'), 'open']]);
    const resolved = await night({ listed: [['paid', '2026-03-07T10:00:00Z']], notified: { status: 'paid', at: '2026-03-07T10:00:00Z' }, prevFinding: true });
    expect(resolved.map((r) => [r['finding_key'], r['state']])).toEqual([[key('paid'), 'resolved']]);
  });
});
