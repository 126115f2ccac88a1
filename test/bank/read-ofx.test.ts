// OFX readers on the quirks Brazilian banks' files have: lying charsets, empty and repeated FITIDs,
// tags that never close (or close when they need not), CR LF, accents, unsigned debits, bad lines.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { lineIdsFor } from '../../src/bank/line-ids.ts';
import { readStatementBytes } from '../../src/bank/read-statement.ts';
import { ofx1, trn } from './statement-helpers.ts';

const read = (text: string, encoding = 'windows-1252') => readStatementBytes('test.ofx', iconv.encode(text, encoding));

describe('OFX 1.x quirks', () => {
  it.each([
    ['windows-1252 bytes under CHARSET:1252', ofx1([trn({ amount: '-250.00', memo: 'PAGAMENTO CARTÃO' })]), 'windows-1252', 'windows-1252'],
    ['UTF-8 bytes under a lying CHARSET:1252', ofx1([trn({ amount: '-250.00', memo: 'PAGAMENTO CARTÃO' })]), 'utf-8', 'utf-8'],
    [
      'windows-1252 bytes under a lying CHARSET:UTF-8',
      ofx1([trn({ amount: '-250.00', memo: 'PAGAMENTO CARTÃO' })], { charset: 'UTF-8' }),
      'windows-1252',
      'windows-1252',
    ],
    ['LF line ends', ofx1([trn({ amount: '-250.00', memo: 'PAGAMENTO CARTÃO' })], { newline: '\n' }), 'windows-1252', 'windows-1252'],
  ])('%s: memo decoded right, charset detected', (_, text, encoding, charset) => {
    const got = read(text, encoding);
    expect(got.charset).toBe(charset);
    expect(got.format).toBe('ofx1');
    expect(got.statement.lines).toEqual([
      { postedOn: '2024-05-01', amountCents: -25_000, type: 'debit', fitid: undefined, memo: 'PAGAMENTO CARTÃO', documentNumber: undefined },
    ]);
  });

  it.each([
    ['a negative amount', { amount: '-12.34', type: 'DEBIT' }, -1234, 'debit'],
    ['a credit', { amount: '1523.45', type: 'CREDIT' }, 152_345, 'credit'],
    ['a decimal comma', { amount: '-12,3' }, -1230, 'debit'],
    ['no decimals', { amount: '15' }, 1500, 'credit'],
    ['an unsigned debit (TRNTYPE DEBIT)', { amount: '12.34', type: 'DEBIT' }, -1234, 'debit'],
    ['an amount no float holds exactly', { amount: '0.29' }, 29, 'credit'],
  ])('%s', (_, fields, cents, type) => {
    const [line] = read(ofx1([trn({ ...fields, fitid: 'F1' })])).statement.lines;
    expect(line).toMatchObject({ amountCents: cents, type, fitid: 'F1' });
  });

  it('an empty <FITID> followed by the next tag is an empty leaf, not a parent of the memo', () => {
    const got = read(ofx1([trn({ amount: '-5.00', fitid: '', memo: 'TARIFA' }), trn({ amount: '-5.00', fitid: '', memo: 'TARIFA' })]));
    expect(got.statement.lines.map((l) => [l.fitid, l.memo])).toEqual([
      [undefined, 'TARIFA'],
      [undefined, 'TARIFA'],
    ]);
    // Two identical fees on one day stay two lines.
    const ids = lineIdsFor(got.statement.lines);
    expect(ids[0]).toMatch(/^syn:[0-9a-f]{24}:1$/);
    expect(ids[1]).toBe(ids[0]?.replace(/:1$/, ':2'));
  });

  it.each([
    {
      name: 'a FITID repeated within the file names its first line; the others get their day and amount',
      known: new Map(),
      lines: [trn({ amount: '1.00', fitid: 'DUP', memo: 'A' }), trn({ amount: '2.00', fitid: 'DUP', memo: 'B' }), trn({ amount: '3.00', fitid: 'U1' })],
      ids: ['DUP', 'DUP/2024-05-01/200', 'U1'],
    },
    {
      name: 'a FITID the warehouse holds for another line (numbered per day) gets its day and amount',
      known: new Map([['DUP', { postedOn: '2024-04-30', amountCents: 100 }]]),
      lines: [trn({ amount: '1.00', fitid: 'DUP', memo: 'A' })],
      ids: ['DUP/2024-05-01/100'],
    },
    {
      name: 'a FITID the warehouse holds for this very line keeps it, whatever other lines share it in this file',
      known: new Map([['DUP', { postedOn: '2024-05-01', amountCents: 200 }]]),
      lines: [trn({ amount: '-5.00', fitid: 'DUP', memo: 'TARIFA' }), trn({ amount: '2.00', fitid: 'DUP', memo: 'B' })],
      ids: ['DUP/2024-05-01/-500', 'DUP'],
    },
    {
      name: 'lines identical in FITID, day and amount stay apart',
      known: new Map(),
      lines: [trn({ amount: '-5.00', fitid: 'T', memo: 'TARIFA' }), trn({ amount: '-5.00', fitid: 'T', memo: 'TARIFA' })],
      ids: ['T', 'T/2024-05-01/-500#2'],
    },
  ])('$name', ({ known, lines, ids }) => {
    expect(lineIdsFor(read(ofx1(lines)).statement.lines, known)).toEqual(ids);
  });

  it('leaves closed as XML (<MEMO>x</MEMO>), stray closing tags and entities read the same', () => {
    const closed =
      '<STMTTRN>\n<TRNTYPE>DEBIT</TRNTYPE>\n<DTPOSTED>20240502</DTPOSTED>\n<TRNAMT>-7.50</TRNAMT>\n<FITID>X9</FITID></FITID>\n<MEMO>P&amp;G &lt;LOJA&gt;</MEMO>\n</STMTTRN>';
    const [line] = read(ofx1([closed])).statement.lines;
    expect(line).toEqual({ postedOn: '2024-05-02', amountCents: -750, type: 'debit', fitid: 'X9', memo: 'P&G <LOJA>', documentNumber: undefined });
  });

  it('a <STMTTRN> the bank left unclosed is closed by the next one; a file that stops without closing tags keeps its lines', () => {
    const unclosed = trn({ amount: '-1.00', fitid: 'U1', memo: 'PRIMEIRA' }).replace('</STMTTRN>', '');
    const got = read(ofx1([unclosed, trn({ amount: '-2.00', fitid: 'U2', memo: 'SEGUNDA' })]));
    expect(got.statement.lines.map((l) => [l.fitid, l.amountCents, l.memo])).toEqual([
      ['U1', -100, 'PRIMEIRA'],
      ['U2', -200, 'SEGUNDA'],
    ]);
    const cut = ofx1([trn({ amount: '3.00', fitid: 'C1' })]).split('</BANKTRANLIST>')[0] as string;
    expect(read(cut.replace(/<\/STMTTRN>\s*$/, '')).statement.lines).toEqual([expect.objectContaining({ fitid: 'C1', amountCents: 300 })]);
  });

  it('a bad amount or date keeps that line out with its line and reason; the others load', () => {
    const got = read(ofx1([trn({ amount: '1.00' }), trn({ amount: '12.3x' }), trn({ amount: '2.00', posted: '20240231' }), trn({ memo: 'no amount' })]));
    expect(got.statement.lines).toHaveLength(1);
    expect(got.rejected).toEqual([
      { line: 21, reason: 'bad TRNAMT "12.3x" (expected a decimal amount such as -12.34)', facts: [{ kind: 'ofxBadAmount', text: '12.3x' }], value: '12.3x' },
      {
        line: 25,
        reason: 'bad DTPOSTED "20240231" (expected YYYYMMDD, optionally with a time)',
        facts: [{ kind: 'ofxBadDate', text: '20240231' }],
        value: '20240231',
      },
      { line: 29, reason: 'bad TRNAMT "" (expected a decimal amount such as -12.34)', facts: [{ kind: 'ofxBadAmount', text: '' }], value: '' },
    ]);
    expect(got.lineNumbers).toEqual([17]);
  });
});

