// `recon run nightly|backfill`: the scheduled jobs, against the service (RECON_API_KEY + api.baseUrl) or,
// with --sandbox, the built-in sandbox, which is what `npm start` shows a newcomer.
import { resolve } from 'node:path';
import { defineCommand, type ParsedArgs } from 'citty';
import type { BackfillHooks } from '../../../jobs/backfill.ts';
import { datesBetween, parseBusinessDate } from '../../shared/business-day.ts';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { withConfig } from '../../config/with-config.ts';
import type { ReconConfig } from '../../config/schema.ts';
import { configArg, contextFor, withWarehouse, type CommandContext } from '../context.ts';
import { interruptedBackfill } from '../backfill-resume.ts';
import { untilInterrupted } from '../interrupt.ts';
import { ownCommandFor } from '../own-command.ts';
import { lineForBackfillEnd, lineForBackfillNight } from '../print-backfill.ts';
import { textForNight } from '../print-night.ts';
import { serveHintFor } from '../../serve/open-hint.ts';

const jobArgs = {
  ...configArg,
  'fail-on': { type: 'string', valueHint: 'new' },
  out: { type: 'string', valueHint: 'DIR' },
  'csv-dialect': { type: 'string', valueHint: 'rfc4180|br' },
  strict: { type: 'boolean' },
  sandbox: { type: 'boolean' },
} as const;

/**
 * The jobs and what they load (DuckDB, the HTTP client, exceljs, the sandbox), once the flags and the
 * config are checked: a usage or config error is said in a fraction of a second, and so is --help.
 */
async function loadJobs() {
  const [{ connect }, { requireSandboxDays }, { runNightly }, { runBackfill }, { preloadSandboxOrders }] = await Promise.all([
    import('../../../jobs/connect.ts'),
    import('../../../jobs/sandbox-default.ts'),
    import('../../../jobs/nightly.ts'),
    import('../../../jobs/backfill.ts'),
    import('../../../jobs/sandbox-orders.ts'),
  ]);
  return { connect, requireSandboxDays, runNightly, runBackfill, preloadSandboxOrders };
}

/** Checked and applied before anything starts; `--out` again after the sandbox set its own folders (see withOut). */
function withOverrides(ctx: CommandContext, args: { out?: string | undefined; 'csv-dialect'?: string | undefined }): CommandContext {
  const dialect = args['csv-dialect'];
  if (dialect !== undefined && dialect !== 'rfc4180' && dialect !== 'br') throw new ReconError('usage', { id: 'csvDialect', got: dialect });
  const config = withOut(ctx.config, args);
  return { ...ctx, config: dialect === undefined ? config : withConfig(config, { reports: { csvDialect: dialect } }) };
}

/** `--out` wins over the config and over the built-in sandbox's own reports folder. */
function withOut(config: ReconConfig, args: { out?: string | undefined }): ReconConfig {
  return args.out ? withConfig(config, { reports: { outDir: resolve(args.out) } }) : config;
}

function checkFailOn(value: string | undefined): void {
  if (value !== undefined && value !== 'new') throw new ReconError('usage', { id: 'failOn', got: value });
}

/** citty keeps only the last of a repeated string flag; --orders may be given several times. */
function repeated(rawArgs: string[], name: string): string[] {
  const values: string[] = [];
  rawArgs.forEach((arg, i) => {
    if (arg === `--${name}` && rawArgs[i + 1] !== undefined) values.push(rawArgs[i + 1] as string);
    else if (arg.startsWith(`--${name}=`)) values.push(arg.slice(name.length + 3));
  });
  return values.map((v) => resolve(v));
}

