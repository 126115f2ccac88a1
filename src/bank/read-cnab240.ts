// Reads a CNAB 240 "extrato para conciliação bancária" (FEBRABAN, service 04): the file header (0) and
// batch header (1) name the account and the opening balance, each segment E detail (3) is a line, the
// batch trailer (5) gives the final balance, the file trailer (9) ends it. Field positions come from
// cnab240-layout.ts, which the writer uses too. One account per file: a second batch of another
// account is refused, since a statement belongs to one account.
import { ReconError } from '../shared/errors.ts';
import { keptOutOf } from '../shared/locale/kept-out-text.ts';
import { CNAB240, CNAB240_LINE_LENGTH, fieldText, type CnabField } from './cnab240-layout.ts';
import { dateFromDdmmyyyy } from './money-text.ts';
import type { ReadStatement, StatementRejection } from './read-result.ts';
import type { StatementAccount, StatementLine } from './statement.ts';
import { DEFAULT_STATEMENT_LIMITS, StatementCounter, type StatementLimits } from './statement-limits.ts';
import { eachLine } from './statement-text.ts';

/** Records that are no statement line: file and batch headers and trailers. */
const FRAME_RECORDS = new Set(['0', '1', '5', '9']);

export function readCnab240(file: string, text: string, limits: StatementLimits = DEFAULT_STATEMENT_LIMITS): ReadStatement {
  const counter = new StatementCounter(file, limits);
  const lines: StatementLine[] = [];
  const lineNumbers: number[] = [];
  const rejected: StatementRejection[] = [];
  let account: StatementAccount | undefined;
  let openingBalanceCents: number | undefined;
  let closingBalanceCents: number | undefined;
  let closingOn: string | undefined;
  let lineNo = 0;
  for (const raw of eachLine(text)) {
    lineNo++;
    if (raw.trim() === '') continue;
    counter.countRecord(lineNo);
    // Some banks drop a record's trailing blanks; the positions still hold.
    const line = raw.length > CNAB240_LINE_LENGTH ? raw : raw.padEnd(CNAB240_LINE_LENGTH, ' ');
    const type = fieldText(line, CNAB240.fileHeader.recordType);
    // Every record but a header or trailer is a line, read or kept out: what bank.limits.maxLinesPerStatement counts.
    if (!FRAME_RECORDS.has(type) || raw.length > CNAB240_LINE_LENGTH) counter.countLine(lineNo);
    if (raw.length > CNAB240_LINE_LENGTH) {
      rejected.push({ line: lineNo, ...keptOutOf({ kind: 'cnabRecordLength', expected: CNAB240_LINE_LENGTH, found: raw.length }), value: raw.slice(0, 40) });
      continue;
    }
    if (type === '0' || type === '1') {
      const layout = type === '0' ? CNAB240.fileHeader : CNAB240.batchHeader;
      const found = accountOf(line, layout);
      if (account !== undefined && type === '1' && !sameAccount(account, found)) {
        throw new ReconError('input', {
          id: 'cnabOtherAccount',
          file,
          line: lineNo,
          found: { agency: found.agency, account: found.account },
          statement: { agency: account.agency, account: account.account },
        });
      }
      account = type === '1' ? { ...found, holderName: found.holderName || (account?.holderName ?? '') } : found;
      if (type === '1') {
        checkStatementBatch(file, line, lineNo);
        openingBalanceCents = balanceOf(line, CNAB240.batchHeader.openingBalance, CNAB240.batchHeader.openingBalanceSign);
      }
    } else if (type === '3') {
      if (fieldText(line, CNAB240.entry.segment) !== 'E') continue;
      const read = entryOf(line, lineNo);
      if ('reason' in read) rejected.push(read);
      else {
        lines.push(read);
        lineNumbers.push(lineNo);
      }
    } else if (type === '5') {
      closingBalanceCents = balanceOf(line, CNAB240.batchTrailer.closingBalance, CNAB240.batchTrailer.closingBalanceSign);
      closingOn = dateFromDdmmyyyy(fieldText(line, CNAB240.batchTrailer.closingBalanceOn));
    } else if (type !== '9') {
      rejected.push({ line: lineNo, ...keptOutOf({ kind: 'cnabRecordType', type }), value: line.slice(0, 14) });
    }
  }
  if (account === undefined) {
    throw new ReconError('input', { id: 'cnabNoHeader', file });
  }
  // The statement covers up to its closing balance's date, which a quiet account's lines alone would not
  // reach (a statement covering W is what lets a payout be called missing); the last line's day only when
  // that date is absent or unreadable. It starts at its first line (the opening balance is dated by banks
  // either the first day or the day before it).
  const days = lines.map((l) => l.postedOn).sort();
  const periodEnd = closingOn ?? days.at(-1) ?? '';
  const periodStart = days[0] ?? periodEnd;
  return {
    format: 'cnab240',
    statement: { account, periodStart, periodEnd, openingBalanceCents, closingBalanceCents, lines },
    lineNumbers,
    rejected,
  };
}