describe('OFX 2.x XML', () => {
  const xml = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>',
    '<BANKACCTFROM><BANKID>001</BANKID><BRANCHID>3456</BRANCHID><ACCTID>98765-4</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20240501</DTSTART><DTEND>20240531</DTEND>',
    '<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240510</DTPOSTED><TRNAMT>99.90</TRNAMT><FITID>BB1</FITID><MEMO>REPASSE CARTÃO</MEMO></STMTTRN>',
    '</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00</BALAMT><DTASOF>20240531</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

  it.each([
    ['UTF-8 as it says', 'utf-8'],
    ['windows-1252 under a lying encoding="UTF-8"', 'windows-1252'],
  ])('%s', (_, encoding) => {
    const got = read(xml, encoding);
    expect(got.format).toBe('ofx2');
    expect(got.charset).toBe(encoding);
    expect(got.statement).toMatchObject({
      account: { bankCode: '001', agency: '3456', account: '98765-4' },
      periodStart: '2024-05-01',
      periodEnd: '2024-05-31',
      closingBalanceCents: 100_000,
      lines: [{ postedOn: '2024-05-10', amountCents: 9990, type: 'credit', fitid: 'BB1', memo: 'REPASSE CARTÃO' }],
    });
  });

  it('a whole OFX file on one line reads the same', () => {
    expect(read(xml.replaceAll('\n', ''), 'utf-8').statement.lines).toEqual(read(xml, 'utf-8').statement.lines);
  });
});
