// How many lines a wrapping cell's text takes, which sets each workbook row's height: the short texts
// most cells hold take one line without being split into words, and the rest as the words fall.
import { describe, expect, it } from 'vitest';
import { wrappedLines } from '../../src/report/xlsx-layout.ts';

// A width of 14 holds floor((14 - 3) / 1.1) = 10 characters a line (bold: floor(11 / 1.25) = 8).
describe('wrappedLines', () => {
  it.each([
    ['', 14, false, 1],
    ['short', 14, false, 1],
    ['ten chars!', 14, false, 1],
    ['eleven char', 14, false, 2],
    ['two  spaces', 14, false, 2],
    ['one two three four', 14, false, 2],
    ['one\ntwo', 14, false, 2],
    ['a'.repeat(25), 14, false, 3],
    ['ten chars!', 14, true, 2],
    ['eight ch', 14, true, 1],
  ])('%j at width %i (bold %s) takes %i lines', (text, width, bold, lines) => {
    expect(wrappedLines(text, width, bold)).toBe(lines);
  });

  it('gives every text up to the line length one line, as splitting it into words does', () => {
    for (let length = 0; length <= 10; length++) {
      const text = Array.from({ length }, (_, i) => (i % 4 === 3 ? ' ' : 'x')).join('');
      expect(wrappedLines(text, 14)).toBe(1);
    }
  });
});
