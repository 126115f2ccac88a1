// Calendar arithmetic on business dates: a date plus n days is the same calendar date in every zone,
// across month and year ends, leap days and the days Brazil's clocks once changed at midnight; a date
// that is not a real YYYY-MM-DD is refused as bad usage.
import { describe, expect, it } from 'vitest';
import { addDays, businessDayOf, datesBetween } from '../../src/shared/business-day.ts';

const ZONE = 'America/Sao_Paulo';

describe('addDays', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-28', 0, '2026-11-28'],
    ['2026-03-20', -366, '2025-03-19'],
    // Brazil's clocks moved at midnight on 2018-11-04 (that local midnight never existed).
    ['2018-11-03', 1, '2018-11-04'],
    ['2018-11-04', 1, '2018-11-05'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('agrees with the zone calendar that datesBetween walks, day after day for two years', () => {
    const dates = datesBetween('2018-01-01', '2019-12-31', ZONE);
    for (let i = 1; i < dates.length; i++) expect(addDays(dates[i - 1] ?? '', 1)).toBe(dates[i]);
    expect(businessDayOf(addDays('2018-11-03', 1), ZONE).date).toBe('2018-11-04');
  });

  it.each(['2026-02-31', '2026-13-01', '2026-2-3', '20260203', 'x', ''])('refuses %j as a date', (bad) => {
    expect(() => addDays(bad, 1)).toThrow(expect.objectContaining({ name: 'ReconError', code: 'usage' }));
  });
});
