// The FEBRABAN CNAB 240 "extrato para conciliação bancária" layout (service 04), written once as data:
// for each record the reader and the writer use, the fields recon reads or writes, by their 1-based
// inclusive positions as the published layout numbers them. Every record is 240 characters; numbers
// are zero-padded on the left, text padded with spaces on the right, amounts are 18 digits with two
// implied decimals, dates DDMMAAAA. Positions not listed are blanks (or fields recon neither reads nor
// needs to fill) and the writer leaves them as spaces or zeros as the layout's field type says.

export const CNAB240_LINE_LENGTH = 240;

export interface CnabField {
  /** First position, 1-based, as the layout prints it. */
  from: number;
  /** Last position, inclusive. */
  to: number;
  /** num: digits, zero-padded on the left; alpha: text, space-padded on the right. */
  kind: 'num' | 'alpha';
}

const num = (from: number, to: number): CnabField => ({ from, to, kind: 'num' });
const alpha = (from: number, to: number): CnabField => ({ from, to, kind: 'alpha' });

/** Fields every record starts with: the bank, the batch and the record type (0, 1, 3, 5, 9). */
const control = { bankCode: num(1, 3), batch: num(4, 7), recordType: num(8, 8) } as const;

/** The company and account block that records 0, 1, 3 and 5 share (positions 18 to 102). */
const company = {
  documentType: num(18, 18),
  document: num(19, 32),
  agreement: alpha(33, 52),
  agency: num(53, 57),
  agencyDigit: alpha(58, 58),
  account: num(59, 70),
  accountDigit: alpha(71, 71),
  agencyAccountDigit: alpha(72, 72),
  holderName: alpha(73, 102),
} as const;

export const CNAB240 = {
  /** Record 0: the file header. */
  fileHeader: {
    ...control,
    ...company,
    bankName: alpha(103, 132),
    /** 1 remessa, 2 retorno (a statement is a retorno). */
    direction: num(143, 143),
    createdOn: num(144, 151),
    createdAt: num(152, 157),
    sequence: num(158, 163),
    layoutVersion: num(164, 166),
  },
  /** Record 1: the batch header of one account's statement, with the opening balance. */
  batchHeader: {
    ...control,
    operation: alpha(9, 9),
    service: num(10, 11),
    entryForm: num(12, 13),
    layoutVersion: num(14, 16),
    ...company,
    openingBalanceOn: num(143, 150),
    openingBalance: num(151, 168),
    openingBalanceSign: alpha(169, 169),
    openingBalanceStatus: alpha(170, 170),
    currency: alpha(171, 173),
    statementSequence: num(174, 178),
  },
  /** Record 3, segment E: one statement line. */
  entry: {
    ...control,
    sequence: num(9, 13),
    segment: alpha(14, 14),
    ...company,
    nature: alpha(109, 111),
    complementType: num(112, 113),
    complement: alpha(114, 133),
    cpmfExempt: alpha(134, 134),
    bookedOn: num(135, 142),
    postedOn: num(143, 150),
    amount: num(151, 168),
    sign: alpha(169, 169),
    category: num(170, 172),
    historyCode: alpha(173, 176),
    history: alpha(177, 201),
    documentNumber: alpha(202, 240),
  },
  /** Record 5: the batch trailer, with the final balance and the batch's debit and credit sums. */
  batchTrailer: {
    ...control,
    ...company,
    closingBalanceOn: num(143, 150),
    closingBalance: num(151, 168),
    closingBalanceSign: alpha(169, 169),
    closingBalanceStatus: alpha(170, 170),
    records: num(171, 176),
    debits: num(177, 194),
    credits: num(195, 212),
  },
  /** Record 9: the file trailer. */
  fileTrailer: { ...control, batches: num(18, 23), records: num(24, 29), accounts: num(30, 35) },
} as const;

export type CnabRecord = Record<string, CnabField>;

/** The text of one field of a 240-character record, untrimmed. */
export function fieldText(line: string, field: CnabField): string {
  return line.slice(field.from - 1, field.to);
}

/** A blank record with the given fields filled (numbers zero-padded, text space-padded and cut to size). */
export function recordText<R extends CnabRecord>(layout: R, values: Partial<Record<keyof R, string | number>>): string {
  const chars = Array.from({ length: CNAB240_LINE_LENGTH }, () => ' ');
  for (const [name, value] of Object.entries(values) as [string, string | number | undefined][]) {
    const field = layout[name];
    if (field === undefined || value === undefined) continue;
    const width = field.to - field.from + 1;
    const text = String(value);
    const padded = field.kind === 'num' ? text.padStart(width, '0').slice(-width) : text.padEnd(width, ' ').slice(0, width);
    for (let i = 0; i < width; i++) chars[field.from - 1 + i] = padded[i] as string;
  }
  return chars.join('');
}
