// A statement file's bytes as text, bounded and decoded by what the bytes are rather than what the
// header claims: banks write `CHARSET:1252` over UTF-8 and `encoding="UTF-8"` over windows-1252. Valid
// UTF-8 is read as UTF-8, anything else as windows-1252 (the charset of Brazilian banks' exports).
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ReconError } from '../shared/errors.ts';
import { DEFAULT_STATEMENT_LIMITS, type StatementLimits } from './statement-limits.ts';

/** bank.limits.maxStatementBytes' default: a file larger is refused before it is read. */
export const MAX_STATEMENT_BYTES = DEFAULT_STATEMENT_LIMITS.maxStatementBytes;
/** bank.limits.maxLineChars' default: a longer line refuses the file. */
export const MAX_STATEMENT_LINE_CHARS = DEFAULT_STATEMENT_LIMITS.maxLineChars;

type SizeLimits = Pick<StatementLimits, 'maxStatementBytes' | 'maxLineChars'>;

export type StatementCharset = 'utf-8' | 'windows-1252';

export interface StatementText {
  text: string;
  charset: StatementCharset;
}

/** Refuses a file over bank.limits.maxStatementBytes before it is read. */
export function checkStatementSize(file: string, bytes: number, maxBytes = MAX_STATEMENT_BYTES): void {
  if (bytes <= maxBytes) return;
  throw new ReconError(
    'input',
    { id: 'statementTooBig', file, bytes, maxBytes },
    { details: { file, bytes, limitBytes: maxBytes, setting: 'bank.limits.maxStatementBytes' } },
  );
}

/** The bytes decoded (a BOM dropped), after the size and line-length checks. */
export function decodeStatement(file: string, bytes: Uint8Array, limits: SizeLimits = DEFAULT_STATEMENT_LIMITS): StatementText {
  checkStatementSize(file, bytes.length, limits.maxStatementBytes);
  const charset = detectCharset(bytes);
  let text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), charset);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  checkLineLengths(file, text, limits.maxLineChars);
  return { text, charset };
}

/** Validated in place: decoding the whole file only to see whether it is UTF-8 would hold a second copy of its text. */
function detectCharset(bytes: Uint8Array): StatementCharset {
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

function checkLineLengths(file: string, text: string, maxChars: number): void {
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > maxChars) {
      throw new ReconError(
        'input',
        { id: 'statementLineTooLong', file, line, maxChars },
        { details: { file, line, limitChars: maxChars, setting: 'bank.limits.maxLineChars' } },
      );
    }
    if (end === -1) break;
    start = end + 1;
    line++;
  }
}

/**
 * The text's lines without their CR LF or LF, one at a time: a file of millions of tiny records is
 * never held as an array of them (16.7M two-byte records would be over a gigabyte of strings).
 */
export function* eachLine(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    yield text.slice(start, stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop);
    if (end === -1) return;
    start = end + 1;
  }
}
