// Notifications against the sandbox's ground truth: the sandbox notifies its history's refunds,
// chargebacks and review decisions to a real receiver as its clock passes them, but for those planted as
// lost, and plants notifications its listing contradicts (a refund of a sale it shows paid, a sale it
// never lists) among flashes it could not have seen; night after night recon folds the inbox and reports
// exactly the planted notification_missed and notification_contradicted (with every other planted
// category), through a fault-free and a flaky service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { runNightly } from '../../jobs/nightly.ts';
import { createPaymentsApi } from '../../src/api/index.ts';
import { configSchema } from '../../src/config/schema.ts';
import { Inbox, inboxPathFor } from '../../src/notify/inbox.ts';
import { signingSecretOf } from '../../src/notify/origin.ts';
import { startReceiver } from '../../src/notify/receiver.ts';
import { generateHistory, startSandbox, writeOrdersExport } from '../../src/sandbox/index.ts';
import { datesBetween } from '../../src/shared/business-day.ts';
import { silentLogger } from '../../src/shared/log.ts';
import { openWarehouse } from '../../src/warehouse/open.ts';

const ZONE = 'America/Sao_Paulo';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Keyed {
  category: string;
  item_id?: string | null;
  operation_id?: string | null;
  transaction_ids?: string | readonly string[] | null;
}
// A notification finding is one per transaction (an unlisted one has no item).
const keyOf = (e: Keyed) =>
  e.category.startsWith('notification_') ? `${e.category}:${[e.transaction_ids ?? []].flat().join(',')}` : `${e.category}:${e.operation_id ?? e.item_id ?? ''}`;

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
  const dir = mkdtempSync(join(tmpdir(), `recon-notify-${seed}-`));
  dirs.push(dir);
  let now = 0;
  const clock = { now: () => now };
  const apiKey = `test_notify${seed}secret0123`;
  const warehousePath = join(dir, 'recon.duckdb');
  const receiver = await startReceiver(
    { inbox: new Inbox(inboxPathFor(warehousePath)), secret: signingSecretOf(apiKey), clock, logger: silentLogger, maxBodyBytes: 65_536, maxPerSecond: 10_000 },
    { port: 0, host: '127.0.0.1' },
  );
  const sandbox = await startSandbox({ history, clock, faults, faultSeed: seed, apiKey, notifyUrl: `${receiver.url}/postback` });
  // The sandbox's timelines are at the start of time: from here on, each change is notified as the clock passes it.
  sandbox.state.now();
  const api = createPaymentsApi({
    baseUrl: sandbox.url,
    apiKey,
    timeoutMs: 5000,
    retry: { maxAttempts: 8, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2000 },
  });
  const warehouse = await openWarehouse(warehousePath);
  const config = configSchema.parse({
    timezone: ZONE,
    warehouse: { path: warehousePath },
    orders: { preset: 'recon-sandbox', path: join(dir, 'orders-{date}.csv') },
    reports: { outDir: join(dir, 'reports') },
    notifications: { expected: true },
  });
  const expected: string[] = [];
  const found: string[] = [];
  let kept = 0;
  try {
    for (const date of datesBetween(history.startDate, history.endDate, ZONE)) {
      await writeOrdersExport(history, join(dir, `orders-${date}.csv`), { format: 'csv-br', date });
      now = DateTime.fromISO(date, { zone: ZONE }).plus({ days: 1, hours: 2 }).toMillis();
      const outcome = await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger }, { date }, config);
      // What the sandbox posted during this night's sync is kept by now, and folded by the next night.
      await sandbox.drainPostbacks();
      kept += outcome.notifications.added;
      const reader = await warehouse.connection.runAndReadAll(
        `SELECT category, item_id, operation_id, transaction_ids FROM findings WHERE run_id = $1 AND state = 'new'`,
        [outcome.reconcile.runId],
      );
      for (const row of reader.getRowObjects()) found.push(`${date} ${keyOf(row as unknown as Keyed)}`);
      for (const entry of history.discrepancies.filter((d) => d.date === date)) expected.push(`${date} ${keyOf(entry)}`);
    }
  } finally {
    warehouse.close();
    await api.close();
    await sandbox.close();
    await receiver.close();
  }
  const reviewed = history.discrepancies.filter(
    (d) =>
      d.category === 'notification_missed' && history.transactions.find((tx) => tx.id === d.transaction_ids?.[0])?.versions.some((v) => v.status === 'review'),
  ).length;
  const unlisted = history.discrepancies.filter((d) => d.category === 'notification_contradicted' && d.item_id === undefined).length;
  return { expected: expected.sort(), found: found.sort(), kept, lost: history.lostNotifications?.size ?? 0, reviewed, unlisted };
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
