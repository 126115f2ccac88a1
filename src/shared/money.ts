// Exact money: amounts are integer cents (JS safe integers). Decimal text is parsed with string
// arithmetic, never by multiplying a binary float.

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
  const fraction = Number(((match[2] ?? '') + '00').slice(0, 2));
  const cents = whole * 100 + fraction;
  if (!Number.isSafeInteger(cents)) return undefined;
  return negative ? -cents : cents;
}

/**
 * Converts a JSON number in reais (as the operations listing sends them) to cents, exactly, from the
 * number's shortest decimal text: 150.9 -> "150.9" -> 15090. Rejects more than two decimals.
 */
export function centsFromReaisNumber(value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  let text = String(value);
  if (/e/i.test(text)) {
    // Exponent forms only appear for tiny or huge numbers; toFixed(2) is exact for the 2-decimal case
    // only if it round-trips.
    const fixed = value.toFixed(2);
    if (Number(fixed) !== value) return undefined;
    text = fixed;
  }
  return centsFromDecimalText(text);
}

/** Reais as decimal text from cents, e.g. 15090 -> "150.90" (for JSON in reais and tests). */
export function reaisTextFromCents(cents: number, decimal = '.'): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${whole}${decimal}${fraction}`;
}

/** Brazilian display text: 123456 -> "1.234,56"; with prefix "R$ 1.234,56". */
export function brlTextFromCents(cents: number, options: { symbol?: boolean } = {}): string {
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${options.symbol ? 'R$ ' : ''}${whole},${fraction}`;
}
