-- refunds and chargebacks views pick their transactions before looking up orders (reports follow the night, not the warehouse)
-- The refunds and chargebacks views pick the transactions first, then look up their orders.
CREATE OR REPLACE VIEW refunds AS
WITH t AS (
  SELECT t.*, h.date_updated AS status_seen_at
  FROM transactions t
  LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'refunded'
  WHERE t.status = 'refunded' OR t.transaction_id IN (SELECT transaction_id FROM transaction_history WHERE status = 'refunded')
), candidates AS (
  SELECT t.transaction_id, 1 AS rank, o.item_id FROM t JOIN orders o ON o.item_id = t.item_id
  UNION ALL
  SELECT t.transaction_id, 2, o.item_id FROM t JOIN orders o ON o.transaction_id = t.transaction_id
  UNION ALL
  SELECT t.transaction_id, 3, o.item_id FROM t JOIN orders o ON o.nsu = t.nsu AND o.authorization_code = t.authorization_code
), tor AS (
  SELECT transaction_id, arg_min(item_id, rank || '|' || item_id) AS order_item_id FROM candidates GROUP BY transaction_id
), c AS (
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
    coalesce(t.status_seen_at, CASE WHEN t.status = 'refunded' THEN t.date_updated END) AS refunded_at,
    CASE WHEN o.item_id IS NULL THEN NULL ELSE o.status IN ('refunded', 'canceled') END AS order_reflects_refund
  FROM t
  LEFT JOIN tor ON tor.transaction_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = tor.order_item_id
)
SELECT * FROM c;

CREATE OR REPLACE VIEW chargebacks AS
WITH t AS (
  SELECT t.*, h.date_updated AS status_seen_at
  FROM transactions t
  LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'chargeback'
  WHERE t.status = 'chargeback' OR t.transaction_id IN (SELECT transaction_id FROM transaction_history WHERE status = 'chargeback')
), candidates AS (
  SELECT t.transaction_id, 1 AS rank, o.item_id FROM t JOIN orders o ON o.item_id = t.item_id
  UNION ALL
  SELECT t.transaction_id, 2, o.item_id FROM t JOIN orders o ON o.transaction_id = t.transaction_id
  UNION ALL
  SELECT t.transaction_id, 3, o.item_id FROM t JOIN orders o ON o.nsu = t.nsu AND o.authorization_code = t.authorization_code
), tor AS (
  SELECT transaction_id, arg_min(item_id, rank || '|' || item_id) AS order_item_id FROM candidates GROUP BY transaction_id
), c AS (
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
    coalesce(t.status_seen_at, CASE WHEN t.status = 'chargeback' THEN t.date_updated END) AS charged_back_at,
    t.status = 'chargeback' AS is_open
  FROM t
  LEFT JOIN tor ON tor.transaction_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = tor.order_item_id
)
SELECT *,
  (epoch_ms(charged_back_at) - epoch_ms(sold_at)) // 86400000 AS days_sale_to_chargeback,
  (epoch_ms(now()) - epoch_ms(sold_at)) // 86400000 AS age_days
FROM c;
