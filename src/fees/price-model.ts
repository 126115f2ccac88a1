// The installment price of any net value from two answers of the service, instead of one request per
// sale. The fee of each installment count is learned at a reference value (R$ 10.000,00: the fee in
// cents is the rate to a hundredth of a basis point) and the brand's pricing is taken as proportional,
// price = net + fee(reference) x net / reference rounded half up to the cent, only when that predicts
// the service's answer at a second, odd value exactly for every installment count. A pricing with a
// fixed part, tiers or another rounding fails that check, and its prices are asked value by value.
// Pure: integer cents in BigInt, no float arithmetic on amounts.
import type { InstallmentOption } from '../api/index.ts';

/** The net value the rates are learned at (cents). */
export const REFERENCE_NET_VALUE = 1_000_000;
/** The net value the proportionality is verified at: odd, so that a different rounding shows. */
export const CHECK_NET_VALUE = 123_457;

interface LearnedRate {
  /** The fee at the reference value, cents. */
  feeAtReference: number;
  /** The rate as the service states it, e.g. "11.94". */
  interestRate: string;
}

/** Installment count -> its fee at the reference value. */
export type BrandRates = ReadonlyMap<number, LearnedRate>;

export function learnRates(atReference: readonly InstallmentOption[]): BrandRates {
  return new Map(atReference.map((o) => [o.installments, { feeAtReference: o.amountCents - REFERENCE_NET_VALUE, interestRate: o.interestRate }]));
}

/** The proportional price of `netValue` cents in `installments`, or undefined when no rate was learned for it. */
export function priceFromRates(rates: BrandRates, netValue: number, installments: number): number | undefined {
  const rate = rates.get(installments);
  if (rate === undefined) return undefined;
  const net = BigInt(netValue);
  const reference = BigInt(REFERENCE_NET_VALUE);
  // Half up: floor((2 x net x fee + reference) / (2 x reference)); a fee below zero (a discount) floors alike.
  const numerator = 2n * net * BigInt(rate.feeAtReference) + reference;
  const denominator = 2n * reference;
  const quotient = numerator / denominator - (numerator % denominator < 0n ? 1n : 0n);
  return Number(net + quotient);
}

/** Whether the rates predict every option of the answer at `netValue` exactly (same installment counts too). */
export function predictsAnswer(rates: BrandRates, netValue: number, answer: readonly InstallmentOption[]): boolean {
  if (answer.length !== rates.size) return false;
  return answer.every((o) => priceFromRates(rates, netValue, o.installments) === o.amountCents && rates.get(o.installments)?.interestRate === o.interestRate);
}
