// The one formatter of each locale (src/shared/locale/format-*.ts): every kind of value people read, in
// pt-BR and en, exact for any integer number of cents.
import { describe, expect, it } from 'vitest';
import { LOCALES, messagesFor } from '../../src/shared/locale/index.ts';
import { brazilianReais, formatPtBR } from '../../src/shared/locale/format-pt-BR.ts';
import { formatEn } from '../../src/shared/locale/format-en.ts';

const ZONE = 'America/Sao_Paulo';
const pt = formatPtBR;
const en = formatEn;

describe('money', () => {
  it.each([
    [0n, 'R$ 0,00', 'R$ 0.00'],
    [5n, 'R$ 0,05', 'R$ 0.05'],
    [123456n, 'R$ 1.234,56', 'R$ 1,234.56'],
    [-15090n, '-R$ 150,90', '-R$ 150.90'],
    [-10n, '-R$ 0,10', '-R$ 0.10'],
    [123456789012345678n, 'R$ 1.234.567.890.123.456,78', 'R$ 1,234,567,890,123,456.78'],
    [100, 'R$ 1,00', 'R$ 1.00'],
  ])('%s cents: pt-BR %s, en %s', (cents, ptText, enText) => {
    expect(pt.money(cents)).toBe(ptText);
    expect(en.money(cents)).toBe(enText);
  });

  it.each([
    [1000n, '+R$ 10,00', '+R$ 10.00'],
    [0n, '+R$ 0,00', '+R$ 0.00'],
    [-10n, '-R$ 0,10', '-R$ 0.10'],
  ])('signed %s cents: pt-BR %s, en %s', (cents, ptText, enText) => {
    expect(pt.signedMoney(cents)).toBe(ptText);
    expect(en.signedMoney(cents)).toBe(enText);
  });

  it.each([
    [15090n, '150,90', '150.90'],
    [-123456n, '-1234,56', '-1234.56'],
    [1n, '0,01', '0.01'],
  ])('%s cents as a number a spreadsheet reads: %s / %s', (cents, ptText, enText) => {
    expect(pt.plainReais(cents)).toBe(ptText);
    expect(en.plainReais(cents)).toBe(enText);
  });

  it.each([
    [123456, '1.234,56'],
    [-10, '-0,10'],
  ])('%s cents in the grouping of the rules’ sentences: %s', (cents, text) => expect(brazilianReais(cents)).toBe(text));
});

describe('counts and rates', () => {
  it.each([
    [0, '0', '0'],
    [999, '999', '999'],
    [5395, '5.395', '5,395'],
    [1234567n, '1.234.567', '1,234,567'],
    [-1000, '-1.000', '-1,000'],
  ])('count %s: pt-BR %s, en %s', (n, ptText, enText) => {
    expect(pt.count(n)).toBe(ptText);
    expect(en.count(n)).toBe(enText);
  });

  it.each([
    [349n, '3,49 %', '3.49%'],
    [0, '0,00 %', '0.00%'],
    [10000n, '100,00 %', '100.00%'],
    [-5n, '-0,05 %', '-0.05%'],
  ])('rate %s basis points: pt-BR %s, en %s', (bp, ptText, enText) => {
    expect(pt.rate(bp)).toBe(ptText);
    expect(en.rate(bp)).toBe(enText);
  });
});

describe('measured quantities', () => {
  it.each([
    [1.5, 1, '1,5', '1.5'],
    [12.345, 2, '12,35', '12.35'],
    [512, 0, '512', '512'],
  ])('%s to %s decimals: pt-BR %s, en %s', (value, digits, ptText, enText) => {
    expect(pt.decimal(value, digits)).toBe(ptText);
    expect(en.decimal(value, digits)).toBe(enText);
  });
});

describe('days, instants, durations, yes/no', () => {
  it.each([
    ['day', '2026-11-27', '27/11/2026', '2026-11-27'],
    ['shortDay', '2026-11-27', '27/11', '11-27'],
    ['day', 'not a day', 'not a day', 'not a day'],
  ] as const)('%s of %s: pt-BR %s, en %s', (kind, iso, ptText, enText) => {
    expect(pt[kind](iso)).toBe(ptText);
    expect(en[kind](iso)).toBe(enText);
  });

  it('writes each day alike however often it is asked, in each format, past the bound of days it remembers', () => {
    const days = Array.from({ length: 5000 }, (_, i) => new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10));
    for (const _round of [1, 2]) {
      for (const iso of days) {
        const [y, m, d] = iso.split('-');
        expect(pt.day(iso)).toBe(`${d}/${m}/${y}`);
        expect(en.day(iso)).toBe(iso);
      }
      expect(pt.day('2026-02-30')).toBe('2026-02-30');
    }
  });

  it.each([
    // 02:30 UTC on the 16th is 23:30 on the 15th in Sao Paulo.
    [Date.UTC(2024, 2, 16, 2, 30, 9), '15/03/2024 23:30', '2024-03-15 23:30', '15/03/2024 23:30:09'],
    ['2024-03-16T02:30:09Z', '15/03/2024 23:30', '2024-03-15 23:30', undefined],
    ['garbage', 'garbage', 'garbage', undefined],
  ])('instant %s: pt-BR %s, en %s', (at, ptText, enText, withSeconds) => {
    expect(pt.instant(at, ZONE)).toBe(ptText);
    expect(en.instant(at, ZONE)).toBe(enText);
    if (typeof at === 'number') expect(pt.instantSeconds(at, ZONE)).toBe(withSeconds);
  });

  it.each([
    [0, '0,0 s', '0.0 s'],
    [13_049, '13,0 s', '13.0 s'],
    [59_940, '59,9 s', '59.9 s'],
    [59_960, '1 min 00 s', '1 min 00 s'],
    [65_000, '1 min 05 s', '1 min 05 s'],
    [2 * 3_600_000 + 3 * 60_000, '2 h 03 min', '2 h 03 min'],
  ])('duration %s ms: pt-BR %s, en %s', (ms, ptText, enText) => {
    expect(pt.duration(ms)).toBe(ptText);
    expect(en.duration(ms)).toBe(enText);
  });

  it.each([
    [999, '0 s'],
    [59_999, '59 s'],
    [65_500, '1 min 05 s'],
  ])('elapsed %s ms: %s', (ms, text) => expect(pt.elapsed(ms)).toBe(text));

  it.each([
    [true, 'Sim', 'Yes'],
    [false, 'Não', 'No'],
  ])('%s: pt-BR %s, en %s', (value, ptText, enText) => {
    expect(pt.boolean(value)).toBe(ptText);
    expect(en.boolean(value)).toBe(enText);
  });

  it.each(LOCALES)('the %s catalogue carries its own formatter', (locale) => {
    expect(messagesFor(locale).fmt.locale).toBe(locale);
    expect(messagesFor(locale).fmt.yes).toBe(messagesFor(locale).yes);
  });
});
