// What a config pointed at the built-in sandbox needs to know of it, and nothing else: its zone, its
// merchant's bank account and the name of the statement files it writes. Kept free of the generator and
// the server so the commands that only read a sandbox run (`recon findings`, `sql`, `serve`, `reconcile`
// with --sandbox) need not load them: importing the whole sandbox doubled the CLI's start time.
import { join } from 'node:path';

export { SANDBOX_TIMEZONE } from './model.ts';

/** The sandbox merchant's CNPJ (valid check digits) and its account as `--sandbox` configures it. */
export const SANDBOX_MERCHANT = {
  accountId: 'sandbox-itau',
  document: '11222333000181',
  name: 'Loja Sandbox Ltda',
  /** The account number its statements print (OFX ACCTID), which bank.accounts' bankAccount names. */
  bankAccount: '45678-9',
} as const;

/** The night's statement file in `dir`, as bank.statementPath names it with {date}. */
export const sandboxStatementPath = (dir: string, format: 'ofx' | 'ret' = 'ofx', date = '{date}') => join(dir, `extrato-${date}.${format}`);
