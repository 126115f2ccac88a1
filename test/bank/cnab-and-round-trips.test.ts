// CNAB 240 reading, the Itaú fixtures (OFX 1.x and CNAB 240 of the same lines) reading alike, and the
// writers' output read back to the statement they were given.
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CNAB240, fieldText, recordText } from '../../src/bank/cnab240-layout.ts';
import { readStatementBytes } from '../../src/bank/read-statement.ts';
import type { StatementLine } from '../../src/bank/statement.ts';
import { formatCnab240 } from '../../src/bank/write-cnab240.ts';
import { formatOfx1 } from '../../src/bank/write-ofx.ts';
import { FIXTURES, statementOf } from './statement-helpers.ts';

const withoutFitid = (lines: StatementLine[]) => lines.map(({ fitid: _, ...rest }) => rest);

describe('the Itaú fixtures', () => {
  const ofx = readStatementBytes('itau-extrato.ofx', readFileSync(`${FIXTURES}/itau-extrato.ofx`));
  const cnab = readStatementBytes('itau-extrato.ret', readFileSync(`${FIXTURES}/itau-extrato.ret`));

  it('an OFX 1.x file in windows-1252 and a CNAB 240 file of the same lines parse to the same lines', () => {
    expect(ofx.format).toBe('ofx1');
    expect(cnab.format).toBe('cnab240');
    expect(ofx.charset).toBe('windows-1252');
    expect(cnab.charset).toBe('windows-1252');
    expect(ofx.rejected).toEqual([]);
    expect(cnab.rejected).toEqual([]);
    expect(withoutFitid(cnab.statement.lines)).toEqual(withoutFitid(ofx.statement.lines));
    expect(cnab.statement.lines.map((l) => l.memo)).toEqual([
      'PAGTOS CARTÃO CRÉDITO',
      'TARIFA BANCÁRIA',
      'PIX RECEBIDO JOÃO',
      'PAGAMENTO CARTÃO',
      'TED RECEBIDA AÇÚCAR LTDA',
    ]);
    expect(ofx.statement.lines.map((l) => l.fitid)).toEqual(['20240501001', '20240501002', '20240502001', '20240502002', '20240503001']);
  });

  it('both give the period and the closing balance; CNAB 240 also the holder document and the opening balance', () => {
    for (const read of [ofx, cnab]) {
      expect(read.statement).toMatchObject({ periodStart: '2024-05-01', periodEnd: '2024-05-03', closingBalanceCents: 406_055 });
    }
    expect(cnab.statement.account).toEqual({
      bankCode: '341',
      agency: '1234',
      account: '56789-0',
      document: '12345678000190',
      holderName: 'LOJA EXEMPLO COMÉRCIO LTDA',
    });
    expect(cnab.statement.openingBalanceCents).toBe(0);
    expect(ofx.statement.account).toMatchObject({ bankCode: '341', agency: '1234', account: '56789-0', document: '' });
  });
});

