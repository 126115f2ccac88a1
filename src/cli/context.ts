// What every command needs: the parsed config, a logger for this process, and the warehouse opened
// and always closed.
import { sandboxConfigOf, sandboxDataDirFor } from '../../jobs/sandbox-config.ts';
import { loadConfig, type LoadedConfig } from '../config/load.ts';
import { loggerForProcess, type Logger } from '../shared/log.ts';
import { frameErrorsIn } from './frame-locale.ts';
import type { OpenOptions, Warehouse } from '../warehouse/open.ts';

export const configArg = {
  config: { type: 'string', valueHint: 'FILE' },
} as const;

/** For the commands that read what `npm start` (the embedded sandbox run) wrote under data/sandbox. */
export const sandboxArg = {
  sandbox: { type: 'boolean' },
} as const;

export interface CommandContext extends LoadedConfig {
  logger: Logger;
}

export function contextFor(args: { config?: string | undefined; sandbox?: boolean | undefined }): CommandContext {
  const loaded = loadConfig({ file: args.config });
  frameErrorsIn(loaded.config.reports.locale);
  const logger = loggerForProcess(loaded.config.reports.locale);
  if (!args.sandbox) return { ...loaded, logger };
  // The very config the embedded run used (folders, zone, bank account, fee check), without starting it.
  return { ...loaded, config: sandboxConfigOf(loaded.config, sandboxDataDirFor(loaded.file)), logger };
}

export async function withWarehouse<T>(
  ctx: LoadedConfig & { logger: Logger },
  options: { readOnly?: boolean },
  work: (warehouse: Warehouse) => Promise<T>,
): Promise<T> {
  // DuckDB is loaded only by a command that opens the warehouse, not by one that fails on its flags or config.
  const { openWarehouse } = await import('../warehouse/open.ts');
  const warehouse = await openWarehouse(ctx.config.warehouse.path, {
    readOnly: options.readOnly,
    fileMode: ctx.config.warehouse.fileMode,
    resources: ctx.config.warehouse,
    ...(options.readOnly ? {} : lockWaitFor(ctx)),
  });
  try {
    return await work(warehouse);
  } finally {
    warehouse.close();
  }
}

/**
 * A write waits up to warehouse.lockWaitSeconds for the warehouse another process holds, and says once,
 * on stderr, whom it waits for: a second night never waits in silence.
 */
export function lockWaitFor(ctx: LoadedConfig & { logger: Logger }): Pick<OpenOptions, 'lockWaitMs' | 'lockWaitKey' | 'onLockWait'> {
  return {
    lockWaitMs: ctx.config.warehouse.lockWaitSeconds * 1000,
    lockWaitKey: 'warehouse.lockWaitSeconds',
    onLockWait: (holder, waitMs) =>
      ctx.logger.warn({ id: 'warehouseLockWait', path: ctx.config.warehouse.path, ...(holder ? { holder } : {}), seconds: Math.round(waitMs / 1000) }),
  };
}
