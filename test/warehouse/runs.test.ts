// withRun against a real warehouse: the row a run leaves for each way it can end, the work's result or
// first error handed back untouched, abandoned runs of the same kind marked first, and the run id format.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/clock.ts';
import { newRunId } from '../../src/shared/run-id.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';
import { recordRunEnd, withRun, type RunPlan } from '../../src/warehouse/runs.ts';

const T0 = Date.parse('2024-03-16T05:00:00Z');
const clock = fixedClock(T0);

let warehouse: Warehouse;
beforeEach(async () => {
  warehouse = await openWarehouse(':memory:');
});
afterEach(() => warehouse.close());

async function runRows(): Promise<Record<string, unknown>[]> {
  const reader = await warehouse.connection.runAndReadAll(
    `SELECT run_id, kind, CAST(business_date AS VARCHAR) AS business_date, CAST(args AS VARCHAR) AS args, CAST(epoch_ms(started_at) AS DOUBLE) AS started,
            CAST(epoch_ms(finished_at) AS DOUBLE) AS finished, outcome, CAST(counts AS VARCHAR) AS counts, CAST(timings AS VARCHAR) AS timings, error
     FROM runs ORDER BY started_at, run_id`,
  );
  return reader.getRowObjectsJS();
}

const base = { run_id: 'r1', kind: 'import', business_date: '2024-03-15', args: '{"files":["a.csv"]}', started: T0 };

describe('withRun', () => {
  it.each<[string, Partial<RunPlan<number>>, Record<string, unknown>]>([
    ['done, with nothing more', {}, { outcome: 'done', finished: T0, counts: '{}', timings: '{}', error: null }],
    ['done, with counts from the result', { done: (n) => ({ counts: { rows: n } }) }, { outcome: 'done', counts: '{"rows":42}', timings: '{}' }],
    [
      'done with warnings, with its own end instant and timings',
      { done: () => ({ outcome: 'done_with_warnings', finishedAtMs: T0 + 5000, timings: { total: 5 } }) },
      { outcome: 'done_with_warnings', finished: T0 + 5000, counts: '{}', timings: '{"total":5}' },
    ],
  ])('records %s and returns the result', async (_label, plan, row) => {
    const result = await withRun(
      warehouse.connection,
      { kind: 'import', runId: 'r1', clock, businessDate: '2024-03-15', args: { files: ['a.csv'] }, ...plan },
      async (runId) => {
        expect(runId).toBe('r1');
        const running = await runRows();
        expect(running).toEqual([{ ...base, finished: null, outcome: 'running', counts: null, timings: null, error: null }]);
        return 42;
      },
    );
    expect(result).toBe(42);
    expect(await runRows()).toEqual([{ ...base, finished: T0, error: null, ...row }]);
  });

  it.each<[string, unknown, string]>([
    ['an Error', new Error('GET /v1/transactions: 503'), 'GET /v1/transactions: 503'],
    ['a thrown string', 'plain text', 'plain text'],
  ])('records a run whose work throws %s as failed with the message, and rethrows it', async (_label, thrown, message) => {
    const failure = await withRun(warehouse.connection, { kind: 'sync', runId: 'r2', clock, failed: () => ({ timings: { sync: 1.5 } }) }, async () => {
      throw thrown;
    }).catch((error: unknown) => error);
    expect(failure).toBe(thrown);
    expect(await runRows()).toEqual([
      {
        run_id: 'r2',
        kind: 'sync',
        business_date: null,
        args: '{}',
        started: T0,
        finished: T0,
        outcome: 'failed',
        counts: '{}',
        timings: '{"sync":1.5}',
        error: message,
      },
    ]);
  });

  it('keeps the first error when even the failed row cannot be written', async () => {
    const first = new Error('the work failed');
    const failure = await withRun(warehouse.connection, { kind: 'import', runId: 'r3', clock }, async () => {
      // A failed statement inside a transaction leaves it aborted: every later write fails too.
      await warehouse.connection.run('BEGIN TRANSACTION');
      await warehouse.connection.run("SELECT error('boom')").catch(() => undefined);
      throw first;
    }).catch((error: unknown) => error);
    expect(failure).toBe(first);
    await warehouse.connection.run('ROLLBACK');
    expect((await runRows())[0]?.['outcome']).toBe('running');
  });

  it('leaves the end to a work that records it itself', async () => {
    await withRun(warehouse.connection, { kind: 'sync', runId: 'r4', clock, done: 'recorded by work' }, async (runId) => {
      await recordRunEnd(warehouse.connection, { runId, outcome: 'done', finishedAtMs: T0 + 1, counts: { windows: 3 } });
    });
    expect(await runRows()).toMatchObject([{ run_id: 'r4', outcome: 'done', finished: T0 + 1, counts: '{"windows":3}' }]);
  });

  it('marks runs of its kind left running as abandoned first, and only those', async () => {
    const db = warehouse.connection;
    const idle = async () => undefined;
    await db.run(`INSERT INTO runs (run_id, kind, started_at, outcome) VALUES
      ('old-nightly', 'nightly', TIMESTAMPTZ '2024-03-15 05:00:00+00', 'running'),
      ('old-sync', 'sync', TIMESTAMPTZ '2024-03-15 05:00:00+00', 'running')`);
    await withRun(db, { kind: 'nightly', runId: 'new', clock, abandoned: 'its reports are those of an earlier run' }, idle);
    const rows = await runRows();
    expect(rows.map((r) => [r['run_id'], r['outcome'], r['error']])).toEqual([
      ['old-nightly', 'failed', 'abandoned: the process ended before the run finished; its reports are those of an earlier run'],
      ['old-sync', 'running', null],
      ['new', 'done', null],
    ]);
  });

  it('makes a new run id of its kind when given none', async () => {
    const id = await withRun(warehouse.connection, { kind: 'reconcile', clock }, async (runId) => runId);
    expect(id).toMatch(/^reconcile-20240316T050000000Z-[0-9a-f]{6}$/);
    expect((await runRows())[0]?.['run_id']).toBe(id);
  });
});

describe('newRunId', () => {
  it.each([
    ['nightly', Date.parse('2024-03-16T05:00:00.123Z'), /^nightly-20240316T050000123Z-[0-9a-f]{6}$/],
    ['sync', Date.parse('1999-12-31T23:59:59.999Z'), /^sync-19991231T235959999Z-[0-9a-f]{6}$/],
  ])('keeps the format kind-stamp-random for %s', (kind, ms, format) => {
    expect(newRunId(kind, ms)).toMatch(format);
  });
});
