// What a backfill prints on stdout, in the configured locale: one line per night as it ends (so a long
// catch-up shows how it goes, and a Ctrl-C loses nothing already said), then how to open the page of the
// last night.
import type { BackfillNight } from '../../jobs/backfill.ts';
import { type Locale, messagesFor } from '../shared/locale/index.ts';

/**
 * e.g. `2026-11-21 (2 of 3): done in 4.2 s; findings 42 new, 3 still open, 1 resolved; reports in /srv/reports/2026-11-21`
 * or `2026-11-20 (1 of 3): skipped (already done; --force re-runs it)`.
 */
export function lineForBackfillNight(night: BackfillNight, position: number, count: number, locale: Locale = 'pt-BR'): string {
  const m = messagesFor(locale).backfill;
  const head = m.position(night.date, position, count);
  if (night.skipped || !night.outcome) return m.skipped(head);
  const { summary, reconcile, sync, reportDir } = night.outcome;
  const seconds = summary.timings['total'];
  const duration = seconds === undefined ? '?' : messagesFor(locale).fmt.duration(seconds * 1000);
  const { new: fresh, open, resolved } = reconcile.totals;
  return m.night(head, summary.outcome === 'done_with_warnings', duration, fresh, open, resolved, sync.rejected, reportDir);
}

/** e.g. `Backfill 2026-11-20 to 2026-11-22: 2 nights run, 1 skipped.` */
export function lineForBackfillEnd(nights: readonly BackfillNight[], locale: Locale = 'pt-BR'): string {
  const m = messagesFor(locale).backfill;
  const run = nights.filter((n) => !n.skipped).length;
  const first = nights[0]?.date;
  const last = nights.at(-1)?.date;
  return m.end(first !== undefined && last !== undefined ? m.range(first, last) : '', run, nights.length - run);
}
