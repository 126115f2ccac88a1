// Which configured account (bank.accounts) a statement belongs to. By the account number when the
// config gives one (bankAccount: OFX ACCTID, CNAB 240 account), else by the holder's document (CNAB 240's
// CNPJ). OFX names no document, so an OFX statement needs bankAccount: guessing "the only account"
// would file another bank's statement under it. No match is a config error naming what the statement holds.
import type { BankConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import type { StatementAccount } from './statement.ts';
import type { StatementAccountFacts } from '../shared/locale/error-params-cli.ts';

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
  if (byDocument.length > 1) {
    throw new ReconError('config', { id: 'accountAmbiguous', file, account: accountFacts(found), matches: byDocument.length });
  }
  throw new ReconError(
    'config',
    { id: 'accountUnmatched', file, account: accountFacts(found), configured: accounts.length },
    {
      details: { file, bankCode: found.bankCode, agency: found.agency, account: found.account },
    },
  );
}

function accountFacts(found: StatementAccount): StatementAccountFacts {
  return { bankCode: found.bankCode, agency: found.agency, account: found.account, document: found.document };
}
