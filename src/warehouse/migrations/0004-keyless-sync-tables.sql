-- transactions, operations and their histories without in-memory key indexes (the sync merge keeps keys unique)
-- Why: DuckDB keeps a table's key index (ART) in memory, unspillable; at 1M transactions the indexes
-- of transactions + transaction_history alone broke a 192 MB memory cap, and they grow with the
-- warehouse. Publish merges by anti-join and hash join, and one row per key is kept by the merge itself.
-- Columns, order and NOT NULL rules are exactly those of migration 1.
CREATE TABLE transactions__keyless (
  transaction_id          VARCHAR NOT NULL,
  item_id                 VARCHAR,
  status                  VARCHAR NOT NULL,
  authorization_code      VARCHAR,
  nsu                     VARCHAR,
  date_created            TIMESTAMPTZ NOT NULL,
  date_updated            TIMESTAMPTZ NOT NULL,
  net_value               BIGINT,
  authorized_amount       BIGINT,
  paid_amount             BIGINT,
  refunded_amount         BIGINT,
  installments            VARCHAR,
  card_holder_name        VARCHAR,
  card_brand              VARCHAR,
  card_first_digits       VARCHAR,
  card_last_digits        VARCHAR,
  acquirer_status_code    VARCHAR,
  acquirer_status_message VARCHAR,
  raw                     JSON NOT NULL,
  first_seen_at           TIMESTAMPTZ NOT NULL,
  last_seen_at            TIMESTAMPTZ NOT NULL,
  first_seen_run          VARCHAR NOT NULL,
  last_seen_run           VARCHAR NOT NULL
);
INSERT INTO transactions__keyless SELECT * FROM transactions ORDER BY transaction_id;
DROP TABLE transactions;
ALTER TABLE transactions__keyless RENAME TO transactions;

CREATE TABLE transaction_history__keyless (
  transaction_id VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL
);
INSERT INTO transaction_history__keyless SELECT * FROM transaction_history ORDER BY transaction_id, status;
DROP TABLE transaction_history;
ALTER TABLE transaction_history__keyless RENAME TO transaction_history;

CREATE TABLE operations__keyless (
  kind                     VARCHAR NOT NULL,
  operation_id             VARCHAR NOT NULL,
  item_id                  VARCHAR,
  status                   VARCHAR NOT NULL,
  status_description       VARCHAR,
  date_created             TIMESTAMPTZ NOT NULL,
  date_updated             TIMESTAMPTZ NOT NULL,
  amount_cents             BIGINT NOT NULL,
  paid_amount_cents        BIGINT,
  paid_off_amount_cents    BIGINT,
  customer_name            VARCHAR,
  customer_document_number VARCHAR,
  raw                      JSON NOT NULL,
  first_seen_at            TIMESTAMPTZ NOT NULL,
  last_seen_at             TIMESTAMPTZ NOT NULL,
  first_seen_run           VARCHAR NOT NULL,
  last_seen_run            VARCHAR NOT NULL
);
INSERT INTO operations__keyless SELECT * FROM operations ORDER BY kind, operation_id;
DROP TABLE operations;
ALTER TABLE operations__keyless RENAME TO operations;

CREATE TABLE operation_history__keyless (
  kind           VARCHAR NOT NULL,
  operation_id   VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL
);
INSERT INTO operation_history__keyless SELECT * FROM operation_history ORDER BY kind, operation_id, status;
DROP TABLE operation_history;
ALTER TABLE operation_history__keyless RENAME TO operation_history;
