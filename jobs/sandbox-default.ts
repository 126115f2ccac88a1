// The embedded default: with no key and no service address, recon runs on the built-in sandbox of the
// payments service — a seeded history ending yesterday, its daily orders exports, and a warehouse and
// reports folder of its own under data/sandbox, so a newcomer sees the whole job with no credentials.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReconConfig } from '../src/config/schema.ts';
import { type RunningSandbox, startSandbox, writeOrdersExport, writeStatementFiles } from '../src/sandbox/index.ts';
import { datesBetween, addDays, parseBusinessDate, yesterdayIn } from '../src/shared/business-day.ts';
import type { Clock } from '../src/shared/clock.ts';
import type { Logger } from '../src/shared/log.ts';
import { ReconError } from '../src/shared/errors.ts';
import { SANDBOX_ZONE, sandboxConfigOf, sandboxFoldersOf } from './sandbox-config.ts';
import { earliestSaleFor } from '../src/forecast/coverage.ts';

export const SANDBOX_SEED = 1;
export const SANDBOX_DAYS = 30;
export const SANDBOX_PER_DAY = 400;
/**
 * Installment card sales a day in the older tail before the 30 days: enough that the cash forecast of
 * the last night counts installments of sales up to a year old (which the first night's backfill reads),
 * few enough that `npm start` stays quick.
 */
export const SANDBOX_OLDER_PER_DAY = 12;

export interface EmbeddedSandbox {
  url: string;
  apiKey: string;
  /** The history's last business day: the night the default run reconciles. */
  lastDay: string;
  /** Export files of every day, by date. */
  exports: Map<string, string>;
  /** The generated history the sandbox serves (its older tail of sales included). */
  history: RunningSandbox['history'];
  /** The caller's config pointed at the sandbox's own folders, zone and export layout. */
  config: ReconConfig;
  close(): Promise<void>;
}

export async function startEmbeddedSandbox(config: ReconConfig, deps: { clock: Clock; logger: Logger; dataDir: string }): Promise<EmbeddedSandbox> {
  // Just after midnight yesterday is not settled yet: the history then ends the day before.
  const lastDay = yesterdayIn(SANDBOX_ZONE, deps.clock.now() - (config.sync.settleMinutes + 1) * 60_000);
  const firstDay = addDays(lastDay, -(SANDBOX_DAYS - 1));
  // The history reaches back as far as the last night's forecast needs: every sale with an installment due after it.
  const olderFrom = earliestSaleFor(addDays(lastDay, 1), config.settlement);
  const olderDays = olderFrom < firstDay ? datesBetween(olderFrom, firstDay, SANDBOX_ZONE).length - 1 : 0;
  deps.logger.info({
    id: 'sandboxRunning',
    seed: SANDBOX_SEED,
    days: SANDBOX_DAYS,
    perDay: SANDBOX_PER_DAY,
    first: firstDay,
    last: lastDay,
    ...(olderDays > 0 ? { older: { days: olderDays, perDay: SANDBOX_OLDER_PER_DAY, from: olderFrom } } : {}),
  });
  const sandbox = await startSandbox({
    port: 0,
    seed: SANDBOX_SEED,
    days: SANDBOX_DAYS,
    perDay: SANDBOX_PER_DAY,
    endDate: lastDay,
    clock: deps.clock,
    bankStatement: true,
    olderSales: { days: olderDays, perDay: SANDBOX_OLDER_PER_DAY },
    // Its merchant works its findings as a real one does, so a backfill's list levels off instead of growing.
    resolutions: true,
  });
  try {
    const { exportDir, bankDir } = sandboxFoldersOf(deps.dataDir);
    mkdirSync(exportDir, { recursive: true });
    const exports = new Map<string, string>();
    for (const date of datesBetween(firstDay, lastDay, SANDBOX_ZONE)) {
      const file = join(exportDir, `orders-${date}.csv`);
      await writeOrdersExport(sandbox.history, file, { format: 'csv-br', date });
      exports.set(date, file);
    }
    // The merchant's bank statements, one per night from the first day on (OFX and CNAB 240).
    const history = sandbox.history;
    if (history.bank) await writeStatementFiles(history.bank, bankDir, { from: firstDay, dates: [...exports.keys()] });
    // Point the run at the sandbox's own folders, zone, bank account and export layout.
    const sandboxConfig = sandboxConfigOf(config, deps.dataDir);
    return { url: sandbox.url, apiKey: sandbox.apiKey, lastDay, exports, history, config: sandboxConfig, close: () => sandbox.close() };
  } catch (error) {
    await sandbox.close();
    throw error;
  }
}

/**
 * A night asked of the built-in sandbox must lie inside its history: say which days it has rather
 * than fail later on an orders export that was never written. A date that is not a real YYYY-MM-DD
 * day fails first, with the format expected.
 */
export function requireSandboxDays(sandbox: Pick<EmbeddedSandbox, 'exports'>, dates: Readonly<Record<string, string | undefined>>): void {
  const days = [...sandbox.exports.keys()].sort();
  const [first, last] = [days[0], days.at(-1)];
  for (const [flag, date] of Object.entries(dates)) {
    if (date === undefined) continue;
    parseBusinessDate(date, SANDBOX_ZONE);
    if (sandbox.exports.has(date)) continue;
    throw new ReconError('usage', { id: 'outsideSandbox', flag, date, first: first ?? '', last: last ?? '' });
  }
}
