// Which configured account (bank.accounts) a statement belongs to. By the account number when the
// config gives one (bankAccount: OFX ACCTID, CNAB 240 account), else by the holder's document (CNAB 240's
// CNPJ). OFX names no document, so an OFX statement needs bankAccount: guessing "the only account"
// would file another bank's statement under it. No match is a config error naming what the statement holds.
import type { BankConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import type { StatementAccount } from './statement.ts';

/** Digits only, leading zeros dropped: "00056789-0" and "567890" are one account. */
function accountDigits(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

export function accountIdFor(file: string, found: StatementAccount, accounts: BankConfig['accounts']): string {
  const number = accountDigits(found.account);
  const byNumber = number === '' ? [] : accounts.filter((a) => a.bankAccount !== undefined && accountDigits(a.bankAccount) === number);
  if (byNumber.length === 1) return (byNumber[0] as { id: string }).id;
  // An account whose bankAccount differs is another account; the others are told apart by document.
  const candidates = byNumber.length > 1 ? byNumber : accounts.filter((a) => a.bankAccount === undefined);
  const byDocument = found.document === '' ? [] : candidates.filter((a) => a.document === found.document);
  if (byDocument.length === 1) return (byDocument[0] as { id: string }).id;
  const described = describe(found);
  if (byDocument.length > 1) {
    throw new ReconError(
      'config',
      `${file}: the statement's account (${described}) matches ${byDocument.length} accounts of bank.accounts by document; ` +
        `set bank.accounts[].bankAccount to "${found.account}" on the right one so recon can tell them apart`,
    );
  }
  const fix =
    found.document === ''
      ? `add it to bank.accounts with "bankAccount": "${found.account}" (OFX names no holder document)`
      : `add it to bank.accounts with "document": "${found.document}" (or set "bankAccount": "${found.account}" on an account)`;
  throw new ReconError('config', `${file}: the statement's account (${described}) matches none of bank.accounts (${accounts.length} configured); ${fix}`, {
    details: { file, bankCode: found.bankCode, agency: found.agency, account: found.account },
  });
}

function describe(found: StatementAccount): string {
  const parts = [`bank ${found.bankCode || '?'}`, `agency ${found.agency || '?'}`, `account ${found.account || '?'}`];
  if (found.document !== '') parts.push(`holder document ${found.document}`);
  return parts.join(', ');
}
