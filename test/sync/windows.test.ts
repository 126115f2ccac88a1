// Window derivation: business-date bounds in the zone, settle clipping, sweeps, splits, filters.
import { describe, expect, it } from 'vitest';
import { filtersOf, rangesForRun, splitWindow } from '../../src/sync/windows.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';

const ZONE = 'America/Sao_Paulo';
const iso = (ms: number) => new Date(ms).toISOString();

describe('rangesForRun', () => {
  const base = { day: businessDayOf('2024-05-09', ZONE), settleMinutes: 10, lookbackDays: 7, sweepDays: 180 };

  it('covers [start of D-lookback, end of D) in the zone, and sweeps over sweepDays', () => {
    const plan = rangesForRun({ ...base, nowMs: Date.parse('2024-05-10T09:00:00Z') });
    const created = plan.ranges.filter((r) => r.stream === 'transactions' && !r.status);
    expect(created.map((r) => [iso(r.startMs), iso(r.endMs)])).toEqual([['2024-05-02T03:00:00.000Z', '2024-05-10T03:00:00.000Z']]);
    const sweeps = plan.ranges.filter((r) => r.status);
    expect(sweeps.map((r) => r.status)).toEqual(['refunded', 'chargeback', 'review']);
    expect(iso(sweeps[0]!.startMs)).toBe('2023-11-11T03:00:00.000Z');
    const ops = plan.ranges.filter((r) => r.stream === 'operations');
    expect(ops.map((r) => r.field)).toEqual(['date_created', 'date_updated']);
  });

  it.each([
    ['clips to now minus the settle delay', '2024-05-09T20:00:00Z', '2024-05-09T19:50:00.000Z'],
    ['keeps end of D once settled', '2024-05-12T00:00:00Z', '2024-05-10T03:00:00.000Z'],
  ])('%s', (_name, now, end) => {
    const plan = rangesForRun({ ...base, nowMs: Date.parse(now) });
    expect(iso(plan.ranges[0]!.endMs)).toBe(end);
    expect(iso(plan.transactionsUntilMs)).toBe(end);
  });

  it('a run of the backfill of older sales reads its date_created range alone: no sweep, no operations, nothing swept', () => {
    const since = Date.parse('2023-06-01T03:00:00Z');
    const until = Date.parse('2023-09-01T03:00:00Z');
    const plan = rangesForRun({ ...base, sinceMs: since, untilMs: until, transactionsOnly: true, nowMs: Date.parse('2024-05-10T09:00:00Z') });
    expect(plan.ranges).toEqual([{ stream: 'transactions', field: 'date_created', startMs: since, endMs: until }]);
    expect(plan.sweptRange.endMs - plan.sweptRange.startMs).toBe(0);
  });

  it('reaches past midnight by the boundary, never past the settle delay', () => {
    const settled = rangesForRun({ ...base, pastDayMs: 60 * 60_000, nowMs: Date.parse('2024-05-12T00:00:00Z') });
    expect(iso(settled.ranges[0]!.endMs)).toBe('2024-05-10T04:00:00.000Z');
    const early = rangesForRun({ ...base, pastDayMs: 60 * 60_000, nowMs: Date.parse('2024-05-10T03:30:00Z') });
    expect(iso(early.ranges[0]!.endMs)).toBe('2024-05-10T03:20:00.000Z');
    // Sweeps keep to D: a status change after midnight belongs to the next night.
    expect(iso(settled.sweptRange.endMs)).toBe('2024-05-10T03:00:00.000Z');
    for (const sweep of settled.ranges.filter((r) => r.status)) expect(sweep.endMs).toBeLessThanOrEqual(settled.sweptRange.endMs);
  });

  it.each([
    ['the lookback window', {}, '2024-05-10T03:00:00.000Z', [['2023-11-11T03:00:00.000Z', '2024-05-02T03:00:00.000Z']]],
    // Sweeps stop at --until too.
    [
      'an explicit range inside the sweeps',
      { sinceMs: Date.parse('2024-01-01T03:00:00Z'), untilMs: Date.parse('2024-02-01T03:00:00Z') },
      '2024-02-01T03:00:00.000Z',
      [['2023-11-11T03:00:00.000Z', '2024-01-01T03:00:00.000Z']],
    ],
    [
      'a --since after the sweeps began, --until past D',
      { sinceMs: Date.parse('2024-01-01T03:00:00Z'), untilMs: Date.parse('2024-06-01T03:00:00Z') },
      '2024-05-10T03:00:00.000Z',
      [['2023-11-11T03:00:00.000Z', '2024-01-01T03:00:00.000Z']],
    ],
  ])('status sweeps skip what %s already lists', (_name, over, sweptEnd, pieces) => {
    const plan = rangesForRun({ ...base, ...over, nowMs: Date.parse('2024-05-12T00:00:00Z') });
    for (const status of ['refunded', 'chargeback', 'review']) {
      const sweeps = plan.ranges.filter((r) => r.status === status);
      expect(sweeps.map((r) => [iso(r.startMs), iso(r.endMs)])).toEqual(pieces);
    }
    // Together with the date_created window they still cover the whole swept range.
    expect([iso(plan.sweptRange.startMs), iso(plan.sweptRange.endMs)]).toEqual(['2023-11-11T03:00:00.000Z', sweptEnd]);
  });

  it('reads the same windows when a past date is re-run later', () => {
    const a = rangesForRun({ ...base, nowMs: Date.parse('2024-05-11T00:00:00Z'), operationsWatermarkMs: 1 });
    const b = rangesForRun({ ...base, nowMs: Date.parse('2024-06-30T00:00:00Z'), operationsWatermarkMs: 1 });
    expect(a.ranges.filter((r) => r.field === 'date_created')).toEqual(b.ranges.filter((r) => r.field === 'date_created'));
  });

  it('follows DST-free and DST zones by calendar day (New York spring forward is 23 h)', () => {
    const plan = rangesForRun({ ...base, day: businessDayOf('2024-03-10', 'America/New_York'), lookbackDays: 0, nowMs: Date.parse('2024-04-01T00:00:00Z') });
    const r = plan.ranges[0]!;
    expect((r.endMs - r.startMs) / 3_600_000).toBe(23);
  });

  it('uses --since/--until and the operations watermark when given', () => {
    const plan = rangesForRun({ ...base, nowMs: Date.parse('2024-06-01T00:00:00Z'), sinceMs: 1000, untilMs: 5000, operationsWatermarkMs: 7000 });
    expect(plan.ranges[0]).toMatchObject({ startMs: 1000, endMs: 5000 });
    expect(plan.ranges.find((r) => r.field === 'date_updated')).toMatchObject({ startMs: 7000, endMs: Date.parse('2024-06-01T00:00:00Z') - 600_000 });
  });
});

describe('splitWindow and filtersOf', () => {
  it('halves a window exactly, with no gap and no overlap', () => {
    const [a, b] = splitWindow({ stream: 'transactions', field: 'date_created', startMs: 0, endMs: 11 })!;
    expect([a.startMs, a.endMs, b.startMs, b.endMs]).toEqual([0, 5, 5, 11]);
    expect(splitWindow({ stream: 'transactions', field: 'date_created', startMs: 0, endMs: 1 })).toBeUndefined();
  });

  it('builds half-open filters with the status of a sweep', () => {
    expect(filtersOf({ stream: 'transactions', field: 'date_created', status: 'chargeback', startMs: 1, endMs: 2 })).toEqual([
      ['date_created', '>=1'],
      ['date_created', '<2'],
      ['status', 'chargeback'],
    ]);
  });
});
