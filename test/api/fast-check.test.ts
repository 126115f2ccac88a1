// The hand-written row checks never accept what the zod schemas reject: each case is run through both,
// and a row the fast check doubts still gets zod's verdict (and its message) through checkTransactionsPage.
import { describe, expect, it } from 'vitest';
import { looksLikeCashIn, looksLikeCashOut, looksLikeEnvelope, looksLikeTransaction } from '../../src/api/fast-check.ts';
import { isStrictInstant, strictIsoOf } from '../../src/shared/fields.ts';
import { cashInRowSchema, cashOutRowSchema, transactionRowSchema } from '../../src/api/schemas.ts';
import { checkTransactionsPage } from '../../src/api/validate.ts';
import { fakeCashIn, fakeCashOut, fakeTransaction } from '../sync/fake-service.ts';

const tx = fakeTransaction('tx1', Date.parse('2024-05-01T12:00:00Z'));

describe('fast row checks', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['the service shape', {}, true],
    ['an unknown extra field', { extra: { nested: [1, 2] } }, true],
    ['item_id null', { item_id: null }, true],
    ['item_id missing', { item_id: undefined }, true],
    ['item_id empty', { item_id: '' }, false],
    ['a float amount', { net_value: 12.5 }, false],
    ['a string amount', { paid_amount: '100' }, false],
    ['an unsafe integer', { refunded_amount: 2 ** 60 }, false],
    ['an unknown status', { status: 'lost' }, false],
    ['a null card brand', { card_brand: null }, false],
    ['nsu missing', { nsu: undefined }, false],
    ['an impossible day', { date_created: '2023-02-29T10:00:00.000Z' }, false],
    ['a leap day', { date_created: '2024-02-29T10:00:00.000Z' }, true],
    ['hour 24', { date_updated: '2024-05-01T24:00:00.000Z' }, false],
    ['an offset (zod accepts, fast check defers)', { date_created: '2024-05-01T09:00:00.000-03:00' }, false],
    ['no milliseconds (zod accepts, fast check defers)', { date_created: '2024-05-01T09:00:00Z' }, false],
    ['an empty id', { transaction_id: '' }, false],
  ])('transaction with %s', (_name, patch, fast) => {
    const row = { ...tx, ...patch };
    expect(looksLikeTransaction(row)).toBe(fast);
    // Never looser than zod.
    if (fast) expect(transactionRowSchema.safeParse(row).success).toBe(true);
  });

  it('defers to zod, which accepts an offset instant and names a broken field', () => {
    const ok = { ...tx, date_created: '2024-05-01T09:00:00.000-03:00' };
    expect(checkTransactionsPage({ total: 1, page: 1, offset: 1, transactions: [ok] }, 'GET x').rows).toHaveLength(1);
    const bad = { ...tx, card_last_digits: 1234 };
    expect(() => checkTransactionsPage({ total: 1, page: 1, offset: 1, transactions: [bad] }, 'GET x')).toThrow(
      'GET x: row 1 (transaction_id tx1): field card_last_digits',
    );
  });

  it.each<[string, Record<string, unknown>, boolean]>([
    ['cash-in', fakeCashIn('ci1', Date.parse('2024-05-01T12:00:00Z')), true],
    ['cash-in with a text amount', { ...fakeCashIn('ci1', Date.parse('2024-05-01T12:00:00Z')), amount: '1.00' }, false],
    ['cash-out', fakeCashOut('co1', Date.parse('2024-05-01T12:00:00Z')), true],
    ['cash-out with a null description', { ...fakeCashOut('co1', Date.parse('2024-05-01T12:00:00Z')), status_description: null }, true],
    ['cash-out with a bad status', { ...fakeCashOut('co1', Date.parse('2024-05-01T12:00:00Z')), status: 'paid' }, false],
  ])('%s', (_name, row, fast) => {
    const isIn = 'cash_in_id' in row;
    expect(isIn ? looksLikeCashIn(row) : looksLikeCashOut(row)).toBe(fast);
    if (fast) expect((isIn ? cashInRowSchema : cashOutRowSchema).safeParse(row).success).toBe(true);
  });

  it.each<[unknown, boolean]>([
    [{ total: 2, page: 1, offset: 1, transactions: [] }, true],
    [{ total: -1, page: 1, offset: 1, transactions: [] }, false],
    [{ total: 2, page: 1, offset: 1, transactions: {} }, false],
    [{ total: '2', page: 1, offset: 1, transactions: [] }, false],
    [[], false],
  ])('envelope %j', (value, fast) => {
    expect(looksLikeEnvelope(value, 'transactions')).toBe(fast);
  });

  it('orders strict instants as text in the order of time, with exact window bounds', () => {
    const start = Date.parse('2024-05-01T03:00:00Z');
    expect(strictIsoOf(start)).toBe('2024-05-01T03:00:00.000Z');
    expect(strictIsoOf(Number.NaN)).toBeUndefined();
    expect(isStrictInstant('2024-05-01T02:59:59.999Z') && '2024-05-01T02:59:59.999Z' < strictIsoOf(start)!).toBe(true);
    expect(isStrictInstant(12)).toBe(false);
  });
});
