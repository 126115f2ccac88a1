-- raw rows move out of transactions and operations into zstd Parquet files beside the warehouse
-- Why: the listed rows' JSON text was most of the warehouse's bytes (514 of ~660 bytes a transaction
-- row took), stored uncompressed since migration 5. The texts now live in Parquet files in the folder
-- the DuckDB variable recon_raw_dir names (recon sets it to <warehouse file>.raw on every open), one
-- subfolder per table, each file named by a number of the sequence raw_file_number. A file holds texts'
-- residues: the row's own id member (`transaction_id":"<id>"`, `cash_in_id":"<id>"`, `cash_out_id":"<id>"`)
-- written as U+0001, which JSON text never holds raw (the table holds the id), cut at every `,"` into
-- the columns p01..p24 (p24 holds the rest) so that the values of one field share a column, zstd-
-- compressed. concat_ws(',"', p01, ..., p24) is the residue again, and replacing U+0001 by the member
-- gives the text, exactly (a member spelled with escapes is simply not replaced, either way). Where raw
-- was, the tables keep raw_key (same columns, order and NOT NULL rules otherwise): `<file number>:<row>`,
-- the file and the place in it (Parquet's file_row_number) of the row's current text, which the views
-- transactions_raw and operations_raw join each row to its text by. The texts the tables held move to
-- file 0 of each subfolder, in the order of the rows (an empty file for an empty table: DuckDB binds a
-- view when it is made, and a view over files needs one to exist); files are written in row groups of
-- 30,000 rows, which a warehouse of a million rows moves within a 512 MB budget.
CREATE SEQUENCE raw_file_number START 1;

COPY (
  SELECT pieces[1] AS p01, pieces[2] AS p02, pieces[3] AS p03, pieces[4] AS p04,
  pieces[5] AS p05, pieces[6] AS p06, pieces[7] AS p07, pieces[8] AS p08,
  pieces[9] AS p09, pieces[10] AS p10, pieces[11] AS p11, pieces[12] AS p12,
  pieces[13] AS p13, pieces[14] AS p14, pieces[15] AS p15, pieces[16] AS p16,
  pieces[17] AS p17, pieces[18] AS p18, pieces[19] AS p19, pieces[20] AS p20,
  pieces[21] AS p21, pieces[22] AS p22, pieces[23] AS p23, CASE WHEN len(pieces) > 24 THEN array_to_string(pieces[24:], ',"') ELSE pieces[24] END AS p24
  FROM (SELECT string_split(replace(CAST(raw AS VARCHAR), 'transaction_id":"' || transaction_id || '"', chr(1)), ',"') AS pieces FROM transactions ORDER BY rowid)
) TO (getvariable('recon_raw_dir') || '/transactions/0.parquet') (FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1, ROW_GROUP_SIZE 30000);

COPY (
  SELECT pieces[1] AS p01, pieces[2] AS p02, pieces[3] AS p03, pieces[4] AS p04,
  pieces[5] AS p05, pieces[6] AS p06, pieces[7] AS p07, pieces[8] AS p08,
  pieces[9] AS p09, pieces[10] AS p10, pieces[11] AS p11, pieces[12] AS p12,
  pieces[13] AS p13, pieces[14] AS p14, pieces[15] AS p15, pieces[16] AS p16,
  pieces[17] AS p17, pieces[18] AS p18, pieces[19] AS p19, pieces[20] AS p20,
  pieces[21] AS p21, pieces[22] AS p22, pieces[23] AS p23, CASE WHEN len(pieces) > 24 THEN array_to_string(pieces[24:], ',"') ELSE pieces[24] END AS p24
  FROM (SELECT string_split(replace(CAST(raw AS VARCHAR), CASE kind WHEN 'cash_in' THEN 'cash_in_id":"' ELSE 'cash_out_id":"' END || operation_id || '"', chr(1)), ',"') AS pieces FROM operations ORDER BY rowid)
) TO (getvariable('recon_raw_dir') || '/operations/0.parquet') (FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1, ROW_GROUP_SIZE 30000);

CREATE TABLE transactions__raw_key (
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
  raw_key                 VARCHAR NOT NULL,
  first_seen_at           TIMESTAMPTZ NOT NULL,
  last_seen_at            TIMESTAMPTZ NOT NULL,
  first_seen_run          VARCHAR NOT NULL,
  last_seen_run           VARCHAR NOT NULL
);
INSERT INTO transactions__raw_key
SELECT transaction_id, item_id, status, authorization_code, nsu, date_created, date_updated, net_value, authorized_amount,
       paid_amount, refunded_amount, installments, card_holder_name, card_brand, card_first_digits, card_last_digits,
       acquirer_status_code, acquirer_status_message, '0:' || (row_number() OVER (ORDER BY rowid) - 1),
       first_seen_at, last_seen_at, first_seen_run, last_seen_run
FROM transactions;
DROP TABLE transactions;
ALTER TABLE transactions__raw_key RENAME TO transactions;

CREATE TABLE operations__raw_key (
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
  raw_key                  VARCHAR NOT NULL,
  first_seen_at            TIMESTAMPTZ NOT NULL,
  last_seen_at             TIMESTAMPTZ NOT NULL,
  first_seen_run           VARCHAR NOT NULL,
  last_seen_run            VARCHAR NOT NULL
);
INSERT INTO operations__raw_key
SELECT kind, operation_id, item_id, status, status_description, date_created, date_updated, amount_cents, paid_amount_cents,
       paid_off_amount_cents, customer_name, customer_document_number, '0:' || (row_number() OVER (ORDER BY rowid) - 1),
       first_seen_at, last_seen_at, first_seen_run, last_seen_run
FROM operations;
DROP TABLE operations;
ALTER TABLE operations__raw_key RENAME TO operations;

-- A view that takes every column of transactions (t.*) keeps the columns it was bound with in the
-- catalogue (information_schema still says raw) until it is bound again: these bind them.
SELECT * FROM refunded_transactions LIMIT 0;
SELECT * FROM charged_back_transactions LIMIT 0;

-- Each transaction with its current text, as the service last listed it: the residue its raw_key
-- names, its id member put back. Every row is kept: one whose file is missing (a warehouse copied
-- without its folder) shows a NULL text rather than vanishing.
CREATE OR REPLACE VIEW transactions_raw AS
WITH stored AS (
  SELECT parse_filename(filename, true) || ':' || file_row_number AS raw_key, concat_ws(',"', p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23, p24) AS residue
  FROM read_parquet(getvariable('recon_raw_dir') || '/transactions/*.parquet', filename = true, file_row_number = true)
)
SELECT t.transaction_id, t.date_created, replace(s.residue, chr(1), 'transaction_id":"' || t.transaction_id || '"') AS raw
FROM transactions t LEFT JOIN stored s USING (raw_key);

-- Each cash-in and cash-out with its current text (the listed row, as the service sent it).
CREATE OR REPLACE VIEW operations_raw AS
WITH stored AS (
  SELECT parse_filename(filename, true) || ':' || file_row_number AS raw_key, concat_ws(',"', p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20, p21, p22, p23, p24) AS residue
  FROM read_parquet(getvariable('recon_raw_dir') || '/operations/*.parquet', filename = true, file_row_number = true)
)
SELECT o.kind, o.operation_id, o.date_created,
       replace(s.residue, chr(1), CASE o.kind WHEN 'cash_in' THEN 'cash_in_id":"' ELSE 'cash_out_id":"' END || o.operation_id || '"') AS raw
FROM operations o LEFT JOIN stored s USING (raw_key);
