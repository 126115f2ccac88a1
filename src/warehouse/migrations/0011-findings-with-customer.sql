-- findings_with_customer: each finding with the customer of its order, else of its operation
-- One customer lookup for every reader of findings (the discrepancies report, the page): the order's
-- customer when the finding names an order, else the first operation's with that id (cash-in before
-- cash-out, as `kind` sorts).
CREATE OR REPLACE VIEW findings_with_customer AS
WITH customers AS (
  SELECT DISTINCT ON (operation_id) operation_id, customer_name, customer_document_number
  FROM operations ORDER BY operation_id, kind
)
SELECT f.*,
  coalesce(o.customer_name, c.customer_name) AS customer_name,
  coalesce(o.customer_document_number, c.customer_document_number) AS customer_document_number
FROM findings f
LEFT JOIN orders o ON o.item_id = f.item_id
LEFT JOIN customers c ON c.operation_id = f.operation_id;
