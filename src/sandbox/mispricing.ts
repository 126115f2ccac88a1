// Mispriced sales, planted on request (GenerateOptions.mispricedRate): a paid sale charged other than
// the brand's price for its net value and installments, the way it goes wrong in a shop: the price of
// one installment charged for several (the installment fee not passed on), or a stale or hand-typed
// total. Each is a fee_mismatch in the ground truth, on the business day of the sale.
import { DEFAULT_PRICING, priceOf } from './pricing.ts';
import type { HistoryBuilder } from './builder.ts';
import type { SandboxTransaction } from './model.ts';

/**
 * Smallest difference planted, in cents: above fees.toleranceCents' default (1 cent), so that a
 * check with the default settings reports every planted sale.
 */
const MIN_DIFFERENCE = 2;

/** Charges `tx` (just created, paid) a wrong amount and records the truth on `date`. */
export function mispriceSale(b: HistoryBuilder, tx: SandboxTransaction, date: string): void {
  const price = priceOf(DEFAULT_PRICING, tx.brand, tx.netValue, tx.installments);
  let charged = tx.installments > 1 && b.rng.chance(0.5) ? priceOf(DEFAULT_PRICING, tx.brand, tx.netValue, 1) : price;
  if (Math.abs(charged - price) < MIN_DIFFERENCE) {
    const off = b.rng.int(MIN_DIFFERENCE, Math.max(MIN_DIFFERENCE, Math.floor(price / 20)));
    charged = b.rng.chance(0.5) || price - off < 1 ? price + off : price - off;
  }
  const v = tx.versions[0]!;
  tx.versions[0] = { ...v, authorized: charged, paid: v.status === 'paid' ? charged : v.paid };
  b.truthOf({ category: 'fee_mismatch', date, item_id: tx.itemId, transaction_ids: [tx.id] });
}
