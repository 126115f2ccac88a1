-- close_lines and close_residue: the day's close, each tie-out of a reconcile run to the centavo
-- (docs/close.md). close_lines holds, per run and tie-out, its two sides (line 'shop' and 'service':
-- items and their sum) and the lines that explain the difference between them (a finding category,
-- 'other_day', 'tolerance' or 'unexplained': items and the sum of their differences, service minus
-- shop). The explaining lines sum to service minus shop. close_residue lists the items of the
-- 'unexplained' line one by one: what no rule accounts for.
CREATE TABLE close_lines (
  run_id        VARCHAR NOT NULL,
  business_date DATE NOT NULL,
  tieout        VARCHAR NOT NULL,   -- sales
  line          VARCHAR NOT NULL,   -- shop | service | a finding category | other_day | tolerance | unexplained
  items         BIGINT NOT NULL,
  amount_cents  BIGINT NOT NULL
);
CREATE TABLE close_residue (
  run_id           VARCHAR NOT NULL,
  business_date    DATE NOT NULL,
  tieout           VARCHAR NOT NULL,
  item_id          VARCHAR,
  payment_ids      VARCHAR,
  shop_cents       BIGINT NOT NULL,
  service_cents    BIGINT NOT NULL,
  difference_cents BIGINT NOT NULL  -- service minus shop
);
