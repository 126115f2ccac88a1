// The streaming CSV splitter: quoting, line numbers and chunk boundaries.
import { describe, expect, it } from 'vitest';
import { csvSplitterFor } from '../../src/imports/csv-records.ts';
import { isReconError } from '../../src/shared/errors.ts';

function split(text: string, options: { delimiter?: string; quote?: string; chunk?: number } = {}): [number, string[]][] {
  const out: [number, string[]][] = [];
  const splitter = csvSplitterFor({ delimiter: options.delimiter ?? ';', quote: options.quote ?? '"' }, (fields, line) => out.push([line, fields]));
  const size = options.chunk ?? text.length;
  for (let i = 0; i < text.length; i += size) splitter.push(text.slice(i, i + size));
  splitter.end();
  return out;
}

const SAMPLE = 'a;b;c\r\n1;"x;y";z\r\n\r\n2;"multi\r\nline ""quoted""";w\r\n3;plain;"end"';
const EXPECTED: [number, string[]][] = [
  [1, ['a', 'b', 'c']],
  [2, ['1', 'x;y', 'z']],
  [4, ['2', 'multi\r\nline "quoted"', 'w']],
  [6, ['3', 'plain', 'end']],
];

describe('csvSplitterFor', () => {
  it('splits quoted fields, escaped quotes and multi-line records, and reports the starting physical line', () => {
    expect(split(SAMPLE)).toEqual(EXPECTED);
  });

  it.each([1, 2, 3, 5, 7, 11])('gives the same records when the text arrives in chunks of %i characters', (chunk) => {
    expect(split(SAMPLE, { chunk })).toEqual(EXPECTED);
  });

  it('offers each line without quotes whole before splitting it, and never splits one it took', () => {
    const offered: [number, string][] = [];
    const split: [number, string[]][] = [];
    const splitter = csvSplitterFor(
      { delimiter: ';', quote: '"' },
      (fields, line) => split.push([line, fields]),
      '(input)',
      (text, line) => {
        offered.push([line, text]);
        return line === 6;
      },
    );
    splitter.push(`${SAMPLE}\r\n7;x;y`);
    splitter.end();
    // Lines 2 and 4 hold quotes: split without being offered. Line 6 ("3;plain;"end"") holds quotes too.
    expect(offered).toEqual([
      [1, 'a;b;c'],
      [7, '7;x;y'],
    ]);
    expect(split.map(([line]) => line)).toEqual([1, 2, 4, 6, 7]);
  });

  it.each([
    [
      'comma delimiter, LF',
      'a,b\n"1,5",2\n',
      { delimiter: ',' },
      [
        [1, ['a', 'b']],
        [2, ['1,5', '2']],
      ],
    ],
    [
      'tab delimiter',
      'a\tb\n1\t2',
      { delimiter: '\t' },
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'single-quote quoting',
      "a;b\n'x;y';2\n",
      { quote: "'" },
      [
        [1, ['a', 'b']],
        [2, ['x;y', '2']],
      ],
    ],
    [
      'stray quote inside an unquoted field is text',
      'a;b\n5" tv;"q"\n',
      {},
      [
        [1, ['a', 'b']],
        [2, ['5" tv', 'q']],
      ],
    ],
    [
      'empty trailing field',
      'a;b;c\n1;2;\n',
      {},
      [
        [1, ['a', 'b', 'c']],
        [2, ['1', '2', '']],
      ],
    ],
    [
      'blank lines keep the count',
      '\n\na;b\n\n1;2\n',
      {},
      [
        [3, ['a', 'b']],
        [5, ['1', '2']],
      ],
    ],
    [
      'no final newline',
      'a;b\n1;2',
      {},
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
  ] as const)('%s', (_name, text, options, expected) => {
    expect(split(text, options)).toEqual(expected);
  });

  it('fails on a quote that never closes, naming the line', () => {
    let error: unknown;
    try {
      split('a;b\n1;"open\n2;3\n');
    } catch (e) {
      error = e;
    }
    expect(isReconError(error, 'input')).toBe(true);
    expect((error as Error).message).toMatch(/line 2: a quoted field is never closed/);
  });

  it('fails on text after a closing quote', () => {
    expect(() => split('a;b\n"x"y;2\n')).toThrow(/line 2: unexpected text after a closing quote/);
  });
});
