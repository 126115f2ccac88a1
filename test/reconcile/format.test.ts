// The counts `recon reconcile` prints, in each locale: its words, category labels, counts and money come
// from the locale's catalogue and formatter (a pure rendering of a reconcile result).
import { describe, expect, it } from 'vitest';
import { tableFromResult } from '../../src/reconcile/format.ts';
import type { ReconcileResult } from '../../src/reconcile/reconcile.ts';
import { FINDING_CATEGORIES } from '../../src/shared/domain.ts';
import { messagesFor } from '../../src/shared/locale/index.ts';

const zero = { new: 0, open: 0, resolved: 0, amountCents: 0 };
/** A tie-out whose two sides agree: `items` on each side, `cents` in all. */
const closed = (items: number, cents: number) => ({
  shop: { items, amount_cents: cents },
  service: { items, amount_cents: cents },
  difference_cents: 0,
  explained: [],
  unexplained: { items: 0, amount_cents: 0 },
  closes: true,
});
const result: ReconcileResult = {
  runId: 'rec-2',
  date: '2026-03-10',
  previousRunId: 'rec-1',
  counts: {
    ...Object.fromEntries(FINDING_CATEGORIES.map((c) => [c, zero])),
    missing_payment: { new: 1234, open: 2, resolved: 0, amountCents: 123456789 },
    amount_mismatch: { new: 0, open: 1, resolved: 3, amountCents: -10 },
  } as ReconcileResult['counts'],
  totals: { new: 1234, open: 3, resolved: 3 },
  matches: { exact: 5395, variance: 7 },
  close: { sales: closed(3, 30000), refunds: closed(0, 0), cash: closed(0, 0) },
  seconds: 1,
};

describe('tableFromResult', () => {
  it.each([
    {
      locale: 'pt-BR' as const,
      title: 'Conciliação de 10/03/2026 (execução rec-2, a partir de rec-1)',
      header: ['categoria', 'novos', 'em aberto', 'resolvidos', 'valor'],
      missing: ['Pagamento ausente', '1.234', '2', '0', 'R$ 1.234.567,89'],
      mismatch: ['Valor divergente', '0', '1', '3', '-R$ 0,10'],
      total: ['total', '1.234', '3', '3'],
      matched: 'pedidos conciliados: 5.395 exatos, 7 dentro da tolerância (variação)',
    },
    {
      locale: 'en' as const,
      title: 'Reconciliation of 2026-03-10 (run rec-2, carried from rec-1)',
      header: ['category', 'new', 'open', 'resolved', 'amount'],
      missing: ['missing_payment', '1,234', '2', '0', 'R$ 1,234,567.89'],
      mismatch: ['amount_mismatch', '0', '1', '3', '-R$ 0.10'],
      total: ['total', '1,234', '3', '3'],
      matched: 'matched orders: 5,395 exact, 7 within tolerance (variance)',
    },
  ])('prints the counts in $locale', ({ locale, title, header, missing, mismatch, total, matched }) => {
    const lines = tableFromResult(result, messagesFor(locale)).split('\n');
    const cells = (line: string | undefined) => (line ?? '').trim().split(/ {2,}/);
    expect(lines[0]).toBe(title);
    expect(cells(lines[1])).toEqual(header);
    // One line per category, in the contract's order, then the total.
    expect(lines).toHaveLength(2 + FINDING_CATEGORIES.length + 2);
    expect(cells(lines[2 + FINDING_CATEGORIES.indexOf('missing_payment')])).toEqual(missing);
    expect(cells(lines[2 + FINDING_CATEGORIES.indexOf('amount_mismatch')])).toEqual(mismatch);
    expect(cells(lines.at(-2))).toEqual(total);
    expect(lines.at(-1)).toBe(matched);
  });

  it('says nothing of a previous run when there is none', () => {
    expect(tableFromResult({ ...result, previousRunId: undefined }, messagesFor('en')).split('\n')[0]).toBe('Reconciliation of 2026-03-10 (run rec-2)');
  });
});