/** A CNAB 240 return of another service (cobrança's segments T/U, payments' A/B) holds no statement lines. */
function checkStatementBatch(file: string, line: string, lineNo: number): void {
  const service = fieldText(line, CNAB240.batchHeader.service);
  if (service === '04') return;
  throw new ReconError('input', { id: 'cnabNotStatement', file, line: lineNo, service });
}

function accountOf(line: string, layout: typeof CNAB240.fileHeader | typeof CNAB240.batchHeader): StatementAccount {
  const documentDigits = fieldText(line, layout.document);
  const isCpf = fieldText(line, layout.documentType) === '1';
  const account = fieldText(line, layout.account).replace(/^0+(?=\d)/, '');
  const digit = fieldText(line, layout.accountDigit).trim();
  return {
    bankCode: fieldText(line, layout.bankCode),
    agency: fieldText(line, layout.agency).replace(/^0+(?=\d)/, ''),
    account: digit === '' ? account : `${account}-${digit}`,
    document: isCpf ? documentDigits.slice(-11) : documentDigits,
    holderName: fieldText(line, layout.holderName).trim(),
  };
}

function sameAccount(a: StatementAccount, b: StatementAccount): boolean {
  return a.bankCode === b.bankCode && a.agency === b.agency && a.account === b.account;
}

function balanceOf(line: string, amount: CnabField, sign: CnabField): number | undefined {
  const digits = fieldText(line, amount);
  if (!/^\d{18}$/.test(digits)) return undefined;
  const cents = Number(digits);
  return fieldText(line, sign) === 'D' ? -cents : cents;
}

function entryOf(line: string, lineNo: number): StatementLine | StatementRejection {
  const { entry } = CNAB240;
  const dateText = fieldText(line, entry.postedOn);
  const postedOn = dateFromDdmmyyyy(dateText);
  if (postedOn === undefined) return { line: lineNo, ...keptOutOf({ kind: 'cnabBadDate', text: dateText }), value: dateText };
  const amountText = fieldText(line, entry.amount);
  if (!/^\d{18}$/.test(amountText)) {
    return { line: lineNo, ...keptOutOf({ kind: 'cnabBadAmount', text: amountText.trim() }), value: amountText };
  }
  const sign = fieldText(line, entry.sign);
  if (sign !== 'D' && sign !== 'C') return { line: lineNo, ...keptOutOf({ kind: 'cnabBadFlag', text: sign }), value: sign };
  const cents = Number(amountText);
  // 18 digits may exceed what a double holds exactly; no real statement line comes near it.
  if (!Number.isSafeInteger(cents)) return { line: lineNo, ...keptOutOf({ kind: 'cnabAmountOutOfRange', text: amountText }), value: amountText };
  const documentNumber = fieldText(line, entry.documentNumber).trim();
  return {
    postedOn,
    amountCents: sign === 'D' ? -cents : cents,
    type: sign === 'D' ? 'debit' : 'credit',
    fitid: undefined,
    memo: fieldText(line, entry.history).trim(),
    documentNumber: documentNumber === '' ? undefined : documentNumber,
  };
}
