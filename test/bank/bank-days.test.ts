// Bank business days in Brazil, day by day: weekends, national holidays, and the bank holidays that are
// no public holidays (Carnival, Corpus Christi), and the year's last weekday, when no clearing settles.
import { describe, expect, it } from 'vitest';
import { addBankBusinessDays, isBankBusinessDay } from '../../src/bank/bank-days.ts';

describe('isBankBusinessDay', () => {
  it.each([
    ['2026-03-10', true, 'a Tuesday'],
    ['2026-03-14', false, 'a Saturday'],
    ['2026-03-15', false, 'a Sunday'],
    ['2026-02-16', false, 'Carnival Monday'],
    ['2026-02-17', false, 'Carnival Tuesday'],
    ['2026-02-18', true, 'Ash Wednesday (banks open at noon)'],
    ['2026-04-03', false, 'Good Friday'],
    ['2026-06-04', false, 'Corpus Christi'],
    ['2026-12-25', false, 'Christmas'],
    ['2026-12-31', false, "New Year's Eve, the year's last weekday: no clearing (CMN 4.880/2020, FEBRABAN)"],
    ['2026-12-30', true, 'the day before it'],
    ['2022-12-30', false, 'the Friday before a 31 December that falls on a Saturday'],
    ['2022-12-29', true, 'the Thursday before that'],
    ['2027-01-01', false, "New Year's Day"],
    ['2025-03-04', false, 'Carnival Tuesday of another year'],
  ])('%s is %s (%s)', (date, open) => {
    expect(isBankBusinessDay(date)).toBe(open);
  });
});

describe('addBankBusinessDays', () => {
  it.each([
    ['2026-03-10', 2, '2026-03-12', 'within a week'],
    ['2026-03-12', 2, '2026-03-16', 'over a weekend'],
    ['2026-03-14', 2, '2026-03-17', 'from a Saturday'],
    ['2026-02-13', 2, '2026-02-19', 'over Carnival'],
    ['2026-04-02', 1, '2026-04-06', 'over Good Friday and the weekend'],
    ['2026-06-03', 2, '2026-06-08', 'over Corpus Christi'],
    ['2026-12-30', 2, '2027-01-05', "over the year end (31 December and New Year's Day closed)"],
    ['2026-03-14', 0, '2026-03-14', 'zero days: the day itself'],
    ['2026-03-16', -2, '2026-03-12', 'backwards over a weekend'],
    ['2027-01-04', -2, '2026-12-29', 'backwards over the year end'],
  ])('%s + %i = %s (%s)', (date, n, expected) => {
    expect(addBankBusinessDays(date, n)).toBe(expected);
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => addBankBusinessDays('2026-02-30', 1)).toThrow(/YYYY-MM-DD/);
  });
});
