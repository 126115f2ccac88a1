// The day's close, sales: what the shop's export says it sold on D against what the service captured
// on D, the difference broken down item by item until every centavo has a reason (docs/close.md).
// Pure SQL over the night's working set (scope.ts, after the findings are inserted); reconcile.ts runs
// it in the night's transaction and stores its lines in close_lines and its unexplained rows in
// close_residue.
//
// The identity: captured − sold = Σ over items of (captured − sold) of the item. An item whose two sides
// agree adds nothing. Each item that differs is explained by the first that holds of:
//   1. a finding of the night on it (the first category in FINDING_CATEGORIES order);
//   2. its counterpart on another day (an order of D paid by a payment created before D or after it, or a
//      payment of D for an order of another day): timing, not a difference;
//   3. the difference within reconcile.amountToleranceCents, both sides present;
// and otherwise it is residue ("não explicado"), listed row by row. The lines sum to the difference by
// construction, so the residue is the part no rule accounts for: zero on a night the rules cover whole.
import { FINDING_CATEGORIES } from '../shared/domain.ts';

/** The lines of a tie-out besides the categories of findings, in the order they are shown. */
export const CLOSE_TIMING_LINES = ['other_day', 'tolerance', 'unexplained'] as const;

/** Which line explains an item (rank: a finding's category first, in FINDING_CATEGORIES order). */
const categoryRank = `CASE f.category ${FINDING_CATEGORIES.map((c, i) => `WHEN '${c}' THEN ${i}`).join(' ')} END`;

/**
 * Per item of the tie-out (an order of D or a payment of D, a payment grouped under the order it links
 * to): both sides, the difference and the line that explains it. `rc_close_sales`.
 */
export const CLOSE_SALES_STATEMENT = `
CREATE OR REPLACE TEMP TABLE rc_close_sales AS
WITH sold AS (
  SELECT item_id AS k, item_id, amount_cents
  FROM rc_orders WHERE status IN ('paid', 'refunded') AND created_at >= $d_start AND created_at < $d_end),
captured AS (
  SELECT coalesce(order_item_id, source || ':' || payment_id) AS k, order_item_id, item_id, source, payment_id, amount_cents
  FROM rc_pay WHERE counts_as_paid AND date_created >= $d_start AND date_created < $d_end),
-- Sums and counts per item first, a narrow aggregate DuckDB spills on a busy day; the list of an item's
-- payments only for the few items that differ (a list per group is a buffer DuckDB cannot spill).
sides AS (
  SELECT k, any_value(item_id) AS item_id, sum(sold_cents) AS sold_cents, sum(captured_cents) AS captured_cents,
         count(payment_id) AS payments, bool_or(is_order) AS has_order
  FROM (
    SELECT k, item_id, amount_cents AS sold_cents, 0 AS captured_cents, NULL AS payment_id, true AS is_order FROM sold
    UNION ALL
    SELECT k, coalesce(order_item_id, item_id), 0, amount_cents, payment_id, false FROM captured)
  GROUP BY k),
differing AS (
  SELECT s.*, l.payment_ids
  FROM sides s LEFT JOIN (
    SELECT k, string_agg(payment_id, ',' ORDER BY payment_id) AS payment_ids FROM captured
    WHERE k IN (SELECT k FROM sides WHERE captured_cents <> sold_cents) GROUP BY k) l USING (k)
  WHERE s.captured_cents <> s.sold_cents),
found AS (
  SELECT d.k, min(${categoryRank}) AS rank
  FROM differing d JOIN findings f
    ON f.run_id = $run_id AND f.state <> 'resolved'
   AND (f.item_id = d.item_id OR list_has_any(string_split(coalesce(f.transaction_ids, ''), ','), string_split(coalesce(d.payment_ids, ''), ','))
        OR f.operation_id IN (SELECT unnest(string_split(coalesce(d.payment_ids, ''), ','))))
  GROUP BY d.k),
elsewhere AS (
  -- The order of D paid by a payment of another day, or the payment of D whose order is of another day.
  SELECT d.k FROM differing d
  WHERE (d.has_order AND EXISTS (SELECT 1 FROM rc_pay p WHERE p.order_item_id = d.item_id AND p.counts_as_paid
                                   AND NOT (p.date_created >= $d_start AND p.date_created < $d_end)))
     OR (NOT d.has_order AND EXISTS (SELECT 1 FROM rc_orders o WHERE o.item_id = d.item_id AND o.status IN ('paid', 'refunded')
                                   AND NOT (o.created_at >= $d_start AND o.created_at < $d_end))))
SELECT d.k, d.item_id, d.payment_ids, d.sold_cents, d.captured_cents, d.captured_cents - d.sold_cents AS difference_cents,
       CASE WHEN f.rank IS NOT NULL THEN (${JSON.stringify(FINDING_CATEGORIES).replace(/"/g, "'")})[f.rank + 1]
            WHEN e.k IS NOT NULL THEN 'other_day'
            WHEN d.has_order AND d.payments > 0 AND abs(d.captured_cents - d.sold_cents) <= $tolerance THEN 'tolerance'
            ELSE 'unexplained' END AS line
FROM differing d LEFT JOIN found f USING (k) LEFT JOIN elsewhere e USING (k)`;

