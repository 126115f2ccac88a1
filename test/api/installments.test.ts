// The installment pricing answer: options checked field by field, the rate kept as exact decimal text.
import { describe, expect, it } from 'vitest';
import { checkInstallmentOptions, rateTextOf } from '../../src/api/installments.ts';

const option = (n: number, amount: number, rate: number) => ({
  installment: String(n),
  amount,
  installment_value: Math.floor(amount / n),
  interest_rate: rate,
});

describe('rateTextOf', () => {
  it.each([
    [11.94, '11.94'],
    [12, '12.00'],
    [2.995, '2.995'],
    [0.1 + 0.2, '0.30'],
    [19.490000000000002, '19.49'],
  ])('reads %d as %s', (value, text) => {
    expect(rateTextOf(value)).toBe(text);
  });

  it.each([[2.99951], [Number.NaN], [-1], [Number.POSITIVE_INFINITY]])('refuses %d', (value) => {
    expect(rateTextOf(value)).toBeUndefined();
  });
});

describe('checkInstallmentOptions', () => {
  it('reads the options, each count once, amounts in cents', () => {
    expect(checkInstallmentOptions([option(1, 10_299, 2.99), { ...option(2, 10_449, 4.49), extra: true }], 'GET x')).toEqual([
      { installments: 1, amountCents: 10_299, interestRate: '2.99' },
      { installments: 2, amountCents: 10_449, interestRate: '4.49' },
    ]);
  });

  it.each([
    ['not an array', { errors: { type: 'net_value', message: 'x' } }, /expected an array/],
    ['an empty array', [], /expected an array/],
    ['an amount in reais', [{ ...option(1, 0, 2.99), amount: 102.99 }], /option 0: field amount/],
    ['an installment count out of range', [{ ...option(1, 10_299, 2.99), installment: '13' }], /option 0: field installment/],
    ['a count twice', [option(1, 10_299, 2.99), option(1, 10_299, 2.99)], /installment 1 is listed twice/],
    ['a rate finer than four decimals', [option(1, 10_299, 2.123456)], /more than four decimals/],
  ])('refuses %s, naming the request', (_, value, message) => {
    expect(() => checkInstallmentOptions(value, 'GET /v1/installments?net_value=1000&card_brand=visa')).toThrow(message);
    expect(() => checkInstallmentOptions(value, 'GET /v1/installments?net_value=1000&card_brand=visa')).toThrow(/GET \/v1\/installments\?net_value=1000/);
  });
});
