// What `recon import` prints of a statement, whatever its lines carry: a reason or value quoting the
// file's own text (a memo with a right-to-left override, an escape sequence in a FITID) reaches the
// terminal inert, and the JSON lines parse back to the exact text.
import { describe, expect, it } from 'vitest';
import type { StatementImportResult } from '../../src/bank/import-statement.ts';
import { jsonLinesForStatements, tableForStatements } from '../../src/bank/statement-text-out.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';
import { keptOutOf, keptOutReasonIn } from '../../src/shared/locale/kept-out-text.ts';
import { rawControlsIn } from '../shared/raw-controls.ts';

const ptBR = messagesFor('pt-BR');

const HOSTILE = 'PIX \u202eODIBECER\u202c \u001b[31mred\u001b[0m \u009b2J';
const result: StatementImportResult = {
  file: 'extrato\u202e.ofx',
  statementId: 's1',
  format: 'ofx1',
  charset: 'utf-8',
  accountId: 'itau-1',
  alreadyImported: false,
  linesRead: 2,
  linesLoaded: 1,
  linesRejected: 1,
  rejected: [{ line: 7, ...keptOutOf({ kind: 'ofxBadAmount', text: HOSTILE }), value: HOSTILE }],
};

describe('statement output', () => {
  it.each([
    ['the table', tableForStatements([result], 10)],
    ['the JSON lines', jsonLinesForStatements([result]).join('\n')],
    [
      'the table in Portuguese',
      tableForStatements([result], 10, { words: ptBR.commands.importStatements, fmt: ptBR.fmt, reason: keptOutReasonIn(ptBR, 'UTC') }),
    ],
  ])('%s carries no raw control or bidi override', (_name, text) => {
    expect(rawControlsIn(text, { breaks: true })).toEqual([]);
    expect(text).toContain('ODIBECER');
  });

  it('the JSON lines parse back to the exact text', () => {
    const lines = jsonLinesForStatements([result]).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]?.['file']).toBe(result.file);
    expect(lines[1]?.['value']).toBe(HOSTILE);
    expect(lines[1]?.['reason']).toBe(`bad TRNAMT "${HOSTILE}" (expected a decimal amount such as -12.34)`);
  });

  it("the table says a line's reason in the reader's locale", () => {
    const table = tableForStatements([result], 10, { words: ptBR.commands.importStatements, fmt: ptBR.fmt, reason: keptOutReasonIn(ptBR, 'UTC') });
    expect(table).toContain('TRNAMT inválido');
    expect(table).not.toContain('bad TRNAMT');
  });
});
