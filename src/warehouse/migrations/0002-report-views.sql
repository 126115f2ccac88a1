-- report views (refunds, chargebacks, findings_latest, reconcile_runs_latest, transaction_orders)
-- The stable, documented views analysts and the reports query (docs/warehouse.md). Views never depend on
-- the session's TimeZone: they use epoch arithmetic only.
CREATE OR REPLACE VIEW reconcile_runs_latest AS
SELECT business_date, run_id, started_at, finished_at, outcome, counts
FROM runs
WHERE kind = 'reconcile' AND business_date IS NOT NULL AND outcome <> 'failed'
QUALIFY row_number() OVER (PARTITION BY business_date ORDER BY started_at DESC, run_id DESC) = 1;

CREATE OR REPLACE VIEW findings_latest AS
SELECT f.*
FROM findings f
JOIN reconcile_runs_latest r ON r.run_id = f.run_id AND r.business_date = f.business_date;

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
LEFT JOIN by_nsu onsu ON onsu.nsu = t.nsu AND onsu.authorization_code = t.authorization_code;

CREATE OR REPLACE VIEW refunds AS
SELECT 
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
  o.amount_cents AS order_amount_cents,
  coalesce(h.date_updated, CASE WHEN t.status = 'refunded' THEN t.date_updated END) AS refunded_at,
  CASE WHEN o.item_id IS NULL THEN NULL ELSE o.status IN ('refunded', 'canceled') END AS order_reflects_refund
FROM transactions t
LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'refunded'
LEFT JOIN transaction_orders tor ON tor.transaction_id = t.transaction_id
LEFT JOIN orders o ON o.item_id = tor.order_item_id
WHERE t.status = 'refunded' OR h.transaction_id IS NOT NULL;

CREATE OR REPLACE VIEW chargebacks AS
WITH c AS (
  SELECT 
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
  o.amount_cents AS order_amount_cents,
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
FROM c;
