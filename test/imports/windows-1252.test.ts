// The windows-1252 decoder of CSV exports against iconv-lite's, which it replaces for speed: every byte
// alone, and texts holding every byte cut into chunks anywhere, decode to the very same text.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { windows1252Decoder } from '../../src/imports/windows-1252.ts';

const decodeInChunks = (bytes: Buffer, cuts: readonly number[]): string => {
  const decoder = windows1252Decoder();
  let text = '';
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    text += decoder.write(bytes.subarray(from, cut));
    from = cut;
  }
  return text + (decoder.end() ?? '');
};

describe('windows1252Decoder', () => {
  it.each(Array.from({ length: 256 }, (_, byte) => byte))('decodes byte %i as iconv-lite does', (byte) => {
    const bytes = Buffer.from([0x41, byte, 0x42]);
    expect(decodeInChunks(bytes, [])).toBe(iconv.decode(bytes, 'windows-1252'));
  });

  it('decodes a text of every byte, cut into chunks anywhere, as iconv-lite decodes it whole', () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + (i >> 3)) % 256));
    const whole = iconv.decode(bytes, 'windows-1252');
    expect(whole).toContain('€');
    for (const cuts of [[], [1], [127, 128, 129], [1000, 2048, 4095], Array.from({ length: 40 }, (_, i) => i * 97 + 5)]) {
      expect(decodeInChunks(bytes, cuts)).toBe(whole);
    }
  });

  it('reads an order line as Excel wrote it: accents, the euro sign, curly quotes and dashes', () => {
    const line = Buffer.from([...Buffer.from('PED-1;J'), 0xfa, ...Buffer.from('lia;'), 0x93, ...Buffer.from('presente'), 0x94, 0x20, 0x96, 0x20, 0x80, 0x35]);
    expect(decodeInChunks(line, [7])).toBe('PED-1;Júlia;“presente” – €5');
  });
});
