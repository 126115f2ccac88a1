// The money module's rule for amounts that arrive as binary numbers (XLSX cells, JSON numbers, Parquet
// DOUBLEs, the operations listing): exact from the shortest decimal text, a double within 1e-6 of a cent
// rounded to it, anything else refused with a reason; and the exact text of a Parquet DECIMAL.
import { describe, expect, it } from 'vitest';
import { centsFromCentsNumber, centsFromDecimalText, centsFromReaisNumber, explainAmountNumber, trimDecimalZeros } from '../../src/shared/money.ts';

describe('centsFromReaisNumber', () => {
  it.each([
    [1234.29, 123429],
    [0.57, 57],
    [19.99, 1999],
    [4.35, 435],
    [150, 15000],
    [150.9, 15090],
    [0, 0],
    [-1, -100],
    [89.69999999999999, 8970], // R$ 89,70 as a spreadsheet sum leaves it
    [89.70000000000002, 8970],
    [0.1 + 0.2, 30],
    [57 * 0.01, 57], // 0.5700000000000001
    [1999 * 0.01, 1999], // 19.990000000000002
    [435 * 0.01, 435], // 4.3500000000000005
    [-89.69999999999999, -8970], // negative: the row rules keep it out with their own reason
    [-1e-9, 0], // zero cents, never -0
    [21474836.47, 2147483647],
    [21474836.470000003, 2147483647],
    [12.3400009, 1234], // 0.9e-6 from the cent
  ])('%s reais -> %s cents', (value, cents) => {
    expect(Object.is(centsFromReaisNumber(value), cents)).toBe(true);
    expect(explainAmountNumber(value, 'reais')).toBeUndefined();
  });

  it.each([
    [89.6949, 'has more than two decimals'],
    [150.999, 'has more than two decimals'],
    [0.001, 'has more than two decimals'],
    [0.125, 'has more than two decimals'], // exactly half a cent: no amount, not a rounding
    [12.3400011, 'has more than two decimals'], // 1.1e-6 from the cent
    [NaN, undefined],
    [Infinity, undefined],
    [-Infinity, undefined],
    [1e20, undefined], // beyond safe integer cents: no amount at all
  ])('%s reais is refused (%s)', (value, reason) => {
    expect(centsFromReaisNumber(value)).toBeUndefined();
    expect(explainAmountNumber(value, 'reais')).toBe(reason);
  });

  it('gives what the shortest decimal text gives whenever that text has at most two decimals', () => {
    const differences: string[] = [];
    for (let cents = -5_000; cents <= 2_000_000; cents += 37) {
      const value = cents / 100;
      const exact = centsFromDecimalText(String(value));
      if (exact === undefined || centsFromReaisNumber(value) !== exact + 0) differences.push(`${value}: ${centsFromReaisNumber(value)} vs ${exact}`);
    }
    expect(differences).toEqual([]);
  });
});

describe('centsFromCentsNumber', () => {
  it.each([
    [8970, 8970],
    [8970.000000000002, 8970],
    [8969.999999999998, 8970],
    [0, 0],
    [-5, -5],
    [2147483647, 2147483647],
  ])('%s -> %s', (value, cents) => {
    expect(centsFromCentsNumber(value)).toBe(cents);
    expect(explainAmountNumber(value, 'cents')).toBeUndefined();
  });

  it.each([
    [8970.5, 'is not a whole number of cents'],
    [8970.00001, 'is not a whole number of cents'],
    [NaN, undefined],
    [Infinity, undefined],
    [2 ** 60, undefined],
  ])('%s is refused (%s)', (value, reason) => {
    expect(centsFromCentsNumber(value)).toBeUndefined();
    expect(explainAmountNumber(value, 'cents')).toBe(reason);
  });
});

describe('trimDecimalZeros', () => {
  it.each([
    ['150.90', '150.9'],
    ['89.6900', '89.69'],
    ['8970.00', '8970'],
    ['-1.00', '-1'],
    ['0.10', '0.1'],
    ['100', '100'],
    ['89.6949', '89.6949'],
    ['0.1000000000', '0.1'],
  ])('%s -> %s', (text, trimmed) => {
    expect(trimDecimalZeros(text)).toBe(trimmed);
  });
});
