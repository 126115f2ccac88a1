// syncAll against a scripted listing service: verification, drift, late-visible rows, atomic publish,
// exact cents, idempotent re-runs and replay from raw pages. Real HTTP, real DuckDB files.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/shared/log.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { ONE_THREAD, openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';
import { replayAll } from '../../src/sync/replay.ts';
import { markSeenAgain } from '../../src/sync/seen-again.ts';
import { OPERATIONS_TABLE, TRANSACTIONS_TABLE } from '../../src/shared/tables.ts';
import { startFakeService, fakeTransaction, fakeCashIn, fakeCashOut } from './fake-service.ts';
import { DAY, NOW, onCleanup, rows, setup, cleanUpSyncs } from './fake-sync.ts';

afterEach(cleanUpSyncs);

function sales(count: number, ageDays = 3) {
  return Array.from({ length: count }, (_, i) => fakeTransaction(`tx${String(i).padStart(4, '0')}`, NOW - ageDays * DAY - i * 37_000));
}

describe('syncAll (scripted service)', () => {
  it('reads every row once across split windows and records the windows', async () => {
    const service = await startFakeService(sales(1234), [fakeCashIn('ci1', NOW - 2 * DAY), fakeCashOut('co1', NOW - DAY)]);
    const { warehouse, run } = await setup(service);
    const result = await run();
    expect(result.transactions).toEqual({ new: 1234, changed: 0, unchanged: 0 });
    expect(await rows(warehouse, 'SELECT count(DISTINCT transaction_id) AS n, sum(net_value) AS s FROM transactions')).toEqual([
      { n: '1234', s: String(1234 * 10_000) },
    ]);
    const windows = await rows(warehouse, "SELECT total, rows FROM sync_windows WHERE filter = 'date_created' AND stream = 'transactions'");
    expect(windows.length).toBeGreaterThan(4); // 1234 rows, budget 300 per window
    expect(windows.reduce((n, w) => n + Number(w['rows']), 0)).toBe(1234);
    expect(await rows(warehouse, "SELECT outcome FROM runs WHERE run_id = 'r1'")).toEqual([{ outcome: 'done' }]);
  });

  it('keys refused rows listed without a transaction_id, and reads them once however often they are listed', async () => {
    const refusedRow = fakeTransaction('x', NOW - 2 * DAY, {
      transaction_id: null,
      status: 'refused',
      authorization_code: null,
      nsu: null,
      acquirer_status_code: '1016',
    });
    const service = await startFakeService([...sales(5), refusedRow]);
    const { warehouse, run } = await setup(service);
    await run();
    await run();
    expect(await rows(warehouse, "SELECT count(*) AS n, min(transaction_id) AS id FROM transactions WHERE status = 'refused'")).toEqual([
      { n: '1', id: expect.stringMatching(/^refused_[0-9a-f]{24}$/) },
    ]);
  });

  it('converts operation reais to exact cents', async () => {
    const ops = [
      fakeCashIn('ci1', NOW - DAY, { amount: 0.29, paid_amount: 0.3 }),
      fakeCashIn('ci2', NOW - DAY, { amount: 1234567.89, paid_amount: 1234567.8 }),
      fakeCashOut('co1', NOW - DAY, { amount: 19.99, paid_off_amount: 19.99 }),
    ];
    const service = await startFakeService([], ops);
    const { warehouse, run } = await setup(service);
    await run();
    expect(await rows(warehouse, 'SELECT operation_id, amount_cents, paid_amount_cents, paid_off_amount_cents FROM operations ORDER BY operation_id')).toEqual([
      { operation_id: 'ci1', amount_cents: '29', paid_amount_cents: '30', paid_off_amount_cents: null },
      { operation_id: 'ci2', amount_cents: '123456789', paid_amount_cents: '123456780', paid_off_amount_cents: null },
      { operation_id: 'co1', amount_cents: '1999', paid_amount_cents: null, paid_off_amount_cents: '1999' },
    ]);
  });

  describe('operation amounts, all in one sync (each case its own cash-in and cash-out)', () => {
    const AMOUNTS = [
      [1234.29, 123429],
      [0.57, 57],
      [19.99, 1999],
      [4.35, 435],
      [150, 15000],
      [89.69999999999999, 8970], // R$ 89,70 as a float sum leaves it: within 1e-6 reais of the cent
      [435 * 0.01, 435], // 4.3500000000000005
    ] as const;
    // One service listing every case's pair and one sync of it: a sync per amount cost a second of CPU
    // for two rows. The operations cannot interfere (ids of their own), and each case reads its own.
    let synced: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      const ops = AMOUNTS.flatMap(([reais], i) => [
        fakeCashIn(`ci${i}`, NOW - DAY, { amount: reais, paid_amount: reais }),
        fakeCashOut(`co${i}`, NOW - DAY, { amount: reais, paid_off_amount: reais }),
      ]);
      synced = await setup(await startFakeService([], ops), {}, silentLogger, { until: 'file' });
      const result = await synced.run();
      expect(result.rejected).toBe(0);
    });
    afterAll(() => synced?.close());

    it.each(AMOUNTS.map(([reais, cents], i) => [reais, cents, i] as const))(
      'reads the operation amount %s reais as %s cents (amount, paid_amount, paid_off_amount)',
      async (_reais, cents, i) => {
        const sql = `SELECT operation_id, amount_cents, paid_amount_cents, paid_off_amount_cents FROM operations WHERE operation_id IN ('ci${i}', 'co${i}') ORDER BY operation_id`;
        expect(await rows(synced.warehouse, sql)).toEqual([
          { operation_id: `ci${i}`, amount_cents: String(cents), paid_amount_cents: String(cents), paid_off_amount_cents: null },
          { operation_id: `co${i}`, amount_cents: String(cents), paid_amount_cents: null, paid_off_amount_cents: String(cents) },
        ]);
      },
    );
  });

  it('keeps out an operation whose amount is not within 1e-6 reais of a cent (89.6949), naming the field, and loads the rest', async () => {
    const service = await startFakeService([], [fakeCashIn('ci1', NOW - DAY), fakeCashOut('co1', NOW - DAY, { paid_off_amount: 89.6949 })]);
    const { warehouse, run } = await setup(service);
    const result = await run();
    expect(result.rejected).toBeGreaterThanOrEqual(1);
    expect(await rows(warehouse, 'SELECT operation_id FROM operations')).toEqual([{ operation_id: 'ci1' }]);
    const [reject] = await rows(warehouse, "SELECT DISTINCT id, reason FROM sync_rejects WHERE stream = 'operations'");
    expect(reject).toEqual({ id: 'co1', reason: expect.stringMatching(/^field paid_off_amount: expected reais with at most two decimals .*got 89\.6949$/) });
  });

  it('is idempotent: a second run finds everything unchanged and adds no rows', async () => {
    const service = await startFakeService(sales(250), [fakeCashIn('ci1', NOW - DAY)]);
    const { warehouse, run } = await setup(service);
    await run();
    const before = await rows(warehouse, 'SELECT * EXCLUDE (last_seen_at, last_seen_run) FROM transactions ORDER BY 1');
    const second = await run();
    expect(second.rows).toEqual({ new: 0, changed: 0, unchanged: 251 });
    expect(await rows(warehouse, 'SELECT * EXCLUDE (last_seen_at, last_seen_run) FROM transactions ORDER BY 1')).toEqual(before);
    expect(await rows(warehouse, 'SELECT count(*) AS n FROM transaction_history')).toEqual([{ n: '250' }]);
    // Listed again as held: only the last-seen marks move (written after the commit, seen-again.ts).
    for (const table of ['transactions', 'transaction_history', 'operations', 'operation_history']) {
      expect(await rows(warehouse, `SELECT DISTINCT first_seen_run, last_seen_run FROM ${table}`)).toEqual([{ first_seen_run: 'r1', last_seen_run: 'r2' }]);
    }
  });

  it('marks what a run lists again when the other stream holds nothing yet, without a warning', async () => {
    const txs: ReturnType<typeof fakeTransaction>[] = [];
    const service = await startFakeService(txs, [fakeCashIn('ci1', NOW - DAY)]);
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (sentence: { id: string }) => void warnings.push(sentence.id) };
    const { warehouse, run } = await setup(service, {}, logger);
    await run();
    txs.push(fakeTransaction('tx1', NOW - DAY));
    expect((await run()).rows).toEqual({ new: 1, changed: 0, unchanged: 1 });
    expect(warnings).toEqual([]);
    expect(await rows(warehouse, 'SELECT first_seen_run, last_seen_run FROM operations')).toEqual([{ first_seen_run: 'r1', last_seen_run: 'r2' }]);
    expect(await rows(warehouse, 'SELECT first_seen_run, last_seen_run FROM operation_history')).toEqual([{ first_seen_run: 'r1', last_seen_run: 'r2' }]);
    expect(await rows(warehouse, 'SELECT first_seen_run, last_seen_run FROM transactions')).toEqual([{ first_seen_run: 'r2', last_seen_run: 'r2' }]);
  });

  it('writes the last-seen marks in as many transactions as asked, each held row once', async () => {
    const service = await startFakeService(sales(250), [fakeCashIn('ci1', NOW - DAY)]);
    const { warehouse, run } = await setup(service);
    await run();
    const db = warehouse.connection;
    await db.run(`CREATE TEMP TABLE pub_seen_again_rows_transactions AS SELECT transaction_id FROM transactions WHERE transaction_id < 'tx0200'`);
    await db.run(
      `CREATE TEMP TABLE pub_seen_again_pairs_transactions AS SELECT transaction_id, status FROM transaction_history WHERE transaction_id >= 'tx0100'`,
    );
    await db.run(`CREATE TEMP TABLE pub_seen_again_rows_operations AS SELECT kind, operation_id FROM operations`);
    await db.run(`CREATE TEMP TABLE pub_seen_again_pairs_operations AS SELECT kind, operation_id, status FROM operation_history WHERE false`);
    const marked = await markSeenAgain(db, [TRANSACTIONS_TABLE, OPERATIONS_TABLE], { runId: 'r9', nowMs: NOW + DAY, perTransaction: 7 });
    expect(marked).toBe(200 + 150 + 1);
    const marks = (table: string) =>
      rows(warehouse, `SELECT last_seen_run AS run, epoch_ms(last_seen_at) AS at, count(*) AS n FROM ${table} GROUP BY ALL ORDER BY 1`);
    expect(await marks('transactions')).toEqual([
      { run: 'r1', at: String(NOW), n: '50' },
      { run: 'r9', at: String(NOW + DAY), n: '200' },
    ]);
    expect(await marks('transaction_history')).toEqual([
      { run: 'r1', at: String(NOW), n: '100' },
      { run: 'r9', at: String(NOW + DAY), n: '150' },
    ]);
    expect(await marks('operations')).toEqual([{ run: 'r9', at: String(NOW + DAY), n: '1' }]);
    expect(await marks('operation_history')).toEqual([{ run: 'r1', at: String(NOW), n: '1' }]);
  });

  it('re-reads a window whose total moves while paging (a row inserted mid-read)', async () => {
    const service = await startFakeService(sales(250));
    let injected = false;
    service.beforeList = (_path, params) => {
      if (!injected && params.get('page') === '2' && params.get('count') === '100') {
        injected = true;
        service.transactions.push(fakeTransaction('late-1', NOW - 3 * DAY + 1000));
      }
    };
    const { warehouse, run } = await setup(service);
    const result = await run();
    expect(injected).toBe(true);
    expect(result.transactions.new).toBe(251);
    expect(await rows(warehouse, "SELECT max(attempts) AS a FROM sync_windows WHERE stream = 'transactions'")).toEqual([{ a: 2 }]);
  });

  it('catches a row that becomes visible in a window already read (final verification pass)', async () => {
    const service = await startFakeService(sales(120));
    let listings = 0;
    service.beforeList = (_path, params) => {
      // After the first full read of the date window, a row appears inside it.
      if (params.get('count') === '100' && !params.get('status') && params.get('page') === '2' && ++listings === 1) {
        setImmediate(() => service.transactions.push(fakeTransaction('late-visible', NOW - 3 * DAY - 5_000)));
      }
    };
    const { warehouse, run } = await setup(service);
    const result = await run();
    expect(result.rereads).toBeGreaterThanOrEqual(1);
    expect(await rows(warehouse, "SELECT count(*) AS n FROM transactions WHERE transaction_id = 'late-visible'")).toEqual([{ n: '1' }]);
  });

  it('fails loudly with a drift error when a window never settles, publishing nothing', async () => {
    const service = await startFakeService(sales(150));
    let k = 0;
    service.beforeList = (_path, params) => {
      if (params.get('page') === '2') service.transactions.push(fakeTransaction(`churn-${k++}`, NOW - 3 * DAY + 10));
    };
    const { dir, warehouse, run } = await setup(service, { maxWindowAttempts: 2 });
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReconError);
    expect((error as ReconError).code).toBe('drift');
    expect((error as ReconError).message).toMatch(/never settled after 2 reads: total changed/);
    expect(await rows(warehouse, 'SELECT count(*) AS n FROM transactions')).toEqual([{ n: '0' }]);
    // Nothing staged is left behind: the run's files are gone with it.
    expect(readdirSync(join(dir, 'w.duckdb.stage'))).toEqual([]);
    expect(await rows(warehouse, 'SELECT outcome FROM runs')).toEqual([{ outcome: 'failed' }]);
  });

  it('keeps a row that breaks the schema out (sync_rejects, named by page, row, id and field), loads the rest, and loads it once fixed', async () => {
    const data = sales(250);
    data[180] = { ...data[180]!, net_value: 12.5 };
    const service = await startFakeService(data);
    const { warehouse, run } = await setup(service);
    const first = await run();
    expect(first.rejected).toBe(1);
    expect(first.transactions.new).toBe(249);
    const [reject] = await rows(warehouse, 'SELECT run_id, stream, filter, page, row_no, id, raw, raw_truncated, reason FROM sync_rejects');
    expect(reject).toMatchObject({ run_id: 'r1', stream: 'transactions', filter: 'date_created', page: 2, row_no: 81, id: 'tx0180', raw_truncated: false });
    expect(reject!['reason']).toMatch(/^field net_value: /);
    expect(JSON.parse(reject!['raw'] as string)).toEqual(data[180]);
    expect(await rows(warehouse, "SELECT outcome, counts->>'rejected' AS rejected FROM runs WHERE run_id = 'r1'")).toEqual([
      { outcome: 'done', rejected: '1' },
    ]);
    expect(await rows(warehouse, "SELECT total, rows FROM sync_windows WHERE filter = 'date_created' AND stream = 'transactions'")).toEqual([
      { total: '250', rows: '249' },
    ]);

    data[180] = { ...data[180]!, net_value: 12_500 };
    const second = await run();
    expect(second.rejected).toBe(0);
    expect(second.transactions.new).toBe(1);
    expect(await rows(warehouse, "SELECT net_value FROM transactions WHERE transaction_id = 'tx0180'")).toEqual([{ net_value: '12500' }]);
    expect(await rows(warehouse, 'SELECT count(*) AS n FROM sync_rejects')).toEqual([{ n: '1' }]);
  });

  it('records status paths in the history and keeps a known item_id when a listing omits it', async () => {
    const data = sales(5);
    const service = await startFakeService(data);
    const { warehouse, run } = await setup(service);
    await run();
    data[0] = { ...data[0]!, status: 'refunded', paid_amount: 0, refunded_amount: 10_000, date_updated: new Date(NOW - DAY).toISOString(), item_id: undefined };
    const second = await run();
    expect(second.transactions).toEqual({ new: 0, changed: 1, unchanged: 4 });
    expect(await rows(warehouse, "SELECT status, item_id FROM transactions WHERE transaction_id = 'tx0000'")).toEqual([
      { status: 'refunded', item_id: 'order-tx0000' },
    ]);
    expect(
      await rows(warehouse, "SELECT string_agg(status, ' -> ' ORDER BY date_updated) AS path FROM transaction_history WHERE transaction_id = 'tx0000'"),
    ).toEqual([{ path: 'paid -> refunded' }]);
    // The rewritten row and its new pair are last seen by the second run; the pair it left, by the first.
    expect(
      await rows(warehouse, "SELECT status, first_seen_run, last_seen_run FROM transaction_history WHERE transaction_id = 'tx0000' ORDER BY first_seen_run"),
    ).toEqual([
      { status: 'paid', first_seen_run: 'r1', last_seen_run: 'r1' },
      { status: 'refunded', first_seen_run: 'r2', last_seen_run: 'r2' },
    ]);
    expect(await rows(warehouse, 'SELECT DISTINCT first_seen_run, last_seen_run FROM transactions')).toEqual([{ first_seen_run: 'r1', last_seen_run: 'r2' }]);
  });

  it('keeps raw pages and rebuilds an identical warehouse from them with --replay', async () => {
    const service = await startFakeService(sales(230), [fakeCashIn('ci1', NOW - DAY), fakeCashOut('co1', NOW - DAY)]);
    const rawDir = mkdtempSync(join(tmpdir(), 'recon-raw-'));
    const { warehouse, run, config } = await setup(service, { rawPagesDir: rawDir });
    await run();
    expect(readdirSync(rawDir)).toEqual(['r1.ndjson.gz']);
    const other = await openMigratedCopy(join(scratchDir('recon-replay-'), 'w.duckdb'), ONE_THREAD);
    onCleanup(() => other.close());
    const replayed = await replayAll({ db: other.connection, clock: { now: () => NOW }, logger: silentLogger }, { runId: 'replay1', dir: rawDir }, config);
    expect(replayed.rows.new).toBe(232);
    const content = 'SELECT * EXCLUDE (first_seen_at, last_seen_at, first_seen_run, last_seen_run) FROM transactions ORDER BY 1';
    expect(await rows(other, content)).toEqual(await rows(warehouse, content));
    const ops = 'SELECT * EXCLUDE (first_seen_at, last_seen_at, first_seen_run, last_seen_run) FROM operations ORDER BY 1, 2';
    expect(await rows(other, ops)).toEqual(await rows(warehouse, ops));
  });
});
