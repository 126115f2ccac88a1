// How a statement is recognised, bounded and matched to a configured account.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.ts';
import { statementKindOfText } from '../../src/bank/detect-statement.ts';
import { accountIdFor } from '../../src/bank/match-account.ts';
import { parseDecimalCents } from '../../src/bank/money-text.ts';
import { readStatementBytes } from '../../src/bank/read-statement.ts';
import type { StatementAccount } from '../../src/bank/statement.ts';
import { MAX_STATEMENT_BYTES, MAX_STATEMENT_LINE_CHARS, checkStatementSize, decodeStatement } from '../../src/bank/statement-text.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { FIXTURES } from './statement-helpers.ts';

describe('recognising a statement by content', () => {
  const cnabHeader = readFileSync(`${FIXTURES}/itau-extrato.ret`, 'latin1');
  it.each([
    ['OFX 1.x header', 'OFXHEADER:100\r\nDATA:OFXSGML\r\n', 'ofx'],
    ['OFX 1.x after a BOM', '\u00EF\u00BB\u00BFOFXHEADER:100\n', 'ofx'],
    ['OFX 2.x', '<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX>', 'ofx'],
    ['a bare <OFX>', '  <OFX>\n<SIGNONMSGSRSV1>', 'ofx'],
    ['a CNAB 240 file header', cnabHeader, 'cnab240'],
    ['a CSV order export', 'pedido;cliente;valor_total\n1;A;10,00\n', undefined],
    ['a 240-character line that is no file header', `${'x'.repeat(240)}\n`, undefined],
  ])('%s', (_, text, kind) => {
    expect(statementKindOfText(text)).toBe(kind);
  });
});

describe('bounds', () => {
  it('a file over the size limit is refused with what came and what is allowed', () => {
    expect(() => checkStatementSize('big.ofx', MAX_STATEMENT_BYTES + 1)).toThrow(/big\.ofx: 33,554,433 bytes, more than the 33,554,432/);
    expect(() => checkStatementSize('ok.ofx', MAX_STATEMENT_BYTES)).not.toThrow();
  });

  it('a line over the length limit is refused as an input error naming the line', () => {
    const text = `OFXHEADER:100\n${'A'.repeat(MAX_STATEMENT_LINE_CHARS + 1)}\n`;
    let caught: unknown;
    try {
      decodeStatement('long.ofx', Buffer.from(text));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ReconError);
    expect((caught as ReconError).code).toBe('input');
    expect((caught as ReconError).message).toMatch(/long\.ofx: line 2 has more than/);
  });

  it('a file that is no statement is refused, saying what was expected', () => {
    expect(() => readStatementBytes('x.ofx', Buffer.from('pedido;valor\n'))).toThrow(/x\.ofx: not a bank statement recon reads; expected OFX/);
  });

  it.each([
    ['-12.34', -1234],
    ['+0.5', 50],
    ['1,99', 199],
    ['1.234,56', undefined],
    ['1e3', undefined],
    ['9999999999999.99', 999_999_999_999_999],
    ['99999999999999', undefined],
    ['', undefined],
  ])('amount text %j is %j cents', (text, cents) => {
    expect(parseDecimalCents(text)).toBe(cents);
  });
});

describe('matching bank.accounts', () => {
  const accounts = (list: unknown[]) => parseConfig({ bank: { accounts: list } }, 'test').bank.accounts;
  const cnab: StatementAccount = { bankCode: '341', agency: '1234', account: '56789-0', document: '12345678000190', holderName: 'LOJA' };
  const ofx: StatementAccount = { ...cnab, document: '', holderName: '' };
  const itau = { id: 'itau', document: '12.345.678/0001-90' };
  const bb = { id: 'bb', document: '12.345.678/0001-90', bankAccount: '98765-4' };

  it.each([
    ['CNAB 240 by holder document', cnab, [itau], 'itau'],
    ['by bankAccount, whatever the punctuation and leading zeros', ofx, [{ ...itau, bankAccount: '000567890' }, bb], 'itau'],
    ['CNAB 240: an account whose bankAccount differs is not it', cnab, [itau, bb], 'itau'],
  ])('%s', (_, found, list, id) => {
    expect(accountIdFor('s.ofx', found, accounts(list))).toBe(id);
  });

  it.each([
    ['no accounts configured', cnab, [], /matches none of bank\.accounts \(0 configured\); add it to bank\.accounts with "document": "12345678000190"/],
    [
      'OFX among two accounts',
      ofx,
      [itau, { ...itau, id: 'other' }],
      /add it to bank\.accounts with "bankAccount": "56789-0" \(OFX names no holder document\)/,
    ],
    [
      'two accounts of one document',
      cnab,
      [itau, { ...itau, id: 'other' }],
      /matches 2 accounts of bank\.accounts by document; set bank\.accounts\[\]\.bankAccount to "56789-0"/,
    ],
  ])('%s is a config error naming the account found and the key to set', (_, found, list, message) => {
    expect(() => accountIdFor('s.ret', found, accounts(list))).toThrow(message);
  });
});
