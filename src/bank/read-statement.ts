// A statement file's bytes to a ReadStatement, whatever its format: decoded by detected charset
// (statement-text.ts), recognised by content (an OFX header or tag, else a CNAB 240 file header), read
// by the reader of its format, under bank.limits (statement-limits.ts).
import { ReconError } from '../shared/errors.ts';
import { statementKindOfText } from './detect-statement.ts';
import { readCnab240 } from './read-cnab240.ts';
import { readOfx } from './read-ofx.ts';
import type { ReadStatement } from './read-result.ts';
import { DEFAULT_STATEMENT_LIMITS, keepOutUnfitLines, type StatementLimits } from './statement-limits.ts';
import { decodeStatement, type StatementCharset } from './statement-text.ts';

export interface DecodedStatement extends ReadStatement {
  charset: StatementCharset;
}

/** Reads the file under bank.limits: a count past its bound refuses it, a line past a length bound is kept out. */
export function readStatementBytes(file: string, bytes: Uint8Array, limits: StatementLimits = DEFAULT_STATEMENT_LIMITS): DecodedStatement {
  const { text, charset } = decodeStatement(file, bytes, limits);
  const kind = statementKindOfText(text.slice(0, 4096));
  const read = kind === 'ofx' ? readOfx(file, text, limits) : kind === 'cnab240' ? readCnab240(file, text, limits) : undefined;
  if (read !== undefined) {
    const { lines, lineNumbers, rejected } = keepOutUnfitLines(read.statement.lines, read.lineNumbers, read.rejected, limits);
    return { ...read, statement: { ...read.statement, lines }, lineNumbers, rejected, charset };
  }
  throw new ReconError('input', { id: 'notAStatement', file });
}
