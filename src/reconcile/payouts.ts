// The night's payout matching (docs/bank.md): reads the bounded working set of payouts and bank credits
// the night can still need, matches them (src/bank/match-payouts.ts), and leaves the result in two temp
// tables the bank rules read (rules.ts): rc_payout_matches, one row per payout, and rc_bank_unexplained,
// the payout-like credits no payout explains. Runs inside the night's transaction.
import { DateTime } from 'luxon';
import type { BankConfig } from '../config/schema.ts';
import { addBankBusinessDays } from '../bank/bank-days.ts';
import { matchPayouts, windowStartOf, type Credit, type Payout } from '../bank/match-payouts.ts';
import { dropReturnedCredits, type ReturnDebit } from '../bank/returned-credits.ts';
import { findingKeyOf, findingKeySql } from '../shared/finding.ts';
import { dateParam, instantParam, runWithParams, type SqlParams } from '../warehouse/sql.ts';
import type { ReconcileDeps } from './reconcile.ts';
import { pickedOnce } from './scope.ts';

/** The bank check of a night: the accounts, the window and the memo pattern, and the zone P is taken in. */
export type BankCheck = Pick<BankConfig, 'accounts' | 'settleDays' | 'payoutMemoPattern' | 'pairTolerance' | 'reversalMemoPattern'> & { zone: string };

/** Days before the first P whose window can still end on D that a night still looks at: a statement that
 * covers W a few days late still reports the payout. */
const LATE_STATEMENT_DAYS = 7;

/** The first day P a night looks at: its payouts' windows may still matter on D (plus the late margin). */
function firstPayoutDay(date: string, settleDays: number): string {
  const back = addBankBusinessDays(date, -settleDays);
  return DateTime.fromISO(back, { zone: 'UTC' }).minus({ days: LATE_STATEMENT_DAYS }).toISODate() ?? '';
}

const MATCH_COLUMNS = `cash_out_id VARCHAR, document VARCHAR, account_id VARCHAR, expected_cents BIGINT, payout_day DATE, window_start DATE, window_end DATE,
  line_id VARCHAR, posted_at DATE, credit_cents BIGINT, memo VARCHAR, matched_by VARCHAR, judged BOOLEAN`;
const UNEXPLAINED_COLUMNS = 'account_id VARCHAR, line_id VARCHAR, posted_at DATE, amount_cents BIGINT, memo VARCHAR, window_end DATE, judged BOOLEAN';

/** JSON text of rows as a table: from_json with the columns' types (one parameter, whatever the row count). */
const rowsFromJson = (param: string, columns: string) =>
  `SELECT unnest(from_json(${param}, '[{${columns
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .map(([name, type]) => `"${name}":"${type}"`)
    .join(',')}}]'), recursive := true)`;

/** The accounts, then the payouts and credits in view: from the view's first day to D, and carried ones. */
const PAYOUTS: readonly string[] = [
  `CREATE OR REPLACE TEMP TABLE rc_bank_accounts AS ${rowsFromJson('$bank_accounts', 'id VARCHAR, document VARCHAR')}`,
  // One row per payout whatever the number of accounts its document has: they are its pool. Its P is the
  // first time it was seen fulfilled (operation_history), not its latest update: a later change of any
  // other field moves date_updated, never the day the money left.
  `CREATE OR REPLACE TEMP TABLE rc_bank_payouts AS
   WITH once AS (
   ${pickedOnce(
     'operations',
     'o',
     'o.*',
     [
       'o.date_updated >= $bank_lo_start AND o.date_updated < $d_end',
       "o.operation_id IN (SELECT operation_id FROM rc_prev WHERE category IN ('payout_not_in_bank', 'payout_amount_differs'))",
     ].map((where) => ({ where: `o.kind = 'cash_out' AND ${where}` })),
   )}),
   documents AS (SELECT DISTINCT document FROM rc_bank_accounts),
   fulfilled AS (
     SELECT h.operation_id, min(h.date_updated) AS at
     FROM operation_history h SEMI JOIN once p ON h.kind = 'cash_out' AND h.operation_id = p.operation_id
     WHERE h.status = 'fulfilled' GROUP BY ALL)
   SELECT p.operation_id AS cash_out_id, p.item_id, d.document,
          coalesce(p.paid_off_amount_cents, p.amount_cents) AS expected_cents,
          epoch_ms(coalesce(f.at, p.date_updated)) AS fulfilled_ms
   FROM once p JOIN documents d ON d.document = regexp_replace(coalesce(p.customer_document_number, ''), '[^0-9]', '', 'g')
   LEFT JOIN fulfilled f ON f.operation_id = p.operation_id
   WHERE p.status = 'fulfilled' AND p.date_updated < $d_end`,
];

