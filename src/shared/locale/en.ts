// The English catalogue: the words recon wrote before it spoke Portuguese, kept as they were, so that
// `reports.locale: "en"` writes the same English workbooks, sentences and night summary. Category and
// status labels are the contract's own keys; reasons are the reconcile rules' sentences, rebuilt from
// their facts (localize.ts checks they come back identical before any locale renders them).
import type { Messages } from './index.ts';
import type { ReasonFormat, ReasonRenderers } from './reason-types.ts';
import { brazilianReais } from './format-pt-BR.ts';
import { formatEn } from './format-en.ts';

const itemsEn = (n: number): string => (n === 1 ? '1 item' : `${formatEn.count(n)} items`);

/** What explains a tie-out that closes: " explained by 2 findings and 1 item of another day ...", or nothing. */
function closeExplanationEn(byFindings: number, byTiming: number): string {
  const parts = [
    ...(byFindings > 0 ? [byFindings === 1 ? '1 finding' : `${formatEn.count(byFindings)} findings`] : []),
    ...(byTiming > 0 ? [`${itemsEn(byTiming)} of another day or within tolerance`] : []),
  ];
  return parts.length === 0 ? '' : ` explained by ${parts.join(' and ')}`;
}
import { alertsEn } from './alerts-en.ts';
import { terminalEn } from './terminal-en.ts';
import { commandWordsEn } from './command-words-en.ts';
import { checkEn } from './check-en.ts';
import { helpEn } from './help-en.ts';
import { pageEn } from './page-en.ts';
import { checksOffEn, emptySheetsEn } from './sentences-en.ts';
import { keptOutEn } from './kept-out-en.ts';
import { FINDING_CATEGORIES } from '../domain.ts';

const money = (f: ReasonFormat, cents: bigint | null) => f.money(cents);
const signed = (f: ReasonFormat, cents: bigint | null) => f.signedMoney(cents);

