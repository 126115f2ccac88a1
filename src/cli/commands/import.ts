// `recon import [--config FILE] [--strict] [--date D] FILE...`: loads order exports into the warehouse and prints
// what it took and what it kept out — a table and the first rows kept out on a terminal, every file
// and every kept-out row as JSON lines otherwise. Failures are ReconErrors (input -> exit 2).
import { defineCommand } from 'citty';
import type { DuckDBConnection } from '@duckdb/node-api';
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
  meta: { name: 'import', description: 'Load order exports (CSV, XLSX, JSON, NDJSON, Parquet) into the warehouse' },
  args: {
    ...configArg,
    strict: { type: 'boolean', description: 'Fail, importing nothing, when any row is kept out or an item_id has conflicting rows' },
    date: {
      type: 'string',
      description: "The night whose export this is (YYYY-MM-DD): orders it changed are judged on that night's reconciliation",
      valueHint: 'D',
    },
    files: { type: 'positional', description: 'Order export files', valueHint: 'FILE...', required: false },
  },
  async run({ args }) {
    const files = (args._ as string[]).filter((f) => f !== '');
    if (files.length === 0) throw new ReconError('usage', 'expected at least one order export: recon import [--config FILE] [--strict] FILE...');
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
        args: { files, strict: args.strict ?? false, date: args.date ?? null },
        done: (imported: ImportResult) => ({ counts: { ...imported.totals } }),
      } as const;
      const result = await withRun(db, run, () =>
        importOrders(
          { db, clock, logger: ctx.logger },
          { files, strict: args.strict ?? false, runId, ...(args.date === undefined ? {} : { businessDate: args.date }) },
          ctx.config,
        ),
      );
      if (process.stdout.isTTY) {
        process.stdout.write(`${tableForImport(result)}\n\n${keptOutText(result, LISTED_ON_TERMINAL)}\n`);
      } else {
        for (const line of jsonLinesForFiles(result)) process.stdout.write(`${line}\n`);
        await writeAllIssues(
          db,
          result.files.map((f) => f.importId),
        );
      }
    });
  },
});

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
