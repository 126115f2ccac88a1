-- raw of transactions and operations stored uncompressed (compressing it was most of the publish cost)
-- Why: raw is the service's row text, written once per row and read only to audit or replay.
-- Compressing it (FSST) was the largest single cost of publishing a sync. Columns, order and NOT NULL
-- rules are exactly those of migration 4; only raw's storage changes.
CREATE TABLE transactions__plain_raw (
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
  raw                     JSON NOT NULL USING COMPRESSION uncompressed,
  first_seen_at           TIMESTAMPTZ NOT NULL,
  last_seen_at            TIMESTAMPTZ NOT NULL,
  first_seen_run          VARCHAR NOT NULL,
  last_seen_run           VARCHAR NOT NULL
);
INSERT INTO transactions__plain_raw SELECT * FROM transactions ORDER BY transaction_id;
DROP TABLE transactions;
ALTER TABLE transactions__plain_raw RENAME TO transactions;

CREATE TABLE operations__plain_raw (
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
  raw                      JSON NOT NULL USING COMPRESSION uncompressed,
  first_seen_at            TIMESTAMPTZ NOT NULL,
  last_seen_at             TIMESTAMPTZ NOT NULL,
  first_seen_run           VARCHAR NOT NULL,
  last_seen_run            VARCHAR NOT NULL
);
INSERT INTO operations__plain_raw SELECT * FROM operations ORDER BY kind, operation_id;
DROP TABLE operations;
ALTER TABLE operations__plain_raw RENAME TO operations;
