// DDL of warehouse migration 4: the sync's four big tables without PRIMARY KEY indexes.
// Why: DuckDB keeps a table's key index (ART) in memory, unspillable; at 1M transactions the indexes
// of transactions + transaction_history alone broke a 192 MB memory cap, and they grow with the
// warehouse (10M rows: about a gigabyte). They bought nothing the sync needs: publish merges by
// anti-join and hash join (found new vs existing ids in one pass), and one row per key is kept by
// the merge itself (duplicates inside a run are resolved before it writes). Columns, order and NOT
// NULL rules are exactly those of migration 1.

export const TRANSACTION_COLUMNS = `
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
  last_seen_run           VARCHAR NOT NULL`;

const TRANSACTION_HISTORY_COLUMNS = `
  transaction_id VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL`;

export const OPERATION_COLUMNS = `
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
  last_seen_run            VARCHAR NOT NULL`;

const OPERATION_HISTORY_COLUMNS = `
  kind           VARCHAR NOT NULL,
  operation_id   VARCHAR NOT NULL,
  status         VARCHAR NOT NULL,
  date_updated   TIMESTAMPTZ NOT NULL,
  first_seen_at  TIMESTAMPTZ NOT NULL,
  last_seen_at   TIMESTAMPTZ NOT NULL,
  first_seen_run VARCHAR NOT NULL,
  last_seen_run  VARCHAR NOT NULL`;

function rebuild(table: string, columns: string, order: string): string {
  return `
CREATE TABLE ${table}__keyless (${columns}
);
INSERT INTO ${table}__keyless SELECT * FROM ${table} ORDER BY ${order};
DROP TABLE ${table};
ALTER TABLE ${table}__keyless RENAME TO ${table};
`;
}

export const KEYLESS_TABLES_SQL = [
  rebuild('transactions', TRANSACTION_COLUMNS, 'transaction_id'),
  rebuild('transaction_history', TRANSACTION_HISTORY_COLUMNS, 'transaction_id, status'),
  rebuild('operations', OPERATION_COLUMNS, 'kind, operation_id'),
  rebuild('operation_history', OPERATION_HISTORY_COLUMNS, 'kind, operation_id, status'),
].join('');
