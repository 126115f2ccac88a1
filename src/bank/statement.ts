// A bank statement as recon reads and the sandbox writes it, whatever its file format (OFX 1.x SGML,
// OFX 2.x XML, CNAB 240 "extrato"): the account it belongs to, the days it covers, and its lines.
// Amounts are integer cents, signed (credits positive); days are calendar dates (YYYY-MM-DD) of the
// account's own time zone, since a statement line has a booking day, not an instant.

export type StatementFormat = 'ofx1' | 'ofx2' | 'cnab240';

export interface StatementAccount {
  /** FEBRABAN bank code, three digits (341 Itaú, 237 Bradesco, 001 Banco do Brasil). */
  bankCode: string;
  agency: string;
  /** The account number with its check digit as the bank prints it, e.g. "56789-0". */
  account: string;
  /** The holder's CNPJ or CPF, digits only. */
  document: string;
  holderName: string;
}

export interface StatementLine {
  postedOn: string;
  amountCents: number;
  type: 'credit' | 'debit';
  /** The bank's id for the line; banks leave it empty or repeat it, and recon then makes one from the content. */
  fitid: string | undefined;
  memo: string;
  /** The document number the bank gives the line (OFX CHECKNUM, CNAB 240 "número do documento"), if any. */
  documentNumber: string | undefined;
}

export interface Statement {
  account: StatementAccount;
  periodStart: string;
  periodEnd: string;
  openingBalanceCents: number | undefined;
  closingBalanceCents: number | undefined;
  lines: StatementLine[];
}
