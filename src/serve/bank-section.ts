// The night page's bank leg: where the payouts of the night's bank check stand (credited, in a day's
// sum, credited another amount, waiting, not credited) with their amounts, and each account's latest
// statement up to the night. Shown only when the night's bank check looked at payouts or a statement
// exists; the payouts report has the lines.
import { PAYOUT_STANDING_SQL } from '../bank/payout-standing-sql.ts';
import type { Messages } from '../shared/locale/index.ts';
import { dateParam } from '../warehouse/sql.ts';
import { html, type SafeHtml } from './html.ts';
import { bigintOf, numberOf, textOf, type Db } from './warehouse-reads.ts';

interface Standing {
  status: string;
  payouts: number;
  cents: bigint;
}

interface LatestStatement {
  account: string;
  file: string;
  from: string;
  to: string;
  closingCents: bigint | null;
}

export interface BankLeg {
  standings: Standing[];
  statements: LatestStatement[];
}

const STATUS_ORDER = ['not_credited', 'credited_other_amount', 'no_statement', 'window_open', 'credited', 'credited_in_sum'];

const STANDINGS_SQL = `SELECT bank_status, count(*) AS payouts, sum(expected_cents)::BIGINT AS cents FROM (${PAYOUT_STANDING_SQL}) GROUP BY bank_status`;

const STATEMENTS_SQL = `
SELECT account_id, file, strftime(period_start, '%Y-%m-%d') AS period_from, strftime(period_end, '%Y-%m-%d') AS period_to, closing_balance_cents
FROM bank_statements WHERE period_start <= $date
QUALIFY row_number() OVER (PARTITION BY account_id ORDER BY period_end DESC, imported_at DESC) = 1
ORDER BY account_id`;

/** The night's bank leg, or undefined when its bank check saw nothing (no account configured). */
export async function readBankLeg(db: Db, request: { date: string; runId: string | undefined }): Promise<BankLeg | undefined> {
  const date = dateParam(request.date);
  const standings = request.runId
    ? (await db.runAndReadAll(STANDINGS_SQL, { run_id: request.runId, date })).getRowObjects().map((r) => ({
        status: textOf(r['bank_status']) ?? '',
        payouts: numberOf(r['payouts']),
        cents: bigintOf(r['cents']) ?? 0n,
      }))
    : [];
  const statements = (await db.runAndReadAll(STATEMENTS_SQL, { date })).getRowObjects().map((r) => ({
    account: textOf(r['account_id']) ?? '',
    file: textOf(r['file']) ?? '',
    from: textOf(r['period_from']) ?? '',
    to: textOf(r['period_to']) ?? '',
    closingCents: bigintOf(r['closing_balance_cents']),
  }));
  if (standings.length === 0 && statements.length === 0) return undefined;
  standings.sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  return { standings, statements };
}

export function bankSection(leg: BankLeg, m: Messages): SafeHtml {
  const b = m.page.bank;
  const rows = leg.standings.map(
    (s) =>
      html`<tr data-status="${s.status}"><td>${m.bankStatuses[s.status] ?? s.status}</td><td class="num">${s.payouts}</td><td class="num">${m.fmt.money(s.cents)}</td></tr>`,
  );
  const table =
    rows.length === 0
      ? html`<p class="muted">${b.noPayouts}</p>`
      : html`<table id="bank-standings"><thead><tr><th>${b.status}</th><th class="num">${b.payouts}</th><th class="num">${b.amount}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const statements = leg.statements.map(
    (s) => html`<li>${b.statement(s.account, s.file, s.from, s.to, s.closingCents === null ? undefined : m.fmt.money(s.closingCents))}</li>`,
  );
  return html`<section id="bank"><h2>${b.heading}</h2>${table}${statements.length === 0 ? html`<p class="muted">${b.noStatement}</p>` : html`<ul>${statements}</ul>`}</section>`;
}
