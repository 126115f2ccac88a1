// `node bin/run-ts.js scripts/sandbox-list-size.ts [--nights 30] [--days N] [--per-day 400] [--seed 1]
// [--end 2026-03-20] [--rate 0.02] [--without-finance] [--still]`: the built-in sandbox's history (--days
// long, ending on --end; --nights long unless given) run night after night from its first day, each
// night at 02:00 local on D+1 as a merchant's scheduler runs it (the service then shows each record as it
// stood that morning), and after each night its finance team's morning: the acceptances of
// src/sandbox/finance-acts.ts, written through the triage journal as `recon findings accept` writes them
// (jobs/sandbox-finance.ts). Per night it prints the findings new, open and resolved (the lifecycle), those
// accepted, and the list finance works: the findings neither resolved nor accepted (docs/triage.md). Then
// the last night's findings by category: in the list, accepted, and the oldest age in the list. It is how
// the list was seen to level off once the sandbox's merchant resolves what the data can resolve
// (src/sandbox/resolutions.ts) and its finance team accepts the rest; --without-finance leaves the
// acceptances out, --still every act of the merchant too (the list of a merchant that never acts). The
// nights run in a temporary folder, removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { sandboxConfigOf, sandboxFoldersOf } from '../jobs/sandbox-config.ts';
import { SANDBOX_PER_DAY, SANDBOX_SEED } from '../jobs/sandbox-default.ts';
import { actAsSandboxFinance, triageContextOf } from '../jobs/sandbox-finance.ts';
import { runNightly } from '../jobs/nightly.ts';
import { createPaymentsApi } from '../src/api/index.ts';
import { configSchema } from '../src/config/schema.ts';
import { generateHistory, startSandbox, writeOrdersExport, writeStatementFiles } from '../src/sandbox/index.ts';
import { datesBetween } from '../src/shared/business-day.ts';
import { isNewFinding, isOpenFinding } from '../src/shared/figures.ts';
import { silentLogger } from '../src/shared/log.ts';
import { listFindings } from '../src/triage/actions.ts';
import { daysBetween } from '../src/triage/deadlines.ts';
import type { TriagedFinding } from '../src/triage/filter.ts';
import { openWarehouse } from '../src/warehouse/open.ts';
import { openEmptyWorkbook } from '../test/jobs/without-workbooks.ts';

const { values } = parseArgs({
  options: {
    nights: { type: 'string', default: '30' },
    days: { type: 'string' },
    'per-day': { type: 'string', default: String(SANDBOX_PER_DAY) },
    seed: { type: 'string', default: String(SANDBOX_SEED) },
    end: { type: 'string', default: '2026-03-20' },
    rate: { type: 'string' },
    'without-finance': { type: 'boolean', default: false },
    still: { type: 'boolean', default: false },
  },
});
const zone = 'America/Sao_Paulo';
const history = generateHistory({
  seed: Number(values.seed),
  days: Math.max(Number(values.days ?? values.nights), Number(values.nights)),
  perDay: Number(values['per-day']),
  endDate: values.end,
  bankStatement: true,
  resolutions: !values.still,
  ...(values.rate === undefined ? {} : { discrepancyRate: Number(values.rate) }),
});
const financeActs = !values.still && !values['without-finance'];
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
/** The night's findings as `recon findings list` shows them: lifecycle, triage state, age. */
let last: TriagedFinding[] = [];
try {
  const config = sandboxConfigOf(configSchema.parse({}), dir);
  const { exportDir, bankDir } = sandboxFoldersOf(dir);
  // The first nights of the history: a longer one (--days) runs them as the middle of a merchant's life, with
  // no last day on which what would be reported later piles up.
  const dates = datesBetween(history.startDate, history.endDate, zone).slice(0, Number(values.nights));
  if (history.bank) await writeStatementFiles(history.bank, bankDir, { from: history.startDate, dates });
  process.stdout.write('night       new  open  resolved  accepted  list\n');
  for (const date of dates) {
    await writeOrdersExport(history, join(exportDir, `orders-${date}.csv`), { format: 'csv-br', date });
    now = DateTime.fromISO(date, { zone }).plus({ days: 1, hours: 2 }).toMillis();
    // Its workbooks are empty files: the list is read from the warehouse, and rendering them was a third of a night.
    await runNightly({ db: warehouse.connection, api, clock, logger: silentLogger, openWorkbook: openEmptyWorkbook }, { date }, config);
    // The team reads the list at 09:00, as `recon findings` reads it.
    const morning = triageContextOf(config, { now: () => now + 7 * 3_600_000 }, warehouse.connection);
    if (financeActs) await actAsSandboxFinance(morning);
    last = (await listFindings(morning)).items;
    const count = (keep: (f: TriagedFinding) => boolean) => last.filter(keep).length;
    const cells = [
      count((f) => isNewFinding(f.row)),
      count((f) => isOpenFinding(f.row)),
      count((f) => f.view.state === 'resolved'),
      count((f) => f.view.state === 'accepted'),
      count(inTheList),
    ].map((v, i) => String(v).padStart([5, 5, 9, 9, 5][i]!));
    process.stdout.write(`${date} ${cells.join(' ')}\n`);
  }
  process.stdout.write(`\nthe last night's findings by category (in the list, accepted, the list's oldest in days):\n`);
  for (const category of [...new Set(last.map((f) => f.row.category))].sort()) {
    const of = last.filter((f) => f.row.category === category);
    const listed = of.filter(inTheList);
    const oldest = Math.max(0, ...listed.map((f) => daysBetween(f.row.firstSeen, f.row.businessDate)));
    const accepted = of.filter((f) => f.view.state === 'accepted').length;
    if (listed.length + accepted === 0) continue;
    process.stdout.write(`  ${category.padEnd(26)} ${String(listed.length).padStart(5)} ${String(accepted).padStart(9)} ${String(oldest).padStart(7)}\n`);
  }
} finally {
  warehouse.close();
  await api.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}

/** The list finance works: neither resolved by the data nor accepted by a person. */
function inTheList(f: TriagedFinding): boolean {
  return f.view.state !== 'resolved' && f.view.state !== 'accepted';
}