const nightly = defineCommand({
  meta: { name: 'nightly' },
  args: {
    ...jobArgs,
    date: { type: 'string', valueHint: 'D' },
    orders: { type: 'string', valueHint: 'FILE' },
    statement: { type: 'string', valueHint: 'FILE' },
  },
  async run({ args, rawArgs }) {
    checkFailOn(args['fail-on']);
    // Every argument is checked before anything is started or written (the sandbox writes its exports).
    const given = withOverrides(contextFor(args), args);
    if (args.date !== undefined) parseBusinessDate(args.date, given.config.timezone);
    const clock = systemClock;
    const { connect, preloadSandboxOrders, requireSandboxDays, runNightly } = await loadJobs();
    const connection = await connect(given.config, { clock, logger: given.logger, configFile: given.file, sandbox: args.sandbox });
    try {
      const ctx = { ...given, config: withOut(connection.config, args) };
      if (connection.sandbox) requireSandboxDays(connection.sandbox, { '--date': args.date });
      const outcome = await withWarehouse(ctx, {}, async (warehouse) => {
        const deps = { db: warehouse.connection, api: connection.api, clock, logger: ctx.logger };
        const date = args.date ?? connection.sandbox?.lastDay;
        if (connection.sandbox) await preloadSandboxOrders(deps, connection.sandbox, date ?? connection.sandbox.lastDay, ctx.config);
        const statement = args.statement === undefined ? undefined : resolve(args.statement);
        return runNightly(deps, { date, orders: repeated(rawArgs, 'orders'), statement, strict: args.strict, source: connection.source }, ctx.config);
      });
      process.stdout.write(`${textForNight(outcome, connection.source, ctx.file, ctx.config.reports.locale)}\n`);
      if (args['fail-on'] === 'new' && outcome.reconcile.totals.new > 0) process.exitCode = 3;
    } finally {
      await connection.close();
    }
  },
});

const backfillArgs = {
  ...jobArgs,
  from: { type: 'string', valueHint: 'D1', required: true },
  to: { type: 'string', valueHint: 'D2', required: true },
  force: { type: 'boolean' },
} as const;

/** How far a backfill got, for the message of a Ctrl-C. */
interface BackfillFollow {
  done: Set<string>;
  current?: string | undefined;
}

const backfill = defineCommand({
  meta: { name: 'backfill' },
  args: backfillArgs,
  async run({ args, rawArgs }) {
    checkFailOn(args['fail-on']);
    const given = withOverrides(contextFor(args), args);
    const dates = datesBetween(args.from, args.to, given.config.timezone);
    const follow: BackfillFollow = { done: new Set() };
    const stopped = () => interruptedBackfill({ dates, done: follow.done, current: follow.current, command: ownCommandFor(), args: rawArgs });
    const { nights, source } = await untilInterrupted(runBackfillNights(given, args, follow), stopped);
    process.stdout.write(`${lineForBackfillEnd(nights, given.config.reports.locale)}\n`);
    const last = nights.at(-1);
    if (last)
      process.stdout.write(`${serveHintFor({ date: last.date, source, configFile: given.file, command: ownCommandFor() }, given.config.reports.locale)}\n`);
    if (args['fail-on'] === 'new' && nights.some((n) => (n.outcome?.reconcile.totals.new ?? 0) > 0)) process.exitCode = 3;
  },
});

/** The nights of a backfill, each one's line printed on stdout as it ends. */
async function runBackfillNights(given: CommandContext, args: ParsedArgs<typeof backfillArgs>, follow: BackfillFollow) {
  const clock = systemClock;
  const { connect, requireSandboxDays, runBackfill } = await loadJobs();
  const connection = await connect(given.config, { clock, logger: given.logger, configFile: given.file, sandbox: args.sandbox });
  try {
    const ctx = { ...given, config: withOut(connection.config, args) };
    if (connection.sandbox) requireSandboxDays(connection.sandbox, { '--from': args.from, '--to': args.to });
    const hooks: BackfillHooks = {
      planned: (dates, alreadyDone) => {
        for (const date of dates) if (alreadyDone.has(date)) follow.done.add(date);
      },
      nightStarted: (date, position, count) => {
        follow.current = date;
        ctx.logger.info({ id: 'backfillNightStarted', date, position, count });
      },
      nightEnded: (night, position, count) => {
        follow.done.add(night.date);
        follow.current = undefined;
        process.stdout.write(`${lineForBackfillNight(night, position, count, ctx.config.reports.locale)}\n`);
      },
    };
    const nights = await withWarehouse(ctx, {}, async (warehouse) => {
      return runBackfill(
        { db: warehouse.connection, api: connection.api, clock, logger: ctx.logger },
        { from: args.from, to: args.to, force: args.force, strict: args.strict, source: connection.source },
        ctx.config,
        hooks,
      );
    });
    return { nights, source: connection.source };
  } finally {
    await connection.close();
  }
}

export default defineCommand({
  meta: { name: 'run' },
  subCommands: { nightly, backfill },
});
