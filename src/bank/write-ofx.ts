// Writes a Statement as OFX 1.x SGML the way Brazilian banks do: the colon header, leaves that never
// close, windows-1252 bytes under `CHARSET:1252`. For tests and the sandbox, the header's CHARSET and the
// bytes' encoding can be set apart (a lying header), and a line without a FITID gets an empty <FITID>,
// as some banks write it.
import iconv from 'iconv-lite';
import { formatDecimalCents } from './money-text.ts';
import type { Statement } from './statement.ts';

export interface Ofx1Options {
  /** What the header's CHARSET says (default 1252), whatever the bytes are. */
  charsetHeader?: string;
  /** How the bytes are encoded (default windows-1252). */
  encoding?: 'windows-1252' | 'utf-8';
  /** Line ends (default CR LF). */
  newline?: '\r\n' | '\n';
}

export function formatOfx1(statement: Statement, options: Ofx1Options = {}): Buffer {
  const { account } = statement;
  const out = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    `CHARSET:${options.charsetHeader ?? '1252'}`,
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDate(statement.periodEnd)}`,
    '<LANGUAGE>POR',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>1',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>BRL',
    '<BANKACCTFROM>',
    `<BANKID>${account.bankCode.padStart(4, '0')}`,
    `<BRANCHID>${escapeText(account.agency)}`,
    `<ACCTID>${escapeText(account.account)}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${ofxDate(statement.periodStart)}`,
    `<DTEND>${ofxDate(statement.periodEnd)}`,
  ];
  for (const line of statement.lines) {
    out.push(
      '<STMTTRN>',
      `<TRNTYPE>${line.amountCents < 0 ? 'DEBIT' : 'CREDIT'}`,
      `<DTPOSTED>${ofxDate(line.postedOn)}`,
      `<TRNAMT>${formatDecimalCents(line.amountCents)}`,
      `<FITID>${escapeText(line.fitid ?? '')}`,
      ...(line.documentNumber === undefined ? [] : [`<CHECKNUM>${escapeText(line.documentNumber)}`]),
      `<MEMO>${escapeText(line.memo)}`,
      '</STMTTRN>',
    );
  }
  out.push('</BANKTRANLIST>');
  if (statement.closingBalanceCents !== undefined) {
    out.push('<LEDGERBAL>', `<BALAMT>${formatDecimalCents(statement.closingBalanceCents)}`, `<DTASOF>${ofxDate(statement.periodEnd)}`, '</LEDGERBAL>');
  }
  out.push('</STMTRS>', '</STMTTRNRS>', '</BANKMSGSRSV1>', '</OFX>', '');
  return iconv.encode(out.join(options.newline ?? '\r\n'), options.encoding ?? 'windows-1252');
}

/** A day as Brazilian banks write it in OFX: midnight of the bank's zone (BRT, UTC-3). */
function ofxDate(date: string): string {
  return `${date.replaceAll('-', '')}000000[-3:BRT]`;
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
