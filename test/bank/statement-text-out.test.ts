// What `recon import` prints of a statement, whatever its lines carry: a reason or value quoting the
// file's own text (a memo with a right-to-left override, an escape sequence in a FITID) reaches the
// terminal inert, and the JSON lines parse back to the exact text.
import { describe, expect, it } from 'vitest';
import type { StatementImportResult } from '../../src/bank/import-statement.ts';
import { jsonLinesForStatements, tableForStatements } from '../../src/bank/statement-text-out.ts';
import { rawControlsIn } from '../shared/raw-controls.ts';

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
  rejected: [{ line: 7, reason: `unreadable TRNAMT "${HOSTILE}"`, value: HOSTILE }],
};

describe('statement output', () => {
  it.each([
    ['the table', tableForStatements([result], 10)],
    ['the JSON lines', jsonLinesForStatements([result]).join('\n')],
  ])('%s carries no raw control or bidi override', (_name, text) => {
    expect(rawControlsIn(text, { breaks: true })).toEqual([]);
    expect(text).toContain('ODIBECER');
  });

  it('the JSON lines parse back to the exact text', () => {
    const lines = jsonLinesForStatements([result]).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]?.['file']).toBe(result.file);
    expect(lines[1]?.['value']).toBe(HOSTILE);
  });
});
