// What one statement file may hold (bank.limits): the count bounds the readers enforce while they read
// (past one the file is refused whole, before anything is written), and the per-line rules that keep a
// line out with its reason: a FITID, document number or memo too long, or a FITID shaped like an id
// recon derives itself (line-ids.ts), which would let a file forge another line's id.
import { bankLimitsSchema } from '../config/bank-schema.ts';
import { ReconError } from '../shared/errors.ts';
import { keptOutOf, type KeptOut } from '../shared/locale/kept-out-text.ts';
import type { StatementRejection } from './read-result.ts';
import type { StatementLine } from './statement.ts';

export interface StatementLimits {
  maxLinesPerStatement: number;
  maxRecordsPerStatement: number;
  maxIdLength: number;
  maxTextLength: number;
  maxStatementBytes: number;
  maxLineChars: number;
  maxNestingDepth: number;
}

/** The defaults of bank.limits, from the config schema itself, for callers without a config. */
export const DEFAULT_STATEMENT_LIMITS: StatementLimits = Object.freeze(bankLimitsSchema.parse({}));

/** Counts what a reader meets and refuses the file as soon as a count passes its bound. */
export class StatementCounter {
  private lines = 0;
  private records = 0;
  constructor(
    private readonly file: string,
    private readonly limits: StatementLimits,
  ) {}

  countRecord(lineNo: number): void {
    this.records++;
    if (this.records > this.limits.maxRecordsPerStatement) this.refuse('records', 'maxRecordsPerStatement', lineNo);
  }

  countLine(lineNo: number): void {
    this.lines++;
    if (this.lines > this.limits.maxLinesPerStatement) this.refuse('lines', 'maxLinesPerStatement', lineNo);
  }

  private refuse(counted: 'records' | 'lines', key: 'maxRecordsPerStatement' | 'maxLinesPerStatement', lineNo: number): never {
    const limit = this.limits[key];
    throw new ReconError(
      'input',
      { id: 'statementTooMany', file: this.file, counted, limit, line: lineNo, key },
      { details: { file: this.file, line: lineNo, limit, setting: `bank.limits.${key}` } },
    );
  }
}

/**
 * The shape of every id line-ids.ts derives: `syn:...`, or anything ending in `/<day>/<cents>` with an
 * optional `#n`. A FITID of this shape is kept out, so no FITID can equal a derived id.
 */
const DERIVED_ID = /^syn:|\/\d{4}-\d{2}-\d{2}\/-?\d+(#\d+)?$/;

export function isDerivedIdShape(id: string): boolean {
  return DERIVED_ID.test(id);
}

/** Why a read line must be kept out under the limits, or undefined when it may go in. */
export function lineRejectionReason(line: StatementLine, limits: StatementLimits): (KeptOut & { value: string }) | undefined {
  const tooLong = (field: 'fitid' | 'documentNumber' | 'memo', text: string, key: 'maxIdLength' | 'maxTextLength') => ({
    ...keptOutOf({ kind: 'statementTextTooLong', field, length: text.length, limit: limits[key], key }),
    value: text.slice(0, 100),
  });
  if (line.fitid !== undefined && line.fitid.length > limits.maxIdLength) return tooLong('fitid', line.fitid, 'maxIdLength');
  if (line.documentNumber !== undefined && line.documentNumber.length > limits.maxIdLength) {
    return tooLong('documentNumber', line.documentNumber, 'maxIdLength');
  }
  if (line.memo.length > limits.maxTextLength) return tooLong('memo', line.memo, 'maxTextLength');
  if (line.fitid !== undefined && isDerivedIdShape(line.fitid)) return { ...keptOutOf({ kind: 'fitidDerivedShape', fitid: line.fitid }), value: line.fitid };
  return undefined;
}

/** Moves the lines the limits keep out from a reader's lines to its rejections (file order kept per list). */
export function keepOutUnfitLines(
  lines: StatementLine[],
  lineNumbers: number[],
  rejected: StatementRejection[],
  limits: StatementLimits,
): { lines: StatementLine[]; lineNumbers: number[]; rejected: StatementRejection[] } {
  const kept: StatementLine[] = [];
  const keptNumbers: number[] = [];
  const out = [...rejected];
  lines.forEach((line, i) => {
    const lineNo = lineNumbers[i] ?? 0;
    const why = lineRejectionReason(line, limits);
    if (why === undefined) {
      kept.push(line);
      keptNumbers.push(lineNo);
    } else out.push({ line: lineNo, ...why });
  });
  if (out.length > rejected.length) out.sort((a, b) => a.line - b.line);
  return { lines: kept, lineNumbers: keptNumbers, rejected: out };
}
