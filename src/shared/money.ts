// Exact money: amounts are integer cents (JS safe integers). Decimal text is parsed with string
// arithmetic, never by multiplying a binary float.
import { brazilianReais, formatPtBR } from './locale/format-pt-BR.ts';

export interface DecimalFormat {
  /** Decimal separator, "." or ",". */
  decimal: string;
  /** Thousands separator ("", ".", ",", " "); ignored when empty. */
  thousands: string;
}

const PLAIN: DecimalFormat = { decimal: '.', thousands: '' };

/**
 * Parses decimal text in reais ("1.234,56", "150.9", "-3") into integer cents.
 * Returns undefined when the text is not an exact amount with at most two decimals.
 */
export function centsFromDecimalText(text: string, format: DecimalFormat = PLAIN): number | undefined {
  let s = text.trim().replace(/^R\$\s*/, '');
  if (s === '') return undefined;
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1).trim();
  } else if (s.startsWith('+')) {
    s = s.slice(1).trim();
  }
  if (format.thousands !== '') {
    const parts = s.split(format.decimal);
    if (parts.length > 2) return undefined;
    const intPart = parts[0] ?? '';
    if (intPart.includes(format.thousands)) {
      // Thousands groups must be well formed: 1.234.567 but not 1.23.4
      const groups = intPart.split(format.thousands);
      if (!groups.slice(1).every((g) => /^\d{3}$/.test(g)) || !/^\d{1,3}$/.test(groups[0] ?? '')) return undefined;
      s = groups.join('') + (parts.length === 2 ? `${format.decimal}${parts[1]}` : '');
    }
  }
  if (format.decimal !== '.') {
    if (s.includes('.')) return undefined;
    s = s.replace(format.decimal, '.');
  }
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(s) ?? /^()\.(\d{1,2})$/.exec(s);
  if (!match) return undefined;
  const whole = match[1] === '' || match[1] === undefined ? 0 : Number(match[1]);
  const fraction = Number(`${match[2] ?? ''}00`.slice(0, 2));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

/**
 * How far a binary number may sit from a cent (in reais) or from a whole number of cents and still be
 * read as that amount. A spreadsheet, a JSON encoder or a Parquet DOUBLE holds R$ 89,70 as a double
 * such as 89.69999999999999 (a sum or a product of prices); one millionth of a real is far above such
 * representation error and far below a cent, so nothing that was meant as another amount passes.
 */
const BINARY_AMOUNT_TOLERANCE = 1e-6;

/**
 * Converts a number in reais (a JSON number of the operations listing or of an export, an XLSX number
 * cell, a Parquet DOUBLE) to integer cents. A number whose shortest decimal text has at most two
 * decimals is that amount exactly (150.9 -> 15090); a double within BINARY_AMOUNT_TOLERANCE of a cent is
 * that cent (89.69999999999999 -> 8970). Anything else (89.6949, NaN, Infinity, beyond safe cents) is
 * undefined: explainAmountNumber says why.
 */
export function centsFromReaisNumber(value: number): number | undefined {
  const text = nearestDecimalText(value, 2);
  const cents = text === undefined ? undefined : centsFromDecimalText(text);
  // -0 (from a tiny negative such as -1e-9) is zero cents.
  return cents === undefined ? undefined : cents + 0;
}

/** A number that should be a whole number of cents: 8970 and 8970.000000000002 -> 8970, 8970.5 -> undefined. */
export function centsFromCentsNumber(value: number): number | undefined {
  const text = nearestDecimalText(value, 0);
  const cents = text === undefined ? undefined : Number(text);
  return cents !== undefined && Number.isSafeInteger(cents) ? cents + 0 : undefined;
}

/**
 * Why a finite number is not an amount in this unit, as the end of a sentence ("has more than two
 * decimals"), or undefined when it is one or is no amount at all (NaN, Infinity, beyond safe cents).
 */
export function explainAmountNumber(value: number, unit: AmountUnit): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER / 100) return undefined;
  const cents = unit === 'reais' ? centsFromReaisNumber(value) : centsFromCentsNumber(value);
  return cents === undefined ? OFF_THE_GRID[unit] : undefined;
}

export type AmountUnit = 'reais' | 'cents';

/** The end of "amount 89.6949 ..." for an amount finer than its unit allows. */
export const OFF_THE_GRID: Record<AmountUnit, string> = { reais: 'has more than two decimals', cents: 'is not a whole number of cents' };

/**
 * The multiple of 10^-decimals nearest to value, as decimal text, when value lies within the tolerance of
 * it. toFixed rounds the double's exact binary value in decimal (no float multiplication), and the
 * difference of two doubles this close is computed exactly, so the check is as good as the tolerance.
 * A double whose shortest text already has that many decimals gives that text's value (difference 0).
 */
function nearestDecimalText(value: number, decimals: 0 | 2): string | undefined {
  // toFixed switches to exponent notation from 1e21; no amount is anywhere near that.
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return undefined;
  const text = value.toFixed(decimals);
  return Math.abs(value - Number(text)) <= BINARY_AMOUNT_TOLERANCE ? text : undefined;
}

/**
 * Exact decimal text of a typed source (a Parquet DECIMAL cast to text: "89.6900", "8970.00") with '.'
 * as the decimal point and no grouping, without the zeros that end its fraction ("89.69", "8970"), so a
 * DECIMAL(18,4) that holds a cent reads as one; other digits stay for the caller to reject ("89.6949").
 */
export function trimDecimalZeros(text: string): string {
  return text
    .trim()
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/** Reais as decimal text from cents, e.g. 15090 -> "150.90" (for JSON in reais and tests). */
export function reaisTextFromCents(cents: number, decimal = '.'): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}${decimal}${fraction}`;
}

/**
 * Brazilian display text of the machine messages (import reasons, `recon check`): 123456 -> "1.234,56";
 * with the symbol "R$ 1.234,56". The digits are the pt-BR formatter's (src/shared/locale/format-pt-BR.ts).
 */
export function brlTextFromCents(cents: number, options: { symbol?: boolean } = {}): string {
  return options.symbol ? formatPtBR.money(cents) : brazilianReais(cents);
}
