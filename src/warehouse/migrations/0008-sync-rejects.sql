-- sync_rejects: listed rows a sync kept out of the warehouse, with window, page, row, raw text and reason
-- Listed rows a sync kept out of the warehouse because they broke the schema (or could not be staged),
-- one row per row kept out per run, written in the run's publish transaction (docs/warehouse.md).
CREATE TABLE sync_rejects (
  run_id        VARCHAR NOT NULL,
  stream        VARCHAR NOT NULL,   -- transactions | operations
  filter        VARCHAR NOT NULL,   -- date_created, date_updated, status=review, ... or transaction_id (a look-up by id)
  start_ms      BIGINT,             -- the window [start_ms, end_ms); null for a look-up by id
  end_ms        BIGINT,
  window_key    VARCHAR NOT NULL,
  page          INTEGER NOT NULL,   -- listing page, 1-based
  row_no        INTEGER NOT NULL,   -- position in the page's row array, 1-based
  id            VARCHAR,            -- transaction_id, cash_in_id or cash_out_id when the row has one
  raw           VARCHAR NOT NULL,   -- the row's JSON text, cut at 4096 bytes (the cut is marked)
  raw_bytes     BIGINT NOT NULL,    -- the full text's size in UTF-8 bytes
  raw_truncated BOOLEAN NOT NULL,
  reason        VARCHAR NOT NULL,   -- e.g. field paid_amount: expected int, received string
  observed_at   TIMESTAMPTZ NOT NULL
);
