// The window work of a sync run (planning is in plan-windows.ts): the bounded concurrent reads that stop at the first failure, and the final verification pass that reads
// again every window whose total moved while the run was reading.
import type { LimitFunction } from 'p-limit';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import type { PaymentsApi } from '../api/index.ts';
import { describeWindow, keyOf, type SyncWindow } from './windows.ts';
import { probeTotal, type WindowRead } from './read-window.ts';

/**
 * Like Promise.all, but on the first failure it stops queued work and waits for the work in flight
 * to finish before rejecting, so nothing keeps writing into a staging folder being removed.
 */
export async function allOrFirstError<T>(tasks: Array<() => Promise<T>>, limit: LimitFunction): Promise<T[]> {
  let failed = false;
  const settled = await Promise.allSettled(
    tasks.map((task) =>
      limit(async () => {
        if (failed) throw new Error('cancelled after an earlier failure');
        try {
          return await task();
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
    ),
  );
  const firstFailure = settled.find(
    (s): s is PromiseRejectedResult => s.status === 'rejected' && !(s.reason instanceof Error && s.reason.message === 'cancelled after an earlier failure'),
  );
  if (firstFailure) throw firstFailure.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}

/**
 * The final pass: re-probe every window's total; a window whose total moved (a late-visible row, a
 * status change into a sweep) is read again. Repeats until a pass finds nothing, bounded.
 */
export async function verifyFinal(
  deps: { http: PaymentsApi; logger: Logger },
  reads: WindowRead[],
  read: (window: SyncWindow) => Promise<WindowRead>,
  limit: LimitFunction,
  maxRounds: number,
): Promise<number> {
  let rereads = 0;
  for (let round = 1; ; round++) {
    const totals = await allOrFirstError(
      reads.map((r) => () => probeTotal(deps.http, r.window)),
      limit,
    );
    const moved = reads.map((r, i) => ({ index: i, read: r, now: totals[i] ?? r.total })).filter((m) => m.now !== m.read.total);
    if (moved.length === 0) return rereads;
    if (round > maxRounds) {
      const first = moved[0]!;
      throw new ReconError('drift', {
        id: 'totalStillMoving',
        window: describeWindow(first.read.window),
        rounds: maxRounds,
        read: first.read.total,
        now: first.now,
      });
    }
    for (const m of moved) deps.logger.event('sync.window.moved', { window: keyOf(m.read.window), read: m.read.total, now: m.now });
    const again = await allOrFirstError(
      moved.map((m) => () => read(m.read.window)),
      limit,
    );
    moved.forEach((m, i) => {
      const fresh = again[i]!;
      reads[m.index] = { ...fresh, attempts: fresh.attempts + m.read.attempts };
    });
    rereads += moved.length;
  }
}
