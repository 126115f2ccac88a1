-- findings.facts: what each finding states, as typed data (a JSON object of its shape, the `kind` first:
-- amounts in integer cents, instants in epoch milliseconds, days as YYYY-MM-DD, ids as text), written by
-- the rule that raised it. Every sentence a person reads is rendered from it in their locale; `reason`
-- keeps the English one. NULL on the findings of earlier nights, which stored their sentence alone.
ALTER TABLE findings ADD COLUMN facts VARCHAR;

-- The views over findings are made again so that they carry the new column (a view keeps the columns
-- it was made with). Their definitions are those of migrations 2 and 13.
CREATE OR REPLACE VIEW findings_latest AS
SELECT f.*
FROM findings f
JOIN reconcile_runs_latest r ON r.run_id = f.run_id AND r.business_date = f.business_date;

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
