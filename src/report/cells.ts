// Cell-level rules every report format shares: exact conversion from DuckDB values, safe text (no
// bidi overrides, no controls) and formula neutralisation, document masking, and the display conversions done only at the file boundary.
import { formatEn } from '../shared/locale/format-en.ts';
import { DateTime } from 'luxon';
import { DuckDBDateValue, DuckDBDecimalValue, DuckDBTimestampTZValue, DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';
import { safeText } from '../shared/display-text.ts';
import { ReconError } from '../shared/errors.ts';
import { reaisTextFromCents } from '../shared/money.ts';
import { hundredthsText } from '../shared/locale/number-text.ts';
import { wallClockOf } from '../shared/zone-clock.ts';
import type { CellValue, ColumnType } from './types.ts';

/**
 * The one formula rule of every file a spreadsheet may open (report CSV and XLSX, `recon sql --format
 * csv`, headers included). Spreadsheet programs run text as a formula (or DDE) when it starts with
 * `=`, `+`, `-` or `@`, or with their full-width forms `＝ ＋ － ＠` (an East Asian input method types
 * those, and spreadsheets read them as the ASCII sign), also after leading spaces, tabs, line breaks
 * or NULs, which they skip. A leading tab, CR or LF is refused on its own: some import paths split on
 * it and the next cell starts with whatever follows.
 */
const FORMULA_START = /^(?:[\t\r\n]|[ \t\r\n\0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Whether a spreadsheet could read this text as a formula. */
function isFormulaText(text: string): boolean {
  return FORMULA_START.test(text);
}

/** Prefixes a `'` to text a spreadsheet would read as a formula. Numbers never pass here. */
export function neutraliseFormula(text: string): string {
  return isFormulaText(text) ? `'${text}` : text;
}

/**
 * The text of a cell in any file a person opens (report CSV and XLSX, `recon sql --format csv`,
 * `recon findings list --format csv`): bidi formatting and controls other than tab, CR and LF removed
 * (src/shared/display-text.ts), then the formula rule. Removing first, so that a `=` hidden behind a
 * removed character still gets its `'`.
 */
export function safeCellText(text: string): string {
  return neutraliseFormula(safeText(text, 'file'));
}

/** Excel's limit of characters (UTF-16 code units) in a cell: with a longer one Excel calls the workbook damaged. */
export const EXCEL_CELL_MAX = 32_767;

/**
 * Text cut to Excel's cell limit, ending in a mark that says how long it was, e.g.
 * `… [cut: 100,000 characters]`: a reader sees the cut, never a silently shorter value.
 */
export function capExcelText(text: string): string {
  if (text.length <= EXCEL_CELL_MAX) return text;
  const mark = `… [cut: ${formatEn.count(text.length)} characters]`;
  let keep = EXCEL_CELL_MAX - mark.length;
  // Never keep half of a surrogate pair (an emoji) before the mark.
  const last = text.charCodeAt(keep - 1);
  if (last >= 0xd800 && last <= 0xdbff) keep -= 1;
  return text.slice(0, keep) + mark;
}

/**
 * Masks a CPF (11 digits) as `***.456.789-**` and a CNPJ (14 digits) as `**.345.678/0001-**`: enough
 * for a person to tell customers apart, not enough to reuse the number. Anything else is fully masked.
 */
export function maskDocument(text: string): string {
  const d = text.replace(/\D/g, '');
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  if (d.length === 14) return `**.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-**`;
  return text === '' ? '' : '***';
}

/** Reais as a JS number for a spreadsheet cell: parsed from the exact decimal text, so 15090n -> 150.9. */
export function reaisNumberFromCents(cents: bigint): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ReconError('report', { id: 'amountTooLarge', cents: String(cents) });
  }
  return Number(reaisTextFromCents(Number(cents)));
}

/** Basis points as the fraction a percentage cell holds, parsed from exact decimal text: 349n -> 0.0349. */
export function fractionFromBasisPoints(bp: bigint): number {
  return Number(`${hundredthsText(bp, '.')}e-2`);
}

/**
 * Excel has no time zones: a cell holds a wall-clock. Returns a Date whose UTC fields are the local
 * wall-clock of the instant in the zone (exceljs serialises the UTC fields).
 */
export function excelDateFromInstant(epochMs: number, zone: string): Date {
  const wall = wallClockOf(epochMs, zone);
  if (wall !== undefined) return wall;
  const local = DateTime.fromMillis(epochMs, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second, local.millisecond));
}

/** A DATE (YYYY-MM-DD) as an Excel date at midnight. */
export function excelDateFromDateText(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

/** ISO-8601 UTC text of an instant, e.g. 2024-03-01T12:00:00.000Z. */
export function isoFromMillis(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Converts one DuckDB value to the exact JS value its column type calls for. */
export function cellFromDuckValue(value: DuckDBValue, type: ColumnType, key: string): CellValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'text':
      return typeof value === 'string' ? value : String(value);
    case 'cents':
    case 'integer':
    case 'rate':
      return integerFrom(value, key);
    case 'instant':
      if (value instanceof DuckDBTimestampTZValue || value instanceof DuckDBTimestampValue) return Number(floorDiv(value.micros, 1000n));
      throw typeError(key, 'TIMESTAMPTZ', value);
    case 'date':
      if (value instanceof DuckDBDateValue) return value.toString();
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      throw typeError(key, 'DATE', value);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      throw typeError(key, 'BOOLEAN', value);
  }
}

function integerFrom(value: DuckDBValue, key: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (value instanceof DuckDBDecimalValue && value.scale === 0) return value.value;
  if (value instanceof DuckDBDecimalValue) {
    // SUM over BIGINT is HUGEINT/DECIMAL in DuckDB; a whole decimal is fine, a fraction is a report bug.
    const unit = 10n ** BigInt(value.scale);
    if (value.value % unit === 0n) return value.value / unit;
  }
  throw typeError(key, 'an integer', value);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function typeError(key: string, expected: string, value: DuckDBValue): ReconError {
  const got = typeof value === 'object' && value !== null ? value.constructor.name : typeof value;
  return new ReconError('report', { id: 'columnType', key, expected, got, value: String(value) });
}
