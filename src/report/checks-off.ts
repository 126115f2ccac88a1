// Which checks are off on a night, read from the config once by the job, and how summary.json names
// them. A report that shows an off check (ReportDefinition.check) is written as the sentence saying so:
// without the check its figures would read as answers (every sale "unpriced", no payout anywhere).
import type { ReconConfig } from '../config/schema.ts';
import type { ReportCheck } from './types.ts';

/** The config key that turns each check on, and why it is off, for machines (summary.json). */
const CHECKS: Readonly<Record<ReportCheck, { configKey: string; reason: string; isOff: (config: CheckConfig) => boolean }>> = {
  fees: { configKey: 'fees.check', reason: 'fees.check is "off"', isOff: (config) => config.fees.check === 'off' },
  bank: { configKey: 'bank.accounts', reason: 'bank.accounts lists no account', isOff: (config) => config.bank.accounts.length === 0 },
};

type CheckConfig = Pick<ReconConfig, 'fees' | 'bank'>;

export function checksOffOf(config: CheckConfig): ReportCheck[] {
  return (Object.keys(CHECKS) as ReportCheck[]).filter((check) => CHECKS[check].isOff(config));
}

/** summary.json's `reports_off`: per report written as "check off", which check, its config key and why. */
export interface ReportOff {
  off: true;
  check: ReportCheck;
  config_key: string;
  reason: string;
}

export function reportsOffSummary(off: Readonly<Record<string, ReportCheck>>): Record<string, ReportOff> {
  return Object.fromEntries(
    Object.entries(off).map(([report, check]) => [report, { off: true, check, config_key: CHECKS[check].configKey, reason: CHECKS[check].reason }]),
  );
}
