-- sync staging and watermarks
-- Sync staging tables (dropped again by migration 7) and the incremental watermarks.
-- Rows of verified windows of a sync run that is not published yet (tagged by run and window).
-- A run publishes them in one transaction and deletes them; rows of a killed run are dropped by the next.
CREATE TABLE stage_transactions (
  run_id                  VARCHAR NOT NULL,
  window_key              VARCHAR NOT NULL,
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
  raw                     JSON NOT NULL
);

CREATE TABLE stage_operations (
  run_id                   VARCHAR NOT NULL,
  window_key               VARCHAR NOT NULL,
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
  raw                      JSON NOT NULL
);

-- Incremental positions, e.g. (operations, date_updated): the exclusive end of the last published window.
CREATE TABLE sync_state (
  stream       VARCHAR NOT NULL,
  filter       VARCHAR NOT NULL,
  watermark_ms BIGINT NOT NULL,
  run_id       VARCHAR NOT NULL,
  updated_at   TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (stream, filter)
);
