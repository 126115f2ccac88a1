// Notifications against the sandbox's ground truth: the sandbox notifies its history's refunds,
// chargebacks and review decisions to a real receiver as its clock passes them, but for those planted as
// lost, and plants notifications its listing contradicts (a refund of a sale it shows paid, a sale it
// never lists) among flashes it could not have seen; night after night recon folds the inbox and reports
// exactly the planted notification_missed and notification_contradicted (with every other planted
// category), through a fault-free and a flaky service.
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { Inbox, inboxPathFor } from '../../src/notify/inbox.ts';
import { signingSecretOf } from '../../src/notify/origin.ts';
import { startReceiver, type RunningReceiver } from '../../src/notify/receiver.ts';
import { generateHistory } from '../../src/sandbox/index.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { keyOfFinding, removeTruthDirs, runTruthNights, type Keyed } from '../jobs/truth-nights.ts';

// Every report of every night is written, its workbooks empty: the scoring reads none (without-workbooks.ts).
vi.mock('../../src/report/xlsx-writer.ts', async (original) => (await import('../jobs/without-workbooks.ts')).withoutWorkbooks(await original()));
afterAll(removeTruthDirs);

// A notification finding is one per transaction (an unlisted one has no item).
const keyOf = (e: Keyed) => (e.category.startsWith('notification_') ? `${e.category}:${[e.transaction_ids ?? []].flat().join(',')}` : keyOfFinding(e));

async function scoreSeed(seed: number, faults: 'none' | 'flaky') {
  const history = generateHistory({
    seed,
    days: 10,
    perDay: 120,
    endDate: '2026-03-20',
    discrepancyRate: 0.04,
    lostNotificationRate: 0.6,
    reviewDecisionsPerDay: 2,
    contradictingNotificationRate: 0.02,
  });
  const apiKey = `test_notify${seed}secret0123`;
  let receiver: RunningReceiver | undefined;
  let kept = 0;
  try {
    const { expected, found } = await runTruthNights({
      history,
      prefix: `recon-notify-${seed}-`,
      keyOf,
      config: () => ({ notifications: { expected: true } }),
      // The receiver keeps what the sandbox posts in the inbox beside the run's warehouse.
      before: async ({ dir, clock }) => {
        receiver = await startReceiver(
          {
            inbox: new Inbox(inboxPathFor(join(dir, 'recon.duckdb'))),
            secret: signingSecretOf(apiKey),
            clock,
            logger: silentLogger,
            maxBodyBytes: 65_536,
            maxPerSecond: 10_000,
          },
          { port: 0, host: '127.0.0.1' },
        );
        return { notifyUrl: `${receiver.url}/postback` };
      },
      sandbox: { faults, faultSeed: seed, apiKey },
      afterNight: async ({ outcome, sandbox }) => {
        // What the sandbox posted during this night's sync is kept by now, and folded by the next night.
        await sandbox.drainPostbacks();
        kept += outcome.notifications.added;
      },
    });
    const reviewed = history.discrepancies.filter(
      (d) =>
        d.category === 'notification_missed' &&
        history.transactions.find((tx) => tx.id === d.transaction_ids?.[0])?.versions.some((v) => v.status === 'review'),
    ).length;
    const unlisted = history.discrepancies.filter((d) => d.category === 'notification_contradicted' && d.item_id === undefined).length;
    return { expected, found, kept, lost: history.lostNotifications?.size ?? 0, reviewed, unlisted };
  } finally {
    await receiver?.close();
  }
}

describe('notifications against the ground truth', () => {
  it.each([
    [31, 'none'],
    [32, 'flaky'],
  ] as const)(
    'finds exactly the planted discrepancies, lost and contradicted notifications included (seed %i, faults %s)',
    async (seed, faults) => {
      const { expected, found, kept, lost, reviewed, unlisted } = await scoreSeed(seed, faults);
      expect(expected.filter((e) => e.includes(' notification_missed:')).length).toBeGreaterThanOrEqual(3);
      expect(reviewed).toBeGreaterThanOrEqual(2);
      expect(expected.filter((e) => e.includes(' notification_contradicted:')).length - unlisted).toBeGreaterThanOrEqual(3);
      expect(unlisted).toBeGreaterThanOrEqual(2);
      expect(kept).toBeGreaterThan(lost);
      expect(found).toEqual(expected);
    },
    180_000,
  );
});
