-- installment_prices: the installment pricing each night checked its card sales against
-- One row per (business_date, card_brand, installments, net_value) a night needed: the total the
-- service's pricing (GET /v1/installments) asks of a customer for that net value, brand and number of
-- installments, and the fee rate it states, as of that night. Prices change over time, so each sale
-- is checked against the snapshot of its own business day, and a re-run of a night reads the same
-- prices again. `source` says how the night knew the price: 'table', from the brand's rates learned at
-- a reference value and verified proportional at a second one; 'call', the service's own answer for
-- that net value (when the brand's pricing was not proportional). Money is integer cents; the rate is
-- the service's percentage, exact to four decimals.
CREATE TABLE installment_prices (
  business_date DATE NOT NULL,
  card_brand    VARCHAR NOT NULL,
  installments  INTEGER NOT NULL,
  net_value     BIGINT NOT NULL,
  amount        BIGINT NOT NULL,
  interest_rate DECIMAL(9, 4) NOT NULL,
  source        VARCHAR NOT NULL,
  fetched_at    TIMESTAMPTZ NOT NULL
);
