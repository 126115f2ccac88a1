// The refunds report: every transaction refunded during the business day (refund time in the day, in
// the configured zone), whatever day it was sold, and whether its order already says so.
import type { ReportDefinition } from '../src/report/types.ts';

export const refunds: ReportDefinition = {
  name: 'refunds',
  description: 'Transactions refunded during the day, with their order status',
  sheets: [
    {
      name: 'Refunds',
      sql: `
SELECT transaction_id, item_id, sold_at, refunded_at, net_value_cents, refunded_amount_cents,
  card_brand, card_last_digits, current_status, order_item_id, order_status, order_amount_cents, order_reflects_refund
FROM refunds
WHERE refunded_at >= $day_start AND refunded_at < $day_end
ORDER BY refunded_at, transaction_id`,
      columns: [
        { key: 'transaction_id', header: 'Transaction', type: 'text', width: 24 },
        { key: 'item_id', header: 'Item', type: 'text', width: 20 },
        { key: 'sold_at', header: 'Sold at', type: 'instant' },
        { key: 'refunded_at', header: 'Refunded at', type: 'instant' },
        { key: 'net_value_cents', header: 'Net value', type: 'cents' },
        { key: 'refunded_amount_cents', header: 'Refunded amount', type: 'cents', width: 18 },
        { key: 'card_brand', header: 'Card brand', type: 'text', width: 12 },
        { key: 'card_last_digits', header: 'Last digits', type: 'text', width: 12 },
        { key: 'current_status', header: 'Payment status now', type: 'text', width: 14 },
        { key: 'order_item_id', header: 'Order', type: 'text', width: 20 },
        { key: 'order_status', header: 'Order status', type: 'text', width: 14 },
        { key: 'order_amount_cents', header: 'Order amount', type: 'cents' },
        { key: 'order_reflects_refund', header: 'Order reflects refund', type: 'boolean', width: 12 },
      ],
      totals: ['net_value_cents', 'refunded_amount_cents', 'order_amount_cents'],
    },
  ],
  csvSheet: 'Refunds',
};
