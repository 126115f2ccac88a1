// The stable views on a real migrated warehouse file with fixture rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { refundsBetween } from '../../src/serve/queries.ts';
import { createFixtureWarehouse, type Fixture } from './fixture.ts';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await createFixtureWarehouse();
});
afterAll(() => {
  fixture.warehouse.close();
  rmSync(fixture.dir, { recursive: true, force: true });
});

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await fixture.warehouse.connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}

describe('views', () => {
  it('reconcile_runs_latest picks the latest reconcile run of each day, skipping failed ones', async () => {
    expect(await rows('SELECT business_date, run_id FROM reconcile_runs_latest')).toEqual([{ business_date: '2024-03-15', run_id: 'rec-1' }]);
  });

  it('findings_latest holds only the latest run, resolved rows included', async () => {
    const found = await rows('SELECT run_id, finding_key, state FROM findings_latest ORDER BY finding_key');
    expect(new Set(found.map((r) => r['run_id']))).toEqual(new Set(['rec-1']));
    expect(found).toHaveLength(6);
    expect(found.filter((r) => r['state'] === 'resolved')).toHaveLength(1);
  });

  it('refunds: one row per refunded transaction, refund time from history else date_updated, with the order', async () => {
    const found = await rows(`SELECT transaction_id, item_id, refunded_at, net_value_cents, card_brand, card_last_digits, order_status, order_reflects_refund
      FROM refunds ORDER BY transaction_id`);
    expect(found).toEqual([
      {
        transaction_id: 'T2',
        item_id: 'I2',
        refunded_at: '2024-03-15 12:00:00+00',
        net_value_cents: '25090',
        card_brand: 'mastercard',
        card_last_digits: '2222',
        order_status: 'paid',
        order_reflects_refund: false,
      },
      {
        transaction_id: 'T3',
        item_id: 'I3',
        refunded_at: '2024-03-16 02:30:00+00',
        net_value_cents: '1000',
        card_brand: 'elo',
        card_last_digits: '3333',
        order_status: 'refunded',
        order_reflects_refund: true,
      },
      {
        transaction_id: 'T4',
        item_id: 'I4',
        refunded_at: '2024-03-15 02:30:00+00',
        net_value_cents: '2000',
        card_brand: 'visa',
        card_last_digits: '4444',
        order_status: null,
        order_reflects_refund: null,
      },
    ]);
  });

  it.each([
    ['the start in, the end out', "'2024-03-15 02:30:00+00'", "'2024-03-16 02:30:00+00'", ['T2', 'T4']],
    ['a microsecond after the start', "'2024-03-15 02:30:00.000001+00'", "'2024-03-16 02:30:00+00'", ['T2']],
    ['a microsecond after the end', "'2024-03-15 02:30:00+00'", "'2024-03-16 02:30:00.000001+00'", ['T2', 'T3', 'T4']],
    ['no start', 'NULL', "'2024-03-15 12:00:00+00'", ['T4']],
    ['no bound', 'NULL', 'NULL', ['T2', 'T3', 'T4']],
  ])('refunds_between: %s', async (_case, start, end, ids) => {
    const range = `CAST(${start} AS TIMESTAMPTZ), CAST(${end} AS TIMESTAMPTZ)`;
    const picked = await rows(`SELECT * FROM refunds_between(${range}) ORDER BY transaction_id`);
    expect(picked.map((r) => r['transaction_id'])).toEqual(ids);
    // The same rows, every column, as the view gives them.
    const filter = [
      start === 'NULL' ? 'true' : `refunded_at >= CAST(${start} AS TIMESTAMPTZ)`,
      end === 'NULL' ? 'true' : `refunded_at < CAST(${end} AS TIMESTAMPTZ)`,
    ];
    expect(picked).toEqual(await rows(`SELECT * FROM refunds WHERE ${filter.join(' AND ')} ORDER BY transaction_id`));
  });

  it("the page's refunds of a range, to the millisecond", async () => {
    const at = (iso: string) => Date.parse(iso);
    const events = await refundsBetween(fixture.warehouse.connection, at('2024-03-15T02:30:00Z'), at('2024-03-15T12:00:00.001Z'));
    expect(events.sort((a, b) => a.refundedMs - b.refundedMs)).toEqual([
      { refundedMs: at('2024-03-15T02:30:00Z'), amountCents: 2000n },
      { refundedMs: at('2024-03-15T12:00:00Z'), amountCents: 25090n },
    ]);
    expect(await refundsBetween(fixture.warehouse.connection, at('2024-03-15T02:30:00.001Z'), at('2024-03-15T12:00:00Z'))).toEqual([]);
  });

  it('chargebacks: time, days from sale, age, brand, and the order matched by transaction_id when item_id is missing', async () => {
    const found =
      await rows(`SELECT transaction_id, charged_back_at, days_sale_to_chargeback, is_open, card_brand, order_item_id, age_days >= days_sale_to_chargeback AS aged
      FROM chargebacks ORDER BY transaction_id`);
    expect(found).toEqual([
      {
        transaction_id: 'T5',
        charged_back_at: '2024-03-15 15:00:00+00',
        days_sale_to_chargeback: '5',
        is_open: true,
        card_brand: 'visa',
        order_item_id: 'I5',
        aged: true,
      },
      {
        transaction_id: 'T6',
        charged_back_at: '2024-03-01 12:00:00+00',
        days_sale_to_chargeback: '121',
        is_open: true,
        card_brand: 'mastercard',
        order_item_id: null,
        aged: true,
      },
      {
        transaction_id: 'T7',
        charged_back_at: '2024-03-16 04:00:00+00',
        days_sale_to_chargeback: '14',
        is_open: true,
        card_brand: 'visa',
        order_item_id: null,
        aged: true,
      },
      {
        transaction_id: 'T9',
        charged_back_at: '2024-03-15 10:00:00+00',
        days_sale_to_chargeback: '23',
        is_open: true,
        card_brand: 'hipercard',
        order_item_id: 'ORD-9',
        aged: true,
      },
    ]);
  });

  it.each([
    ['the start in, the end out', "'2024-03-15 10:00:00+00'", "'2024-03-16 04:00:00+00'", ['T5', 'T9']],
    ['a microsecond after the start', "'2024-03-15 10:00:00.000001+00'", "'2024-03-16 04:00:00+00'", ['T5']],
    ['a microsecond after the end', "'2024-03-15 10:00:00+00'", "'2024-03-16 04:00:00.000001+00'", ['T5', 'T7', 'T9']],
    ['no start', 'NULL', "'2024-03-15 10:00:00+00'", ['T6']],
    ['no bound', 'NULL', 'NULL', ['T5', 'T6', 'T7', 'T9']],
  ])('chargebacks_between: %s', async (_case, start, end, ids) => {
    const range = `CAST(${start} AS TIMESTAMPTZ), CAST(${end} AS TIMESTAMPTZ)`;
    // age_days counts to now(), which moves between two statements.
    const picked = await rows(`SELECT * EXCLUDE (age_days) FROM chargebacks_between(${range}) ORDER BY transaction_id`);
    expect(picked.map((r) => r['transaction_id'])).toEqual(ids);
    const filter = [
      start === 'NULL' ? 'true' : `charged_back_at >= CAST(${start} AS TIMESTAMPTZ)`,
      end === 'NULL' ? 'true' : `charged_back_at < CAST(${end} AS TIMESTAMPTZ)`,
    ];
    expect(picked).toEqual(await rows(`SELECT * EXCLUDE (age_days) FROM chargebacks WHERE ${filter.join(' AND ')} ORDER BY transaction_id`));
  });

  it('a transaction refunded, then charged back, is in both views', async () => {
    await fixture.warehouse.connection.run(`
      INSERT INTO transaction_history VALUES
        ('T6', 'refunded', TIMESTAMPTZ '2024-02-01T00:00:00Z', now(), now(), 'x', 'x');`);
    try {
      expect(await rows(`SELECT transaction_id, current_status, refunded_at FROM refunds WHERE transaction_id = 'T6'`)).toEqual([
        { transaction_id: 'T6', current_status: 'chargeback', refunded_at: '2024-02-01 00:00:00+00' },
      ]);
    } finally {
      await fixture.warehouse.connection.run(`DELETE FROM transaction_history WHERE transaction_id = 'T6'`);
    }
  });
});
