// Planning a run's windows, bounded whatever the service answers: a range is split in halves until
// each part holds at most a page budget of rows, never below a floor (a minute by default), never into
// more windows than a cap (counted as the plan grows, so a service whose counts halve forever is caught
// early), and never when the halves do not add up (a service that ignores the date filter reports the
// same large total for every window). The first failure stops every other branch of the planning.
import type { LimitFunction } from 'p-limit';
import { ReconError } from '../shared/errors.ts';
import type { PaymentsApi } from '../api/index.ts';
import { filtersOf, describeWindow, splitWindow, type SyncWindow } from './windows.ts';
import { probeTotal } from './read-window.ts';
import { shownQuery } from '../api/index.ts';

export interface PlanLimits {
  /** Rows a window may hold before it is split (sync.pageSize x sync.windowPageBudget). */
  rowsPerWindow: number;
  /** Shortest window recon splits down to (sync.minWindowSeconds). */
  minWindowMs: number;
  /** Most windows one run may plan (sync.maxWindows). */
  maxWindows: number;
}

/** How many windows' worth of rows a window at the floor may still hold and be read whole. */
const AT_FLOOR_FACTOR = 10;

export interface PlannedWindow {
  window: SyncWindow;
  /** The total the planning probe saw. */
  total: number;
}

/** Splits each range into windows within the limits; fails with a message naming the request otherwise. */
export async function planRanges(api: PaymentsApi, ranges: readonly SyncWindow[], limits: PlanLimits, limit: LimitFunction): Promise<PlannedWindow[]> {
  const state: Planning['state'] = { windows: ranges.length, failed: false };
  const probe = (w: SyncWindow) =>
    limit(() => {
      if (state.failed) throw new ReconError('internal', 'planning stopped after an earlier failure');
      return probeTotal(api, w);
    });
  try {
    const parts = await Promise.all(ranges.map(async (range) => planRange(range, await probe(range), { limits, probe, state })));
    return parts.flat();
  } catch (error) {
    state.failed = true;
    throw error;
  }
}

interface Planning {
  limits: PlanLimits;
  probe: (w: SyncWindow) => Promise<number>;
  /** Windows in the plan so far (a split adds one); set `failed` to stop every branch. */
  state: { windows: number; failed: boolean };
}

async function planRange(range: SyncWindow, total: number, p: Planning): Promise<PlannedWindow[]> {
  if (total <= p.limits.rowsPerWindow) return [{ window: range, total }];
  const halves = range.endMs - range.startMs >= 2 * p.limits.minWindowMs ? splitWindow(range) : undefined;
  // At the floor a burst (a payout batch sharing one date_updated) is read whole, page by page, within
  // the request budget; a count far past any burst is the service misbehaving.
  if (!halves && total <= AT_FLOOR_FACTOR * p.limits.rowsPerWindow) return [{ window: range, total }];
  if (!halves) {
    p.state.failed = true;
    throw new ReconError('api_http', {
      id: 'windowTooFull',
      window: describeWindow(range),
      total,
      factor: AT_FLOOR_FACTOR,
      rowsPerWindow: p.limits.rowsPerWindow,
      minWindowSeconds: p.limits.minWindowMs / 1000,
      request: requestOf(range),
    });
  }
  grow(range, total, p);
  const totals = await Promise.all(halves.map(p.probe));
  const [first = 0, second = 0] = totals;
  if (first >= total && second >= total) {
    p.state.failed = true;
    throw new ReconError('api_http', {
      id: 'filterIgnored',
      window: describeWindow(range),
      total,
      first,
      second,
      field: String(range.field),
      request: requestOf(range),
    });
  }
  const parts = await Promise.all(halves.map((half, i) => planRange(half, totals[i] ?? 0, p)));
  return parts.flat();
}

/** One window more in the plan (a split); past the cap the run fails. */
function grow(range: SyncWindow, total: number, p: Planning): void {
  if (++p.state.windows > p.limits.maxWindows) {
    p.state.failed = true;
    throw new ReconError('api_http', { id: 'tooManyWindows', maxWindows: p.limits.maxWindows, window: describeWindow(range), total });
  }
}

function requestOf(window: SyncWindow): string {
  return `GET /v1/${window.stream}${shownQuery([...filtersOf(window), ['count', 1], ['page', 1]])}`;
}
