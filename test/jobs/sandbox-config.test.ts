// The config of a sandbox run (jobs/sandbox-config.ts): what the embedded run and every --sandbox command
// reconcile with. Pure and fast: the sandbox is never started.
import { describe, expect, it } from 'vitest';
import { SANDBOX_ZONE, sandboxConfigOf, sandboxDataDirFor } from '../../jobs/sandbox-config.ts';
import { configSchema } from '../../src/config/schema.ts';
import { SANDBOX_MERCHANT } from '../../src/sandbox/config-facts.ts';

const DATA = '/srv/app/data/sandbox';
const ITAU = { id: 'itau-1', document: '11222333000181', bankAccount: '1-1' };

describe('the sandbox config overlay', () => {
  it.each([
    ['no config', {}, ['sandbox-itau'], `${DATA}/bank/extrato-{date}.ofx`],
    ['a configured account', { bank: { accounts: [ITAU] } }, ['itau-1', 'sandbox-itau'], `${DATA}/bank/extrato-{date}.ofx`],
    ['its own statements', { bank: { statementPath: '/srv/bank/{date}.ret' } }, ['sandbox-itau'], '/srv/bank/{date}.ret'],
    ['a sandbox-itau of its own', { bank: { accounts: [{ ...ITAU, id: 'sandbox-itau' }] } }, ['sandbox-itau'], `${DATA}/bank/extrato-{date}.ofx`],
  ])('with %s: the sandbox account is checked beside the configured ones, and the right statements are read', (_name, raw, accounts, statementPath) => {
    const config = sandboxConfigOf(configSchema.parse(raw), DATA);
    expect(config.bank.accounts.map((a) => a.id)).toEqual(accounts);
    expect(config.bank.accounts.at(-1)).toMatchObject({ id: SANDBOX_MERCHANT.accountId, bankAccount: SANDBOX_MERCHANT.bankAccount });
    expect(config.bank.statementPath).toBe(statementPath);
  });

  it('points at the sandbox folders, zone, fee check and export layout, keeping the limits', () => {
    const given = configSchema.parse({ timezone: 'America/Manaus', orders: { maxRejectedShare: 0.2, csv: { delimiter: ',' } }, reports: { locale: 'en' } });
    const config = sandboxConfigOf(given, DATA);
    expect(config).toMatchObject({
      timezone: SANDBOX_ZONE,
      warehouse: { path: `${DATA}/recon.duckdb` },
      reports: { outDir: `${DATA}/reports`, locale: 'en' },
      fees: { check: 'passed-to-customer' },
      orders: { preset: 'recon-sandbox', path: `${DATA}/exports/orders-{date}.csv`, maxRejectedShare: 0.2 },
    });
    expect(config.orders.csv).toBeUndefined();
    expect(Object.isFrozen(config.bank.accounts)).toBe(true);
  });

  it('gives the same config applied twice (run nightly --sandbox overlays the context, then the connection)', () => {
    const once = sandboxConfigOf(configSchema.parse({ bank: { accounts: [ITAU] } }), DATA);
    expect(sandboxConfigOf(once, DATA)).toEqual(once);
  });

  it.each([
    [undefined, '/srv/app', '/srv/app/data/sandbox'],
    ['/etc/recon/recon.config.json', '/srv/app', '/etc/recon/data/sandbox'],
  ])('config %s from %s: data under %s', (file, cwd, dir) => {
    expect(sandboxDataDirFor(file, cwd)).toBe(dir);
  });
});
