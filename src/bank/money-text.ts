// Statement amounts as text <-> integer cents, exactly: OFX TRNAMT ("-1234.56", and "-1234,56" as some
// Brazilian banks write it) and CNAB 240's 18 digits with two implied decimals. Never a float.

// At most 13 digits of reais: the cents stay within Number.MAX_SAFE_INTEGER.
const DECIMAL = /^([+-])?(\d{1,13})(?:[.,](\d{1,2}))?$/;

/** Cents of a decimal text such as "-12.34", "15", "0,5"; undefined when it is not one. */
export function parseDecimalCents(text: string): number | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** "-12.34" for -1234 cents: OFX's decimal point, no thousands separators. */
export function formatDecimalCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A calendar date (YYYY-MM-DD) from DDMMAAAA, or undefined when it is no real day. */
export function dateFromDdmmyyyy(text: string): string | undefined {
  if (!/^\d{8}$/.test(text)) return undefined;
  return checkedDate(text.slice(4, 8), text.slice(2, 4), text.slice(0, 2));
}

/** A calendar date from OFX's YYYYMMDD[HHMMSS[.XXX]][[offset:TZ]]: the bank's own day, whatever the time. */
export function dateFromOfx(text: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(?:\d{2}(?:\d{2}(?:\d{2}(?:\.\d{1,3})?)?)?)?(?:\[[^\]]{0,20}\])?$/.exec(text.trim());
  if (!match) return undefined;
  return checkedDate(match[1] as string, match[2] as string, match[3] as string);
}

function checkedDate(year: string, month: string, day: string): string | undefined {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = `${year}-${month}-${day}`;
  return date.toISOString().slice(0, 10) === iso ? iso : undefined;
}
