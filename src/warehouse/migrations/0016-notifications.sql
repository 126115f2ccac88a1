-- notifications: the service's status notifications recon receive kept, folded in by each night
-- One row per delivery (its identity: transaction id, status and date_updated, as delivery_key, the
-- JSON array the inbox names it by), whatever the number of times the service delivered it. `raw` is the
-- body exactly as received; `verified` says the receiver checked its origin headers (it keeps nothing
-- else, but a row says so rather than leave it implied); `received_at` is when the receiver kept it.
-- The statuses are the service's, `chargedback` read as `chargeback`; `date_updated` is NULL when the
-- body's text is no instant.
CREATE TABLE notifications (
  delivery_key   VARCHAR NOT NULL,
  kind           VARCHAR NOT NULL,
  transaction_id VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ,
  received_at    TIMESTAMPTZ NOT NULL,
  verified       BOOLEAN NOT NULL,
  raw            VARCHAR NOT NULL,
  folded_at      TIMESTAMPTZ NOT NULL
);
