// `recon serve`: the finance web page over the reports folder and the warehouse (read-only), on
// loopback unless --host says otherwise; runs until Ctrl+C. Its actions on findings go to the triage
// journal beside the warehouse, never into the warehouse.
import { REPORT_CATALOG } from '../../../reports/index.ts';
import { defineCommand } from 'citty';
import { messagesFor } from '../../shared/locale/index.ts';
import { sandboxConfigOf, sandboxDataDirFor } from '../../../jobs/sandbox-config.ts';
import { configSchema } from '../../config/schema.ts';
import { systemClock } from '../../shared/clock.ts';
import { ReconError } from '../../shared/errors.ts';
import { registerSecret } from '../../shared/redact.ts';
import { DEFAULT_SERVE_HOST, DEFAULT_SERVE_PORT } from '../../serve/open-hint.ts';
import { startReportServer } from '../../serve/server.ts';
import { journalBoundsOf } from '../../triage/journal-read.ts';
import { configArg, contextFor } from '../context.ts';

/** The embedded sandbox run writes under <config dir or cwd>/data/sandbox (see jobs/sandbox-config.ts). */
export function sandboxPaths(configFile: string | undefined, cwd = process.cwd()): { warehousePath: string; reportsDir: string } {
  const { warehouse, reports } = sandboxConfigOf(configSchema.parse({}), sandboxDataDirFor(configFile, cwd));
  return { warehousePath: warehouse.path, reportsDir: reports.outDir };
}

export function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) throw new ReconError('usage', { id: 'portFlag', got: text });
  return port;
}

export default defineCommand({
  meta: { name: 'serve' },
  args: {
    ...configArg,
    port: { type: 'string', valueHint: 'N' },
    host: { type: 'string', valueHint: 'ADDR' },
    sandbox: { type: 'boolean' },
  },
  async run({ args }) {
    const ctx = contextFor(args);
    const port = parsePort(args.port ?? String(DEFAULT_SERVE_PORT));
    const host = args.host ?? DEFAULT_SERVE_HOST;
    const token = process.env['RECON_SERVE_TOKEN'];
    if (token) registerSecret(token);
    // With --sandbox the context is already the embedded run's config (its folders and zone).
    const paths = { warehousePath: ctx.config.warehouse.path, reportsDir: ctx.config.reports.outDir };
    const server = await startReportServer({
      ...paths,
      warehouseResources: ctx.config.warehouse,
      catalog: REPORT_CATALOG,
      locale: ctx.config.reports.locale,
      settlement: ctx.config.settlement,
      zone: ctx.config.timezone,
      maskDocuments: ctx.config.reports.maskDocuments,
      csvDialect: ctx.config.reports.csvDialect,
      host,
      port,
      token,
      clock: systemClock,
      logger: ctx.logger,
      slaDays: ctx.config.reconcile.slaDays,
      fileMode: ctx.config.warehouse.fileMode,
      journal: journalBoundsOf(ctx.config.triage),
    });
    try {
      const { commands } = messagesFor(ctx.config.reports.locale);
      process.stdout.write(`${commands.serveListening(server.url, paths.reportsDir, paths.warehousePath, token !== undefined && token !== '')}\n`);
      await new Promise<void>((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      });
    } finally {
      await server.close();
    }
  },
});
