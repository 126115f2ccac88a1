// The cash forecast's installment schedule, on a real warehouse file: which sales count, how a sale is
// cut into installments (the parts add up to the sale, the first carries the remainder cents), when
// each is due (the sale's local day + the contract), and which due dates the horizon keeps.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementSchema } from '../../src/config/bank-schema.ts';
import { RECEIVABLES_FORECAST_SQL, receivablesPerDaySql, settlementParams } from '../../src/forecast/receivables-sql.ts';
import { businessDayOf } from '../../src/shared/business-day.ts';
import { dateParam, instantParam, runWithParams } from '../../src/warehouse/sql.ts';
import { openWarehouse, type Warehouse } from '../../src/warehouse/open.ts';

const ZONE = 'America/Sao_Paulo';
const NIGHT = '2026-03-10';

interface Sale {
  id: string;
  status: string;
  created: string;
  net: number | null;
  paid: number;
  refunded?: number;
  installments: string | null;
}

const SALES: Sale[] = [
  { id: 'one', status: 'paid', created: '2026-03-10T15:00:00Z', net: 10000, paid: 10500, installments: '1' },
  { id: 'three', status: 'paid', created: '2026-03-10T15:00:00Z', net: 10000, paid: 10900, installments: '3' },
  { id: 'twelve', status: 'paid', created: '2026-03-10T15:00:00Z', net: 120000, paid: 130000, installments: '12' },
  { id: 'remainder', status: 'paid', created: '2026-03-10T15:00:00Z', net: 1001, paid: 1001, installments: '3' },
  { id: 'refunded', status: 'refunded', created: '2026-03-10T15:00:00Z', net: 5000, paid: 0, refunded: 5000, installments: '2' },
  { id: 'charged-back', status: 'chargeback', created: '2026-03-10T15:00:00Z', net: 7000, paid: 7000, installments: '2' },
  { id: 'in-review', status: 'review', created: '2026-03-10T15:00:00Z', net: 7000, paid: 0, installments: '1' },
  { id: 'partly-refunded', status: 'paid', created: '2026-03-10T15:00:00Z', net: 10000, paid: 10000, refunded: 4000, installments: '2' },
  // 23:30 in São Paulo on 03-09 is 02:30Z on 03-10: its local day is 03-09.
  { id: 'late-evening', status: 'paid', created: '2026-03-10T02:30:00Z', net: 3000, paid: 3000, installments: '1' },
  { id: 'no-net-value', status: 'paid', created: '2026-03-10T15:00:00Z', net: null, paid: 2500, installments: '1' },
  { id: 'odd-installments', status: 'paid', created: '2026-03-10T15:00:00Z', net: 900, paid: 900, installments: 'x' },
  // Sold after the night's end (a re-run of an older night): not in that night's forecast.
  { id: 'after-the-night', status: 'paid', created: '2026-03-11T04:00:00Z', net: 900, paid: 900, installments: '1' },
  // Sold long ago: its 10th to 12th parts (2025-06-01 + 30 + 270 .. 330 days) are still ahead, the others past.
  { id: 'old-twelve', status: 'paid', created: '2025-06-01T15:00:00Z', net: 12000, paid: 12000, installments: '12' },
];

