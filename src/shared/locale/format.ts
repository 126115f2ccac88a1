// The one formatter of each locale: how a person reads money, counts, fee rates, days, instants,
// durations and yes/no in `reports.locale`. Every output a person reads (workbooks, the `.br.csv`
// copies, the page, the terminal, alerts) writes these values through it; the machine files (RFC 4180
// CSV, summary.json, the JSON log) keep their own exact forms. Each catalogue carries its locale's
// formatter as `fmt` (`messagesFor(reports.locale).fmt`). Pure, and exact: money is integer cents
// turned into digits without a float, a fee rate is integer basis points.
import type { Locale } from './index.ts';

export interface Formatter {
  readonly locale: Locale;
  /** Cents as money: pt-BR "R$ 1.234,56", "-R$ 0,10" (one sign, before the symbol); en "R$ 1,234.56". */
  money(cents: bigint | number): string;
  /** Money with its sign always shown: "+R$ 10,00", "-R$ 0,10". */
  signedMoney(cents: bigint | number): string;
  /** Reais as a spreadsheet reads a number, no symbol or groups: "1234,56" (pt-BR), "1234.56" (en). */
  plainReais(cents: bigint): string;
  /** A count with thousands groups: pt-BR "5.395", en "5,395". */
  count(n: bigint | number): string;
  /** Basis points as a percentage: 349 -> pt-BR "3,49 %", en "3.49%". */
  rate(basisPoints: bigint | number): string;
  /** A measured quantity that is not money (bytes, a rate per second), to `digits` decimals: 1.5 -> "1,5" (pt-BR). */
  decimal(value: number, digits: number): string;
  /** A day (YYYY-MM-DD): pt-BR "27/11/2026", en "2026-11-27"; the input when it is no date. */
  day(isoDate: string): string;
  /** A day on a chart's axis: pt-BR "27/11", en "11-27". */
  shortDay(isoDate: string): string;
  /** An instant (epoch ms or ISO text) as the zone's wall clock: pt-BR "27/11/2026 14:05", en "2026-11-27 14:05". */
  instant(at: number | string, zone: string): string;
  /** The same with seconds, as a spreadsheet cell of text reads it: "27/11/2026 14:05:09". */
  instantSeconds(at: number, zone: string): string;
  /** A duration: "13,0 s" under a minute, then "1 min 05 s", "2 h 03 min" (en "13.0 s"). */
  duration(ms: number): string;
  /** Whole seconds elapsed, as a progress line counts them: "59 s", "1 min 05 s". */
  elapsed(ms: number): string;
  yes: string;
  no: string;
  boolean(value: boolean): string;
}
