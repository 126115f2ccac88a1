// A statement file's bytes as text, bounded and decoded by what the bytes are rather than what the
// header claims: banks write `CHARSET:1252` over UTF-8 and `encoding="UTF-8"` over windows-1252. Valid
// UTF-8 is read as UTF-8, anything else as windows-1252 (the charset of Brazilian banks' exports).
import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import { ReconError } from '../shared/errors.ts';

/** A statement file larger than this is refused: a year of a busy account's lines is a few MiB. */
export const MAX_STATEMENT_BYTES = 32 * 1024 * 1024;
/** A line longer than this is refused; some banks write a whole OFX file on one line, so it is generous. */
export const MAX_STATEMENT_LINE_CHARS = 4 * 1024 * 1024;

export type StatementCharset = 'utf-8' | 'windows-1252';

export interface StatementText {
  text: string;
  charset: StatementCharset;
}

/** Refuses a file over MAX_STATEMENT_BYTES before it is read. */
export function checkStatementSize(file: string, bytes: number): void {
  if (bytes <= MAX_STATEMENT_BYTES) return;
  throw new ReconError(
    'input',
    `${file}: ${bytes.toLocaleString('en-US')} bytes, more than the ${MAX_STATEMENT_BYTES.toLocaleString('en-US')} a bank statement may have; ` +
      'expected one statement file as the bank exports it (split a long period into several files); nothing of it was imported',
    { details: { file, bytes, limitBytes: MAX_STATEMENT_BYTES } },
  );
}

/** The bytes decoded (a BOM dropped), after the size and line-length checks. */
export function decodeStatement(file: string, bytes: Uint8Array): StatementText {
  checkStatementSize(file, bytes.length);
  const charset = detectCharset(bytes);
  let text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), charset);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  checkLineLengths(file, text);
  return { text, charset };
}

/** Validated in place: decoding the whole file only to see whether it is UTF-8 would hold a second copy of its text. */
function detectCharset(bytes: Uint8Array): StatementCharset {
  return isUtf8(bytes) ? 'utf-8' : 'windows-1252';
}

function checkLineLengths(file: string, text: string): void {
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > MAX_STATEMENT_LINE_CHARS) {
      throw new ReconError(
        'input',
        `${file}: line ${line} has more than ${MAX_STATEMENT_LINE_CHARS.toLocaleString('en-US')} characters; ` +
          'expected an OFX or CNAB 240 statement (is this the right file?); nothing of it was imported',
        { details: { file, line, limitChars: MAX_STATEMENT_LINE_CHARS } },
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
