// `recon sync --replay DIR`: rebuilds the warehouse from kept raw pages, without the API. The windows
// are published exactly as a live run would (same staging, same single transaction).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Clock } from '../shared/clock.ts';
import type { Logger } from '../shared/log.ts';
import type { ReconConfig } from '../config/schema.ts';
import { withRun } from '../warehouse/runs.ts';
import { readRawPages } from './raw-pages.ts';
import { Stager } from './stage.ts';
import { publishRun } from './publish.ts';
import { narrowDuckdbMemory } from './run-resources.ts';
import type { SyncResult } from './sync-all.ts';

export async function replayAll(
  deps: { db: DuckDBConnection; clock: Clock; logger: Logger },
  request: { runId: string; dir: string },
  config: ReconConfig,
): Promise<SyncResult> {
  const started = performance.now();
  const nowMs = deps.clock.now();
  // The end of a replay that succeeds is written by its publish, with its rows.
  const run = { kind: 'sync', runId: request.runId, clock: deps.clock, args: { replay: request.dir }, startedAtMs: nowMs, done: 'recorded by work' } as const;
  return withRun(deps.db, run, async () => {
    const stageDir = await mkdtemp(join(tmpdir(), 'recon-replay-'));
    const restoreMemory = await narrowDuckdbMemory(deps.db);
    try {
      const reads = await readRawPages(request.dir, stageDir, config.sync.operationsAmountUnit);
      const stager = new Stager(deps.db, request.runId);
      await stager.clearAbandoned();
      for (const read of reads) await stager.stageWindow(read);
      await stager.drain();
      const pages = reads.reduce((n, r) => n + r.pages, 0);
      const counts = await publishRun(deps.db, {
        runId: request.runId,
        nowMs,
        // An archived batch of look-ups by id is staged like a window but is not one.
        windows: reads.filter((r) => !r.window.lookups),
        staged: { transactions: stager.staged('transactions'), operations: stager.staged('operations') },
        watermarks: {},
        logger: deps.logger,
        runEnd: (c) => ({
          runId: request.runId,
          outcome: 'done',
          finishedAtMs: deps.clock.now(),
          counts: { windows: reads.length, pages, ...c, replay: true },
        }),
      });
      const t = counts.transactions;
      const o = counts.operations;
      const untilOf = (stream: string) => Math.max(0, ...reads.filter((r) => r.window.stream === stream).map((r) => r.window.endMs));
      return {
        runId: request.runId,
        date: '',
        windows: reads.length,
        pages,
        rows: { new: t.new + o.new, changed: t.changed + o.changed, unchanged: t.unchanged + o.unchanged },
        transactions: t,
        operations: o,
        retries: 0,
        requests: 0,
        rereads: 0,
        seconds: (performance.now() - started) / 1000,
        freshness: { transactionsUntilMs: untilOf('transactions'), operationsUntilMs: untilOf('operations') },
        rejected: 0,
        lookups: { read: 0, changed: 0, vanished: 0 },
      };
    } finally {
      await restoreMemory().catch(() => undefined);
      await rm(stageDir, { recursive: true, force: true });
    }
  });
}
