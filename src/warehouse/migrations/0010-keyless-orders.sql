-- orders without the in-memory key index (the import merge keeps item_id unique)
-- DuckDB keeps a key index in memory, unspillable, and an UPDATE of a whole cumulative export holds every
-- changed row in memory. The import's merge keeps item_id unique (it deletes the orders a file brings again
-- before inserting their new rows). Rows are rewritten in created_at order so that date-bounded reads skip
-- old row groups. Columns, order and NOT NULL rules are those of migration 1.
CREATE TABLE orders__keyless (
  item_id                  VARCHAR NOT NULL,
  status                   VARCHAR NOT NULL,
  amount_cents             BIGINT NOT NULL,
  created_at               TIMESTAMPTZ NOT NULL,
  transaction_id           VARCHAR,
  nsu                      VARCHAR,
  authorization_code       VARCHAR,
  customer_name            VARCHAR,
  customer_document_number VARCHAR,
  source_status            VARCHAR,
  import_id                VARCHAR NOT NULL,
  source_file              VARCHAR NOT NULL,
  source_line              INTEGER NOT NULL,
  imported_at              TIMESTAMPTZ NOT NULL
);
INSERT INTO orders__keyless SELECT * FROM orders ORDER BY created_at, item_id;
DROP TABLE orders;
ALTER TABLE orders__keyless RENAME TO orders;
