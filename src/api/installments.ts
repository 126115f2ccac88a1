// Checks the answer of GET /v1/installments: an array of 1 to 12 options, each an installment count
// (text digits), the total `amount` and `installment_value` in integer cents, and `interest_rate`, a
// percentage the service sends as a JSON number. The rate is kept as exact decimal text ("11.94"), read
// the way money.ts reads reais: the nearest value with four decimals, only when the number lies within
// a hair of it; a rate finer than that is refused, never rounded into another rate. Pure.
import { z } from 'zod';
import { ReconError } from '../shared/errors.ts';
import type { InstallmentProblem } from '../shared/locale/error-params-run.ts';
import { describeIssue } from './schemas.ts';

export interface InstallmentOption {
  installments: number;
  /** What the customer pays in all, cents. */
  amountCents: number;
  /** The fee percentage as exact decimal text with at least two decimals, e.g. "11.94". */
  interestRate: string;
}

const int32 = z.int().min(0).max(2_147_483_647);
const optionSchema = z.looseObject({
  installment: z.string().regex(/^([1-9]|1[0-2])$/, 'expected an installment count "1" to "12"'),
  amount: int32,
  installment_value: int32,
  interest_rate: z.number().min(0).max(1000),
});
const answerSchema = z.array(z.unknown()).min(1).max(12);

/** How far a JSON number may sit from a rate of four decimals (binary representation error only). */
const RATE_TOLERANCE = 1e-9;

/** 11.94 -> "11.94", 12 -> "12.00", 2.995 -> "2.995"; undefined for a rate with more than four decimals. */
export function rateTextOf(value: number): string | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const text = value.toFixed(4);
  if (Math.abs(value - Number(text)) > RATE_TOLERANCE) return undefined;
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

/** The options of one answer, by installment count; `shown` names the request in a message. */
export function checkInstallmentOptions(value: unknown, shown: string): InstallmentOption[] {
  const list = answerSchema.safeParse(value);
  if (!list.success) throw broken(shown, { kind: 'notList', issue: describeIssue(list.error) });
  const seen = new Set<number>();
  return list.data.map((item, index) => {
    const option = optionSchema.safeParse(item);
    if (!option.success) throw broken(shown, { kind: 'option', index, issue: describeIssue(option.error) });
    const { installment, amount, interest_rate: rate } = option.data;
    const installments = Number(installment);
    if (seen.has(installments)) throw broken(shown, { kind: 'twice', index, installments });
    seen.add(installments);
    const interestRate = rateTextOf(rate);
    if (interestRate === undefined) throw broken(shown, { kind: 'rateDecimals', index, rate: String(rate) });
    return { installments, amountCents: amount, interestRate };
  });
}

function broken(shown: string, problem: InstallmentProblem): ReconError {
  return new ReconError('api_schema', { id: 'installmentsBroken', request: shown, problem });
}
