// Refused rows listed without a transaction_id get a stable synthetic id, in the rows and in the text.
import { describe, expect, it } from 'vitest';
import { REFUSED_ID_PREFIX, syntheticIdOf, withRefusedIds } from '../../src/api/refused-ids.ts';

function response(rows: Record<string, unknown>[], spacing = '') {
  const text = JSON.stringify({ total: rows.length, page: 1, offset: 1, transactions: rows }, null, spacing);
  return { value: JSON.parse(text) as unknown, text, bytes: Buffer.from(text), attempts: 1 };
}

const refused = {
  transaction_id: null,
  status: 'refused',
  date_created: '2026-03-10T15:00:00.000Z',
  item_id: 'PED-1',
  net_value: 1000,
  acquirer_status_code: '1016',
};
const paid = { transaction_id: 'tr_1', status: 'paid', date_created: '2026-03-10T15:01:00.000Z', item_id: 'PED-1', net_value: 1000 };

describe('withRefusedIds', () => {
  it.each([
    ['compact JSON', ''],
    ['pretty-printed JSON', '  '],
  ])('gives refused rows without an id a synthetic id (%s)', (_name, spacing) => {
    const out = withRefusedIds(response([paid, refused, { ...refused, date_created: '2026-03-10T15:02:00.000Z' }], spacing));
    const rows = (out.value as { transactions: Record<string, unknown>[] }).transactions;
    expect(rows[0]?.['transaction_id']).toBe('tr_1');
    expect(rows[1]?.['transaction_id']).toMatch(new RegExp(`^${REFUSED_ID_PREFIX}[0-9a-f]{24}$`));
    expect(rows[2]?.['transaction_id']).not.toBe(rows[1]?.['transaction_id']);
    // The staged text says the same as the parsed rows.
    expect((JSON.parse(out.text) as { transactions: unknown[] }).transactions).toEqual(rows);
    expect(out.bytes.toString()).toBe(out.text);
  });

  it('is stable: the same refused attempt gets the same id on every read', () => {
    expect(syntheticIdOf({ ...refused })).toBe(syntheticIdOf({ ...refused, date_updated: 'later' }));
  });

  it.each([
    ['a paid row without an id', [{ ...paid, transaction_id: null }]],
    ['rows with ids only', [paid]],
  ])('leaves %s for the schema to judge', (_name, rows) => {
    const before = response(rows);
    expect(withRefusedIds(before)).toBe(before);
  });
});