// A credit an earlier night gave to a payout now out of view stays that payout's: the night does not
// hand it to another payout of the same amount, and it is no unexplained credit either. A carried payout
// older than the view keeps what the previous night found for it (its paired credit, or none), unless a
// statement brought new lines in its window since: the other credits of its window are other payouts'.
// (Lines of older days imported since the previous night widen the view itself: readView.)
const CREDITS = `
CREATE OR REPLACE TEMP TABLE rc_bank_credits AS
SELECT t.account_id, a.document, t.line_id, strftime(t.posted_at, '%Y-%m-%d') AS posted_on, t.amount_cents, coalesce(t.memo, '') AS memo
FROM bank_transactions t JOIN rc_bank_accounts a ON a.id = t.account_id
WHERE t.amount_cents > 0 AND t.posted_at <= $d
  AND ((t.posted_at >= $credits_lo
        AND NOT EXISTS (
          SELECT 1 FROM payout_matches m
          WHERE m.posted_at >= $credits_lo AND m.payout_day < $credits_lo AND m.account_id = t.account_id AND m.line_id = t.line_id))
    OR (t.posted_at >= $carried_lo AND t.posted_at <= $carried_hi AND $carried_payouts AND (
          EXISTS (SELECT 1 FROM payout_matches m
                  WHERE m.run_id = $prev_run AND m.account_id = t.account_id AND m.line_id = t.line_id
                    AND m.cash_out_id IN (SELECT operation_id FROM rc_prev WHERE category IN ('payout_not_in_bank', 'payout_amount_differs')))
          OR t.imported_at > (SELECT coalesce(finished_at, started_at) FROM runs WHERE run_id = $prev_run)))
    OR ${findingKeySql('bank_credit_unexplained', 't.account_id', 't.line_id')} IN (SELECT finding_key FROM rc_prev))`;

/** The night's parameters of the bank check (none of it runs when no account is configured). */
export function bankParams(bank: BankCheck | undefined): SqlParams {
  return { bank_accounts: JSON.stringify((bank?.accounts ?? []).map((a) => ({ id: a.id, document: a.document }))) };
}

const CARRIED = `SELECT finding_key, category, operation_id FROM rc_prev
  WHERE category IN ('payout_not_in_bank', 'payout_amount_differs', 'bank_credit_unexplained')`;

/** The earliest day a statement line first imported after the previous night was posted on (a late statement). */
const LATE_LINES_FIRST_DAY = `SELECT strftime(min(posted_at), '%Y-%m-%d') AS day FROM bank_transactions
  WHERE imported_at > (SELECT coalesce(finished_at, started_at) FROM runs WHERE run_id = $prev_run)
    AND account_id IN (SELECT id FROM rc_bank_accounts)`;

/** The debits that may return one of the view's credits: same account and amount, posted from the first credit to D. */
const RETURN_DEBITS = `
SELECT t.account_id, t.line_id, strftime(t.posted_at, '%Y-%m-%d') AS posted_on, t.amount_cents, coalesce(t.memo, '') AS memo
FROM bank_transactions t
WHERE t.amount_cents < 0 AND t.posted_at >= $debits_lo AND t.posted_at <= $d
  AND t.account_id IN (SELECT id FROM rc_bank_accounts)
  AND -t.amount_cents IN (SELECT amount_cents FROM rc_bank_credits)`;

