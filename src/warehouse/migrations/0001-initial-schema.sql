-- initial schema
CREATE TABLE runs (
  run_id        VARCHAR PRIMARY KEY,
  kind          VARCHAR NOT NULL,          -- sync | import | reconcile | nightly | backfill
  business_date DATE,
  args          JSON,
  started_at    TIMESTAMPTZ NOT NULL,
  finished_at   TIMESTAMPTZ,
  outcome       VARCHAR NOT NULL,          -- running | done | failed
  counts        JSON,
  timings       JSON,
  error         VARCHAR
);

CREATE TABLE transactions (
  transaction_id          VARCHAR PRIMARY KEY,
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

-- Each status a transaction was observed in; paths such as paid -> refunded -> chargeback are rows here.
CREATE TABLE transaction_history (
  transaction_id VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,   -- the service's date_updated when first seen in this status
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL,
  PRIMARY KEY (transaction_id, status)
);

CREATE TABLE operations (
  kind                     VARCHAR NOT NULL,  -- cash_in | cash_out
  operation_id             VARCHAR NOT NULL,  -- cash_in_id or cash_out_id
  item_id                  VARCHAR,
  status                   VARCHAR NOT NULL,
  status_description       VARCHAR,
  date_created             TIMESTAMPTZ NOT NULL,
  date_updated             TIMESTAMPTZ NOT NULL,
  amount_cents             BIGINT NOT NULL,
  paid_amount_cents        BIGINT,            -- cash-in
  paid_off_amount_cents    BIGINT,            -- cash-out
  customer_name            VARCHAR,
  customer_document_number VARCHAR,
  raw                      JSON NOT NULL,
  first_seen_at            TIMESTAMPTZ NOT NULL,
  last_seen_at             TIMESTAMPTZ NOT NULL,
  first_seen_run           VARCHAR NOT NULL,
  last_seen_run            VARCHAR NOT NULL,
  PRIMARY KEY (kind, operation_id)
);

CREATE TABLE operation_history (
  kind           VARCHAR NOT NULL,
  operation_id   VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL,
  PRIMARY KEY (kind, operation_id, status)
);

-- One row per committed listing window: what was read and how.
CREATE TABLE sync_windows (
  run_id       VARCHAR NOT NULL,
  stream       VARCHAR NOT NULL,   -- transactions | operations
  filter       VARCHAR NOT NULL,   -- date_created | date_updated | status=refunded | ...
  start_ms     BIGINT NOT NULL,    -- inclusive
  end_ms       BIGINT NOT NULL,    -- exclusive
  total        BIGINT NOT NULL,
  rows         BIGINT NOT NULL,
  pages        INTEGER NOT NULL,
  attempts     INTEGER NOT NULL,
  committed_at TIMESTAMPTZ NOT NULL
);

-- Orders: the merchant's view, upserted by item_id; the latest export wins.
CREATE TABLE orders (
  item_id                  VARCHAR PRIMARY KEY,
  status                   VARCHAR NOT NULL,  -- paid | pending | canceled | refunded
  amount_cents             BIGINT NOT NULL,
  created_at               TIMESTAMPTZ NOT NULL,
  transaction_id           VARCHAR,
  nsu                      VARCHAR,
  authorization_code       VARCHAR,
  customer_name            VARCHAR,
  customer_document_number VARCHAR,
  source_status            VARCHAR,           -- the status text as the export wrote it
  import_id                VARCHAR NOT NULL,
  source_file              VARCHAR NOT NULL,
  source_line              INTEGER NOT NULL,
  imported_at              TIMESTAMPTZ NOT NULL
);

-- Every version of an order that an import brought (import history).
CREATE TABLE order_history (
  import_id      VARCHAR NOT NULL,
  item_id        VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  amount_cents   BIGINT NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL,
  transaction_id VARCHAR,
  source_line    INTEGER NOT NULL,
  imported_at    TIMESTAMPTZ NOT NULL
);

CREATE TABLE order_imports (
  import_id     VARCHAR PRIMARY KEY,
  run_id        VARCHAR,
  file          VARCHAR NOT NULL,
  format        VARCHAR NOT NULL,
  business_date DATE,                      -- the night whose export this was, when known (nightly runs)
  sha256        VARCHAR NOT NULL,
  rows_read     BIGINT NOT NULL,
  rows_loaded   BIGINT NOT NULL,
  rows_rejected BIGINT NOT NULL,
  conflicts     BIGINT NOT NULL,
  imported_at   TIMESTAMPTZ NOT NULL
);

-- Rows an import kept out, and item_ids it saw with conflicting rows.
CREATE TABLE order_import_issues (
  import_id VARCHAR NOT NULL,
  file      VARCHAR NOT NULL,
  line      INTEGER,
  item_id   VARCHAR,
  kind      VARCHAR NOT NULL,   -- rejected | conflict
  reason    VARCHAR NOT NULL
);

-- One row per finding per reconcile run (resolved ones included, with state = 'resolved').
CREATE TABLE findings (
  run_id               VARCHAR NOT NULL,
  business_date        DATE NOT NULL,
  finding_key          VARCHAR NOT NULL,   -- category + stable key; follows a finding across nights
  category             VARCHAR NOT NULL,
  item_id              VARCHAR,
  operation_id         VARCHAR,
  transaction_ids      VARCHAR,            -- comma-separated, sorted
  order_status         VARCHAR,
  payment_status       VARCHAR,
  order_amount_cents   BIGINT,
  payment_amount_cents BIGINT,
  difference_cents     BIGINT,
  reason               VARCHAR NOT NULL,
  first_seen           DATE NOT NULL,
  state                VARCHAR NOT NULL    -- new | open | resolved
);

-- Orders of a reconcile run that matched their payments: exact, or within tolerance (variance).
CREATE TABLE matches (
  run_id               VARCHAR NOT NULL,
  business_date        DATE NOT NULL,
  item_id              VARCHAR NOT NULL,
  payment_ids          VARCHAR NOT NULL,   -- comma-separated, sorted
  matched_by           VARCHAR NOT NULL,   -- item_id | transaction_id | nsu_authorization_code
  order_amount_cents   BIGINT NOT NULL,
  payment_amount_cents BIGINT NOT NULL,
  variance_cents       BIGINT NOT NULL,
  match_state          VARCHAR NOT NULL    -- exact | variance
);
