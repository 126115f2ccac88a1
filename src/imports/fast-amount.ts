// A fast path for the amounts of a million-row export: plain decimal text such as "1.234,56" or "150.9"
// parsed with char codes, giving exactly what centsFromDecimalText gives. Anything unusual (signs, "R$",
// spaces, odd grouping) goes to centsFromDecimalText itself, which stays the one definition.
import { centsFromDecimalText, type DecimalFormat } from '../shared/money.ts';

export function decimalCentsParser(format: DecimalFormat): (text: string) => number | undefined {
  const decimalCode = format.decimal.charCodeAt(0);
  const thousandsCode = format.thousands === '' ? -1 : format.thousands.charCodeAt(0);
  return (text) => {
    const length = text.length;
    let whole = 0;
    let digits = 0; // digits in the current group (or in the whole part when ungrouped)
    let groups = 0; // thousands separators seen
    let i = 0;
    for (; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) {
        whole = whole * 10 + (c - 48);
        digits++;
      } else if (c === thousandsCode) {
        // First group 1-3 digits, later ones exactly 3.
        if (groups === 0 ? digits < 1 || digits > 3 : digits !== 3) return centsFromDecimalText(text, format);
        groups++;
        digits = 0;
      } else break;
    }
    if (digits === 0 || (groups > 0 && digits !== 3) || whole > 9e13) return centsFromDecimalText(text, format);
    if (i === length) return whole * 100;
    if (text.charCodeAt(i) !== decimalCode) return centsFromDecimalText(text, format);
    const fractionDigits = length - i - 1;
    if (fractionDigits < 1 || fractionDigits > 2) return centsFromDecimalText(text, format);
    const d1 = text.charCodeAt(i + 1) - 48;
    const d2 = fractionDigits === 2 ? text.charCodeAt(i + 2) - 48 : 0;
    if (d1 < 0 || d1 > 9 || d2 < 0 || d2 > 9) return centsFromDecimalText(text, format);
    return whole * 100 + d1 * 10 + d2;
  };
}