describe('CNAB 240 lines', () => {
  const fixture = readFileSync(`${FIXTURES}/itau-extrato.ret`, 'latin1').split('\r\n');
  const entry = fixture[2] as string;
  const withField = (name: keyof typeof CNAB240.entry, value: string) => {
    const f = CNAB240.entry[name];
    return entry.slice(0, f.from - 1) + value + entry.slice(f.to);
  };
  const readWith = (line: string) =>
    readStatementBytes('x.ret', iconv.encode([fixture[0], fixture[1], line, ...fixture.slice(7)].join('\r\n'), 'windows-1252'));

  it.each([
    ['a bad posting date', withField('postedOn', '31022024'), /bad posting date "31022024"/],
    ['a bad amount', withField('amount', '00000000000001234X'), /bad amount "00000000000001234X"/],
    ['a bad debit/credit flag', withField('sign', 'X'), /bad debit\/credit flag "X"/],
    ['a line longer than 240 characters', `${entry}EXTRA`, /expected a record of 240 characters, got 245/],
  ])('%s is kept out with its line and reason', (_, line, reason) => {
    const read = readWith(line);
    expect(read.statement.lines).toEqual([]);
    expect(read.rejected).toEqual([expect.objectContaining({ line: 3, reason: expect.stringMatching(reason) })]);
  });

  it('a record whose trailing blanks the bank dropped reads as the whole record', () => {
    const read = readWith(entry.trimEnd());
    expect(read.rejected).toEqual([]);
    expect(read.statement.lines).toHaveLength(1);
  });

  it('a CNAB 240 return of another service (cobrança) is refused as no statement', () => {
    const batch = fixture[1] as string;
    const cobranca = `${batch.slice(0, 9)}01${batch.slice(11)}`;
    expect(() => readStatementBytes('x.ret', Buffer.from([fixture[0], cobranca, ...fixture.slice(7)].join('\r\n'), 'latin1'))).toThrow(
      /x\.ret: line 2: a CNAB 240 batch of service 01, not a statement/,
    );
  });

  it('the layout data fills and reads the same positions', () => {
    const text = recordText(CNAB240.entry, { amount: 1234, sign: 'D', history: 'TARIFA' });
    expect(text).toHaveLength(240);
    expect(fieldText(text, CNAB240.entry.amount)).toBe('000000000000001234');
    expect(text.slice(150, 168)).toBe('000000000000001234');
    expect(fieldText(text, CNAB240.entry.sign)).toBe('D');
    expect(fieldText(text, CNAB240.entry.history)).toBe('TARIFA'.padEnd(25));
  });
});

describe('writers read back to what they were given', () => {
  const lines: StatementLine[] = [
    { postedOn: '2024-05-01', amountCents: 152_345, type: 'credit', fitid: 'A1', memo: 'PAGTOS CARTÃO CRÉDITO', documentNumber: '000123' },
    { postedOn: '2024-05-02', amountCents: -1, type: 'debit', fitid: 'A2', memo: 'IOF', documentNumber: undefined },
    { postedOn: '2024-05-03', amountCents: -25_000, type: 'debit', fitid: 'A3', memo: 'PAGAMENTO & CIA <SP>', documentNumber: undefined },
  ];
  const statement = statementOf(lines);

  it.each([
    ['windows-1252, CR LF', {}, 'windows-1252'],
    ['UTF-8 bytes under a lying CHARSET:1252, LF', { encoding: 'utf-8', newline: '\n' } as const, 'utf-8'],
  ])('OFX 1.x: %s', (_, options, charset) => {
    const read = readStatementBytes('w.ofx', formatOfx1(statement, options));
    expect(read.charset).toBe(charset);
    expect(read.rejected).toEqual([]);
    expect(read.statement).toEqual({ ...statement, account: { ...statement.account, document: '', holderName: '' }, openingBalanceCents: undefined });
  });

  it('OFX 1.x: a line without a FITID is written with an empty one and read back without', () => {
    const read = readStatementBytes('w.ofx', formatOfx1(statementOf([{ ...lines[0], fitid: undefined } as StatementLine])));
    expect(read.statement.lines[0]?.fitid).toBeUndefined();
  });

  it('CNAB 240 (which carries no FITID)', () => {
    const bytes = formatCnab240(statement);
    const read = readStatementBytes('w.ret', bytes);
    expect(read.rejected).toEqual([]);
    expect(read.statement).toEqual({ ...statement, lines: lines.map((l) => ({ ...l, fitid: undefined })) });
    expect(
      bytes
        .toString('latin1')
        .split('\r\n')
        .filter((l) => l !== '')
        .every((l) => l.length === 240),
    ).toBe(true);
  });

  it('CNAB 240: a quiet account covers up to its closing balance date, past its last line', () => {
    const quiet = { ...statementOf([{ ...(lines[0] as StatementLine), postedOn: '2024-05-01' }]), periodEnd: '2024-05-10' };
    expect(readStatementBytes('q.ret', formatCnab240(quiet)).statement).toMatchObject({ periodStart: '2024-05-01', periodEnd: '2024-05-10' });
  });
});
