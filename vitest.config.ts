// Two projects. `unit` (npm run test:unit) is the quick loop: pure and in-process tests, each file about
// two seconds of CPU at most, under 20 s together on a quiet 2-core machine (15-19 s). `e2e` is everything
// else: tests that spawn the CLI, drive a browser, run whole nightly jobs or nights one after another,
// write every report of a night, kill processes, grind through fault matrices, corpora and property runs,
// replay old migrations, or import real files of every format into real warehouse files. Its files share
// their processes too, as the unit files do (a fresh process per file was about 140 s of the suite's CPU
// in module loading alone), so no test replaces a module (vi.mock): what a test wants otherwise is passed
// in, as a night's workbook writer is (test/jobs/without-workbooks.ts).
// `npm test` runs both. A new test file lands in `e2e` until it is listed here, so the unit run cannot
// slow down unnoticed.
import { statfsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Every test's temp folder (warehouses, reports, the spawned CLI's files) in memory where the machine has
// room for it: a file there is a file like any other, but DuckDB's fsync at each commit is free (two e2e
// files of spawned nights took 64-68 s instead of 73-76 s, same load). The forks and every process they
// spawn inherit TMPDIR, so os.tmpdir() answers it everywhere. A small /dev/shm (a container's 64 MB)
// is left alone (a test must not fail for want of room), and so is a TMPDIR the caller chose.
const SHM_ROOM_BYTES = 4 * 2 ** 30;
function hasRoomInShm(): boolean {
  try {
    const fs = statfsSync('/dev/shm');
    return fs.bavail * fs.bsize >= SHM_ROOM_BYTES;
  } catch {
    return false;
  }
}
if (process.env['TMPDIR'] === undefined && hasRoomInShm()) process.env['TMPDIR'] = '/dev/shm';

const UNIT = [
  'test/architecture/arrows.test.ts',
  'test/bank/{bank-days,match-payouts}.test.ts',
  'test/api/{bounded-requests,client,fast-check,installments,key-shape,refused-ids}.test.ts',
  'test/bank/{cnab-and-round-trips,read-ofx,statement-limits,statement-rules,statement-text-out}.test.ts',
  'test/fees/{price-model,snapshot-prices}.test.ts',
  'test/forecast/{coverage,forecast-report,receivables-sql}.test.ts',
  'test/notify/receiver.test.ts',
  'test/bench/recurring-night-figures.test.ts',
  'test/cli/{backfill-resume,close-line,error-event,error-frame,help,help-locale,print-backfill,refusals}.test.ts',
  'test/jobs/sandbox-config.test.ts',
  'test/config/config.test.ts',
  'test/imports/{bad-rows,csv-records,limit-parsers,parse-rules,record-fingerprint,windows-1252}.test.ts',
  'test/reconcile/{bank-rules,close-month,format,rules}.test.ts',
  'test/report/{cells,chargebacks-scope,long-cells,print-layout,report-base,views,wrapped-lines,xlsx-row-xml}.test.ts',
  'test/sandbox/{generator,installments,resolutions,routes-post,row-bytes,server}.test.ts',
  'test/serve/{finding-panel,latest-night,page-guards,rules}.test.ts',
  'test/shared/{amount-at-stake,business-day,command-words,display-text,figures,format,kept-out-reasons,locale,log,log-sentences,money,progress-text,redact,tables,zone-clock}.test.ts',
  'test/triage/fold.test.ts',
  'test/sync/{stage-file,windows}.test.ts',
  'test/warehouse/{memory-limit,migrate}.test.ts',
];

// What a test file leaves in a process shared with the next ones and must not (test/setup/).
const SHARED_PROCESS_SETUP = ['test/setup/forget-secrets.ts'];

// One migrated warehouse per project's run, which tests copy instead of migrating one per case
// (test/warehouse/migrated-copy.ts). Named per project: at the root it would also run for the root.
const TEMPLATE_SETUP = ['test/warehouse/template-setup.ts'];
// The e2e files also share the serve tests' two sandbox nights, in a folder the second setup gives them,
// and spawn recon from its build, which the third makes fresh.
const E2E_SETUP = [...TEMPLATE_SETUP, 'test/serve/two-nights-setup.ts', 'test/cli/build-setup.ts'];

export default defineConfig({
  test: {
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache): a rerun of the
    // unit loop skips most of its transform time (3 s of 8 on a loaded machine).
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three forks on two cores: many e2e files spend much of their time waiting (a receiver's rate cap, a
    // killed process, a bound's timeout), and a third fork keeps the cores busy meanwhile. The unit loop
    // takes them too (18-19 s either way; a project's own maxWorkers would need a groupOrder of its own,
    // which runs the projects one after the other).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          // The two forks are reused from file to file: a fresh fork per file re-imports DuckDB, exceljs
          // and zod each time, which was half of the unit run's wall time (29 files: 24 s isolated, 13 s
          // not, same machine and load). So a unit test must leave no process-wide state behind:
          // test/cli/in-process.ts puts back what runCli touches; nothing in unit leaves a global stubbed
          // (test/shared/log.test.ts fakes the timers inside each test and puts them back after it).
          isolate: false,
          setupFiles: SHARED_PROCESS_SETUP,
          globalSetup: TEMPLATE_SETUP,
        },
      },
      // What a file leaves in its process is the unit loop's rule: put back what it touches.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/**/*.test.ts'],
          exclude: UNIT,
          isolate: false,
          setupFiles: SHARED_PROCESS_SETUP,
          globalSetup: E2E_SETUP,
        },
      },
    ],
  },
});
