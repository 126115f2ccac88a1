// Record fingerprints and the set of the last import's: records that read alike only when their cells
// are alike, and a set that says which stored records a file showed, once or more, and which it did not.
import { describe, expect, it } from 'vitest';
import { DecimalCell } from '../../src/imports/amount-cells.ts';
import { LongTextCell, type Cell } from '../../src/imports/cell-text.ts';
import { FingerprintSet, RecordFingerprint } from '../../src/imports/record-fingerprint.ts';

const SEED = { hi: 0x12345678, lo: 0x9abcdef0 };

function fingerprintOf(cells: Cell[]): string | undefined {
  const fingerprint = new RecordFingerprint(SEED);
  return fingerprint.compute(cells) ? `${fingerprint.hi}:${fingerprint.lo}` : undefined;
}

describe('a record fingerprint', () => {
  it.each<[string, Cell[], Cell[]]>([
    ['cells split differently', ['a;b'], ['a', 'b']],
    ['a text and the number it spells', ['1'], [1]],
    ['an empty text and an empty cell', [''], [null]],
    ['a text and a decimal of the same digits', ['10.50'], [new DecimalCell('10.50')]],
    ['a date and its epoch milliseconds as a number', [new Date(0)], [0]],
    ['a change in the last character', ['PED-1', '150,00'], ['PED-1', '150,01']],
    ['two cells swapped', ['Pago', 'Ana'], ['Ana', 'Pago']],
    ['one cell more', ['A'], ['A', '']],
  ])('tells apart %s', (_name, left, right) => {
    expect(fingerprintOf(left)).not.toBe(fingerprintOf(right));
  });

  it('differs with the seed, and between a line taken whole and the same text as one cell', () => {
    const other = new RecordFingerprint({ hi: 1, lo: 2 });
    other.compute(['PED-1', 'Ana']);
    expect(`${other.hi}:${other.lo}`).not.toBe(fingerprintOf(['PED-1', 'Ana']));
    const line = new RecordFingerprint(SEED);
    line.computeLine('PED-1;Ana');
    expect(`${line.hi}:${line.lo}`).not.toBe(fingerprintOf(['PED-1;Ana']));
  });

  it('is the same for the same cells, and none for an over-long text, which is never hashed', () => {
    expect(fingerprintOf(['PED-1', 'Ana', 150, new Date(5)])).toBe(fingerprintOf(['PED-1', 'Ana', 150, new Date(5)]));
    expect(fingerprintOf(['PED-1', new LongTextCell(9_000_000, 'x')])).toBeUndefined();
  });

  it('spreads 200,000 near-identical records over 200,000 fingerprints', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200_000; i++) seen.add(fingerprintOf([`PED-${i}`, 'Ana', `${i % 1000},00`, 'Pago']) as string);
    expect(seen.size).toBe(200_000);
  });
});

describe('the set of the last import', () => {
  it('says which stored records a file showed, whether one showed twice, and lists the ones it did not show', () => {
    const set = new FingerprintSet(3);
    for (const [hi, lo] of [
      [1, 2],
      [3, 4],
      [5, 6],
    ] as const)
      set.add(hi, lo);
    set.add(1, 2);
    expect(set.size).toBe(3);
    expect([set.see(1, 2), set.see(9, 9), set.see(3, 4)]).toEqual([true, false, true]);
    expect(set.repeated).toBe(false);
    expect([set.seen(1, 2), set.seen(5, 6)]).toEqual([true, false]);
    expect([...set.unseen()]).toEqual([[5, 6]]);
    set.see(3, 4);
    expect(set.repeated).toBe(true);
  });

  it('holds as many fingerprints as it was made for, whatever collides, and refuses more than its table holds', () => {
    const set = new FingerprintSet(1000);
    // The same low half for all: every one lands on a neighbour's slot and is found by probing.
    for (let hi = 0; hi < 1000; hi++) set.add(hi, 7);
    expect(set.size).toBe(1000);
    for (let hi = 0; hi < 1000; hi++) expect(set.see(hi, 7)).toBe(true);
    expect([...set.unseen()]).toEqual([]);
    expect(() => {
      for (let hi = 1000; hi < 2000; hi++) set.add(hi, 7);
    }).toThrow(RangeError);
  });
});
