// The payouts report: each payout to the merchant's own accounts that the night's bank check looked at,
// with the bank credit that explains it or why there is none, and per account the day's statement:
// its closing balance beside the credits, the payouts' credits and the payouts sent that day. With no
// bank account configured (bank.accounts) the bank check did not run: the workbook is one sheet saying
// so and how to turn it on (`check: 'bank'`), the CSV its header alone.
import { PAYOUT_STANDING_SQL } from '../src/bank/payout-standing-sql.ts';
import type { ReportDefinition } from '../src/report/types.ts';
import { emptyOnDay } from './empty-sheet.ts';

/**
 * Per account, the night's day: the closing balance of the latest statement that ends that day, the
 * day's credits and debits, the credits that explain payouts, and the payouts sent that day (P = D) with
 * what of them is credited so far. A payout is credited up to settleDays bank days later, so the two
 * payout columns of one day need not agree; the difference is what the bank still owes.
 */
const ACCOUNT_DAY_SQL = `
WITH lines AS (
  SELECT account_id, amount_cents, line_id FROM bank_transactions WHERE posted_at = $date
), sent AS (
  SELECT account_id, sum(expected_cents) AS sent_cents,
    sum(expected_cents) FILTER (WHERE matched_by IN ('exact', 'sum')) AS sent_credited_cents
  FROM payout_matches WHERE run_id = $run_id AND payout_day = $date GROUP BY account_id
), explained AS (
  SELECT DISTINCT account_id, line_id, credit_cents FROM payout_matches
  WHERE run_id = $run_id AND posted_at = $date AND matched_by IN ('exact', 'sum', 'paired')
), closing AS (
  SELECT account_id, arg_max(closing_balance_cents, imported_at) AS closing_cents
  FROM bank_statements WHERE period_end = $date GROUP BY account_id
), accounts AS (
  SELECT account_id FROM lines UNION SELECT account_id FROM sent UNION SELECT account_id FROM closing
)
SELECT a.account_id, c.closing_cents AS closing_balance_cents,
  coalesce((SELECT sum(amount_cents) FROM lines l WHERE l.account_id = a.account_id AND amount_cents > 0), 0)::BIGINT AS credits_cents,
  coalesce((SELECT sum(amount_cents) FROM lines l WHERE l.account_id = a.account_id AND amount_cents < 0), 0)::BIGINT AS debits_cents,
  coalesce((SELECT sum(credit_cents) FROM explained e WHERE e.account_id = a.account_id), 0)::BIGINT AS payout_credits_cents,
  coalesce(s.sent_cents, 0)::BIGINT AS payouts_sent_cents, coalesce(s.sent_credited_cents, 0)::BIGINT AS payouts_sent_credited_cents
FROM accounts a LEFT JOIN closing c USING (account_id) LEFT JOIN sent s USING (account_id)
ORDER BY a.account_id`;

export const payouts: ReportDefinition = {
  name: 'payouts',
  description: "Payouts to the merchant's own accounts with their bank credit, or why there is none; each account's statement of the day",
  sheets: [
    {
      name: 'Payouts',
      title: (m) => m.sheets.payouts,
      sql: PAYOUT_STANDING_SQL,
      // On paper: each payout against its bank credit (the statement's memo and line stay on screen).
      printColumns: ['account_id', 'cash_out_id', 'payout_day', 'expected_cents', 'bank_status', 'credited_on', 'credit_cents', 'difference_cents'],
      columns: [
        { key: 'account_id', header: 'account', type: 'text' },
        { key: 'cash_out_id', header: 'operation', type: 'text' },
        { key: 'item_id', header: 'item', type: 'text' },
        { key: 'payout_day', header: 'payoutDay', type: 'date' },
        { key: 'window_end', header: 'windowEnd', type: 'date' },
        { key: 'expected_cents', header: 'payoutAmount', type: 'cents' },
        { key: 'bank_status', header: 'bankStatus', type: 'text', display: 'bankStatus' },
        { key: 'credited_on', header: 'creditedOn', type: 'date' },
        { key: 'credit_cents', header: 'creditAmount', type: 'cents' },
        { key: 'difference_cents', header: 'difference', type: 'cents' },
        { key: 'memo', header: 'bankMemo', type: 'text' },
        { key: 'line_id', header: 'bankLine', type: 'text' },
      ],
      // Not the credits: a day's sum is one credit shown on each of its payouts.
      totals: ['expected_cents', 'difference_cents'],
      whenEmpty: emptyOnDay('payouts'),
    },
    {
      name: 'Account day',
      title: (m) => m.sheets.bankDay,
      sql: ACCOUNT_DAY_SQL,
      columns: [
        { key: 'account_id', header: 'account', type: 'text' },
        { key: 'closing_balance_cents', header: 'closingBalance', type: 'cents' },
        { key: 'credits_cents', header: 'creditsOfDay', type: 'cents' },
        { key: 'debits_cents', header: 'debitsOfDay', type: 'cents' },
        { key: 'payout_credits_cents', header: 'payoutCreditsOfDay', type: 'cents' },
        { key: 'payouts_sent_cents', header: 'payoutsSentOfDay', type: 'cents' },
        { key: 'payouts_sent_credited_cents', header: 'payoutsSentCredited', type: 'cents' },
      ],
      whenEmpty: emptyOnDay('bankDay'),
    },
  ],
  csvSheet: 'Payouts',
  check: 'bank',
};
