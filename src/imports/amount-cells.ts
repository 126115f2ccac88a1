// The amount cell of an order row as integer cents, for every kind of cell a reader produces: text keeps
// exact decimal parsing in the export's dialect; numbers (XLSX, JSON, Parquet DOUBLE) may carry binary
// representation error and go through the money module's tolerance; a Parquet DECIMAL is exact text.
import { centsFromCentsNumber, centsFromDecimalText, centsFromReaisNumber, explainAmountNumber, OFF_THE_GRID, trimDecimalZeros } from '../shared/money.ts';
import { decimalCentsParser } from './fast-amount.ts';
import type { Cell, RowPlan } from './order-rules.ts';
import type { ResolvedOrdersConfig } from './resolve-config.ts';

/**
 * An exact decimal from a typed source (a Parquet DECIMAL), as text with '.' and no grouping, without the
 * zeros that end its fraction (DuckDB writes a DECIMAL(18,4) cent as "89.6900"). It is not a string cell
 * because the export's CSV dialect (decimal comma, thousands dot) does not apply to it.
 */
export class DecimalCell {
  readonly text: string;
  constructor(text: string) {
    this.text = trimDecimalZeros(text);
  }
  toString(): string {
    return this.text;
  }
}

/** The row plan's amount parser for the configured unit and dialect. */
export function amountParser(resolved: ResolvedOrdersConfig): RowPlan['amount'] {
  const format = { decimal: resolved.csv.decimal, thousands: resolved.csv.thousands };
  if (resolved.amountUnit === 'cents') {
    const fromText = (text: string) => (/^[+-]?\d{1,15}$/.test(text) ? Number(text) : undefined);
    return (cell) => {
      if (typeof cell === 'number') return centsFromCentsNumber(cell);
      if (cell instanceof DecimalCell) return fromText(cell.text);
      if (typeof cell !== 'string') return undefined;
      return fromText(cell.trim());
    };
  }
  const fromText = decimalCentsParser(format);
  return (cell) => {
    if (typeof cell === 'number') return centsFromReaisNumber(cell);
    if (cell instanceof DecimalCell) return centsFromDecimalText(cell.text);
    if (typeof cell !== 'string') return undefined;
    return fromText(cell);
  };
}

/** The reason for a numeric or DECIMAL amount that is a well-formed number but not a whole cent. */
export function amountCellProblem(cell: Cell, unit: ResolvedOrdersConfig['amountUnit']): string | undefined {
  if (typeof cell === 'number') return explainAmountNumber(cell, unit);
  if (!(cell instanceof DecimalCell)) return undefined;
  if (!/^[+-]?\d+\.\d+$/.test(cell.text)) return undefined;
  return unit === 'cents' || /\.\d{3}/.test(cell.text) ? OFF_THE_GRID[unit] : undefined;
}
