// The stable, documented views analysts and the reports query (docs/warehouse.md). Created by a
// migration; a change to a view is a new migration with CREATE OR REPLACE, never an edit of this text
// once released. Views never depend on the session's TimeZone: they use epoch arithmetic only.

/** The latest reconcile run of each business day (a failed run does not replace a good one). */
const RECONCILE_RUNS_LATEST = `
CREATE OR REPLACE VIEW reconcile_runs_latest AS
SELECT business_date, run_id, started_at, finished_at, outcome, counts
FROM runs
WHERE kind = 'reconcile' AND business_date IS NOT NULL AND outcome <> 'failed'
QUALIFY row_number() OVER (PARTITION BY business_date ORDER BY started_at DESC, run_id DESC) = 1;`;

const FINDINGS_LATEST = `
CREATE OR REPLACE VIEW findings_latest AS
SELECT f.*
FROM findings f
JOIN reconcile_runs_latest r ON r.run_id = f.run_id AND r.business_date = f.business_date;`;

/**
 * The order each transaction belongs to, by the reconciliation's keys in order: item_id, then the
 * export's transaction_id, then nsu + authorization_code. At most one order per transaction.
 */
const TRANSACTION_ORDERS = `
CREATE OR REPLACE VIEW transaction_orders AS
WITH by_transaction AS (
  SELECT DISTINCT ON (transaction_id) transaction_id, item_id
  FROM orders WHERE transaction_id IS NOT NULL
  ORDER BY transaction_id, item_id
), by_nsu AS (
  SELECT DISTINCT ON (nsu, authorization_code) nsu, authorization_code, item_id
  FROM orders WHERE nsu IS NOT NULL AND authorization_code IS NOT NULL
  ORDER BY nsu, authorization_code, item_id
)
SELECT t.transaction_id, coalesce(oi.item_id, ot.item_id, onsu.item_id) AS order_item_id
FROM transactions t
LEFT JOIN orders oi ON oi.item_id = t.item_id
LEFT JOIN by_transaction ot ON ot.transaction_id = t.transaction_id
LEFT JOIN by_nsu onsu ON onsu.nsu = t.nsu AND onsu.authorization_code = t.authorization_code;`;

/** Shared select list of the refund and chargeback views: the sale, its card and its order. */
const SALE_COLUMNS = `
  t.transaction_id,
  t.item_id,
  t.status AS current_status,
  t.date_created AS sold_at,
  t.net_value AS net_value_cents,
  t.authorized_amount AS authorized_amount_cents,
  t.paid_amount AS paid_amount_cents,
  t.refunded_amount AS refunded_amount_cents,
  t.card_brand,
  t.card_last_digits,
  o.item_id AS order_item_id,
  o.status AS order_status,
  o.amount_cents AS order_amount_cents`;

const REFUNDS = `
CREATE OR REPLACE VIEW refunds AS
SELECT ${SALE_COLUMNS},
  coalesce(h.date_updated, CASE WHEN t.status = 'refunded' THEN t.date_updated END) AS refunded_at,
  CASE WHEN o.item_id IS NULL THEN NULL ELSE o.status IN ('refunded', 'canceled') END AS order_reflects_refund
FROM transactions t
LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'refunded'
LEFT JOIN transaction_orders tor ON tor.transaction_id = t.transaction_id
LEFT JOIN orders o ON o.item_id = tor.order_item_id
WHERE t.status = 'refunded' OR h.transaction_id IS NOT NULL;`;

const CHARGEBACKS = `
CREATE OR REPLACE VIEW chargebacks AS
WITH c AS (
  SELECT ${SALE_COLUMNS},
    coalesce(h.date_updated, CASE WHEN t.status = 'chargeback' THEN t.date_updated END) AS charged_back_at,
    t.status = 'chargeback' AS is_open
  FROM transactions t
  LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'chargeback'
  LEFT JOIN transaction_orders tor ON tor.transaction_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = tor.order_item_id
  WHERE t.status = 'chargeback' OR h.transaction_id IS NOT NULL
)
SELECT *,
  (epoch_ms(charged_back_at) - epoch_ms(sold_at)) // 86400000 AS days_sale_to_chargeback,
  (epoch_ms(now()) - epoch_ms(sold_at)) // 86400000 AS age_days
FROM c;`;

export const REPORT_VIEWS_SQL = [RECONCILE_RUNS_LATEST, FINDINGS_LATEST, TRANSACTION_ORDERS, REFUNDS, CHARGEBACKS].join('\n');

/**
 * Version 2 of `refunds` and `chargebacks` (migration 6): same columns, but the refunded or charged-back
 * transactions are picked first and only they are looked up in `orders`, so a report's cost follows
 * those sets and not the size of the warehouse (v1 linked every transaction to its order first).
 */
function saleView(name: 'refunds' | 'chargebacks', status: 'refunded' | 'chargeback', extraColumns: string, tail: string): string {
  return `
CREATE OR REPLACE VIEW ${name} AS
WITH t AS (
  SELECT t.*, h.date_updated AS status_seen_at
  FROM transactions t
  LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = '${status}'
  WHERE t.status = '${status}' OR t.transaction_id IN (SELECT transaction_id FROM transaction_history WHERE status = '${status}')
), candidates AS (
  SELECT t.transaction_id, 1 AS rank, o.item_id FROM t JOIN orders o ON o.item_id = t.item_id
  UNION ALL
  SELECT t.transaction_id, 2, o.item_id FROM t JOIN orders o ON o.transaction_id = t.transaction_id
  UNION ALL
  SELECT t.transaction_id, 3, o.item_id FROM t JOIN orders o ON o.nsu = t.nsu AND o.authorization_code = t.authorization_code
), tor AS (
  SELECT transaction_id, arg_min(item_id, rank || '|' || item_id) AS order_item_id FROM candidates GROUP BY transaction_id
), c AS (
  SELECT ${SALE_COLUMNS},
    ${extraColumns}
  FROM t
  LEFT JOIN tor ON tor.transaction_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = tor.order_item_id
)
${tail};`;
}

const REFUNDS_V2 = saleView(
  'refunds',
  'refunded',
  `coalesce(t.status_seen_at, CASE WHEN t.status = 'refunded' THEN t.date_updated END) AS refunded_at,
    CASE WHEN o.item_id IS NULL THEN NULL ELSE o.status IN ('refunded', 'canceled') END AS order_reflects_refund`,
  'SELECT * FROM c',
);

const CHARGEBACKS_V2 = saleView(
  'chargebacks',
  'chargeback',
  `coalesce(t.status_seen_at, CASE WHEN t.status = 'chargeback' THEN t.date_updated END) AS charged_back_at,
    t.status = 'chargeback' AS is_open`,
  `SELECT *,
  (epoch_ms(charged_back_at) - epoch_ms(sold_at)) // 86400000 AS days_sale_to_chargeback,
  (epoch_ms(now()) - epoch_ms(sold_at)) // 86400000 AS age_days
FROM c`,
);

export const REPORT_VIEWS_V2_SQL = [REFUNDS_V2, CHARGEBACKS_V2].join('\n');

/** Views `recon export` writes besides the tables, with the column that gives each row its day. */
export const EXPORTED_VIEWS: Readonly<Record<string, string>> = {
  refunds: 'refunded_at',
  chargebacks: 'charged_back_at',
};
