-- bank statements: the merchant's bank statement files, their lines, and the lines kept out
-- A statement file (OFX 1.x SGML, OFX 2.x XML or CNAB 240 "extrato") is read once per content: its
-- statement_id is the SHA-256 of its bytes, so importing the same file again changes nothing.
-- period_start/period_end are the days the bank says the file covers (OFX DTSTART/DTEND, CNAB 240's
-- first and last line dates when it says no more); a payout is only called missing once a statement
-- of its account covers the last day of its window.
CREATE TABLE bank_statements (
  statement_id          VARCHAR PRIMARY KEY,
  account_id            VARCHAR NOT NULL,
  file                  VARCHAR NOT NULL,
  format                VARCHAR NOT NULL,   -- ofx1 | ofx2 | cnab240
  charset               VARCHAR NOT NULL,   -- what the bytes were decoded as (detected, not what the header claims)
  period_start          DATE,
  period_end            DATE,
  closing_balance_cents BIGINT,             -- OFX LEDGERBAL, CNAB 240 trailer's final balance; NULL when absent
  lines_read            BIGINT NOT NULL,
  lines_loaded          BIGINT NOT NULL,
  lines_rejected        BIGINT NOT NULL,
  run_id                VARCHAR,
  imported_at           TIMESTAMPTZ NOT NULL
);

-- One row per statement line, kept once per (account_id, line_id) whatever the statements repeating it.
-- line_id is the bank's FITID when it names this line and no other, else the FITID with the line's day
-- and amount; without a FITID, 'syn:' and a hash of the line's content (date, amount, memo, the document
-- number) and its occurrence among the file's identical lines (docs/bank.md). posted_at is the bank's booking date: a statement line has a day in
-- the account's time zone, not an instant. amount_cents is signed: credits positive, debits negative.
CREATE TABLE bank_transactions (
  account_id     VARCHAR NOT NULL,
  line_id        VARCHAR NOT NULL,
  posted_at      DATE NOT NULL,
  amount_cents   BIGINT NOT NULL,
  type           VARCHAR NOT NULL,   -- credit | debit (OFX TRNTYPE and CNAB's D/C folded to these two)
  fitid          VARCHAR,            -- as the bank wrote it (NULL when it gave none)
  memo           VARCHAR,
  statement_file VARCHAR NOT NULL,   -- the file's name (no folders)
  statement_id   VARCHAR NOT NULL,
  line           INTEGER,            -- the line of the file the entry starts on
  imported_at    TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (account_id, line_id)
);

-- Statement lines an import kept out: file, line and reason, like order_import_issues.
CREATE TABLE bank_import_issues (
  statement_id VARCHAR NOT NULL,
  file         VARCHAR NOT NULL,
  line         INTEGER,
  kind         VARCHAR NOT NULL,   -- rejected
  reason       VARCHAR NOT NULL,
  value        VARCHAR
);
