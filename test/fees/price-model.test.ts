// The proportional price model: rates learned at the reference value predict the service's price of any
// net value exactly when its pricing is proportional, and the check at a second value catches one that
// is not (a fixed part, another rounding).
import { describe, expect, it } from 'vitest';
import type { InstallmentOption } from '../../src/api/index.ts';
import { CHECK_NET_VALUE, learnRates, predictsAnswer, priceFromRates, REFERENCE_NET_VALUE } from '../../src/fees/price-model.ts';
import { DEFAULT_PRICING, priceOf, type PricingTable } from '../../src/sandbox/pricing.ts';
import { CARD_BRANDS } from '../../src/shared/domain.ts';

function answer(table: PricingTable, brand: (typeof CARD_BRANDS)[number], net: number): InstallmentOption[] {
  return Array.from({ length: 12 }, (_, i) => ({
    installments: i + 1,
    amountCents: priceOf(table, brand, net, i + 1),
    interestRate: (table[brand].basisPoints[i]! / 100).toFixed(2),
  }));
}

describe('price model', () => {
  it.each(CARD_BRANDS)('predicts every net value of a proportional table exactly (%s)', (brand) => {
    const rates = learnRates(answer(DEFAULT_PRICING, brand, REFERENCE_NET_VALUE));
    expect(predictsAnswer(rates, CHECK_NET_VALUE, answer(DEFAULT_PRICING, brand, CHECK_NET_VALUE))).toBe(true);
    for (const net of [100, 101, 199, 4_999, 12_345, 99_999, 250_050, 800_000, 2_147_483_647]) {
      for (let n = 1; n <= 12; n++) expect(priceFromRates(rates, net, n)).toBe(priceOf(DEFAULT_PRICING, brand, net, n));
    }
  });

  it('rounds half up to the cent, in integers', () => {
    const rates = learnRates([{ installments: 1, amountCents: REFERENCE_NET_VALUE + 25_000, interestRate: '2.50' }]);
    expect(priceFromRates(rates, 10, 1)).toBe(10);
    expect(priceFromRates(rates, 20, 1)).toBe(21); // 0.5 cent rounds up
    expect(priceFromRates(rates, 2, 2)).toBeUndefined();
  });

  it('notices a pricing that is not proportional: a fixed fee, or a different rate at the check value', () => {
    const fixed: PricingTable = { ...DEFAULT_PRICING, visa: { ...DEFAULT_PRICING.visa, fixedCents: 39 } };
    const rates = learnRates(answer(fixed, 'visa', REFERENCE_NET_VALUE));
    expect(predictsAnswer(rates, CHECK_NET_VALUE, answer(fixed, 'visa', CHECK_NET_VALUE))).toBe(false);
    const visa = learnRates(answer(DEFAULT_PRICING, 'visa', REFERENCE_NET_VALUE));
    expect(predictsAnswer(visa, CHECK_NET_VALUE, answer(DEFAULT_PRICING, 'elo', CHECK_NET_VALUE))).toBe(false);
    expect(predictsAnswer(visa, CHECK_NET_VALUE, answer(DEFAULT_PRICING, 'visa', CHECK_NET_VALUE).slice(0, 6))).toBe(false);
  });
});
