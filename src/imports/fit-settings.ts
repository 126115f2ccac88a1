// Which value of a setting would fit the sampled cells that the configured value cannot read: the
// decimal format of the amounts, the date format of the created-at cells. Each candidate is judged by
// the import's own parsers (amount-cells.ts, date-parse.ts), so "it fits" means the import would take
// every sampled cell under it. Pure.
import { amountParser } from './amount-cells.ts';
import type { Cell } from './cell-text.ts';
import { instantParserFor } from './date-parse.ts';
import type { ResolvedOrdersConfig } from './resolve-config.ts';

type Csv = ResolvedOrdersConfig['csv'];

/** Decimal formats of amounts, the Brazilian ones first. */
const DECIMAL_FORMATS: ReadonlyArray<Pick<Csv, 'decimal' | 'thousands'>> = [
  { decimal: ',', thousands: '.' },
  { decimal: ',', thousands: '' },
  { decimal: '.', thousands: '' },
  { decimal: '.', thousands: ',' },
];

/** Date formats exports use, day-first (Brazil) before month-first; ISO 8601 is always read besides. */
const DATE_FORMATS = [
  'dd/MM/yyyy HH:mm',
  'dd/MM/yyyy HH:mm:ss',
  'dd/MM/yyyy',
  'd/M/yyyy H:mm',
  'd/M/yyyy H:mm:ss',
  'd/M/yyyy',
  'dd-MM-yyyy HH:mm',
  'dd-MM-yyyy HH:mm:ss',
  'dd.MM.yyyy HH:mm',
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd HH:mm:ss ZZZ',
  'yyyy/MM/dd HH:mm:ss',
  'MM/dd/yyyy HH:mm',
  'MM/dd/yyyy HH:mm:ss',
  'M/d/yyyy H:mm',
  'MM/dd/yyyy',
];

/** The decimal format (other than the configured one) under which every text cell is an amount. */
export function fittingDecimal(resolved: ResolvedOrdersConfig, texts: readonly string[]): Pick<Csv, 'decimal' | 'thousands'> | undefined {
  if (resolved.amountUnit !== 'reais' || texts.length === 0) return undefined;
  for (const candidate of DECIMAL_FORMATS) {
    if (candidate.decimal === resolved.csv.decimal && candidate.thousands === resolved.csv.thousands) continue;
    const parse = amountParser({ ...resolved, csv: { ...resolved.csv, ...candidate } });
    if (texts.every((text) => (parse(text as Cell) ?? -1) >= 0)) return candidate;
  }
  return undefined;
}

/** The date format (other than the configured one) under which every text cell is an instant. */
export function fittingDateFormat(resolved: ResolvedOrdersConfig, texts: readonly string[]): string | undefined {
  if (texts.length === 0) return undefined;
  for (const candidate of DATE_FORMATS) {
    if (candidate === resolved.dateFormat) continue;
    const parse = instantParserFor(candidate, resolved.timezone);
    if (texts.every((text) => parse(text) !== undefined)) return candidate;
  }
  return undefined;
}
