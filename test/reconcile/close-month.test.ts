// The close's month to date (src/shared/close-month.ts) over several nights stored in a real migrated
// warehouse: each tie-out's lines summed over the month's nights up to the night asked, a night run
// again counted once (its latest run), a failed run and the other months left out, and the days with
// no close named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMonthsLastNight, readLastClosedNight, readMonthClose } from '../../src/shared/close-month.ts';
import { ONE_THREAD, migratedWarehouse } from '../warehouse/migrated-copy.ts';

type Line = [tieout: string, line: string, items: number, cents: number];

interface StoredRun {
  runId: string;
  date: string;
  startedAt: string;
  outcome?: string;
  lines: Line[];
}

// Four days of November: the 3rd run twice (the second run's lines are the night's), the 4th reconciled
// before the close existed (no lines), a failed run on the 5th, and nights either side of the month.
const RUNS: StoredRun[] = [
  {
    runId: 'oct-31',
    date: '2026-10-31',
    startedAt: '2026-11-01T06:00:00Z',
    lines: [
      ['sales', 'shop', 9, 900000],
      ['sales', 'service', 9, 900000],
    ],
  },
  {
    runId: 'nov-01',
    date: '2026-11-01',
    startedAt: '2026-11-02T06:00:00Z',
    lines: [
      ['sales', 'shop', 10, 100000],
      ['sales', 'service', 10, 101000],
      ['sales', 'other_day', 1, 1000],
      ['refunds', 'shop', 1, 5000],
      ['refunds', 'service', 0, 0],
      ['refunds', 'refund_not_recorded', 1, -5000],
    ],
  },
  {
    runId: 'nov-02',
    date: '2026-11-02',
    startedAt: '2026-11-03T06:00:00Z',
    lines: [
      ['sales', 'shop', 20, 200000],
      ['sales', 'service', 20, 199500],
      ['sales', 'missing_payment', 1, -700],
      ['sales', 'other_day', 1, 200],
      ['cash', 'shop', 2, 30000],
      ['cash', 'service', 2, 30000],
    ],
  },
  {
    runId: 'nov-03-a',
    date: '2026-11-03',
    startedAt: '2026-11-04T06:00:00Z',
    lines: [
      ['sales', 'shop', 99, 990000],
      ['sales', 'service', 99, 0],
    ],
  },
  {
    runId: 'nov-03-b',
    date: '2026-11-03',
    startedAt: '2026-11-04T07:00:00Z',
    lines: [
      ['sales', 'shop', 5, 50000],
      ['sales', 'service', 6, 53000],
      ['sales', 'unexplained', 1, 3000],
    ],
  },
  { runId: 'nov-04', date: '2026-11-04', startedAt: '2026-11-05T06:00:00Z', lines: [] },
  {
    runId: 'nov-05',
    date: '2026-11-05',
    startedAt: '2026-11-06T06:00:00Z',
    outcome: 'failed',
    lines: [
      ['sales', 'shop', 1, 100],
      ['sales', 'service', 0, 0],
    ],
  },
  {
    runId: 'nov-08',
    date: '2026-11-08',
    startedAt: '2026-11-09T06:00:00Z',
    lines: [
      ['sales', 'shop', 1, 1000],
      ['sales', 'service', 1, 1000],
    ],
  },
  {
    runId: 'dec-01',
    date: '2026-12-01',
    startedAt: '2026-12-02T06:00:00Z',
    lines: [
      ['sales', 'shop', 7, 700],
      ['sales', 'service', 7, 700],
    ],
  },
];

interface MonthCase {
  upTo: string;
  nights: string[];
  missing: string[];
  /** The missing days as runs of consecutive days (from..to, or the one day). */
  spans: string[];
  /** tie-out: shop items/cents, service items/cents, explaining lines (largest first), unexplained items/cents. */
  sales: string;
  refunds: string;
  cash: string;
}