const reasons: ReasonRenderers = {
  missingPayment: (r, f) =>
    `${r.markedPaidOn === null ? '' : `order marked paid on ${f.day(r.markedPaidOn)} (was ${f.status(r.statusBefore ?? '')}); `}order ${money(f, r.orderCents)} is paid but no paid, refunded or charged-back payment exists${r.paymentsSeen === null ? '' : ` (payments seen: ${f.status(r.paymentsSeen)})`}`,
  unmatchedPayment: (r, f) =>
    `paid ${r.source === 'card' ? 'transaction' : 'cash-in'} ${r.paymentId} of ${money(f, r.cents)} matches no order ${r.itemId === null ? '(the listing row has no item_id)' : `(item_id ${r.itemId})`}`,
  amountMismatch: (r, f) => `order ${money(f, r.orderCents)} vs ${r.compared} ${money(f, r.paidCents)} (${signed(f, r.differenceCents)})`,
  amountMismatchEdited: (r, f) =>
    `order edited on ${f.day(r.editedOn)} from ${money(f, r.beforeCents)} to ${money(f, r.orderCents)}; paid ${money(f, r.paidCents)} (${signed(f, r.differenceCents)})`,
  duplicateCharge: (r, f) => `${r.count} payments are paid for one item: ${r.payments.map((p) => `${p.id} ${money(f, p.cents)}`).join(', ')}`,
  refundOwed: (r, f) => `order is ${f.status(r.orderStatus)} but payment ${r.paymentIds} of ${money(f, r.cents)} is still paid`,
  refundNotRecorded: (r, f) => `transaction ${r.transactionIds} was refunded on ${f.instant(r.atMs)} but the order is still paid`,
  chargebackOpen: (r, f) => `transaction ${r.transactionIds} was charged back on ${f.instant(r.atMs)} but the order is still paid`,
  staleReview: (r, f) => `transaction ${r.transactionId} has been in review since ${f.instant(r.sinceMs)} (${r.hours} h at the end of the day)`,
  orderStatusBehind: (r, f) => `order is pending but payment ${r.paymentIds} of ${money(f, r.cents)} is paid`,
  cashinAmountMismatch: (r, f) => `cash-in amount ${money(f, r.amountCents)} vs paid_amount ${money(f, r.paidCents)} (${signed(f, r.differenceCents)})`,
  cashoutFailed: (r, f) => `payout of ${money(f, r.cents)} failed${r.description === null ? '' : `: ${r.description}`}`,
  cashoutStalePending: (r, f) =>
    `payout of ${money(f, r.cents)} has been ${f.status(r.status)} since ${f.instant(r.sinceMs)} (${r.hours} h at the end of the day)`,
  cashoutShort: (r, f) => `payout amount ${money(f, r.amountCents)} vs paid_off_amount ${money(f, r.paidOffCents)} (${signed(f, r.differenceCents)})`,
  feeMismatch: (r, f) => `${r.installments}x ${r.brand}: charged ${money(f, r.chargedCents)}, table ${money(f, r.tableCents)} (rate ${r.rate}%)`,
  notificationMissed: (r, f) =>
    `transaction ${r.transactionId} became ${r.status} on ${f.instant(r.atMs)} and no notification of it came within ${r.hours} h${r.explains === null ? '' : `; it explains the open ${r.explains} of its order`}`,
  notificationContradicted: (r, f) =>
    `transaction ${r.transactionId} was notified as ${r.status} on ${f.instant(r.atMs)} but the listing ${
      r.listed === null ? `does not have it ${r.hours} h later` : `shows it ${r.listed.status} since ${f.instant(r.listed.sinceMs)} and never ${r.status}`
    }`,
  payoutNotInBank: (r, f) =>
    `payout of ${money(f, r.cents)} on ${f.day(r.day)} has no credit in bank account ${r.account} from ${f.day(r.windowStart)} to ${f.day(r.windowEnd)}`,
  payoutAmountDiffers: (r, f) =>
    `payout of ${money(f, r.cents)} on ${f.day(r.day)} was credited ${money(f, r.creditCents)} on ${f.day(r.postedOn)} in bank account ${r.account} (${signed(f, r.differenceCents)}; line ${r.lineId}, memo "${r.memo}")`,
  bankCreditUnexplained: (r, f) =>
    `bank credit of ${money(f, r.cents)} on ${f.day(r.postedOn)} in bank account ${r.account} explains no payout (line ${r.lineId}, memo "${r.memo}")`,
  reviewRejected: (r, f) =>
    `transaction ${r.transactionId} left review: rejected by the fraud check (no longer listed by the service; seen missing on ${f.instant(r.seenMissingMs)})`,
  reviewDecided: (r, f) => `transaction ${r.transactionId} left review: now ${f.status(r.status)}${r.sinceMs === null ? '' : ` since ${f.instant(r.sinceMs)}`}`,
};

const same = <const K extends string>(keys: readonly K[]): Record<K, K> => Object.fromEntries(keys.map((k) => [k, k])) as Record<K, K>;

const sheets: Messages['sheets'] = {
  close: 'Close',
  monthClose: 'Month close',
  summary: 'Summary',
  other: 'other',
  keptOutOrders: 'Orders kept out',
  syncRejects: 'Listed rows kept out',
  refunds: 'Refunds',
  chargebacks: 'Chargebacks',
  byBrand: 'By brand',
  feesDay: 'Fees of the day',
  feesMonth: 'Fees month to date',
  forecastDay: 'Forecast by day',
  forecastLines: 'Forecast installments',
  payouts: 'Payouts',
  bankDay: 'Account on the day',
  checkOff: 'Check off',
};

