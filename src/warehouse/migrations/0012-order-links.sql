-- order_links: one order-matching rule for the reconciliation and the views
-- A payment belongs to at most one order: the order with the payment's item_id; else (card payments) the
-- order whose export named this transaction_id; else the order with the same nsu and authorization_code;
-- among several at one rank, the smallest item_id. order_links(payments, horizon) takes the name of a
-- table or view with columns source, payment_id, item_id, nsu, authorization_code, and looks only at
-- orders created before horizon ('infinity' for all). The reconciliation calls it on its night's payments;
-- transaction_orders, refunds and chargebacks call it on theirs, so all of them agree.
CREATE OR REPLACE MACRO order_links(payments, horizon) AS TABLE
WITH p AS (
  SELECT source, payment_id, item_id, nsu, authorization_code FROM query_table(payments)
), o AS (
  SELECT item_id, transaction_id, nsu, authorization_code FROM orders WHERE created_at < horizon
), candidates AS (
  SELECT p.source, p.payment_id, o.item_id AS order_item_id, 1 AS rank, 'item_id' AS matched_by
  FROM p JOIN o ON o.item_id = p.item_id
  UNION ALL
  SELECT p.source, p.payment_id, o.item_id, 2, 'transaction_id'
  FROM p JOIN o ON p.source = 'card' AND o.transaction_id = p.payment_id
  UNION ALL
  SELECT p.source, p.payment_id, o.item_id, 3, 'nsu_authorization_code'
  FROM p JOIN o ON p.source = 'card' AND o.nsu = p.nsu AND o.authorization_code = p.authorization_code
)
SELECT source, payment_id,
       arg_min(order_item_id, rank || '|' || order_item_id) AS order_item_id,
       arg_min(matched_by, rank || '|' || order_item_id) AS matched_by
FROM candidates GROUP BY source, payment_id;

-- Every transaction in the shape order_links takes.
CREATE OR REPLACE VIEW card_payments AS
SELECT 'card' AS source, transaction_id AS payment_id, item_id, nsu, authorization_code FROM transactions;

-- Transactions that are, or once were, refunded (charged back), with when recon first saw that status.
CREATE OR REPLACE VIEW refunded_transactions AS
SELECT 'card' AS source, t.transaction_id AS payment_id, t.*, h.date_updated AS status_seen_at
FROM transactions t
LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'refunded'
WHERE t.status = 'refunded' OR t.transaction_id IN (SELECT transaction_id FROM transaction_history WHERE status = 'refunded');

CREATE OR REPLACE VIEW charged_back_transactions AS
SELECT 'card' AS source, t.transaction_id AS payment_id, t.*, h.date_updated AS status_seen_at
FROM transactions t
LEFT JOIN transaction_history h ON h.transaction_id = t.transaction_id AND h.status = 'chargeback'
WHERE t.status = 'chargeback' OR t.transaction_id IN (SELECT transaction_id FROM transaction_history WHERE status = 'chargeback');

CREATE OR REPLACE VIEW transaction_orders AS
SELECT t.transaction_id, l.order_item_id
FROM transactions t
LEFT JOIN order_links('card_payments', 'infinity'::TIMESTAMPTZ) l ON l.payment_id = t.transaction_id;

CREATE OR REPLACE VIEW refunds AS
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
    coalesce(t.status_seen_at, CASE WHEN t.status = 'refunded' THEN t.date_updated END) AS refunded_at,
    CASE WHEN o.item_id IS NULL THEN NULL ELSE o.status IN ('refunded', 'canceled') END AS order_reflects_refund
  FROM refunded_transactions t
  LEFT JOIN order_links('refunded_transactions', 'infinity'::TIMESTAMPTZ) l ON l.payment_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = l.order_item_id
)
SELECT * FROM c;

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
    coalesce(t.status_seen_at, CASE WHEN t.status = 'chargeback' THEN t.date_updated END) AS charged_back_at,
    t.status = 'chargeback' AS is_open
  FROM charged_back_transactions t
  LEFT JOIN order_links('charged_back_transactions', 'infinity'::TIMESTAMPTZ) l ON l.payment_id = t.transaction_id
  LEFT JOIN orders o ON o.item_id = l.order_item_id
)
SELECT *,
  (epoch_ms(charged_back_at) - epoch_ms(sold_at)) // 86400000 AS days_sale_to_chargeback,
  (epoch_ms(now()) - epoch_ms(sold_at)) // 86400000 AS age_days
FROM c;
