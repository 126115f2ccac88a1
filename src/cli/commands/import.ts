// `recon import [--config FILE] [--strict] [--date D] FILE...`: loads order exports and bank statements
// (OFX, CNAB 240: recognised by extension or content) into the warehouse and prints what it took and
// what it kept out — a table and the first rows kept out on a terminal, every file and every kept-out
// row as JSON lines otherwise. Failures are ReconErrors (input -> exit 2).
import { defineCommand } from 'citty';
import type { DuckDBConnection } from '@duckdb/node-api';
import { importStatements, type StatementImportResult } from '../../bank/import-statement.ts';
import { jsonLinesForStatements, tableForStatements } from '../../bank/statement-text-out.ts';
import { statementKindOfFile } from '../../bank/detect-statement.ts';
import { importOrders, type ImportResult } from '../../imports/index.ts';
import { jsonLineForIssue, jsonLinesForFiles, keptOutText, tableForImport, type IssueLine } from '../../imports/import-text.ts';
import { parseBusinessDate } from '../../shared/business-day.ts';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { newRunId } from '../../shared/run-id.ts';
import { withRun } from '../../warehouse/runs.ts';
import { configArg, contextFor, withWarehouse } from '../context.ts';

const LISTED_ON_TERMINAL = 20;

export default defineCommand({
  meta: {
    name: 'import',
    description: 'Load order exports (CSV, XLSX, JSON, NDJSON, Parquet) and bank statements (OFX, CNAB 240 .ret/.cnab) into the warehouse',
  },
  args: {
    ...configArg,
    strict: { type: 'boolean', description: 'Fail, importing nothing, when any row is kept out or an item_id has conflicting rows' },
    date: {
      type: 'string',
      description: "The night whose export this is (YYYY-MM-DD): orders it changed are judged on that night's reconciliation",
      valueHint: 'D',
    },
    files: { type: 'positional', description: 'Order export and bank statement files', valueHint: 'FILE...', required: false },
  },
  async run({ args }) {
    const given = (args._ as string[]).filter((f) => f !== '');
    if (given.length === 0)
      throw new ReconError('usage', 'expected at least one order export or bank statement: recon import [--config FILE] [--strict] FILE...');
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
            : await importOrders(
                deps,
                { files, strict: args.strict ?? false, runId, ...(args.date === undefined ? {} : { businessDate: args.date }) },
                ctx.config,
              ),
        banked: await importStatements(deps, statements, ctx.config.bank, runId),
      }));
      if (process.stdout.isTTY) {
        if (orders) process.stdout.write(`${tableForImport(orders)}\n\n${keptOutText(orders, LISTED_ON_TERMINAL)}\n`);
        if (banked.length > 0) process.stdout.write(`${orders ? '\n' : ''}${tableForStatements(banked, LISTED_ON_TERMINAL)}\n`);
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
    });
  },
});

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
    `SELECT import_id, file, line, item_id, kind, reason, column_name, value FROM order_import_issues WHERE import_id IN (${names.map((n) => `$${n}`).join(', ')}) ORDER BY import_id, line`,
    Object.fromEntries(importIds.map((id, i) => [names[i], id])),
  );
  for await (const rows of result.yieldRowObjectJs()) {
    let text = '';
    for (const row of rows) text += `${jsonLineForIssue(row as unknown as IssueLine)}\n`;
    if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
