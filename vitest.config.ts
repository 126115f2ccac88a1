// Two projects. `unit` (npm run test:unit) is the quick loop: pure and in-process tests, each file a few
// seconds of CPU at most, under 20 s together on a shared 2-core machine. `e2e` is everything else:
// tests that spawn the CLI, drive a browser, run whole nightly jobs, kill processes, grind through fault
// matrices, corpora and property runs, or import real files of every format into real warehouse files.
// `npm test` runs both. A new test file lands in `e2e` until it is listed here, so the unit run cannot
// slow down unnoticed.
import { defineConfig } from 'vitest/config';

const UNIT = [
  'test/architecture/arrows.test.ts',
  'test/bank/{bank-days,match-payouts}.test.ts',
  'test/api/{bounded-requests,client,fast-check,installments,key-shape,refused-ids}.test.ts',
  'test/bank/{cnab-and-round-trips,read-ofx,statement-limits,statement-rules,statement-text-out}.test.ts',
  'test/fees/{price-model,snapshot-prices}.test.ts',
  'test/forecast/{coverage,forecast-report,receivables-sql}.test.ts',
  'test/notify/receiver.test.ts',
  'test/cli/{backfill-resume,error-event,error-frame,help,print-backfill,refusals}.test.ts',
  'test/jobs/sandbox-config.test.ts',
  'test/config/config.test.ts',
  'test/imports/{bad-rows,csv-records,limit-parsers,parse-rules}.test.ts',
  'test/reconcile/{bank-rules,format,lifecycle,rules}.test.ts',
  'test/report/{cells,chargebacks-scope,csv-copy,empty-sheets,long-cells,report-base,views,write-reports}.test.ts',
  'test/sandbox/{generator,installments,routes-post,row-bytes,server}.test.ts',
  'test/serve/{latest-night,page-guards,rules}.test.ts',
  'test/shared/{amount-at-stake,display-text,figures,format,locale,log,money,progress-text,redact,tables}.test.ts',
  'test/triage/fold.test.ts',
  'test/sync/{raw-storage,stage-file,stage-raw,windows}.test.ts',
  'test/warehouse/{memory-limit,migrate,previous-release}.test.ts',
];

// One migrated warehouse per project's run, which tests copy instead of migrating one per case
// (test/warehouse/migrated-copy.ts). Named per project: at the root it would also run for the root.
const TEMPLATE_SETUP = ['test/warehouse/template-setup.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
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
          globalSetup: TEMPLATE_SETUP,
        },
      },
      // The e2e files also share the serve tests' two sandbox nights, in a folder the second setup gives them.
      {
        extends: true,
        test: { name: 'e2e', include: ['test/**/*.test.ts'], exclude: UNIT, globalSetup: [...TEMPLATE_SETUP, 'test/serve/two-nights-setup.ts'] },
      },
    ],
  },
});
