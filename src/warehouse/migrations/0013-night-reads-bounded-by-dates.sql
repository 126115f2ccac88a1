-- order_links reads only the orders its payments can match; the refund, chargeback and customer views let filters reach their tables
-- The matching rule of migration 12, unchanged, in a shape that lets DuckDB skip what a query does not
-- need. Migration 12 gave every rank the orders as one CTE, which DuckDB materialised whole (every order,
-- every night), and the refunds and chargebacks views computed the links of every refund or chargeback
-- ever before the report's filter on the day applied. Now each rank joins `orders` directly, so that
-- DuckDB builds its hash table on the payments and skips the row groups of orders their keys rule out;
-- and the views carry the moment a transaction became refunded (charged back) as a plain column of each
-- branch, and join their links back on it, so that a filter on that moment (or on the status) reaches
-- the transactions' and the history's scans and the links are computed only for the rows it keeps.

-- Every order a payment could belong to, with its rank (1 the payment's item_id, 2 the transaction_id
-- its export named, 3 the same nsu and authorization_code) and the order's status and amount; `payments`
-- names a table or view with columns source, payment_id, item_id, nsu, authorization_code, all of whose
-- columns come along (a filter on one of them reaches the payments' own scans).
CREATE OR REPLACE MACRO order_candidates(payments, horizon) AS TABLE
SELECT p.*, o.item_id AS order_item_id, 1 AS order_rank, 'item_id' AS matched_by,
       o.status AS order_status, o.amount_cents AS order_amount_cents
FROM query_table(payments) p JOIN orders o ON o.item_id = p.item_id
WHERE o.created_at < horizon
UNION ALL
SELECT p.*, o.item_id, 2, 'transaction_id', o.status, o.amount_cents
FROM query_table(payments) p JOIN orders o ON o.transaction_id = p.payment_id
WHERE p.source = 'card' AND o.created_at < horizon
UNION ALL
SELECT p.*, o.item_id, 3, 'nsu_authorization_code', o.status, o.amount_cents
FROM query_table(payments) p JOIN orders o ON o.nsu = p.nsu AND o.authorization_code = p.authorization_code
WHERE p.source = 'card' AND o.created_at < horizon;

-- Which candidate wins: the lowest rank, then the smallest item_id (arg_min over this key).
CREATE OR REPLACE MACRO order_preference(order_rank, order_item_id) AS order_rank || '|' || order_item_id;

-- One row per payment that has an order: the winning candidate.
CREATE OR REPLACE MACRO order_links(payments, horizon) AS TABLE
SELECT source, payment_id,
       arg_min(order_item_id, order_preference(order_rank, order_item_id)) AS order_item_id,
       arg_min(matched_by, order_preference(order_rank, order_item_id)) AS matched_by
FROM order_candidates(payments, horizon)
GROUP BY source, payment_id;

-- Transactions that are, or once were, refunded (charged back), with when recon first saw that status and
-- when they became so (refunded_at, charged_back_at: that moment, else the transaction's date_updated).
-- Two branches, each with that moment as a plain column: those with a history row in the status, and
-- those in the status without one.
CREATE OR REPLACE VIEW refunded_transactions AS
SELECT 'card' AS source, t.transaction_id AS payment_id, t.*, h.date_updated AS status_seen_at, h.date_updated AS refunded_at
FROM transaction_history h JOIN transactions t ON t.transaction_id = h.transaction_id
WHERE h.status = 'refunded'
UNION ALL
SELECT 'card', t.transaction_id, t.*, NULL, t.date_updated
FROM transactions t
WHERE t.status = 'refunded'
  AND NOT EXISTS (SELECT 1 FROM transaction_history h WHERE h.transaction_id = t.transaction_id AND h.status = 'refunded');

CREATE OR REPLACE VIEW charged_back_transactions AS
SELECT 'card' AS source, t.transaction_id AS payment_id, t.*, h.date_updated AS status_seen_at, h.date_updated AS charged_back_at
FROM transaction_history h JOIN transactions t ON t.transaction_id = h.transaction_id
WHERE h.status = 'chargeback'
UNION ALL
SELECT 'card', t.transaction_id, t.*, NULL, t.date_updated
FROM transactions t
WHERE t.status = 'chargeback'
  AND NOT EXISTS (SELECT 1 FROM transaction_history h WHERE h.transaction_id = t.transaction_id AND h.status = 'chargeback');

-- The links are grouped by the payment, its status and its moment, and joined back on all three: a
-- filter on the moment or the status then holds on both sides of the join, and DuckDB applies it to the
-- candidates' scans too.
CREATE OR REPLACE VIEW refunds AS
WITH links AS (
  SELECT payment_id, status, refunded_at,
         arg_min(order_item_id, order_preference(order_rank, order_item_id)) AS order_item_id,
         arg_min(order_status, order_preference(order_rank, order_item_id)) AS order_status,
         arg_min(order_amount_cents, order_preference(order_rank, order_item_id)) AS order_amount_cents
  FROM order_candidates('refunded_transactions', 'infinity'::TIMESTAMPTZ)
  GROUP BY payment_id, status, refunded_at
)
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
  l.order_item_id,
  l.order_status,
  l.order_amount_cents,
  t.refunded_at,
  CASE WHEN l.order_item_id IS NULL THEN NULL ELSE l.order_status IN ('refunded', 'canceled') END AS order_reflects_refund
FROM refunded_transactions t
LEFT JOIN links l ON l.payment_id = t.payment_id AND l.status = t.status AND l.refunded_at = t.refunded_at;

CREATE OR REPLACE VIEW chargebacks AS
WITH links AS (
  SELECT payment_id, status, charged_back_at,
         arg_min(order_item_id, order_preference(order_rank, order_item_id)) AS order_item_id,
         arg_min(order_status, order_preference(order_rank, order_item_id)) AS order_status,
         arg_min(order_amount_cents, order_preference(order_rank, order_item_id)) AS order_amount_cents
  FROM order_candidates('charged_back_transactions', 'infinity'::TIMESTAMPTZ)
  GROUP BY payment_id, status, charged_back_at
)
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
  l.order_item_id,
  l.order_status,
  l.order_amount_cents,
  t.charged_back_at,
  t.status = 'chargeback' AS is_open,
  (epoch_ms(t.charged_back_at) - epoch_ms(t.date_created)) // 86400000 AS days_sale_to_chargeback,
  (epoch_ms(now()) - epoch_ms(t.date_created)) // 86400000 AS age_days
FROM charged_back_transactions t
LEFT JOIN links l ON l.payment_id = t.payment_id AND l.status = t.status AND l.charged_back_at = t.charged_back_at;

-- The customer of each finding, as in migration 11: its order's, else that of the first operation with
-- its operation_id (cash-in before cash-out, as `kind` sorts). The operations are looked up for the
-- findings a query asks for (grouped by the finding's row, run and date, and joined back on them, so a
-- filter on the run or the date reaches both sides), not grouped whole for every query.
CREATE OR REPLACE VIEW findings_with_customer AS
WITH customers AS (
  SELECT f.rowid AS finding_row, f.run_id, f.business_date,
         arg_min_null(c.customer_name, c.kind) AS customer_name,
         arg_min_null(c.customer_document_number, c.kind) AS customer_document_number
  FROM findings f JOIN operations c ON c.operation_id = f.operation_id
  GROUP BY f.rowid, f.run_id, f.business_date
)
SELECT f.*,
  coalesce(o.customer_name, c.customer_name) AS customer_name,
  coalesce(o.customer_document_number, c.customer_document_number) AS customer_document_number
FROM findings f
LEFT JOIN orders o ON o.item_id = f.item_id
LEFT JOIN customers c ON c.finding_row = f.rowid AND c.run_id = f.run_id AND c.business_date = f.business_date;
