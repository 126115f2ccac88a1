// Where each payout of a night's bank check stands, read from payout_matches: credited (by one credit,
// or in its day's sum), credited another amount, still in its window, without a statement covering its
// window, or not credited; with the credit that explains it. Written once, read by the payouts report
// and the night page. Parameters: $run_id (the reconcile run) and $date (its night).

/** A payout's standing: credited (one credit or the day's sum), of another amount, or why not. */
export const PAYOUT_STANDING_SQL = `
SELECT m.account_id, m.cash_out_id, o.item_id, m.payout_day, m.window_end, m.expected_cents,
  CASE
    WHEN m.matched_by = 'exact' THEN 'credited'
    WHEN m.matched_by = 'sum' THEN 'credited_in_sum'
    WHEN m.matched_by = 'paired' THEN 'credited_other_amount'
    WHEN m.window_end >= $date THEN 'window_open'
    WHEN NOT EXISTS (SELECT 1 FROM bank_statements s
                     WHERE list_contains(string_split(m.account_id, '/'), s.account_id)
                       AND s.period_start <= m.window_end AND s.period_end >= m.window_end) THEN 'no_statement'
    ELSE 'not_credited' END AS bank_status,
  m.posted_at AS credited_on, m.credit_cents,
  -- A day's sum is one credit for several payouts: each of them is credited in full.
  CASE m.matched_by WHEN 'paired' THEN m.credit_cents - m.expected_cents WHEN 'none' THEN NULL ELSE 0 END AS difference_cents,
  t.memo, m.line_id
FROM payout_matches m
LEFT JOIN operations o ON o.kind = 'cash_out' AND o.operation_id = m.cash_out_id
LEFT JOIN bank_transactions t ON t.account_id = m.account_id AND t.line_id = m.line_id
WHERE m.run_id = $run_id
ORDER BY m.payout_day, m.cash_out_id`;
