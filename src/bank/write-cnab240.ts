// Writes a Statement as a CNAB 240 "extrato para conciliação bancária" (FEBRABAN, service 04), in
// windows-1252 with CR LF as banks send it, from the same layout data the reader uses. For tests and
// the sandbox: what a bank would send for these lines.
import iconv from 'iconv-lite';
import { CNAB240, recordText } from './cnab240-layout.ts';
import type { Statement, StatementAccount } from './statement.ts';

/** Entry category (FEBRABAN table): 104 "lançamento avisado" (debit), 205 the same for credits. */
const DEBIT_CATEGORY = 104;
const CREDIT_CATEGORY = 205;

export function formatCnab240(statement: Statement): Buffer {
  const company = companyFields(statement.account);
  const lines = statement.lines;
  const debits = lines.filter((l) => l.amountCents < 0).reduce((sum, l) => sum - l.amountCents, 0);
  const credits = lines.filter((l) => l.amountCents >= 0).reduce((sum, l) => sum + l.amountCents, 0);
  const records = [
    recordText(CNAB240.fileHeader, {
      ...company,
      batch: 0,
      recordType: 0,
      direction: 2,
      createdOn: ddmmyyyy(statement.periodEnd),
      createdAt: 0,
      sequence: 1,
      layoutVersion: 89,
    }),
    recordText(CNAB240.batchHeader, {
      ...company,
      batch: 1,
      recordType: 1,
      operation: 'E',
      service: 4,
      entryForm: 40,
      layoutVersion: 33,
      openingBalanceOn: ddmmyyyy(statement.periodStart),
      openingBalance: Math.abs(statement.openingBalanceCents ?? 0),
      openingBalanceSign: (statement.openingBalanceCents ?? 0) < 0 ? 'D' : 'C',
      openingBalanceStatus: 'F',
      currency: 'BRL',
      statementSequence: 1,
    }),
    ...lines.map((line, i) =>
      recordText(CNAB240.entry, {
        ...company,
        batch: 1,
        recordType: 3,
        sequence: i + 1,
        segment: 'E',
        complementType: 0,
        cpmfExempt: 'N',
        bookedOn: ddmmyyyy(line.postedOn),
        postedOn: ddmmyyyy(line.postedOn),
        amount: Math.abs(line.amountCents),
        sign: line.amountCents < 0 ? 'D' : 'C',
        category: line.amountCents < 0 ? DEBIT_CATEGORY : CREDIT_CATEGORY,
        history: line.memo,
        documentNumber: line.documentNumber ?? '',
      }),
    ),
    recordText(CNAB240.batchTrailer, {
      ...company,
      batch: 1,
      recordType: 5,
      closingBalanceOn: ddmmyyyy(statement.periodEnd),
      closingBalance: Math.abs(statement.closingBalanceCents ?? 0),
      closingBalanceSign: (statement.closingBalanceCents ?? 0) < 0 ? 'D' : 'C',
      closingBalanceStatus: 'F',
      records: lines.length + 2,
      debits,
      credits,
    }),
    recordText(CNAB240.fileTrailer, { bankCode: statement.account.bankCode, batch: 9999, recordType: 9, batches: 1, records: lines.length + 4, accounts: 1 }),
  ];
  return iconv.encode(`${records.join('\r\n')}\r\n`, 'windows-1252');
}

function companyFields(account: StatementAccount) {
  const [number = '', digit = ''] = account.account.split('-');
  return {
    bankCode: account.bankCode,
    documentType: account.document.length === 11 ? 1 : 2,
    document: account.document,
    agency: account.agency,
    account: number.replace(/\D/g, ''),
    accountDigit: digit,
    holderName: account.holderName,
  };
}

function ddmmyyyy(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}${month}${year}`;
}
