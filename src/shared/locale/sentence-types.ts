// The figures a report's sentence quotes (what an empty sheet says instead of an empty table,
// SheetSpec.whenEmpty) and how a locale writes them. The figures come from SQL as exact values (counts
// and cents as bigint, days as YYYY-MM-DD text); the catalogue's sentence formats them through the
// locale's own formatters, so a figure reads as it does in every other place.

export type Figure = bigint | string | null;
type Figures = Readonly<Record<string, Figure>>;

export interface FigureFormat {
  /** A count with the locale's thousands separator: 1234n -> "1.234" (pt-BR). */
  count(value: Figure | undefined): string;
  /** Cents as the locale writes money: 466414n -> "R$ 4.664,14" (pt-BR). */
  money(value: Figure | undefined): string;
  /** A day (YYYY-MM-DD) in the locale: "20/03/2024" (pt-BR). */
  day(value: Figure | undefined): string;
}

/** One sentence of the catalogue's `emptySheets`. */
export type EmptySentence = (figures: Figures, f: FigureFormat) => string;

/** A figure as a whole number (0 when absent), for a sentence that reads differently at zero. */
export function wholeOf(value: Figure | undefined): bigint {
  if (typeof value === 'bigint') return value;
  return typeof value === 'string' && /^-?\d+$/.test(value) ? BigInt(value) : 0n;
}
