// The recurring-night bench's arithmetic, apart from its processes: where the timed night's seconds went
// (summary.json's steps, and each report's share of the reports step read off the night's JSON log),
// and whether recon and the peer found as many findings in every category the peer computes.

export interface CountComparison {
  agree: boolean;
  /** The categories compared: those the peer computes (recon's others have no counterpart there). */
  compared: string[];
  /** Findings in the compared categories, by recon, counted as compared. */
  findings: number;
  differ: { category: string; recon: number; peer: number }[];
}

/** A category's findings in one night's summary.json (findings.by_category). */
export interface NightCounts {
  new: number;
  open: number;
}

/**
 * The categories whose rule judges a payment's state at the night's end (still in review, a payout still
 * pending, past a cut-off), whichever day it got there: a script with no memory finds every one standing,
 * recon's new and open alike. Every other rule judges the day's activity, and recon keeps a finding of an
 * earlier day open by its own memory (rules.ts's carried), which a stateless script has not: there the
 * peer's count is recon's new ones.
 */
const STANDING = new Set(['stale_review', 'cashout_stale_pending']);

/** recon's counts of a night after an earlier one against a stateless peer's, on the peer's categories. */
export function compareCounts(recon: Record<string, NightCounts>, peer: Record<string, number>): CountComparison {
  const compared = Object.keys(peer);
  const ours = (c: string) => (recon[c]?.new ?? 0) + (STANDING.has(c) ? (recon[c]?.open ?? 0) : 0);
  const differ = compared.filter((c) => ours(c) !== peer[c]).map((category) => ({ category, recon: ours(category), peer: peer[category] ?? 0 }));
  const findings = compared.reduce((sum, c) => sum + ours(c), 0);
  return { agree: differ.length === 0, compared, findings, differ };
}

interface LogEvent {
  time?: string;
  event?: string;
  step?: string;
  report?: string;
}

/**
 * The night's steps in seconds (summary.json's timings, `total` left out) with the reports step broken
 * down by report: each report.written event's time less the one before it (the first, less the
 * reports step's start). A log line that is not JSON (a warning in words) is skipped.
 */
export function nightSteps(timings: Record<string, number>, log: string): { steps: Record<string, number>; reports: Record<string, number> } {
  const steps = Object.fromEntries(Object.entries(timings).filter(([step]) => step !== 'total'));
  const reports: Record<string, number> = {};
  let since: number | undefined;
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    let event: LogEvent;
    try {
      event = JSON.parse(line) as LogEvent;
    } catch {
      continue;
    }
    const at = event.time === undefined ? Number.NaN : Date.parse(event.time);
    if (event.event === 'nightly.step') since = event.step === 'reports' ? at : undefined;
    else if (event.event === 'report.written' && since !== undefined && event.report !== undefined) {
      reports[event.report] = Math.round(at - since) / 1000;
      since = at;
    }
  }
  return { steps, reports };
}