/** The two sides of the tie-out, summed over every item of D (the ones that agree included). */
const CLOSE_SALES_SIDES = `
SELECT (SELECT coalesce(sum(amount_cents), 0) FROM rc_orders WHERE status IN ('paid', 'refunded') AND created_at >= $d_start AND created_at < $d_end) AS sold_cents,
       (SELECT count(*) FROM rc_orders WHERE status IN ('paid', 'refunded') AND created_at >= $d_start AND created_at < $d_end) AS sold_count,
       (SELECT coalesce(sum(amount_cents), 0) FROM rc_pay WHERE counts_as_paid AND date_created >= $d_start AND date_created < $d_end) AS captured_cents,
       (SELECT count(*) FROM rc_pay WHERE counts_as_paid AND date_created >= $d_start AND date_created < $d_end) AS captured_count`;

/** The night's tie-out rows, from rc_close_sales, into close_lines and close_residue. */
export const CLOSE_SALES_INSERTS: readonly string[] = [
  'DELETE FROM close_lines WHERE run_id = $run_id',
  'DELETE FROM close_residue WHERE run_id = $run_id',
  `INSERT INTO close_lines
   WITH s AS (${CLOSE_SALES_SIDES})
   SELECT $run_id, $d, 'sales', 'shop', sold_count, sold_cents FROM s
   UNION ALL SELECT $run_id, $d, 'sales', 'service', captured_count, captured_cents FROM s
   UNION ALL SELECT $run_id, $d, 'sales', line, count(*), sum(difference_cents) FROM rc_close_sales GROUP BY line`,
  `INSERT INTO close_residue
   SELECT $run_id, $d, 'sales', item_id, payment_ids, sold_cents, captured_cents, difference_cents
   FROM rc_close_sales WHERE line = 'unexplained'`,
];

/** A line of a tie-out: how many items and how many cents (a side's sum, or the differences a line explains). */
interface CloseLine {
  items: number;
  amount_cents: number;
}

/** A tie-out of the night as summary.json, the CLI and the reports state it. */
export interface TieOut {
  /** What the shop's export says (orders of D it shows paid or refunded). */
  shop: CloseLine;
  /** What the service captured on D (payments of D that were paid, refunded since or charged back). */
  service: CloseLine;
  /** service − shop. */
  difference_cents: number;
  /** The lines that explain the difference (a finding category, other_day, tolerance), largest first. */
  explained: (CloseLine & { line: string })[];
  /** What no rule explains: zero when the day closes (its rows in close_residue). */
  unexplained: CloseLine;
  /** Every centavo of the difference explained. */
  closes: boolean;
}

export interface CloseResult {
  sales: TieOut;
}

type ReadAll = { runAndReadAll(sql: string, params?: Record<string, string>): Promise<{ getRowObjects(): Record<string, unknown>[] }> };

/** The night's tie-outs as stored in close_lines: the one reading summary.json, the CLI and the reports share. */
export async function readClose(db: ReadAll, runId: string): Promise<CloseResult> {
  const rows = (await db.runAndReadAll(`SELECT tieout, line, items, amount_cents FROM close_lines WHERE run_id = $run_id`, { run_id: runId })).getRowObjects();
  const lineOf = (row: Record<string, unknown>): CloseLine => ({ items: Number(row['items']), amount_cents: Number(row['amount_cents']) });
  const of = (name: string) => rows.filter((r) => r['tieout'] === 'sales' && r['line'] === name).map(lineOf)[0] ?? { items: 0, amount_cents: 0 };
  const shop = of('shop');
  const service = of('service');
  const unexplained = of('unexplained');
  const explained = rows
    .filter((r) => r['tieout'] === 'sales' && !['shop', 'service', 'unexplained'].includes(String(r['line'])))
    .map((r) => ({ line: String(r['line']), ...lineOf(r) }))
    .sort((a, b) => Math.abs(b.amount_cents) - Math.abs(a.amount_cents) || a.line.localeCompare(b.line));
  return {
    sales: { shop, service, difference_cents: service.amount_cents - shop.amount_cents, explained, unexplained, closes: unexplained.items === 0 },
  };
}
