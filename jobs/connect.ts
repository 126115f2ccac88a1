// Chooses what a job talks to: the real service (RECON_API_KEY + api.baseUrl) or, when asked for
// (`npm start`, `--sandbox`), the built-in sandbox started in-process with a seeded history and its
// orders exports. A job with neither is a setup mistake, never a silent sandbox run: cron with a
// forgotten key must fail, not report on made-up data.
import { checkApiKeyShape, paymentsApiFromConfig, type PaymentsApi } from '../src/api/index.ts';
import type { ReconConfig } from '../src/config/schema.ts';
import type { Clock } from '../src/shared/clock.ts';
import { ReconError } from '../src/shared/errors.ts';
import type { Logger } from '../src/shared/log.ts';
import { registerSecret } from '../src/shared/redact.ts';
import { sandboxDataDirFor } from './sandbox-config.ts';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './sandbox-default.ts';

export interface Connection {
  api: PaymentsApi;
  source: 'service' | 'sandbox';
  /** The config the job runs with: the given one, or on the sandbox that config pointed at its folders. */
  config: ReconConfig;
  /** Set when running on the embedded sandbox: the history's last day and its export files. */
  sandbox?: EmbeddedSandbox;
  close(): Promise<void>;
}

export interface ConnectEnv {
  RECON_API_KEY?: string | undefined;
}

/** In sandbox mode the connection's config points at data/sandbox (warehouse, reports, orders exports). */
export async function connect(
  config: ReconConfig,
  deps: { clock: Clock; logger: Logger; env?: ConnectEnv; configFile?: string | undefined; sandbox?: boolean | undefined },
): Promise<Connection> {
  const env = deps.env ?? (process.env as ConnectEnv);
  const apiKey = env.RECON_API_KEY;
  const baseUrl = config.api.baseUrl;
  if (deps.sandbox) {
    const sandbox = await startEmbeddedSandbox(config, { clock: deps.clock, logger: deps.logger, dataDir: sandboxDataDirFor(deps.configFile) });
    const api = apiFor(config, sandbox.url, sandbox.apiKey);
    return {
      api,
      source: 'sandbox',
      config: sandbox.config,
      sandbox,
      async close() {
        await api.close();
        await sandbox.close();
      },
    };
  }
  if (!apiKey && !baseUrl) {
    throw new ReconError('config', { id: 'noService', ...(deps.configFile ? { configFile: deps.configFile } : {}) });
  }
  if (!apiKey) throw new ReconError('config', { id: 'noApiKey' });
  if (!baseUrl) throw new ReconError('config', { id: 'noBaseUrl' });
  // Before any request: a key no header can carry, or one with something pasted around it, is named now.
  checkApiKeyShape(apiKey, (message) => deps.logger.warn(message));
  const api = apiFor(config, baseUrl, apiKey);
  return { api, source: 'service', config, close: () => api.close() };
}

function apiFor(config: ReconConfig, baseUrl: string, apiKey: string) {
  registerSecret(apiKey);
  return paymentsApiFromConfig(config.api, baseUrl, apiKey);
}
