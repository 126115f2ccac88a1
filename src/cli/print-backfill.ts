// What a backfill prints on stdout: one line per night as it ends (so a long catch-up shows how it
// goes, and a Ctrl-C loses nothing already said), then how to open the page of the last night.
import type { BackfillNight } from '../../jobs/backfill.ts';

/**
 * e.g. `2026-11-21 (2 of 3): done in 4.2 s; findings 42 new, 3 still open, 1 resolved; reports in /srv/reports/2026-11-21`
 * or `2026-11-20 (1 of 3): skipped (already done; --force re-runs it)`.
 */
export function lineForBackfillNight(night: BackfillNight, position: number, count: number): string {
  const head = `${night.date} (${position} of ${count})`;
  if (night.skipped || !night.outcome) return `${head}: skipped (already done; --force re-runs it)`;
  const { summary, reconcile, sync, reportDir } = night.outcome;
  const state = summary.outcome === 'done_with_warnings' ? 'done with warnings' : 'done';
  const seconds = summary.timings['total']?.toFixed(1) ?? '?';
  const keptOut = sync.rejected > 0 ? `; ${sync.rejected} listed row(s) kept out` : '';
  const { new: fresh, open, resolved } = reconcile.totals;
  return `${head}: ${state} in ${seconds} s; findings ${fresh} new, ${open} still open, ${resolved} resolved${keptOut}; reports in ${reportDir}`;
}

/** e.g. `Backfill 2026-11-20 to 2026-11-22: 2 nights run, 1 skipped.` */
export function lineForBackfillEnd(nights: readonly BackfillNight[]): string {
  const run = nights.filter((n) => !n.skipped).length;
  const range = nights.length > 0 ? ` ${nights[0]?.date} to ${nights.at(-1)?.date}` : '';
  return `Backfill${range}: ${run} night${run === 1 ? '' : 's'} run, ${nights.length - run} skipped.`;
}
