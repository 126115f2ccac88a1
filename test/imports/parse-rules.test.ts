// The pure parsers behind the row rules: the fast amount path agrees with centsFromDecimalText, and the
// fast date path agrees with luxon, including DST and the 22:30-local-is-next-day-in-UTC case.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { decimalCentsParser } from '../../src/imports/fast-amount.ts';
import { instantParserFor, wallClockConverter } from '../../src/imports/date-parse.ts';
import { centsFromDecimalText, type DecimalFormat } from '../../src/shared/money.ts';

const FORMATS: DecimalFormat[] = [
  { decimal: ',', thousands: '.' },
  { decimal: ',', thousands: '' },
  { decimal: '.', thousands: ',' },
  { decimal: '.', thousands: '' },
  { decimal: ',', thousands: ' ' },
];

describe('decimalCentsParser', () => {
  it.each([
    ['1.234,56', FORMATS[0], 123456],
    ['150,9', FORMATS[0], 15090],
    ['10', FORMATS[0], 1000],
    ['0,05', FORMATS[0], 5],
    ['1.234.567,00', FORMATS[0], 123456700],
    ['1234,56', FORMATS[0], 123456],
    ['1,234.56', FORMATS[2], 123456],
    ['150.90', FORMATS[3], 15090],
    ['R$ 1.234,56', FORMATS[0], 123456],
    [' 7,50 ', FORMATS[0], 750],
    ['-3,00', FORMATS[0], -300],
    ['1.23,4', FORMATS[0], undefined],
    ['12,345', FORMATS[0], undefined],
    ['abc', FORMATS[0], undefined],
    ['', FORMATS[0], undefined],
    ['1.234', FORMATS[1], undefined],
  ] as const)('%j with %j -> %j', (text, format, expected) => {
    expect(decimalCentsParser(format as DecimalFormat)(text)).toBe(expected);
  });

  it('agrees with centsFromDecimalText on 20,000 generated texts in every dialect', () => {
    const alphabet = ['0', '1', '5', '9', '.', ',', ' ', '-', '00', '000', '123', ''];
    const mismatches: string[] = [];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let n = 0; n < 20_000; n++) {
      let text = '';
      const parts = 1 + Math.floor(next() * 6);
      for (let p = 0; p < parts; p++) text += alphabet[Math.floor(next() * alphabet.length)];
      for (const format of FORMATS) {
        const fast = decimalCentsParser(format)(text);
        const reference = centsFromDecimalText(text, format);
        if (fast !== reference) mismatches.push(`${JSON.stringify(text)} ${JSON.stringify(format)}: ${fast} vs ${reference}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('instantParserFor', () => {
  const zone = 'America/Sao_Paulo';
  const parse = instantParserFor('dd/MM/yyyy HH:mm', zone);

  it('reads 22:30 local as 01:30 UTC the next day', () => {
    expect(new Date(parse('01/05/2024 22:30') ?? 0).toISOString()).toBe('2024-05-02T01:30:00.000Z');
  });

  it.each([
    ['01/05/2024 14:32'],
    ['31/12/2023 23:59'],
    ['15/10/2017 00:30'], // DST started at 00:00: a wall clock that never existed; luxon moves it forward
    ['18/02/2018 23:30'], // DST ended at 00:00: the repeated hour
    ['29/02/2024 12:00'],
  ])('%s matches luxon', (text) => {
    expect(parse(text)).toBe(DateTime.fromFormat(text, 'dd/MM/yyyy HH:mm', { zone }).toMillis());
  });

  it.each([['31/02/2024 10:00'], ['01/13/2024 10:00'], ['1/5/2024 10:00'], ['01/05/2024'], ['ontem'], ['']])('rejects %j', (text) => {
    expect(parse(text)).toBeUndefined();
  });

  it('accepts ISO 8601 with and without an offset', () => {
    expect(parse('2024-05-01T22:30:00-03:00')).toBe(Date.UTC(2024, 4, 2, 1, 30));
    expect(parse('2024-05-01 22:30:00')).toBe(Date.UTC(2024, 4, 2, 1, 30));
    expect(parse('2024-05-02T01:30:00Z')).toBe(Date.UTC(2024, 4, 2, 1, 30));
  });

  it('falls back to luxon for formats with other tokens (offset in the text wins)', () => {
    const shopify = instantParserFor('yyyy-MM-dd HH:mm:ss ZZZ', zone);
    expect(shopify('2024-05-01 14:32:07 -0300')).toBe(Date.UTC(2024, 4, 1, 17, 32, 7));
    expect(shopify('2024-05-01 14:32:07 +0000')).toBe(Date.UTC(2024, 4, 1, 14, 32, 7));
  });

  it('converts wall-clock fields in other zones too', () => {
    const toInstant = wallClockConverter('Europe/Lisbon');
    expect(toInstant(2024, 7, 1, 12, 0, 0, 0)).toBe(Date.UTC(2024, 6, 1, 11, 0));
    expect(toInstant(2024, 1, 1, 12, 0, 0, 0)).toBe(Date.UTC(2024, 0, 1, 12, 0));
  });
});
