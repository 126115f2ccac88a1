// A statement file's bytes to a ReadStatement, whatever its format: decoded by detected charset
// (statement-text.ts), recognised by content (an OFX header or tag, else a CNAB 240 file header), read
// by the reader of its format.
import { ReconError } from '../shared/errors.ts';
import { statementKindOfText } from './detect-statement.ts';
import { readCnab240 } from './read-cnab240.ts';
import { readOfx } from './read-ofx.ts';
import type { ReadStatement } from './read-result.ts';
import { decodeStatement, type StatementCharset } from './statement-text.ts';

export interface DecodedStatement extends ReadStatement {
  charset: StatementCharset;
}

export function readStatementBytes(file: string, bytes: Uint8Array): DecodedStatement {
  const { text, charset } = decodeStatement(file, bytes);
  const kind = statementKindOfText(text.slice(0, 4096));
  if (kind === 'ofx') return { ...readOfx(file, text), charset };
  if (kind === 'cnab240') return { ...readCnab240(file, text), charset };
  throw new ReconError(
    'input',
    `${file}: not a bank statement recon reads; expected OFX (starting with OFXHEADER:100, <?xml ...?><?OFX ...?> or <OFX>) ` +
      'or a CNAB 240 "extrato" (240-character lines, the first a file header: bank code, 0000, record type 0)',
  );
}
