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

  // The count as it was before short texts were spared the word split, written out again to compare.
  const bySplitting = (text: string, width: number, bold: boolean): number => {
    const perLine = Math.max(1, Math.floor((width - 3) / (bold ? 1.25 : 1.1) + 1e-9));
    let lines = 0;
    for (const paragraph of text.split('\n')) {
      let used = 0;
      lines += 1;
      for (const word of paragraph.split(' ')) {
        const need = used === 0 ? word.length : used + 1 + word.length;
        if (need <= perLine) used = need;
        else {
          lines += used === 0 ? Math.ceil(word.length / perLine) - 1 : Math.ceil(word.length / perLine);
          used = word.length % perLine || perLine;
        }
      }
    }
    return lines;
  };

  it('counts as splitting into words does, for texts of every length around the line length', () => {
    const letters = 'ab cd\nefg  h ijklmnopq r';
    for (const width of [4, 14, 20, 47]) {
      for (const bold of [false, true]) {
        for (let length = 0; length <= 60; length++) {
          for (const shift of [0, 3, 7]) {
            const text = Array.from({ length }, (_, i) => letters[(i * 5 + shift) % letters.length]).join('');
            expect(wrappedLines(text, width, bold)).toBe(bySplitting(text, width, bold));
          }
        }
      }
    }
  });
});
