// The byte-level pieces behind the import limits, fed in every chunking: UTF-8 validation and decoding
// with file offsets, the JSON array splitter and its depth limit, the XML stream of workbook parts.
import { describe, expect, it } from 'vitest';
import { JsonArraySplitter, nestsDeeperThan, type JsonElement } from '../../src/imports/json-scan.ts';
import { firstInvalidUtf8, unfinishedUtf8Tail, Utf8ChunkDecoder, type InvalidByte } from '../../src/imports/utf8-bytes.ts';
import { MAX_NODE_CHARS, xmlStream } from '../../src/imports/xlsx-xml.ts';

/** The buffer cut into pieces of `size` bytes. */
function pieces(buffer: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += size) out.push(buffer.subarray(i, i + size));
  return out;
}

describe('UTF-8 bytes', () => {
  it.each([
    ['plain ASCII', [0x61, 0x62], -1],
    ['ã and €', [...Buffer.from('ã€')], -1],
    ['a lone windows-1252 é', [0x61, 0xe9, 0x62], 1],
    ['an overlong "/"', [0xc0, 0xaf], 0],
    ['a UTF-16 surrogate', [0x61, 0xed, 0xa0, 0x80], 1],
    ['beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
    ['a character cut at the end', [0x61, 0xe2, 0x82], 1],
    ['a stray continuation byte', [0x80], 0],
  ])('firstInvalidUtf8: %s', (_name, bytes, expected) => {
    expect(firstInvalidUtf8(Buffer.from(bytes))).toBe(expected);
  });

  it('unfinishedUtf8Tail holds back only the start of a character that may still be valid', () => {
    expect(unfinishedUtf8Tail(Buffer.from([0x61, 0xe2, 0x82]))).toBe(2);
    expect(unfinishedUtf8Tail(Buffer.from([0x61, 0xf0]))).toBe(1);
    expect(unfinishedUtf8Tail(Buffer.from([0x61, 0xc3, 0xa3]))).toBe(0);
    expect(unfinishedUtf8Tail(Buffer.from([0x61, 0xe0, 0x80]))).toBe(0); // can never be valid
    expect(unfinishedUtf8Tail(Buffer.from([0x61, 0x62]))).toBe(0);
  });

  it.each([1, 2, 3, 7, 1024])('the decoder gives the same text and the same bad bytes in chunks of %i bytes', (size) => {
    const text = Buffer.concat([
      Buffer.from('\uFEFFa;João\nb;Jos'),
      Buffer.from([0xe9]),
      Buffer.from('\nc;€\n\nd;'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('x\n'),
    ]);
    const bad: InvalidByte[] = [];
    const decoder = new Utf8ChunkDecoder((b) => bad.push(b), 3);
    const decoded =
      pieces(text, size)
        .map((p) => decoder.write(p))
        .join('') + decoder.end();
    expect(decoded).toBe('a;João\nb;Jos\uFFFD\nc;€\n\nd;\uFFFD\uFFFDx\n');
    // One report per line: the first bad byte of line 2 (the é) and of line 5.
    expect(bad).toEqual([
      { offset: text.indexOf(0xe9), line: 2 },
      { offset: text.indexOf(0xff), line: 5 },
    ]);
  });
});

describe('JsonArraySplitter', () => {
  const json = Buffer.from('\uFEFF[\n {"a": "x,]}\\"", "b": [1, {"c": 2}]},\n {"a": "ã"} , 7,\n "s"\n]\ntrailing');

  it.each([1, 2, 5, 4096])('splits the same elements, with their lines and offsets, in chunks of %i bytes', (size) => {
    const elements: JsonElement[] = [];
    const splitter = new JsonArraySplitter(
      'f.json',
      64,
      (e) => elements.push(e),
      () => {
        throw new Error('too deep');
      },
    );
    for (const piece of pieces(json, size)) if (!splitter.done) splitter.write(piece);
    expect(splitter.end()).toBe('done');
    expect(elements.map((e) => [e.bytes.toString(), e.line, e.offset])).toEqual([
      ['{"a": "x,]}\\"", "b": [1, {"c": 2}]}', 2, json.indexOf('{')],
      ['{"a": "ã"}', 3, json.indexOf('{"a": "ã')],
      ['7', 3, json.indexOf('7')],
      ['"s"\n', 4, json.indexOf('"s"')],
    ]);
  });

  it('stops at the first bracket past the depth limit, without recursion', () => {
    const depth = 100_000;
    const deep = Buffer.from(`[${'['.repeat(depth)}${']'.repeat(depth)}]`);
    const splitter = new JsonArraySplitter(
      'f.json',
      64,
      () => undefined,
      (line) => {
        throw new Error(`too deep on line ${line}`);
      },
    );
    expect(() => splitter.write(deep)).toThrow('too deep on line 1');
    expect(nestsDeeperThan(deep, 64)).toBe(true);
    expect(nestsDeeperThan(Buffer.from('{"a": "[[[[[[", "b": [[1]]}'), 3)).toBe(false);
  });

  it('an array never closed, or no array at all, is an input error', () => {
    const open = new JsonArraySplitter(
      'f.json',
      64,
      () => undefined,
      () => {
        throw new Error('depth');
      },
    );
    open.write(Buffer.from('[{"a": 1}, {"a"'));
    expect(() => open.end()).toThrow(/f\.json: line 1: the JSON array is never closed/);
    const object = new JsonArraySplitter(
      'f.json',
      64,
      () => undefined,
      () => {
        throw new Error('depth');
      },
    );
    expect(() => object.write(Buffer.from('{"a": 1}'))).toThrow(/f\.json: expected a JSON array of order objects, found "\{"a": 1\}/);
  });
});

describe('xmlStream', () => {
  const xml =
    '<?xml version="1.0"?><x:sheetData xmlns:x="ns"><!-- a > comment --><x:row r="1"><c r="A1" t="inlineStr" a=\'q>"\'>' +
    '<is><t>Jo&#227;o &amp; &lt;Ana&gt; &#x20AC;</t></is></c><c r="B1"/><c><v><![CDATA[<raw>]]></v></c></x:row></x:sheetData>';

  function events(chunk: number): string[] {
    const out: string[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') out.push(`text:${text}`);
      text = '';
    };
    const scanner = xmlStream(
      {
        open(name, attributes) {
          flush();
          out.push(`open:${name}${attributes['r'] === undefined ? '' : `@${attributes['r']}`}${attributes['a'] === undefined ? '' : `a=${attributes['a']}`}`);
        },
        close(name) {
          flush();
          out.push(`close:${name}`);
        },
        text(piece) {
          text += piece;
        },
      },
      (why) => new Error(why),
    );
    for (let i = 0; i < xml.length; i += chunk) scanner.write(xml.slice(i, i + chunk));
    scanner.end();
    flush();
    return out;
  }

  it('gives the same events whatever the chunks, with prefixes dropped and entities decoded', () => {
    const whole = events(xml.length);
    expect(whole).toEqual([
      'open:sheetData',
      'open:row@1',
      'open:c@A1a=q>"',
      'open:is',
      'open:t',
      'text:João & <Ana> €',
      'close:t',
      'close:is',
      'close:c',
      'open:c@B1',
      'close:c',
      'open:c',
      'open:v',
      'text:<raw>',
      'close:v',
      'close:c',
      'close:row',
      'close:sheetData',
    ]);
    for (const size of [1, 2, 3, 5, 13]) expect(events(size)).toEqual(whole);
  });

  it('refuses a DOCTYPE (the way to declare entities that expand without end)', () => {
    const scanner = xmlStream({ open() {}, close() {}, text() {} }, (why) => new Error(why));
    expect(() => scanner.write('<!DOCTYPE lolz [<!ENTITY lol "lol">]><a>&lol;</a>')).toThrow(/DOCTYPE/);
  });

  it('refuses a part cut inside a tag, and a text node longer than it will hold', () => {
    const cut = xmlStream({ open() {}, close() {}, text() {} }, (why) => new Error(why));
    cut.write('<a><b r="1');
    expect(() => cut.end()).toThrow(/malformed XML/);
    const long = xmlStream({ open() {}, close() {}, text() {} }, (why) => new Error(why));
    long.write('<a>');
    const piece = 'x'.repeat(1 << 20);
    expect(() => {
      for (let i = 0; i <= MAX_NODE_CHARS / piece.length; i++) long.write(piece);
    }).toThrow(/longer than/);
  });
});
