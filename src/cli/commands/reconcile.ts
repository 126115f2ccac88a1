// `recon reconcile --date D`: the night's checks again over what the warehouse holds (orders, fees,
// notifications, bank, the triage fold; jobs/reconcile-again.ts), then its reports and summary.json.
import { defineCommand } from 'citty';
import { relative } from 'node:path';
import { reconcileAgain, type ReconciledAgain } from '../../../jobs/reconcile-again.ts';
import { tableFromResult } from '../../reconcile/format.ts';
import { parseBusinessDate, refuseUnfinishedNight, yesterdayIn } from '../../shared/business-day.ts';
import { systemClock } from '../../shared/clock.ts';
import { type Locale, messagesFor } from '../../shared/locale/index.ts';
import { configArg, contextFor, sandboxArg, withWarehouse } from '../context.ts';
import { ReconError } from '../../shared/errors.ts';

export default defineCommand({
  meta: { name: 'reconcile' },
  args: {
    ...configArg,
    ...sandboxArg,
    date: { type: 'string', valueHint: 'D' },
    format: { type: 'string', default: 'table', valueHint: 'table|json' },
  },
  async run({ args }) {
    const ctx = contextFor(args);
    const zone = ctx.config.timezone;
    const date = args.date ?? yesterdayIn(zone, systemClock.now());
    if (args.date !== undefined) parseBusinessDate(args.date, zone);
    // A night that has not ended is refused before the warehouse is opened or read, as the nightly does.
    refuseUnfinishedNight(date, zone, ctx.config.sync.settleMinutes, systemClock.now());
    const night = await withWarehouse(ctx, {}, async (warehouse) => {
      await requireData(warehouse.connection);
      // The nightly's own checks and report step (jobs/reconcile-night.ts); nothing is synced or imported.
      return reconcileAgain(
        { db: warehouse.connection, clock: systemClock, logger: ctx.logger },
        { date, source: args.sandbox ? 'sandbox' : undefined },
        ctx.config,
      );
    });
    process.stdout.write(args.format === 'json' ? `${JSON.stringify(night.reconcile, null, 2)}\n` : `${textOf(night, ctx.config.reports.locale)}\n`);
  },
});

/** The counts by category, then where the rewritten reports are. */
function textOf(night: ReconciledAgain, locale: Locale): string {
  const files = [...night.reports.files.map((f) => relative(night.reportDir, f)), 'summary.json'];
  return [
    tableFromResult(night.reconcile, messagesFor(locale)),
    `${messagesFor(locale).night.reports}: ${night.reportDir}`,
    ...files.map((f) => `  ${f}`),
  ].join('\n');
}

/** Reconciling an empty warehouse would print a clean day: say what is missing instead. */
async function requireData(db: { runAndReadAll(sql: string): Promise<{ getRowObjects(): Record<string, unknown>[] }> }): Promise<void> {
  const reader = await db.runAndReadAll(
    `SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM operations) AS payments, (SELECT count(*) FROM orders) AS orders`,
  );
  const row = reader.getRowObjects()[0] ?? {};
  if (Number(row['payments'] ?? 0) === 0 && Number(row['orders'] ?? 0) === 0) {
    throw new ReconError('usage', { id: 'warehouseEmpty' });
  }
}
