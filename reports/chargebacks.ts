// The chargebacks report: what finance acts on today. The list holds the day's new chargebacks and the
// open ones the day's reconcile run still has a chargeback_open finding for (the order says paid); a
// chargeback open for months whose order already shows it is not listed again every morning. The
// 'By brand' sheet counts and ages every chargeback open as of the day's end, listed or not. Both
// sheets are cuts of one base, every open chargeback, read once a night. A chargeback's age is the
// dispute clock, days since the chargeback, in the buckets the page uses too (src/shared/chargeback-age.ts).
import type { ColumnSpec, ReportDefinition } from '../src/report/types.ts';
import { CHARGEBACK_AGE_BUCKETS, chargebackAgeBucketSql, wholeDaysBetweenSql } from '../src/shared/chargeback-age.ts';
import { emptyOnDay } from './empty-sheet.ts';

/**
 * The base: every chargeback open as of the day's end, aged at the day's end so a re-run of a past night
 * is identical, and whether the day's reconcile run holds an unresolved chargeback_open finding for it
 * (the finding names the order, and the charged-back transactions among its transaction_ids).
 * `age_days` stays what it always was in the CSV: days since the sale.
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
    ${wholeDaysBetweenSql('charged_back_at', '$day_end')} AS days_since_chargeback,
    ${wholeDaysBetweenSql('sold_at', '$day_end')} AS age_days
  FROM chargebacks_between(NULL::TIMESTAMPTZ, $day_end)
  WHERE is_open
)
SELECT *,
  ${chargebackAgeBucketSql('days_since_chargeback')} AS age_bucket,
  EXISTS (SELECT 1 FROM open_findings f WHERE f.item_id = c.order_item_id OR list_contains(f.transaction_ids, c.transaction_id)) AS has_open_finding
FROM c`;

const LISTED = `
SELECT transaction_id, item_id, is_new, sold_at, charged_back_at, age_days, age_bucket, net_value_cents,
  card_brand, card_last_digits, order_item_id, order_status, order_amount_cents, has_open_finding, days_since_chargeback
FROM $base
WHERE is_new OR has_open_finding
ORDER BY charged_back_at, transaction_id`;

const column = {
  transaction_id: { key: 'transaction_id', header: 'transaction', type: 'text' },
  item_id: { key: 'item_id', header: 'item', type: 'text' },
  is_new: { key: 'is_new', header: 'newToday', type: 'boolean' },
  sold_at: { key: 'sold_at', header: 'soldAt', type: 'instant' },
  charged_back_at: { key: 'charged_back_at', header: 'chargedBackAt', type: 'instant' },
  days_since_chargeback: { key: 'days_since_chargeback', header: 'daysSinceChargeback', type: 'integer' },
  age_days: { key: 'age_days', header: 'daysSinceSale', type: 'integer' },
  age_bucket: { key: 'age_bucket', header: 'ageBucket', type: 'text', display: 'ageBucket' },
  net_value_cents: { key: 'net_value_cents', header: 'netValue', type: 'cents' },
  card_brand: { key: 'card_brand', header: 'cardBrand', type: 'text' },
  card_last_digits: { key: 'card_last_digits', header: 'lastDigits', type: 'text' },
  order_item_id: { key: 'order_item_id', header: 'order', type: 'text' },
  order_status: { key: 'order_status', header: 'orderStatus', type: 'text', display: 'status' },
  order_amount_cents: { key: 'order_amount_cents', header: 'orderAmount', type: 'cents' },
  has_open_finding: { key: 'has_open_finding', header: 'openFinding', type: 'boolean' },
} satisfies Record<string, ColumnSpec>;

const c = column;
/** The workbook reads in the order a person asks: when, how old (the dispute clock first), how much. */
const SHEET_COLUMNS: ColumnSpec[] = [
  c.transaction_id,
  c.item_id,
  c.is_new,
  c.sold_at,
  c.charged_back_at,
  c.days_since_chargeback,
  c.age_bucket,
  c.age_days,
  c.net_value_cents,
  c.card_brand,
  c.card_last_digits,
  c.order_item_id,
  c.order_status,
  c.order_amount_cents,
  c.has_open_finding,
];

/** The CSV keeps its columns where scripts find them; the days since the chargeback come last. */
const CSV_KEYS = [
  'transaction_id',
  'item_id',
  'is_new',
  'sold_at',
  'charged_back_at',
  'age_days',
  'age_bucket',
  'net_value_cents',
  'card_brand',
  'card_last_digits',
  'order_item_id',
  'order_status',
  'order_amount_cents',
  'has_open_finding',
  'days_since_chargeback',
] as const satisfies readonly (keyof typeof column)[];

const bucketColumn = (b: (typeof CHARGEBACK_AGE_BUCKETS)[number]) => `age_${b.key.replace(/\W/g, '_')}`;
const BUCKET_COLUMNS: ColumnSpec[] = CHARGEBACK_AGE_BUCKETS.map((b) => ({ key: bucketColumn(b), header: (m) => m.ageBuckets[b.key], type: 'integer' }));

export const chargebacks: ReportDefinition = {
  name: 'chargebacks',
  description: "The day's new chargebacks and those with an open chargeback_open finding, aged; totals by brand of every chargeback open as of the day",
  base: OPEN_AS_OF_DAY,
  sheets: [
    {
      name: 'Chargebacks',
      title: (m) => m.sheets.chargebacks,
      sql: LISTED,
      columns: SHEET_COLUMNS,
      csvColumns: CSV_KEYS,
      // On paper: which chargeback, how old the dispute, how much, and whether the order knows.
      printColumns: [
        'transaction_id',
        'item_id',
        'is_new',
        'charged_back_at',
        'days_since_chargeback',
        'net_value_cents',
        'card_brand',
        'order_status',
        'order_amount_cents',
        'has_open_finding',
      ],
      totals: ['net_value_cents', 'order_amount_cents'],
      // None to act on is no reason to look empty-handed: say how many are open, and where.
      whenEmpty: {
        message: 'chargebacks',
        sql: 'SELECT count(*) AS open, coalesce(sum(net_value_cents), 0)::BIGINT AS open_cents FROM $base',
        figures: { open: 'integer', open_cents: 'cents' },
      },
    },
    {
      name: 'By brand',
      title: (m) => m.sheets.byBrand,
      sql: `
SELECT coalesce(card_brand, '(unknown)') AS card_brand,
  count(*) AS chargebacks,
  count(*) FILTER (WHERE is_new) AS new,
  ${CHARGEBACK_AGE_BUCKETS.map((b) => `count(*) FILTER (WHERE age_bucket = '${b.key}') AS ${bucketColumn(b)}`).join(',\n  ')},
  coalesce(sum(net_value_cents), 0)::BIGINT AS net_value_cents
FROM $base
GROUP BY ALL
ORDER BY card_brand`,
      columns: [
        { key: 'card_brand', header: 'cardBrand', type: 'text' },
        { key: 'chargebacks', header: 'chargebackCount', type: 'integer' },
        { key: 'new', header: 'newTodayCount', type: 'integer' },
        ...BUCKET_COLUMNS,
        { key: 'net_value_cents', header: 'netValue', type: 'cents' },
      ],
      totals: ['chargebacks', 'new', ...BUCKET_COLUMNS.map((b) => b.key), 'net_value_cents'],
      whenEmpty: emptyOnDay('chargebacksByBrand'),
    },
  ],
  csvSheet: 'Chargebacks',
};
