// `recon export --format parquet --out DIR`: the warehouse as day-partitioned Parquet, read-only.
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { ReconError } from '../../shared/errors.ts';
import { configArg, contextFor, sandboxArg, withWarehouse } from '../context.ts';
import { exportParquet } from '../../report/parquet-export.ts';

export default defineCommand({
  meta: { name: 'export' },
  args: {
    format: { type: 'string', default: 'parquet' },
    out: { type: 'string' },
    ...configArg,
    ...sandboxArg,
  },
  async run({ args }) {
    if (args.format !== 'parquet') throw new ReconError('usage', { id: 'exportFormat', got: String(args.format) });
    if (!args.out) throw new ReconError('usage', { id: 'exportOut' });
    const out = args.out;
    const ctx = contextFor(args);
    const { config } = ctx;
    await withWarehouse(ctx, { readOnly: true }, async (warehouse) => {
      const tables = await exportParquet(
        { db: warehouse.connection, logger: ctx.logger },
        { outDir: out, timezone: config.timezone, fileMode: config.warehouse.fileMode, settlement: config.settlement },
      );
      const { commands, fmt } = messagesFor(config.reports.locale);
      const words = commands.export;
      const width = Math.max(...tables.map((t) => t.name.length));
      for (const t of tables) {
        const rows = words.rows(t.rows, fmt.count(t.rows).padStart(9));
        process.stdout.write(`${t.name.padEnd(width)}  ${rows}  ${t.dayColumn ? words.byDay(t.dayColumn) : words.oneFile}  ${t.path}\n`);
      }
      process.stdout.write(`${words.readBack(`SELECT * FROM read_parquet('${out}/transactions/**/*.parquet', hive_partitioning = true)`)}\n`);
    });
  },
});
