// Backfill: one night after another from D1 to D2. Resumable: a night that already finished is skipped
// (unless forced), so a crashed or interrupted backfill continues where it stopped.
import type { ReconConfig } from '../src/config/schema.ts';
import { datesBetween } from '../src/shared/business-day.ts';
import { runNightly, type NightlyDeps, type NightlyOutcome } from './nightly.ts';

export interface BackfillRequest {
  from: string;
  to: string;
  force?: boolean | undefined;
  strict?: boolean | undefined;
  source?: string;
}

export interface BackfillNight {
  date: string;
  skipped: boolean;
  outcome?: NightlyOutcome;
}

export async function runBackfill(deps: NightlyDeps, request: BackfillRequest, config: ReconConfig): Promise<BackfillNight[]> {
  const nights: BackfillNight[] = [];
  const dates = datesBetween(request.from, request.to, config.timezone);
  const done = request.force ? new Set<string>() : await finishedNights(deps.db);
  const progress = deps.logger.progress('backfill', { total: dates.length, unit: 'nights' });
  try {
    for (const date of dates) {
      if (done.has(date)) {
        deps.logger.event('backfill.skip', { date, reason: 'a nightly run of this date already finished' });
        nights.push({ date, skipped: true });
      } else {
        nights.push({ date, skipped: false, outcome: await runNightly(deps, { date, strict: request.strict, source: request.source }, config) });
      }
      progress.tick(1);
    }
  } finally {
    progress.stop();
  }
  return nights;
}

async function finishedNights(db: NightlyDeps['db']): Promise<Set<string>> {
  const reader = await db.runAndReadAll(
    `SELECT DISTINCT CAST(business_date AS VARCHAR) AS d FROM runs WHERE kind = 'nightly' AND outcome IN ('done', 'done_with_warnings')`,
  );
  return new Set(reader.getRowObjects().map((r) => String(r['d'])));
}
