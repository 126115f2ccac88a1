// `recon reconcile --date D`: match the warehouse's orders and payments of one business day.
import { defineCommand } from 'citty';
import { reconcileDay } from '../../reconcile/reconcile.ts';
import { tableFromResult } from '../../reconcile/format.ts';
import { refuseUnfinishedNight, yesterdayIn, businessDayOf } from '../../shared/business-day.ts';
import { systemClock } from '../../shared/clock.ts';
import { newRunId } from '../../shared/run-id.ts';
import { configArg, contextFor, sandboxArg, withWarehouse } from '../context.ts';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: {
    name: 'reconcile',
    description: 'Reconcile one business day: write its findings to the warehouse and print counts by category',
  },
  args: {
    ...configArg,
    ...sandboxArg,
    date: { type: 'string', description: 'Business day YYYY-MM-DD in the configured time zone (default: yesterday)', valueHint: 'D' },
    format: { type: 'string', description: 'Output: table or json', default: 'table', valueHint: 'table|json' },
  },
  async run({ args }) {
    const ctx = contextFor(args);
    const zone = ctx.config.timezone;
    const date = args.date ?? yesterdayIn(zone, systemClock.now());
    refuseUnfinishedNight(date, zone, ctx.config.sync.settleMinutes, systemClock.now());
    const result = await withWarehouse(ctx, {}, async (warehouse) => {
      await requireData(warehouse.connection);
      return reconcileDay(
        { db: warehouse.connection, clock: systemClock, logger: ctx.logger },
        // The fee check reads the prices the night's snapshot stored; this command sends no request.
        {
          runId: newRunId('reconcile', systemClock.now()),
          day: businessDayOf(date, zone),
          fees: ctx.config.fees,
          notifications: ctx.config.notifications,
          bank: { ...ctx.config.bank, zone },
        },
        ctx.config.reconcile,
      );
    });
    process.stdout.write(args.format === 'json' ? `${JSON.stringify(result, null, 2)}\n` : `${tableFromResult(result)}\n`);
  },
});

/** Reconciling an empty warehouse would print a clean day: say what is missing instead. */
async function requireData(db: { runAndReadAll(sql: string): Promise<{ getRowObjects(): Record<string, unknown>[] }> }): Promise<void> {
  const reader = await db.runAndReadAll(
    `SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM operations) AS payments, (SELECT count(*) FROM orders) AS orders`,
  );
  const row = reader.getRowObjects()[0] ?? {};
  if (Number(row['payments'] ?? 0) === 0 && Number(row['orders'] ?? 0) === 0) {
    throw new ReconError(
      'usage',
      'the warehouse holds no payments and no orders yet: run `recon sync` and `recon import`, or `recon run nightly` (after `npm start`, add --sandbox)',
    );
  }
}
