// The refunds report: every transaction refunded during the business day (refund time in the day, in
// the configured zone), whatever day it was sold, and whether its order already says so.
import type { ReportDefinition } from '../src/report/types.ts';
import { emptyOnDay } from './empty-sheet.ts';

export const refunds: ReportDefinition = {
  name: 'refunds',
  description: 'Transactions refunded during the day, with their order status',
  sheets: [
    {
      name: 'Refunds',
      title: (m) => m.sheets.refunds,
      sql: `
SELECT transaction_id, item_id, sold_at, refunded_at, net_value_cents, refunded_amount_cents,
  card_brand, card_last_digits, current_status, order_item_id, order_status, order_amount_cents, order_reflects_refund
FROM refunds_between($day_start, $day_end)
ORDER BY refunded_at, transaction_id`,
      // On paper: the refund, its amounts and whether the order reflects it (the card's details stay on screen).
      printColumns: [
        'transaction_id',
        'item_id',
        'refunded_at',
        'net_value_cents',
        'refunded_amount_cents',
        'current_status',
        'order_status',
        'order_amount_cents',
        'order_reflects_refund',
      ],
      columns: [
        { key: 'transaction_id', header: 'transaction', type: 'text' },
        { key: 'item_id', header: 'item', type: 'text' },
        { key: 'sold_at', header: 'soldAt', type: 'instant' },
        { key: 'refunded_at', header: 'refundedAt', type: 'instant' },
        { key: 'net_value_cents', header: 'netValue', type: 'cents' },
        { key: 'refunded_amount_cents', header: 'refundedAmount', type: 'cents' },
        { key: 'card_brand', header: 'cardBrand', type: 'text' },
        { key: 'card_last_digits', header: 'lastDigits', type: 'text' },
        { key: 'current_status', header: 'paymentStatusNow', type: 'text', display: 'status' },
        { key: 'order_item_id', header: 'order', type: 'text' },
        { key: 'order_status', header: 'orderStatus', type: 'text', display: 'status' },
        { key: 'order_amount_cents', header: 'orderAmount', type: 'cents' },
        { key: 'order_reflects_refund', header: 'orderReflectsRefund', type: 'boolean' },
      ],
      totals: ['net_value_cents', 'refunded_amount_cents', 'order_amount_cents'],
      whenEmpty: emptyOnDay('refunds'),
    },
  ],
  csvSheet: 'Refunds',
};