async function readReturnDebits(run: (sql: string, extra?: SqlParams) => ReturnType<typeof runWithParams>, credits: readonly Credit[]): Promise<ReturnDebit[]> {
  const first = credits.map((c) => c.postedOn).sort()[0];
  if (first === undefined) return [];
  return (await (await run(RETURN_DEBITS, { debits_lo: dateParam(first) })).getRowObjectsJS()).map((r) => ({
    accountId: String(r['account_id']),
    lineId: String(r['line_id']),
    postedOn: String(r['posted_on']),
    amountCents: Number(r['amount_cents']),
    memo: String(r['memo']),
  }));
}

interface View {
  payouts: Payout[];
  credits: Credit[];
  /** Payouts from this day P on are judged (older ones are in view only to claim their credits). */
  judgedFrom: string;
  /** Credits posted after this day are judged: every payout that could claim them is in view. */
  creditsJudgedAfter: string;
  carried: ReadonlySet<string>;
}

/**
 * The payouts and credits the night looks at. New findings come from payouts of P >= firstPayoutDay(D);
 * the view reaches a margin further back, so that a judged payout or credit never meets a credit whose
 * own payout is out of sight, and further when a statement brought lines of older days since the
 * previous night. A carried payout is read alone with the credits of its own window: an old finding
 * never widens the view to the whole history since it.
 */
async function readView(run: (sql: string, extra?: SqlParams) => ReturnType<typeof runWithParams>, date: string, bank: BankCheck): Promise<View> {
  await run(PAYOUTS[0] as string);
  const carried = new Set((await (await run(CARRIED)).getRowObjectsJS()).map((r) => String(r['finding_key'])));
  const judgedFrom = firstPayoutDay(date, bank.settleDays);
  // Payouts up to one margin before the judged ones are in view only to claim their own credits.
  let viewFrom = firstPayoutDay(judgedFrom, bank.settleDays);
  const late = (await (await run(LATE_LINES_FIRST_DAY)).getRowObjectsJS())[0]?.['day'];
  if (typeof late === 'string' && late !== '') viewFrom = [viewFrom, firstPayoutDay(late, bank.settleDays)].sort()[0] ?? viewFrom;
  const lo = { bank_lo_start: instantParam(DateTime.fromISO(viewFrom, { zone: bank.zone }).toMillis()), credits_lo: dateParam(viewFrom) };
  for (const sql of PAYOUTS.slice(1)) await run(sql, lo);
  const payouts = (await (await run('SELECT * FROM rc_bank_payouts')).getRowObjectsJS()).map((r) => {
    const fulfilledMs = Number(r['fulfilled_ms']);
    const day = DateTime.fromMillis(fulfilledMs, { zone: bank.zone }).toISODate() ?? '';
    return {
      cashOutId: String(r['cash_out_id']),
      document: String(r['document']),
      expectedCents: Number(r['expected_cents']),
      day,
      windowStart: windowStartOf(fulfilledMs, bank.zone),
      windowEnd: addBankBusinessDays(day, bank.settleDays),
      fulfilledMs,
    };
  });
  // The windows of the carried payouts older than the view: their own credits, and no others' of the view.
  const older = payouts.filter((p) => p.day < viewFrom);
  const carriedWindow = {
    carried_payouts: older.length > 0,
    carried_lo: dateParam(older.map((p) => p.windowStart).sort()[0] ?? viewFrom),
    carried_hi: dateParam(
      older
        .map((p) => p.windowEnd)
        .sort()
        .at(-1) ?? viewFrom,
    ),
  };
  await run(CREDITS, { ...lo, ...carriedWindow });
  const credits = (await (await run('SELECT * FROM rc_bank_credits')).getRowObjectsJS()).map((r) => ({
    accountId: String(r['account_id']),
    document: String(r['document']),
    lineId: String(r['line_id']),
    postedOn: String(r['posted_on']),
    amountCents: Number(r['amount_cents']),
    memo: String(r['memo']),
  }));
  const { kept } = dropReturnedCredits(credits, await readReturnDebits(run, credits), new RegExp(bank.reversalMemoPattern, 'iu'), bank.settleDays);
  return { payouts, credits: kept, judgedFrom, creditsJudgedAfter: addBankBusinessDays(viewFrom, bank.settleDays), carried };
}