const CASES: MonthCase[] = [
  {
    upTo: '2026-11-01',
    nights: ['2026-11-01'],
    missing: [],
    spans: [],
    sales: '10/100000 10/101000 [other_day=1/1000] 0/0',
    refunds: '1/5000 0/0 [refund_not_recorded=1/-5000] 0/0',
    cash: '0/0 0/0 [] 0/0',
  },
  {
    upTo: '2026-11-03',
    nights: ['2026-11-01', '2026-11-02', '2026-11-03'],
    missing: [],
    spans: [],
    sales: '35/350000 36/353500 [other_day=2/1200 missing_payment=1/-700] 1/3000',
    refunds: '1/5000 0/0 [refund_not_recorded=1/-5000] 0/0',
    cash: '2/30000 2/30000 [] 0/0',
  },
  {
    upTo: '2026-11-06',
    nights: ['2026-11-01', '2026-11-02', '2026-11-03'],
    missing: ['2026-11-04', '2026-11-05', '2026-11-06'],
    spans: ['2026-11-04..2026-11-06'],
    sales: '35/350000 36/353500 [other_day=2/1200 missing_payment=1/-700] 1/3000',
    refunds: '1/5000 0/0 [refund_not_recorded=1/-5000] 0/0',
    cash: '2/30000 2/30000 [] 0/0',
  },
  {
    upTo: '2026-11-09',
    nights: ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-08'],
    missing: ['2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07', '2026-11-09'],
    spans: ['2026-11-04..2026-11-07', '2026-11-09'],
    sales: '36/351000 37/354500 [other_day=2/1200 missing_payment=1/-700] 1/3000',
    refunds: '1/5000 0/0 [refund_not_recorded=1/-5000] 0/0',
    cash: '2/30000 2/30000 [] 0/0',
  },
];

describe('the month to date of the close', () => {
  let opened: Awaited<ReturnType<typeof migratedWarehouse>>;
  beforeAll(async () => {
    opened = await migratedWarehouse(ONE_THREAD);
    for (const run of RUNS) {
      await opened.db.run(
        `INSERT INTO runs (run_id, kind, business_date, started_at, outcome) VALUES ($id, 'reconcile', CAST($date AS DATE), CAST($at AS TIMESTAMPTZ), $outcome)`,
        {
          id: run.runId,
          date: run.date,
          at: run.startedAt,
          outcome: run.outcome ?? 'done',
        },
      );
      for (const [tieout, line, items, cents] of run.lines) {
        await opened.db.run(`INSERT INTO close_lines VALUES ($id, CAST($date AS DATE), $tieout, $line, $items, $cents)`, {
          id: run.runId,
          date: run.date,
          tieout,
          line,
          items,
          cents,
        });
      }
    }
  });
  afterAll(() => opened.close());

  it.each(CASES)('up to $upTo', async (c) => {
    const month = await readMonthClose(opened.db, c.upTo);
    expect([month.month, month.from, month.upTo]).toEqual(['2026-11', '2026-11-01', c.upTo]);
    expect(month.nights).toEqual(c.nights);
    expect(month.missing).toEqual(c.missing);
    expect(month.missingSpans.map((s) => (s.from === s.to ? s.from : `${s.from}..${s.to}`))).toEqual(c.spans);
    const said = (name: 'sales' | 'refunds' | 'cash') => {
      const t = month.close[name];
      const lines = t.explained.map((l) => `${l.line}=${l.items}/${l.amount_cents}`);
      // The identity holds over the month as on each night: the lines sum to service minus shop.
      expect(t.explained.reduce((n, l) => n + l.amount_cents, 0) + t.unexplained.amount_cents).toBe(t.difference_cents);
      return `${t.shop.items}/${t.shop.amount_cents} ${t.service.items}/${t.service.amount_cents} [${lines.join(' ')}] ${t.unexplained.items}/${t.unexplained.amount_cents}`;
    };
    expect({ sales: said('sales'), refunds: said('refunds'), cash: said('cash') }).toEqual({ sales: c.sales, refunds: c.refunds, cash: c.cash });
    expect(month.close.sales.closes).toBe(c.sales.endsWith(' 0/0'));
  });

  it.each([
    ['2026-11', '2026-11-08'],
    ['2026-12', '2026-12-01'],
    ['2026-09', undefined],
  ])('the last night of %s that stored a close is %s', async (month, night) => {
    expect(await readLastClosedNight(opened.db, month)).toBe(night);
  });
});

// The nightly writes the month's close on the month's last night: the last calendar day, leap years too.
it.each([
  ['2026-11-30', true],
  ['2026-11-29', false],
  ['2026-12-31', true],
  ['2026-02-28', true],
  ['2028-02-28', false],
  ['2028-02-29', true],
  ['2026-03-01', false],
])('%s is the last night of its month: %s', (date, last) => {
  expect(isMonthsLastNight(date)).toBe(last);
});
