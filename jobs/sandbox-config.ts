// The config of a run on the built-in sandbox: the caller's config pointed at the sandbox's own folders
// under data/sandbox, its zone, its merchant's bank account and fee policy, and its export layout. One
// pure function, used by the embedded run (`npm start`, `run nightly --sandbox`) and by the commands that
// read what that run wrote (`reconcile`, `sql`, `serve`, `export`, `findings` with `--sandbox`), so a
// re-reconcile checks exactly what the night checked, without starting the sandbox.
import { dirname, join } from 'node:path';
import type { ReconConfig } from '../src/config/schema.ts';
import { freezeConfig } from '../src/config/with-config.ts';
// The sandbox's facts without its generator and server (see that module's header).
import { SANDBOX_MERCHANT, SANDBOX_TIMEZONE, sandboxStatementPath } from '../src/sandbox/config-facts.ts';

/** The sandbox's business zone (the generator's), which the embedded run reconciles in. */
export const SANDBOX_ZONE = SANDBOX_TIMEZONE;

/** data/sandbox beside the config file, else under the working folder. */
export function sandboxDataDirFor(configFile: string | undefined, cwd = process.cwd()): string {
  return join(configFile ? dirname(configFile) : cwd, 'data', 'sandbox');
}

/** The daily orders exports the embedded run writes, and its bank statements' folder. */
export function sandboxFoldersOf(dataDir: string): { exportDir: string; bankDir: string } {
  return { exportDir: join(dataDir, 'exports'), bankDir: join(dataDir, 'bank') };
}

/**
 * The caller's config pointed at the sandbox, leaving a real setup untouched. Applying it twice gives
 * the same config (`run nightly --sandbox` overlays the command's context, then the connection).
 */
export function sandboxConfigOf(config: ReconConfig, dataDir: string): ReconConfig {
  const { exportDir, bankDir } = sandboxFoldersOf(dataDir);
  const account = {
    id: SANDBOX_MERCHANT.accountId,
    document: SANDBOX_MERCHANT.document,
    name: SANDBOX_MERCHANT.name,
    bankAccount: SANDBOX_MERCHANT.bankAccount,
  };
  return freezeConfig({
    ...config,
    timezone: SANDBOX_ZONE,
    warehouse: { ...config.warehouse, path: join(dataDir, 'recon.duckdb') },
    reports: { ...config.reports, outDir: join(dataDir, 'reports') },
    // The sandbox's merchant passes the acquirer fees on to its customers: its sales follow the pricing.
    fees: { ...config.fees, check: 'passed-to-customer' },
    // Its payouts go to its own account, beside any configured one; each night imports the account's
    // statement the sandbox wrote, unless the config names its own statements.
    bank: {
      ...config.bank,
      accounts: [...config.bank.accounts.filter((a) => a.id !== account.id), account],
      statementPath: config.bank.statementPath ?? sandboxStatementPath(bankDir),
    },
    // Replaced whole: a real export's columns do not describe the sandbox's.
    orders: {
      preset: 'recon-sandbox',
      path: join(exportDir, 'orders-{date}.csv'),
      maxRejectedShare: config.orders.maxRejectedShare,
      incremental: config.orders.incremental,
      limits: config.orders.limits,
    },
  } satisfies ReconConfig);
}
