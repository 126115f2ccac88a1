-- payout_matches: how each night matched the merchant's payouts to its bank statements' credits
-- One row per reconcile run and payout it looked at (a fulfilled cash-out sent to the document of one
-- of bank.accounts): the amount expected in the account, its day P and the last day of its window W,
-- and the credit that explains it with how: exact (one credit of the same amount), sum (one credit for
-- all the payouts of day P), paired (a credit of another amount whose memo says it came from the
-- service: a payout_amount_differs once W has passed) or none (no credit yet: a payout_not_in_bank once
-- W has passed and a statement covers it). Matching runs afresh every night, so a later night may say
-- otherwise of the same payout; the payouts report reads the night's rows.
CREATE TABLE payout_matches (
  run_id         VARCHAR NOT NULL,
  business_date  DATE NOT NULL,
  cash_out_id    VARCHAR NOT NULL,
  account_id     VARCHAR NOT NULL,
  expected_cents BIGINT NOT NULL,   -- the cash-out's paid_off_amount
  payout_day     DATE NOT NULL,     -- P: the day of its date_updated in the configured time zone
  window_end     DATE NOT NULL,     -- W: the bank.settleDays-th bank business day after P
  line_id        VARCHAR,           -- bank_transactions.line_id of the credit (NULL when matched_by = 'none')
  posted_at      DATE,
  credit_cents   BIGINT,
  matched_by     VARCHAR NOT NULL   -- exact | sum | paired | none
);