/** Matches the night's payouts to the credits and writes rc_payout_matches and rc_bank_unexplained. */
export async function matchNightPayouts(db: ReconcileDeps['db'], params: SqlParams, date: string, bank: BankCheck | undefined): Promise<void> {
  const run = (sql: string, extra: SqlParams = {}) => runWithParams(db, sql, { ...params, ...extra });
  const on = bank !== undefined && bank.accounts.length > 0;
  const view: View = on ? await readView(run, date, bank) : { payouts: [], credits: [], judgedFrom: date, creditsJudgedAfter: date, carried: new Set() };
  const { payouts, credits, carried } = view;
  const payoutJudged = (p: Payout) =>
    p.day >= view.judgedFrom || carried.has(findingKeyOf('payout_not_in_bank', p.cashOutId)) || carried.has(findingKeyOf('payout_amount_differs', p.cashOutId));
  const creditJudged = (c: Credit) => c.postedOn > view.creditsJudgedAfter || carried.has(findingKeyOf('bank_credit_unexplained', c.accountId, c.lineId));
  const matching = matchPayouts(payouts, credits, new RegExp(bank?.payoutMemoPattern ?? '$^', 'iu'), bank?.pairTolerance ?? { minCents: 0, percent: 0 });
  const poolOf = (document: string) =>
    (bank?.accounts ?? [])
      .filter((a) => a.document === document)
      .map((a) => a.id)
      .join('/');
  const matches = matching.payouts.map(({ payout: p, credit: c, matchedBy }) => ({
    cash_out_id: p.cashOutId,
    document: p.document,
    // The account that credited it; the accounts of its document (a/b) while none did.
    account_id: c?.accountId ?? poolOf(p.document),
    expected_cents: p.expectedCents,
    payout_day: p.day,
    window_start: p.windowStart,
    window_end: p.windowEnd,
    line_id: c?.lineId ?? null,
    posted_at: c?.postedOn ?? null,
    credit_cents: c?.amountCents ?? null,
    memo: c?.memo ?? null,
    matched_by: matchedBy,
    judged: payoutJudged(p),
  }));
  const unexplained = matching.unexplained.map((c) => ({
    account_id: c.accountId,
    line_id: c.lineId,
    posted_at: c.postedOn,
    amount_cents: c.amountCents,
    memo: c.memo,
    window_end: addBankBusinessDays(c.postedOn, bank?.settleDays ?? 2),
    judged: creditJudged(c),
  }));
  await run(`CREATE OR REPLACE TEMP TABLE rc_payout_matches AS ${rowsFromJson('$rows', MATCH_COLUMNS)}`, { rows: JSON.stringify(matches) });
  await run(`CREATE OR REPLACE TEMP TABLE rc_bank_unexplained AS ${rowsFromJson('$rows', UNEXPLAINED_COLUMNS)}`, { rows: JSON.stringify(unexplained) });
  // An account-less night still needs the tables the rules join.
  if (!on) {
    await run('CREATE OR REPLACE TEMP TABLE rc_bank_payouts AS SELECT NULL::VARCHAR AS cash_out_id, NULL::VARCHAR AS item_id LIMIT 0');
    await run('CREATE OR REPLACE TEMP TABLE rc_bank_accounts AS SELECT NULL::VARCHAR AS id, NULL::VARCHAR AS document LIMIT 0');
  }
}

/** The night's payout matches, kept per run for the payouts report (payout_matches). */
export const PAYOUT_MATCHES_STATEMENT = `
SELECT $run_id, $d, cash_out_id, account_id, expected_cents, payout_day, window_end, line_id, posted_at, credit_cents, matched_by
FROM rc_payout_matches`;
