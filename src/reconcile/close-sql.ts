// The day's close as SQL (docs/close.md): a tie-out sets what the shop says against what the service
// did, both as items, and breaks their difference down item by item until every centavo has a reason.
// Pure SQL over the night's working set (scope.ts, after the findings are inserted); reconcile.ts runs
// it in the night's transaction, storing the lines in close_lines and the unexplained rows in
// close_residue. The tie-outs themselves are data (close-tieouts.ts).
//
// The identity: service − shop = Σ over items of (service − shop) of the item. An item whose two sides
// agree adds nothing. Each item that differs is explained by the first that holds of:
//   1. its counterpart on another day (the tie-out's own test): timing, whatever else the item has;
//   2. a finding of the night on it (its item or one of its payments; the first category in
//      FINDING_CATEGORIES order);
//   3. the difference within reconcile.amountToleranceCents, both sides present (where the tie-out
//      compares amounts that the tolerance covers);
// and otherwise it is residue ("não explicado"), listed row by row. The lines sum to the difference by
// construction, so the residue is the part no rule accounts for: zero on a night the rules cover whole.
import { FINDING_CATEGORIES } from '../shared/domain.ts';

/** A tie-out: its two sides as SQL over the working set, and what makes an item's counterpart another day's. */
export interface TieOutSpec {
  /** close_lines.tieout: a key, in no locale. */
  name: string;
  /**
   * The shop's items of D: (k, item_id, amount_cents); k groups an item's rows with the service's (and a
   * finding whose key is k explains the item: a line of the bank has no item of its own).
   */
  shop: string;
  /** The service's items of D: (k, item_id, payment_id, amount_cents). */
  service: string;
  /** A condition on `d` (k, item_id, has_shop, has_service): the item's counterpart belongs to another day. */
  elsewhere: string;
  /** Whether a finding resolved tonight explains an item too (a refund made is what resolves the refund owed). */
  resolvedExplains: boolean;
  /** Working tables the sides and `elsewhere` both read, built once before them. */
  prepare?: readonly string[];
}

const CATEGORY_LIST = `[${FINDING_CATEGORIES.map((c) => `'${c}'`).join(', ')}]`;
const categoryRank = `CASE f.category ${FINDING_CATEGORIES.map((c, i) => `WHEN '${c}' THEN ${i}`).join(' ')} END`;

/** The statements of one tie-out: its sides, its items that differ with their line, its stored rows. */
export function tieOutStatements(spec: TieOutSpec): string[] {
  const t = (part: string) => `temp.rc_close_${spec.name}_${part}`;
  return [
    ...(spec.prepare ?? []),
    `CREATE OR REPLACE TEMP TABLE rc_close_${spec.name}_shop AS ${spec.shop}`,
    `CREATE OR REPLACE TEMP TABLE rc_close_${spec.name}_service AS ${spec.service}`,
    `CREATE OR REPLACE TEMP TABLE rc_close_${spec.name}_items AS
WITH
-- Sums and counts per item first, a narrow aggregate DuckDB spills on a busy day; the list of an item's
-- payments only for the few items that differ (a list per group is a buffer DuckDB cannot spill).
sides AS (
  SELECT k, any_value(item_id) AS item_id, sum(shop_cents) AS shop_cents, sum(service_cents) AS service_cents,
         count(payment_id) AS payments, bool_or(is_shop) AS has_shop
  FROM (
    SELECT k, item_id, amount_cents AS shop_cents, 0 AS service_cents, NULL AS payment_id, true AS is_shop FROM ${t('shop')}
    UNION ALL
    SELECT k, item_id, 0, amount_cents, payment_id, false FROM ${t('service')})
  GROUP BY k),
d AS (
  SELECT s.*, s.payments > 0 AS has_service, l.payment_ids
  FROM sides s LEFT JOIN (
    SELECT k, string_agg(payment_id, ',' ORDER BY payment_id) AS payment_ids FROM ${t('service')}
    WHERE k IN (SELECT k FROM sides WHERE service_cents <> shop_cents) GROUP BY k) l USING (k)
  WHERE s.service_cents <> s.shop_cents),
-- The night's findings with their rank, and each one's payments and each differing item's, one per row.
f AS MATERIALIZED (
  SELECT f.finding_key, f.item_id, f.transaction_ids, f.operation_id, ${categoryRank} AS rank
  FROM findings f WHERE f.run_id = $run_id ${spec.resolvedExplains ? '' : "AND f.state <> 'resolved'"}),
fp AS (SELECT rank, unnest(string_split(transaction_ids, ',')) AS payment_id FROM f WHERE transaction_ids IS NOT NULL),
dp AS MATERIALIZED (SELECT k, unnest(string_split(payment_ids, ',')) AS payment_id FROM d WHERE payment_ids IS NOT NULL),
-- A finding explains an item by its key, its item, a payment they share or the operation it names: one
-- equi-join each (an OR of them in one join compared every differing item with every finding, 1.5 s of
-- a busy night's 6 s reconcile). A NULL on either side matches nothing, as in each test alone.
found AS (
  SELECT k, min(rank) AS rank FROM (
    SELECT d.k, f.rank FROM d JOIN f ON f.finding_key = d.k
    UNION ALL SELECT d.k, f.rank FROM d JOIN f ON f.item_id = d.item_id
    UNION ALL SELECT dp.k, fp.rank FROM dp JOIN fp USING (payment_id)
    UNION ALL SELECT dp.k, f.rank FROM dp JOIN f ON f.operation_id = dp.payment_id)
  GROUP BY k),
elsewhere AS (SELECT d.k FROM d WHERE ${spec.elsewhere})
SELECT d.k, d.item_id, d.payment_ids, d.shop_cents, d.service_cents, d.service_cents - d.shop_cents AS difference_cents,
       CASE WHEN e.k IS NOT NULL THEN 'other_day'
            WHEN f.rank IS NOT NULL THEN (${CATEGORY_LIST})[f.rank + 1]
            WHEN d.has_shop AND d.has_service AND abs(d.service_cents - d.shop_cents) <= $tolerance THEN 'tolerance'
            ELSE 'unexplained' END AS line
FROM d LEFT JOIN found f USING (k) LEFT JOIN elsewhere e USING (k)`,
    `INSERT INTO close_lines
     SELECT $run_id, $d, '${spec.name}', 'shop', count(*), coalesce(sum(amount_cents), 0) FROM ${t('shop')}
     UNION ALL SELECT $run_id, $d, '${spec.name}', 'service', count(*), coalesce(sum(amount_cents), 0) FROM ${t('service')}
     UNION ALL SELECT $run_id, $d, '${spec.name}', line, count(*), sum(difference_cents) FROM ${t('items')} GROUP BY line`,
    `INSERT INTO close_residue
     SELECT $run_id, $d, '${spec.name}', item_id, payment_ids, shop_cents, service_cents, difference_cents
     FROM ${t('items')} WHERE line = 'unexplained'`,
  ];
}
