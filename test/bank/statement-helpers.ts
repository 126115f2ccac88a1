// Test helpers for bank statements: an OFX 1.x body around STMTTRN blocks, and a small Statement.
import type { Statement } from '../../src/bank/statement.ts';

export const FIXTURES = `${import.meta.dirname}/../fixtures/bank`;

/** An OFX 1.x SGML file (header and body) holding the given STMTTRN blocks, lines joined by `newline`. */
export function ofx1(transactions: string[], options: { charset?: string; newline?: string } = {}): string {
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    `CHARSET:${options.charset ?? '1252'}`,
    '',
    '<OFX>',
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    '<BANKID>237',
    '<BRANCHID>0001',
    '<ACCTID>12345-6',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    '<DTSTART>20240501',
    '<DTEND>20240502',
    ...transactions,
    '</BANKTRANLIST>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join(options.newline ?? '\r\n');
}

/** One STMTTRN block in SGML style (leaves never closed); undefined fields are left out. */
export function trn(fields: { type?: string; posted?: string; amount?: string; fitid?: string; memo?: string; checknum?: string }): string {
  const parts = ['<STMTTRN>'];
  if (fields.type !== undefined) parts.push(`<TRNTYPE>${fields.type}`);
  parts.push(`<DTPOSTED>${fields.posted ?? '20240501120000[-3:BRT]'}`);
  if (fields.amount !== undefined) parts.push(`<TRNAMT>${fields.amount}`);
  if (fields.fitid !== undefined) parts.push(`<FITID>${fields.fitid}`);
  if (fields.checknum !== undefined) parts.push(`<CHECKNUM>${fields.checknum}`);
  if (fields.memo !== undefined) parts.push(`<MEMO>${fields.memo}`);
  parts.push('</STMTTRN>');
  return parts.join('\n');
}

export function statementOf(lines: Statement['lines']): Statement {
  return {
    account: { bankCode: '341', agency: '1234', account: '56789-0', document: '12345678000190', holderName: 'LOJA EXEMPLO COMÉRCIO LTDA' },
    periodStart: '2024-05-01',
    periodEnd: '2024-05-03',
    openingBalanceCents: 10_000,
    closingBalanceCents: lines.reduce((sum, l) => sum + l.amountCents, 10_000),
    lines,
  };
}
