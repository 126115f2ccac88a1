// `recon sync`: reads the payments service's listings into the warehouse, drift-proof. The API key
// comes from RECON_API_KEY only (never a flag, never printed, never stored).
import { defineCommand } from 'citty';
import { DateTime } from 'luxon';
import { ReconError } from '../../shared/errors.ts';
import { loggerForProcess, type Logger } from '../../shared/log.ts';
import { registerSecret } from '../../shared/redact.ts';
import { systemClock } from '../../shared/clock.ts';
import { newRunId } from '../../shared/run-id.ts';
import { businessDayOf } from '../../shared/business-day.ts';
import { loadConfig } from '../../config/load.ts';
import { openWarehouse } from '../../warehouse/open.ts';
import { lockWaitFor } from '../context.ts';
import { frameErrorsIn } from '../frame-locale.ts';
import { checkApiKeyShape, paymentsApiFromConfig } from '../../api/index.ts';
import { syncAll, type SyncResult } from '../../sync/index.ts';
import { replayAll } from '../../sync/replay.ts';

export default defineCommand({
  meta: { name: 'sync' },
  args: {
    config: { type: 'string' },
    date: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    'lookback-days': { type: 'string' },
    'sweep-days': { type: 'string' },
    replay: { type: 'string' },
  },
  async run({ args }) {
    const loaded = loadConfig({ file: args.config });
    const { config } = loaded;
    frameErrorsIn(config.reports.locale);
    const logger = loggerForProcess(config.reports.locale);
    const lockWait = lockWaitFor({ ...loaded, logger });
    const zone = config.timezone;
    const runId = newRunId('sync', systemClock.now());

    if (args.replay) {
      const warehouse = await openWarehouse(config.warehouse.path, { fileMode: config.warehouse.fileMode, resources: config.warehouse, ...lockWait });
      try {
        const result = await replayAll({ db: warehouse.connection, clock: systemClock, logger }, { runId, dir: args.replay }, config);
        summarise(logger, result);
      } finally {
        warehouse.close();
      }
      return;
    }

    if (args.date && (args.since || args.until)) throw new ReconError('usage', { id: 'dateOrRange' });
    if (Boolean(args.since) !== Boolean(args.until)) throw new ReconError('usage', { id: 'sinceUntilTogether' });
    const day = args.date ? businessDayOf(args.date, zone) : undefined;
    const since = args.since ? instantOf('--since', args.since, zone) : undefined;
    const until = args.until ? instantOf('--until', args.until, zone) : undefined;
    if (since !== undefined && until !== undefined && until <= since)
      throw new ReconError('usage', { id: 'untilAfterSince', since: String(args.since), until: String(args.until) });
    const lookbackDays = args['lookback-days'] === undefined ? config.sync.lookbackDays : daysOf('--lookback-days', args['lookback-days']);
    const sweepDays = args['sweep-days'] === undefined ? config.sync.sweepDays : daysOf('--sweep-days', args['sweep-days']);

    const apiKey = process.env['RECON_API_KEY'];
    const baseUrl = config.api.baseUrl;
    if (!apiKey || !baseUrl) {
      throw new ReconError('config', { id: 'syncNeeds', key: !apiKey, address: !baseUrl });
    }
    registerSecret(apiKey);
    checkApiKeyShape(apiKey, (message) => logger.warn(message));

    const api = paymentsApiFromConfig(config.api, baseUrl, apiKey, logger);
    try {
      const warehouse = await openWarehouse(config.warehouse.path, { fileMode: config.warehouse.fileMode, resources: config.warehouse, ...lockWait });
      try {
        const request = {
          runId,
          day,
          since,
          until,
          lookbackDays,
          sweepDays,
          args: { date: args.date, since: args.since, until: args.until, lookbackDays, sweepDays },
        };
        const result = await syncAll({ db: warehouse.connection, http: api, clock: systemClock, logger }, request, config);
        summarise(logger, result);
      } finally {
        warehouse.close();
      }
    } finally {
      await api.close();
    }
  },
});

function summarise(logger: Logger, r: SyncResult): void {
  logger.event('sync.summary', {
    runId: r.runId,
    windows: r.windows,
    pages: r.pages,
    rows: r.rows,
    retries: r.retries,
    seconds: r.seconds,
    rejected: r.rejected,
    lookups: r.lookups,
  });
  logger.info({
    id: 'syncDone',
    runId: r.runId,
    windows: r.windows,
    pages: r.pages,
    rows: { new: r.rows.new, changed: r.rows.changed, unchanged: r.rows.unchanged },
    rejected: r.rejected,
    lookups: { read: r.lookups.read, changed: r.lookups.changed, vanished: r.lookups.vanished },
    retries: r.retries,
    seconds: r.seconds,
  });
}

function instantOf(flag: string, text: string, zone: string): number {
  const dt = DateTime.fromISO(text, { zone });
  if (!dt.isValid) throw new ReconError('usage', { id: 'isoInstantFlag', flag, got: text });
  return dt.toMillis();
}

function daysOf(flag: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 3650) throw new ReconError('usage', { id: 'wholeDaysFlag', flag, got: text });
  return n;
}
