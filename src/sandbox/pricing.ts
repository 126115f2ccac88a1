// Installment pricing of the sandbox: a table per card brand of the acquirer fee for 1 to 12
// installments, which its generated sales follow (the merchant passes fees on to the customer) and
// which GET /v1/installments answers from. A fee is a rate in basis points of the net value, rounded
// half up to the cent, plus an optional fixed part: a table with a fixed part is not proportional to
// the net value, which is what a client that learns the rates from one reference value must notice.
import { CARD_BRANDS, type CardBrand } from '../shared/domain.ts';
import { brlTextFromCents, reaisTextFromCents } from '../shared/money.ts';

export interface BrandPricing {
  /** Fee of 1..12 installments in basis points (1/100 of a percent); index 0 is one installment. */
  basisPoints: readonly number[];
  /** A fixed fee per sale in cents (0 in the generated history). */
  fixedCents: number;
}

export type PricingTable = Readonly<Record<CardBrand, BrandPricing>>;

/** base + step per extra installment, in basis points. */
function ladder(base: number, step: number): number[] {
  return Array.from({ length: 12 }, (_, i) => base + step * i);
}

/** The tables the generated history follows. Visa keeps the sandbox's original 2.99% + 1.5% a step. */
export const DEFAULT_PRICING: PricingTable = Object.freeze({
  visa: { basisPoints: ladder(299, 150), fixedCents: 0 },
  mastercard: { basisPoints: ladder(299, 150), fixedCents: 0 },
  elo: { basisPoints: ladder(319, 155), fixedCents: 0 },
  hipercard: { basisPoints: ladder(329, 160), fixedCents: 0 },
  amex: { basisPoints: ladder(349, 170), fixedCents: 0 },
});

export function isCardBrand(text: string): text is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(text);
}

/** The total a customer pays for `netValue` cents in `installments` (1..12) with this brand's card. */
export function priceOf(table: PricingTable, brand: CardBrand, netValue: number, installments: number): number {
  const pricing = table[brand];
  const bp = pricing.basisPoints[installments - 1] ?? 0;
  return netValue + Math.floor((netValue * bp + 5000) / 10000) + pricing.fixedCents;
}

/** The rate as the service states it: a percentage with two decimals (basis points / 100). */
function rateText(bp: number, decimal: string): string {
  return reaisTextFromCents(bp, decimal);
}

/** The JSON array GET /v1/installments answers, one option per installment count 1 to 12. */
export function installmentOptionsJson(table: PricingTable, brand: CardBrand, netValue: number, ptBr: boolean): string {
  const options = Array.from({ length: 12 }, (_, i) => {
    const n = i + 1;
    const amount = priceOf(table, brand, netValue, n);
    // Per month: the amount split evenly, rounded down; the service does not say how the cents fall.
    const perMonth = Math.floor(amount / n);
    const bp = table[brand].basisPoints[i] ?? 0;
    const base = `"installment":"${n}","amount":${amount},"installment_value":${perMonth},"interest_rate":${rateText(bp, '.')}`;
    if (!ptBr) return `{${base}}`;
    const pt =
      `"pt_br":{"amount":${reaisTextFromCents(amount)},"amount_currency":"${brlTextFromCents(amount, { symbol: true })}",` +
      `"installment_value":${reaisTextFromCents(perMonth)},"installment_value_currency":"${brlTextFromCents(perMonth, { symbol: true })}",` +
      `"interest_rate":"${rateText(bp, ',')}%"}`;
    return `{${base},${pt}}`;
  });
  return `[${options.join(',')}]`;
}
