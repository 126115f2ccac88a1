// `node bin/run-ts.js scripts/sandbox-list-size.ts [--nights 30] [--per-day 400] [--seed 1] [--end 2026-03-20]
// [--still]`: the built-in sandbox's history run night after night, each night at 02:00 local on D+1 as a
// merchant's scheduler runs it (the service then shows each record as it stood that morning), and the
// findings list's size printed per night: new, open, resolved, what stays (the list: new + open) and how
// many of those no later record can resolve (a payout failed, a Pix paid short: the service has no status
// after those, so only a person accepting them closes them), with the categories of the last night's list.
// It is how the list was seen to level off once the sandbox's merchant resolves its findings
// (src/sandbox/resolutions.ts); --still runs the history without them, the list of a merchant that never
// acts. The nights run in a temporary folder, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { sandboxConfigOf, sandboxFoldersOf } from '../jobs/sandbox-config.ts';
import { SANDBOX_PER_DAY, SANDBOX_SEED } from '../jobs/sandbox-default.ts';
import { runNightly } from '../jobs/nightly.ts';
import { createPaymentsApi } from '../src/api/index.ts';
import { configSchema } from '../src/config/schema.ts';
import { generateHistory, startSandbox, writeOrdersExport, writeStatementFiles } from '../src/sandbox/index.ts';
import { datesBetween } from '../src/shared/business-day.ts';
import { silentLogger } from '../src/shared/log.ts';
import { openWarehouse } from '../src/warehouse/open.ts';

const { values } = parseArgs({
  options: {
    nights: { type: 'string', default: '30' },
    'per-day': { type: 'string', default: String(SANDBOX_PER_DAY) },
    seed: { type: 'string', default: String(SANDBOX_SEED) },
    end: { type: 'string', default: '2026-03-20' },
    still: { type: 'boolean', default: false },
  },
});
const zone = 'America/Sao_Paulo';
const history = generateHistory({
  seed: Number(values.seed),
  days: Number(values.nights),
  perDay: Number(values['per-day']),
  endDate: values.end,
  bankStatement: true,
  resolutions: !values.still,
});
const dir = mkdtempSync(join(tmpdir(), 'recon-list-size-'));
let now = 0;
const clock = { now: () => now };
const sandbox = await startSandbox({ history, clock });
const api = createPaymentsApi({
  baseUrl: sandbox.url,
  apiKey: sandbox.apiKey,
  timeoutMs: 10_000,
  retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 2000 },
});
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
const db = warehouse.connection;
try {
  const config = sandboxConfigOf(configSchema.parse({}), dir);
  const { exportDir, bankDir } = sandboxFoldersOf(dir);
  const dates = datesBetween(history.startDate, history.endDate, zone);
  if (history.bank) await writeStatementFiles(history.bank, bankDir, { from: history.startDate, dates });
  process.stdout.write('night       new  open  resolved  list  of which stuck\n');
  let lastRun = '';
  for (const date of dates) {
    await writeOrdersExport(history, join(exportDir, `orders-${date}.csv`), { format: 'csv-br', date });
    now = DateTime.fromISO(date, { zone }).plus({ days: 1, hours: 2 }).toMillis();
    const outcome = await runNightly({ db, api, clock, logger: silentLogger }, { date }, config);
    lastRun = outcome.reconcile.runId;
    const counts = (
      await db.runAndReadAll(
        `SELECT state, count(*) AS n, count(*) FILTER (WHERE category IN ('cashout_failed', 'cashin_amount_mismatch')) AS stuck
         FROM findings WHERE run_id = $1 GROUP BY state`,
        [lastRun],
      )
    ).getRowObjects();
    const n = (state: string, column = 'n') => Number(counts.find((r) => r['state'] === state)?.[column] ?? 0);
    const cells = [n('new'), n('open'), n('resolved'), n('new') + n('open'), n('new', 'stuck') + n('open', 'stuck')].map((v, i) =>
      String(v).padStart([5, 5, 9, 5, 15][i]!),
    );
    process.stdout.write(`${date} ${cells.join(' ')}\n`);
  }
  const staying = await db.runAndReadAll(
    `SELECT category, count(*) AS n FROM findings WHERE run_id = $1 AND state <> 'resolved' GROUP BY category ORDER BY n DESC, category`,
    [lastRun],
  );
  process.stdout.write(`\nthe last night's list by category:\n`);
  for (const r of staying.getRowObjects()) process.stdout.write(`  ${String(r['category']).padEnd(28)} ${String(r['n']).padStart(5)}\n`);
} finally {
  warehouse.close();
  await api.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