let dir: string;
let warehouse: Warehouse;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'recon-forecast-'));
  warehouse = await openWarehouse(join(dir, 'recon.duckdb'));
  for (const s of SALES) {
    await warehouse.connection.run(
      `INSERT INTO transactions (transaction_id, item_id, status, date_created, date_updated, net_value, authorized_amount, paid_amount,
         refunded_amount, installments, card_brand, raw_key, first_seen_at, last_seen_at, first_seen_run, last_seen_run)
       VALUES ($id, $item, $status, $created::TIMESTAMPTZ, $created::TIMESTAMPTZ, $net::BIGINT, $paid::BIGINT, $paid::BIGINT,
         $refunded::BIGINT, $installments, 'visa', '0:0', now(), now(), 'sync-1', 'sync-1')`,
      {
        id: s.id,
        item: `item-${s.id}`,
        status: s.status,
        created: s.created,
        net: s.net,
        paid: s.paid,
        refunded: s.refunded ?? 0,
        installments: s.installments,
      },
    );
  }
});
afterAll(() => {
  warehouse.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Line {
  id: string;
  n: number;
  of: number;
  due: string;
  cents: bigint;
}

async function forecast(contract: Partial<{ firstInstallmentDays: number; perInstallment: boolean; horizonDays: number }> = {}): Promise<Line[]> {
  const day = businessDayOf(NIGHT, ZONE);
  const params = { date: dateParam(NIGHT), tz: ZONE, day_end: instantParam(day.endMs), ...settlementParams(settlementSchema.parse(contract)) };
  const result = await runWithParams(
    warehouse.connection,
    `SELECT transaction_id, installment, installments, strftime(due_date, '%Y-%m-%d') AS due, amount_cents
     FROM (${RECEIVABLES_FORECAST_SQL}) ORDER BY transaction_id, installment`,
    params,
  );
  return (await result.getRowObjects()).map((r) => ({
    id: String(r['transaction_id']),
    n: Number(r['installment']),
    of: Number(r['installments']),
    due: String(r['due']),
    cents: r['amount_cents'] as bigint,
  }));
}

const linesOf = (lines: Line[], id: string) => lines.filter((l) => l.id === id).map((l) => `${l.n}/${l.of} ${l.due} ${l.cents}`);

describe('the installment schedule (30 days, then every 30, 90 days ahead of 2026-03-10)', () => {
  it.each([
    ['1x: the whole sale 30 days after its day', 'one', ['1/1 2026-04-09 10000']],
    ['3x: three thirds, 30, 60 and 90 days after', 'three', ['1/3 2026-04-09 3334', '2/3 2026-05-09 3333', '3/3 2026-06-08 3333']],
    ['12x: the three parts inside 90 days', 'twelve', ['1/12 2026-04-09 10000', '2/12 2026-05-09 10000', '3/12 2026-06-08 10000']],
    ['remainder cents on the first installment', 'remainder', ['1/3 2026-04-09 335', '2/3 2026-05-09 333', '3/3 2026-06-08 333']],
    ['refunded: nothing to receive', 'refunded', []],
    ['charged back: nothing to receive', 'charged-back', []],
    ['in review: not captured yet', 'in-review', []],
    ['partly refunded: the refund comes off the net value', 'partly-refunded', ['1/2 2026-04-09 3000', '2/2 2026-05-09 3000']],
    ['23:30 in São Paulo is that local day (03-09), not the UTC one', 'late-evening', ['1/1 2026-04-08 3000']],
    ['no net value: the captured amount', 'no-net-value', ['1/1 2026-04-09 2500']],
    ['an unreadable installment count: one installment', 'odd-installments', ['1/1 2026-04-09 900']],
    ['sold after the night: not yet', 'after-the-night', []],
    ['an old sale: only its parts still ahead', 'old-twelve', ['10/12 2026-03-28 1000', '11/12 2026-04-27 1000', '12/12 2026-05-27 1000']],
  ])('%s', async (_, id, expected) => {
    expect(linesOf(await forecast(), id)).toEqual(expected);
  });

  it.each([
    ['1x', 'one'],
    ['3x', 'three'],
    ['remainder', 'remainder'],
    ['partly refunded', 'partly-refunded'],
  ])('the installments of a %s sale add up to what is receivable', async (_, id) => {
    const lines = await forecast({ horizonDays: 730 });
    const sale = SALES.find((s) => s.id === id)!;
    const receivable = BigInt((sale.net ?? sale.paid) - (sale.refunded ?? 0));
    expect(lines.filter((l) => l.id === id).reduce((sum, l) => sum + l.cents, 0n)).toBe(receivable);
  });

  it('a 12x sale over a long horizon: twelve parts that add up to the sale', async () => {
    const lines = (await forecast({ horizonDays: 730 })).filter((l) => l.id === 'twelve');
    expect(lines.map((l) => l.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(lines.at(-1)?.due).toBe('2027-03-05');
    expect(lines.reduce((sum, l) => sum + l.cents, 0n)).toBe(120000n);
  });

  it.each([
    ['3x', 'three', ['1/1 2026-04-09 10000']],
    ['12x', 'twelve', ['1/1 2026-04-09 120000']],
    ['remainder', 'remainder', ['1/1 2026-04-09 1001']],
  ])('perInstallment false: a %s sale is received whole at firstInstallmentDays', async (_, id, expected) => {
    expect(linesOf(await forecast({ perInstallment: false }), id)).toEqual(expected);
  });

  it('firstInstallmentDays moves every due date; the horizon keeps D+1 to D+horizonDays', async () => {
    expect(linesOf(await forecast({ firstInstallmentDays: 2 }), 'three')).toEqual(['1/3 2026-03-12 3334', '2/3 2026-04-11 3333', '3/3 2026-05-11 3333']);
    // 03-09's sale with 1 day is due on 03-10, the night itself: already due, not ahead.
    expect(linesOf(await forecast({ firstInstallmentDays: 1 }), 'late-evening')).toEqual([]);
    expect(linesOf(await forecast({ firstInstallmentDays: 1 }), 'one')).toEqual(['1/1 2026-03-11 10000']);
    expect(linesOf(await forecast({ horizonDays: 30 }), 'three')).toEqual(['1/3 2026-04-09 3334']);
    expect(linesOf(await forecast({ horizonDays: 29 }), 'three')).toEqual([]);
  });

  it("forecast_lines(DATE 'D') in recon sql: the config's defaults, the report's very lines", async () => {
    const reader = await warehouse.connection.runAndReadAll(
      `SELECT transaction_id, installment, installments, strftime(due_date, '%Y-%m-%d') AS due, amount_cents
       FROM forecast_lines(DATE '${NIGHT}') ORDER BY transaction_id, installment`,
    );
    const lines = reader.getRowObjects().map((r) => ({
      id: String(r['transaction_id']),
      n: Number(r['installment']),
      of: Number(r['installments']),
      due: String(r['due']),
      cents: r['amount_cents'] as bigint,
    }));
    expect(lines.length).toBeGreaterThan(10);
    expect(lines).toEqual(await forecast());
  });

  it('per day: every day of the horizon, zeros included, the sums of the lines', async () => {
    const day = businessDayOf(NIGHT, ZONE);
    const params = { date: dateParam(NIGHT), tz: ZONE, day_end: instantParam(day.endMs), ...settlementParams(settlementSchema.parse({})) };
    const rows = await (
      await runWithParams(
        warehouse.connection,
        `SELECT strftime(due_date, '%Y-%m-%d') AS due, installments_due, amount_cents FROM (${receivablesPerDaySql(`(${RECEIVABLES_FORECAST_SQL})`)}) ORDER BY due_date`,
        params,
      )
    ).getRowObjects();
    expect(rows).toHaveLength(90);
    expect(rows[0]?.['due']).toBe('2026-03-11');
    expect(rows.at(-1)?.['due']).toBe('2026-06-08');
    const lines = await forecast();
    const total = lines.reduce((sum, l) => sum + l.cents, 0n);
    expect(rows.reduce((sum, r) => sum + (r['amount_cents'] as bigint), 0n)).toBe(total);
    expect(rows.find((r) => r['due'] === '2026-04-09')).toMatchObject({
      installments_due: 7n,
      amount_cents: 10000n + 3334n + 10000n + 335n + 3000n + 2500n + 900n,
    });
  });
});
