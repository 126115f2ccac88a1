// What every command needs: the parsed config, a logger for this process, and the warehouse opened
// and always closed.
import { loadConfig, type LoadedConfig } from '../config/load.ts';
import { loggerForProcess, type Logger } from '../shared/log.ts';
import { openWarehouse, type Warehouse } from '../warehouse/open.ts';

export const configArg = {
  config: { type: 'string', description: 'Config file (default: $RECON_CONFIG or ./recon.config.json)', valueHint: 'FILE' },
} as const;

export interface CommandContext extends LoadedConfig {
  logger: Logger;
}

export function contextFor(args: { config?: string | undefined }): CommandContext {
  return { ...loadConfig({ file: args.config }), logger: loggerForProcess() };
}

export async function withWarehouse<T>(
  ctx: LoadedConfig,
  options: { readOnly?: boolean },
  work: (warehouse: Warehouse) => Promise<T>,
): Promise<T> {
  const warehouse = await openWarehouse(ctx.config.warehouse.path, {
    readOnly: options.readOnly,
    fileMode: ctx.config.warehouse.fileMode,
    lockWaitMs: options.readOnly ? 0 : 1500,
  });
  try {
    return await work(warehouse);
  } finally {
    warehouse.close();
  }
}
