// The chargebacks report: what finance acts on today. The list holds the day's new chargebacks and the
// open ones the day's reconcile run still has a chargeback_open finding for (the order says paid); a
// chargeback open for months whose order already shows it is not listed again every morning. The
// 'By brand' sheet counts and ages every chargeback open as of the day's end, listed or not. Both
// sheets are cuts of one base, every open chargeback, read once a night.
import type { ReportDefinition } from '../src/report/types.ts';

const DAY_MS = 86_400_000;

/**
 * The base: every chargeback open as of the day's end, aged at the day's end so a re-run of a past night
 * is identical, and whether the day's reconcile run holds an unresolved chargeback_open finding for it
 * (the finding names the order, and the charged-back transactions among its transaction_ids).
 */
const OPEN_AS_OF_DAY = `
WITH open_findings AS (
  SELECT item_id, string_split(transaction_ids, ',') AS transaction_ids
  FROM findings
  WHERE run_id = $run_id AND business_date = $date AND category = 'chargeback_open' AND state <> 'resolved'
),
c AS (
  SELECT * EXCLUDE (age_days),
    charged_back_at >= $day_start AS is_new,
    epoch_ms($day_end) - epoch_ms(sold_at) AS age_ms
  FROM chargebacks
  WHERE is_open AND charged_back_at < $day_end
)
SELECT *,
  age_ms // ${DAY_MS} AS age_days,
  CASE WHEN age_ms < ${7 * DAY_MS} THEN '<7d'
       WHEN age_ms < ${30 * DAY_MS} THEN '7-30d'
       WHEN age_ms < ${90 * DAY_MS} THEN '30-90d'
       ELSE '>90d' END AS age_bucket,
  EXISTS (SELECT 1 FROM open_findings f WHERE f.item_id = c.order_item_id OR list_contains(f.transaction_ids, c.transaction_id)) AS has_open_finding
FROM c`;

export const chargebacks: ReportDefinition = {
  name: 'chargebacks',
  description: "The day's new chargebacks and those with an open chargeback_open finding, aged; totals by brand of every chargeback open as of the day",
  base: OPEN_AS_OF_DAY,
  sheets: [
    {
      name: 'Chargebacks',
      sql: `
SELECT transaction_id, item_id, is_new, sold_at, charged_back_at, age_days, age_bucket, net_value_cents,
  card_brand, card_last_digits, order_item_id, order_status, order_amount_cents, has_open_finding
FROM $base
WHERE is_new OR has_open_finding
ORDER BY charged_back_at, transaction_id`,
      columns: [
        { key: 'transaction_id', header: 'Transaction', type: 'text', width: 24 },
        { key: 'item_id', header: 'Item', type: 'text', width: 20 },
        { key: 'is_new', header: 'New today', type: 'boolean' },
        { key: 'sold_at', header: 'Sold at', type: 'instant' },
        { key: 'charged_back_at', header: 'Charged back at', type: 'instant' },
        { key: 'age_days', header: 'Age (days)', type: 'integer' },
        { key: 'age_bucket', header: 'Age bucket', type: 'text', width: 11 },
        { key: 'net_value_cents', header: 'Net value', type: 'cents' },
        { key: 'card_brand', header: 'Card brand', type: 'text', width: 12 },
        { key: 'card_last_digits', header: 'Last digits', type: 'text', width: 12 },
        { key: 'order_item_id', header: 'Order', type: 'text', width: 20 },
        { key: 'order_status', header: 'Order status', type: 'text', width: 14 },
        { key: 'order_amount_cents', header: 'Order amount', type: 'cents' },
        { key: 'has_open_finding', header: 'Open finding', type: 'boolean', width: 12 },
      ],
      totals: ['net_value_cents', 'order_amount_cents'],
    },
    {
      name: 'By brand',
      sql: `
SELECT coalesce(card_brand, '(unknown)') AS card_brand,
  count(*) AS chargebacks,
  count(*) FILTER (WHERE is_new) AS new,
  count(*) FILTER (WHERE age_bucket = '<7d') AS under_7d,
  count(*) FILTER (WHERE age_bucket = '7-30d') AS from_7_to_30d,
  count(*) FILTER (WHERE age_bucket = '30-90d') AS from_30_to_90d,
  count(*) FILTER (WHERE age_bucket = '>90d') AS over_90d,
  coalesce(sum(net_value_cents), 0)::BIGINT AS net_value_cents
FROM $base
GROUP BY ALL
ORDER BY card_brand`,
      columns: [
        { key: 'card_brand', header: 'Card brand', type: 'text', width: 14 },
        { key: 'chargebacks', header: 'Chargebacks', type: 'integer', width: 13 },
        { key: 'new', header: 'New today', type: 'integer' },
        { key: 'under_7d', header: '<7d', type: 'integer' },
        { key: 'from_7_to_30d', header: '7-30d', type: 'integer' },
        { key: 'from_30_to_90d', header: '30-90d', type: 'integer' },
        { key: 'over_90d', header: '>90d', type: 'integer' },
        { key: 'net_value_cents', header: 'Net value', type: 'cents', width: 18 },
      ],
      totals: ['chargebacks', 'new', 'under_7d', 'from_7_to_30d', 'from_30_to_90d', 'over_90d', 'net_value_cents'],
    },
  ],
  csvSheet: 'Chargebacks',
};
