// `recon import [--config FILE] [--strict] [--date D] FILE...`: loads order exports and bank statements
// (OFX, CNAB 240: recognised by extension or content) into the warehouse and prints what it took and
// what it kept out — a table and the first rows kept out on a terminal, every file and every kept-out
// row as JSON lines otherwise. Failures are ReconErrors (input -> exit 2).
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { keptOutReasonIn } from '../../shared/locale/kept-out-text.ts';
import type { DuckDBConnection } from '@duckdb/node-api';
import { importStatements, type StatementImportResult } from '../../bank/import-statement.ts';
import { jsonLinesForStatements, tableForStatements } from '../../bank/statement-text-out.ts';
import { statementKindOfFile } from '../../bank/detect-statement.ts';
import { join } from 'node:path';
import {
  importOrders,
  precheckOrders,
  tooManyKeptOut,
  type ImportDeps,
  type ImportRequest,
  type ImportResult,
  type KeptOutShare,
} from '../../imports/index.ts';
import type { ReconConfig } from '../../config/schema.ts';
import { importRejected } from '../../../reports/kept-out.ts';
import { writeReports } from '../../report/index.ts';
import { sqlLiteral } from '../../warehouse/sql.ts';
import type { Clock } from '../../shared/clock.ts';
import { jsonLineForIssue, jsonLinesForFiles, keptOutText, tableForImport, type IssueLine } from '../../imports/import-text.ts';
import { businessDayOf, parseBusinessDate, yesterdayIn } from '../../shared/business-day.ts';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { newRunId } from '../../shared/run-id.ts';
import { withRun } from '../../warehouse/runs.ts';
import { configArg, contextFor, withWarehouse, type CommandContext } from '../context.ts';

const LISTED_ON_TERMINAL = 20;

export default defineCommand({
  meta: { name: 'import' },
  args: {
    ...configArg,
    strict: { type: 'boolean' },
    date: { type: 'string', valueHint: 'D' },
    files: { type: 'positional', valueHint: 'FILE...', required: false },
  },
  async run({ args }) {
    const given = (args._ as string[]).filter((f) => f !== '');
    if (given.length === 0) throw new ReconError('usage', { id: 'importNoFiles' });
    const statements = given.filter((f) => statementKindOfFile(f) !== undefined);
    const files = given.filter((f) => !statements.includes(f));
    const ctx = contextFor(args);
    if (args.date !== undefined) parseBusinessDate(args.date, ctx.config.timezone);
    const clock = systemClock;
    const runId = newRunId('import', clock.now());
    await withWarehouse(ctx, {}, async (warehouse) => {
      const db = warehouse.connection;
      const run = {
        kind: 'import',
        runId,
        clock,
        businessDate: args.date,
        args: { files, statements, strict: args.strict ?? false, date: args.date ?? null },
        done: ({ orders, banked }: { orders: ImportResult | undefined; banked: StatementImportResult[] }) => ({
          counts: { ...orders?.totals, ...statementCounts(banked) },
        }),
      } as const;
      const deps = { db, clock, logger: ctx.logger };
      const { orders, banked } = await withRun(db, run, async () => ({
        orders:
          files.length === 0
            ? undefined
            : await precheckAndImport(
                deps,
                { files, strict: args.strict ?? false, runId, ...(args.date === undefined ? {} : { businessDate: args.date }) },
                ctx.config,
              ),
        banked: await importStatements(deps, statements, ctx.config.bank, runId),
      }));
      if (process.stdout.isTTY) {
        const messages = messagesFor(ctx.config.reports.locale);
        const { commands, fmt } = messages;
        const reason = keptOutReasonIn(messages, ctx.config.timezone);
        const orderWords = { words: commands.importOrders, fmt, reason };
        if (orders) process.stdout.write(`${tableForImport(orders, orderWords)}\n\n${keptOutText(orders, LISTED_ON_TERMINAL, orderWords)}\n`);
        if (banked.length > 0) {
          const table = tableForStatements(banked, LISTED_ON_TERMINAL, { words: commands.importStatements, fmt, reason });
          process.stdout.write(`${orders ? '\n' : ''}${table}\n`);
        }
      } else {
        if (orders) {
          for (const line of jsonLinesForFiles(orders)) process.stdout.write(`${line}\n`);
          await writeAllIssues(
            db,
            orders.files.map((f) => f.importId),
          );
        }
        for (const line of jsonLinesForStatements(banked)) process.stdout.write(`${line}\n`);
      }
      const tooMany = orders && !args.strict ? tooManyKeptOut(orders, ctx.config.orders.maxRejectedShare) : undefined;
      if (tooMany) await refuseTooManyKeptOut(db, ctx, { runId, date: args.date, clock }, tooMany);
    });
  },
});

/**
 * As the nightly does before its sync: every export's header and first rows against the config, so a
 * wrong encoding, delimiter, decimal or date format is named before anything is committed.
 */
async function precheckAndImport(deps: ImportDeps, request: ImportRequest, config: ReconConfig): Promise<ImportResult> {
  await precheckOrders({ db: deps.db, config, warn: (message) => deps.logger.warn(message) }, request.files);
  return importOrders(deps, request, config);
}

/**
 * More rows kept out than orders.maxRejectedShare allows: exit 2, as the nightly stops, with the rows
 * kept out written as the nightly writes them (orders-rejected.xlsx and .csv), under
 * `<reports.outDir>/imports/<date>/` so that no night's folder on the page gains a file of another run.
 * The good rows stay imported, as a stopped night's do: importing the fixed export replaces them.
 */
async function refuseTooManyKeptOut(
  db: DuckDBConnection,
  ctx: CommandContext,
  run: { runId: string; date: string | undefined; clock: Clock },
  tooMany: KeptOutShare,
): Promise<never> {
  const { config } = ctx;
  const date = run.date ?? yesterdayIn(config.timezone, run.clock.now() + 86_400_000);
  const outDir = join(config.reports.outDir, 'imports');
  await db.run(`SET VARIABLE recon_import_run = ${sqlLiteral(run.runId)}`);
  const written = await writeReports(
    { db, logger: ctx.logger },
    {
      day: businessDayOf(date, config.timezone),
      outDir,
      maskDocuments: config.reports.maskDocuments,
      csvDialect: config.reports.csvDialect,
      locale: config.reports.locale,
      fileMode: config.reports.fileMode,
      definitions: [importRejected],
    },
  );
  throw new ReconError('input', { id: 'tooManyKeptOut', ...tooMany, files: written.files });
}

function statementCounts(banked: StatementImportResult[]): Record<string, number> {
  if (banked.length === 0) return {};
  return {
    statements: banked.length,
    statementLinesLoaded: banked.reduce((n, r) => n + r.linesLoaded, 0),
    statementLinesRejected: banked.reduce((n, r) => n + r.linesRejected, 0),
  };
}

/** Every kept-out row, streamed from the warehouse (the in-memory result lists only the first ones). */
async function writeAllIssues(db: DuckDBConnection, importIds: string[]): Promise<void> {
  const names = importIds.map((_, i) => `import_${i}`);
  const result = await db.stream(
    `SELECT import_id, file, line, item_id, kind, reason, column_name, value, facts FROM order_import_issues WHERE import_id IN (${names.map((n) => `$${n}`).join(', ')}) ORDER BY import_id, line`,
    Object.fromEntries(importIds.map((id, i) => [names[i], id])),
  );
  for await (const rows of result.yieldRowObjectJs()) {
    let text = '';
    for (const row of rows) text += `${jsonLineForIssue(row as unknown as IssueLine)}\n`;
    if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