export const en: Messages = {
  locale: 'en',
  excel: { instantFormat: 'yyyy-mm-dd hh:mm:ss', dateFormat: 'yyyy-mm-dd' },
  print: { night: (day: string): string => `night of ${formatEn.day(day)}`, pages: 'page &P of &N' },
  /** The locale's one formatter of values (format.ts). */
  fmt: formatEn,
  format: {
    money: (cents) => (cents === null ? 'none' : brazilianReais(cents)),
    signedMoney: (cents) => (cents === null ? 'none' : `${cents >= 0n ? '+' : ''}${brazilianReais(cents)}`),
    day: (isoDate) => isoDate,
    // The rules write UTC, and say so: the English sentence stays as the warehouse holds it.
    instant: (epochMs) => `${formatEn.instant(epochMs, 'UTC')} UTC`,
    count: (n) => formatEn.count(n),
  },
  listSeparator: ',',
  yes: 'Yes',
  no: 'No',
  total: 'Total',
  /** The note under a workbook sheet cut at SheetSpec.maxWorkbookRows. */
  rowsCut: (shown: number, total: number, csv: string, totalled: boolean) =>
    `the first ${formatEn.count(shown)} of ${formatEn.count(total)} rows; all of them are in ${csv}${totalled ? ', and the total adds them all up' : ''}`,
  // English shows a category by its key, as the CSV and summary.json do.
  categories: same(FINDING_CATEGORIES),
  states: same(['new', 'open', 'resolved', 'acknowledged', 'accepted']),
  // The words triage/fold.ts stores in a view's `changed` (the CSV and JSON of `recon findings list`).
  changedSince: (mark, day) => `changed since ${mark} on ${day}`,
  statuses: same([
    'paid',
    'pending',
    'canceled',
    'refunded',
    'processing',
    'review',
    'refused',
    'chargeback',
    'rejected',
    'active',
    'expired',
    'fulfilled',
    'failed',
  ]),
  ageBuckets: { '0-30d': '0–30 days', '31-60d': '31–60 days', '61-90d': '61–90 days', '91-120d': '91–120 days', '>120d': 'over 120 days' },
  closeLines: {
    sales: 'Sales',
    'sales.shop': 'Shop: orders paid on the day',
    'sales.service': 'Service: sales captured on the day',
    refunds: 'Refunds and chargebacks',
    'refunds.shop': 'Shop: refunds recorded on the day',
    'refunds.service': 'Service: refunds and chargebacks of the day',
    // The same sides summed over the month to date (the month's close).
    'sales.shop.month': 'Shop: orders paid in the period',
    'sales.service.month': 'Service: sales captured in the period',
    'refunds.shop.month': 'Shop: refunds recorded in the period',
    'refunds.service.month': 'Service: refunds and chargebacks of the period',
    'cash.shop.month': 'Bank: credits on the statements',
    'cash.service.month': 'Service: payouts whose window ended',
    cash: 'Payouts and bank',
    'cash.shop': 'Bank: credits on the statements',
    'cash.service': 'Service: payouts whose window ended',
    difference: 'Difference (service − shop)',
    other_day: 'Counterpart on another day',
    tolerance: 'Within tolerance',
    unexplained: 'Unexplained',
  },
  listings: same(['transactions', 'operations']),
  issueKinds: same(['rejected', 'conflict']),
  bankStatuses: {
    credited: 'credited',
    credited_in_sum: "credited in the day's sum",
    credited_other_amount: 'credited another amount',
    window_open: 'waiting (window open)',
    no_statement: 'no statement covers the window',
    not_credited: 'not credited',
  } as Record<string, string>,
  sheets,
  emptySheets: emptySheetsEn(sheets),
  checksOff: checksOffEn,
  headers: {
    tieout: 'Tie-out',
    closeLine: 'Line',
    items: 'Items',
    closeAmount: 'Amount',
    category: 'Category',
    categoryKey: 'Category key',
    state: 'State',
    firstSeen: 'First seen',
    item: 'Item',
    operation: 'Operation',
    transactions: 'Transactions',
    transaction: 'Transaction',
    orderStatus: 'Order status',
    paymentStatus: 'Payment status',
    orderAmount: 'Order amount',
    paymentAmount: 'Payment amount',
    difference: 'Difference',
    reason: 'Reason',
    facts: 'Finding facts (JSON)',
    customer: 'Customer',
    customerDocument: 'Customer document',
    findingKey: 'Finding key',
    active: 'Findings (new + open)',
    new: 'New',
    open: 'Open',
    resolved: 'Resolved',
    amountAtStake: 'Amount at stake',
    file: 'File',
    line: 'Line',
    column: 'Column',
    value: 'Value',
    kind: 'Kind',
    listing: 'Listing',
    filter: 'Filter',
    page: 'Page',
    row: 'Row',
    id: 'Id',
    rawRow: 'Row as listed (first 4 KB)',
    rawBytes: 'Row size (bytes)',
    soldAt: 'Sold at',
    refundedAt: 'Refunded at',
    netValue: 'Net value',
    refundedAmount: 'Refunded amount',
    cardBrand: 'Card brand',
    lastDigits: 'Last digits',
    paymentStatusNow: 'Payment status now',
    order: 'Order',
    orderReflectsRefund: 'Order reflects refund',
    newToday: 'New today',
    chargedBackAt: 'Charged back at',
    daysSinceChargeback: 'Days since chargeback',
    daysSinceSale: 'Days since sale',
    ageBucket: 'Age bucket (since chargeback)',
    openFinding: 'Open finding',
    chargebackCount: 'Chargebacks',
    newTodayCount: 'New today',
    installments: 'Installments',
    sales: 'Sales',
    charged: 'Charged',
    fees: 'Fees',
    effectiveRateBp: 'Effective rate',
    tableRateBp: 'Table rate',
    overTable: 'Charged beyond the table',
    unpricedSales: 'Sales without a table price',
    period: 'Period',
    triage: 'Triage',
    assignedTo: 'Assigned to',
    note: 'Note',
    notedBy: 'Noted by',
    since: 'Since',
    changed: 'Changed',
    due: 'Due',
    overdue: 'Overdue',
    acknowledged: 'Acknowledged',
    accepted: 'Accepted',
    overdueCount: 'Overdue',
    dueDate: 'Due date',
    account: 'Account',
    payoutDay: 'Payout day',
    windowEnd: 'Window ends',
    payoutAmount: 'Payout amount',
    bankStatus: 'In the bank',
    creditedOn: 'Credited on',
    creditAmount: 'Amount credited',
    bankMemo: 'Memo',
    bankLine: 'Bank line',
    closingBalance: 'Statement closing balance',
    creditsOfDay: 'Credits of the day',
    debitsOfDay: 'Debits of the day',
    payoutCreditsOfDay: 'Credits from payouts',
    payoutsSentOfDay: 'Payouts sent that day',
    payoutsSentCredited: 'Sent that day, credited so far',
    installmentsDue: 'Installments due',
    installment: 'Installment',
    expectedAmount: 'Expected amount (forecast)',
    partialDay: 'Partial (older sales not read)',
  },
  notes: {
    rowsCut: 'Rows in this sheet',
    businessDate: 'Business date',
    timeZone: 'Time zone',
    dayStarts: 'Day starts (local time)',
    dayEnds: 'Day ends (local time, exclusive)',
    reconcileRun: 'Reconcile run',
    reconcileStarted: 'Reconcile run started',
    reconcileFinished: 'Reconcile run finished',
    reconcileOutcome: 'Reconcile run outcome',
    transactionsListedUpTo: 'Transactions listed up to',
    transactionsReadAt: 'Transactions last read at',
    operationsListedUpTo: 'Operations listed up to',
    operationsReadAt: 'Operations last read at',
    ordersImportedAt: 'Orders last imported at',
    ordersKeptOut: 'Order rows rejected and items in conflict (see the sheet Orders kept out)',
    syncKeptOut: 'Listed rows kept out of the warehouse (see the sheet Listed rows kept out)',
    forecastNotice:
      'FORECAST, not a record of money received: the payments service lists no settlements. Each figure is an installment of a paid card sale, due by the configured settlement contract.',
    forecastAmount:
      'Amount: the net value of the sale (what the merchant is owed when the card fees are passed to the customer; the captured amount when there is no net value), less any partial refund, split into installments (the first carries the remainder cents). The service lists no acquirer fees: a fee the merchant bears will lower what the bank credits. Refunded and charged-back sales are out.',
    forecastFrom: 'Forecast from',
    forecastTo: 'Forecast to',
    forecastContract: 'Settlement contract',
    forecastCompleteFrom: 'Complete for sales from',
    forecastNoSync: 'No sync has read this night: the warehouse cannot vouch for any day of this forecast',
    monthFrom: 'Month from',
    monthUpTo: 'Up to the night of',
    monthNights: 'Nights summed (each as the night stored it)',
    monthMissing: 'Nights with no close stored (not run, or reconciled before the close existed)',
    forecastPartialDays:
      'Partial days: sales before the date above were not read, and some of their installments may be due on these days (the backfill of older sales reads them; sync.backfillDays)',
    forecastLinesShown: 'Installments in this sheet: those due from',
    forecastAllLines: 'Every installment of the horizon (in the warehouse, forecast_lines)',
    forecastNoPartialDays: 'Every day of the horizon is complete: every sale that can have an installment due in it was read',
  },
  reasons,
  keptOut: keptOutEn,
  night: {
    done: (date, warnings, duration, sandbox) =>
      `Night ${date} ${warnings ? 'done with warnings' : 'done'} in ${duration}${sandbox ? ' on the built-in SANDBOX (no real money; set RECON_API_KEY and a config to use the service)' : ''}.`,
    synced: (windows, pages, created, changed, unchanged) =>
      `synced: ${windows} windows, ${pages} pages, rows new ${created} / changed ${changed} / unchanged ${unchanged}`,
    keptOut: (rows) =>
      `kept out: ${rows} listed row(s) broke the service's interface; they are in sync_rejects and the workbook's sheet "Listed rows kept out"`,
    orders: (loaded, rejected, file) => `${loaded} loaded, ${rejected} kept out from ${file}`,
    ordersLabel: 'orders',
    statementLabel: 'bank statement',
    statement: (loaded, rejected, file) => `${loaded} lines loaded, ${rejected} kept out from ${file}`,
    statementBefore: (file) => `${file} was imported before; nothing changed`,
    statementMissing: (file) => `${file} does not exist (yet); the night went on without it — import it later with recon import`,
    findings: (created, open, resolved) => `findings: ${created} new, ${open} still open, ${resolved} resolved`,
    countsLine: (created, open, resolved) => `${String(created).padStart(5)} new ${String(open).padStart(5)} open ${String(resolved).padStart(5)} resolved`,
    reports: 'reports',
    closeTieOut: (tieout, closes, difference, byFindings, byTiming, unexplained, unexplainedItems) =>
      closes
        ? `${tieout}: closes, difference ${difference}${closeExplanationEn(byFindings, byTiming)}`
        : `${tieout}: does NOT close, ${unexplained} of the difference ${difference} unexplained in ${itemsEn(unexplainedItems)} (close_residue)`,
  },
  backfill: {
    skipped: (head) => `${head}: skipped (already done; --force re-runs it)`,
    night: (head, warnings, duration, created, open, resolved, keptOut, reportDir) =>
      `${head}: ${warnings ? 'done with warnings' : 'done'} in ${duration}; findings ${created} new, ${open} still open, ${resolved} resolved${keptOut > 0 ? `; ${keptOut} listed row(s) kept out` : ''}; reports in ${reportDir}`,
    position: (date, position, count) => `${date} (${position} of ${count})`,
    end: (range, run, skipped) => `Backfill${range}: ${run} night${run === 1 ? '' : 's'} run, ${skipped} skipped.`,
    range: (from, to) => ` ${from} to ${to}`,
  },
  interrupted: {
    stopped: (during) => `interrupted (Ctrl-C)${during}`,
    during: (date) => ` during the night of ${date} (left unfinished: the next run marks it abandoned and runs it again)`,
    done: (nights) => `done: ${nights}`,
    notDone: (nights) => `not done: ${nights}`,
    resume: (command) => `resume with: ${command}`,
    none: (total) => `none of ${total} night${total === 1 ? '' : 's'}`,
    some: (spans, count, total) => `${spans} (${count} of ${total} night${total === 1 ? '' : 's'})`,
    span: (first, last) => `${first} to ${last}`,
    one: (date) => date,
  },
  warning: 'warning',
  progress: { rows: ['row', 'rows'], nights: ['night', 'nights'], took: 'in' },
  page: pageEn,
  alerts: alertsEn,
  terminal: terminalEn,
  check: checkEn,
  commands: commandWordsEn,
  help: helpEn,
};
