// Exact text of amounts for people (integer cents in, never a float): the grouping both locales share.

/** 123456n -> "1.234,56", -10n -> "-0,10": Brazilian grouping, the form the reconcile rules write. */
export function groupedReais(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${whole},${String(abs % 100n).padStart(2, '0')}`;
}

/** 123456n -> "R$ 1.234,56", -10n -> "−R$ 0,10" (a true minus sign: text never starts with "-"). */
export function brlText(cents: bigint): string {
  const text = groupedReais(cents < 0n ? -cents : cents);
  return `${cents < 0n ? '\u2212' : ''}R$ ${text}`;
}
