// What the forecast covers, from the covered stretches of sale instants (pure: coverageOf, gapsOf):
// the date it is complete from, its partial days under each contract, the stretches a backfill reads.
import { describe, expect, it } from 'vitest';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { coverageOf, gapsOf } from '../../src/forecast/coverage.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHT = '2026-11-26';
const night = businessDayOf(NIGHT, ZONE);
const startOf = (date: string) => businessDayOf(date, ZONE).startMs;
/** The night's own sync: its lookback to past the night's end. */
const tonight = { startMs: startOf('2026-11-19'), endMs: night.endMs + 3_600_000 };

describe('coverageOf', () => {
  it.each([
    // [case, islands, contract, complete from, first partial, last partial, missing stretches]
    ['one night read: the lookback only', [tonight], {}, '2026-11-19', '2026-11-27', '2027-02-24', [['2025-12-02', '2026-11-19']]],
    ['read from the day the horizon needs', [{ ...tonight, startMs: startOf('2025-12-02') }], {}, '2025-12-02', undefined, undefined, []],
    [
      'read from ten days later',
      [{ ...tonight, startMs: startOf('2025-12-12') }],
      {},
      '2025-12-12',
      '2026-11-27',
      '2026-12-06',
      [['2025-12-02', '2025-12-12']],
    ],
    [
      'a window starting mid-day covers from the next day',
      [{ ...tonight, startMs: startOf('2025-12-12') + 3_600_000 }],
      {},
      '2025-12-13',
      '2026-11-27',
      '2026-12-07',
      [['2025-12-02', null]],
    ],
    [
      'whole sale at once: the horizon needs 30 days',
      [tonight],
      { perInstallment: false },
      '2026-11-19',
      '2026-11-27',
      '2026-12-18',
      [['2026-10-28', '2026-11-19']],
    ],
    [
      'a gap: the coverage starts after it, the gap is read',
      [
        { startMs: startOf('2025-01-01'), endMs: startOf('2026-06-01') },
        { startMs: startOf('2026-06-03'), endMs: tonight.endMs },
      ],
      {},
      '2026-06-03',
      '2026-11-27',
      '2027-02-24',
      [['2026-06-01', '2026-06-03']],
    ],
    [
      'no window holds the night',
      [{ startMs: startOf('2025-01-01'), endMs: startOf('2026-11-20') }],
      { horizonDays: 5 },
      null,
      '2026-11-27',
      '2026-12-01',
      [['2026-11-20', '2026-11-27']],
    ],
  ] as const)('%s', (_case, islands, contract, completeFrom, firstPartial, lastPartial, missing) => {
    const settlement = settlementSchema.parse(contract);
    const coverage = coverageOf(islands, { date: NIGHT, zone: ZONE, settlement });
    expect(coverage.completeFrom).toBe(completeFrom);
    expect(coverage.partialDays[0]).toBe(firstPartial);
    expect(coverage.partialDays.at(-1)).toBe(lastPartial);
    expect(coverage.partialThrough).toBe(lastPartial ?? NIGHT);
    expect(coverage.missing.map((m) => [m.startMs, m.endMs])).toEqual(
      missing.map(([from, to]) => [startOf(from), to === null ? (islands[0]?.startMs ?? 0) : startOf(to)]),
    );
  });

  it('needs sales from D + 1 - firstInstallmentDays - 330 days', () => {
    expect(coverageOf([tonight], { date: NIGHT, zone: ZONE, settlement: settlementSchema.parse({}) }).neededFrom).toBe('2025-12-02');
    expect(coverageOf([tonight], { date: NIGHT, zone: ZONE, settlement: settlementSchema.parse({ firstInstallmentDays: 2 }) }).neededFrom).toBe('2025-12-30');
  });
});

describe('gapsOf', () => {
  it.each([
    ['nothing covered', [], [0, 100], [[0, 100]]],
    ['all covered', [[0, 100]], [10, 90], []],
    [
      'touching islands leave no gap',
      [
        [0, 50],
        [50, 100],
      ],
      [0, 100],
      [],
    ],
    [
      'overlapping and out of order',
      [
        [60, 80],
        [0, 30],
        [20, 40],
      ],
      [0, 100],
      [
        [40, 60],
        [80, 100],
      ],
    ],
  ] as const)('%s', (_case, islands, [startMs, endMs], gaps) => {
    const found = gapsOf(
      islands.map(([s, e]) => ({ startMs: s, endMs: e })),
      { startMs, endMs },
    );
    expect(found.map((g) => [g.startMs, g.endMs])).toEqual(gaps);
  });
});
