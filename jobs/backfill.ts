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

/** Where the caller follows the nights: `position` counts from 1 of `count`. */
export interface BackfillHooks {
  /** Before the first night: every night of the range, and those an earlier run finished (to be skipped). */
  planned?(dates: readonly string[], alreadyDone: ReadonlySet<string>): void;
  nightStarted?(date: string, position: number, count: number): void;
  nightEnded?(night: BackfillNight, position: number, count: number): void;
}

export async function runBackfill(deps: NightlyDeps, request: BackfillRequest, config: ReconConfig, hooks: BackfillHooks = {}): Promise<BackfillNight[]> {
  const nights: BackfillNight[] = [];
  const dates = datesBetween(request.from, request.to, config.timezone);
  const done = request.force ? new Set<string>() : await finishedNights(deps.db);
  hooks.planned?.(dates, done);
  // No progress line of its own: each night draws its sync's and import's, and says when it has ended.
  for (const [i, date] of dates.entries()) {
    let night: BackfillNight;
    if (done.has(date)) {
      deps.logger.event('backfill.skip', { date, reason: 'a nightly run of this date already finished' });
      night = { date, skipped: true };
    } else {
      hooks.nightStarted?.(date, i + 1, dates.length);
      night = { date, skipped: false, outcome: await runNightly(deps, { date, strict: request.strict, source: request.source }, config) };
    }
    nights.push(night);
    deps.logger.event('backfill.night', { date, position: i + 1, count: dates.length, outcome: night.outcome?.summary.outcome ?? 'skipped' });
    hooks.nightEnded?.(night, i + 1, dates.length);
  }
  return nights;
}

async function finishedNights(db: NightlyDeps['db']): Promise<Set<string>> {
  const reader = await db.runAndReadAll(
    `SELECT DISTINCT CAST(business_date AS VARCHAR) AS d FROM runs WHERE kind = 'nightly' AND outcome IN ('done', 'done_with_warnings')`,
  );
  return new Set(reader.getRowObjects().map((r) => String(r['d'])));
}
