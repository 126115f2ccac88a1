// Pure SQL for the reconciliation's scope: which orders and payments a night looks at, and how they link.
// Nothing here runs a query; reconcile.ts executes these statements in order on one connection, with
// the night's values as named parameters (nightParams).
//
// Every statement reads the big tables in one of two ways DuckDB can bound, so that a night's work
// follows the night's rows and not the warehouse's size: a plain comparison of a column with the night's
// parameters (`date_created >= $d_start`: DuckDB skips the row groups whose min/max rule it out), or a
// semi-join of the table with a small set of keys collected first (`t.item_id IN (SELECT ...)`, the
// table on the left: DuckDB builds its hash table on the keys and skips the row groups whose min/max
// the keys' range rules out, then reads only that key column of the others). An OR of such conditions
// would make DuckDB read every row of every column it names, so each is a branch of its own: the
// branches collect rowids, and the rows are read once by rowid (pickedOnce).
import type { FeesConfig, NotificationsConfig, ReconcileConfig } from '../config/schema.ts';
import { CHARGED_SALE_SQL } from '../fees/sales.ts';
import { findingKeySql } from '../shared/finding.ts';
import { dateParam, instantParam, sqlIdentifier, type SqlParams } from '../warehouse/sql.ts';

export interface RuleParams {
  /** The reconcile run the findings and matches are written for. */
  runId: string;
  /** Business date D, YYYY-MM-DD. */
  date: string;
  /** Start and end of D in the business zone, as UTC epoch ms (end exclusive). */
  startMs: number;
  endMs: number;
  /** The previous reconcile run whose open findings are carried into this one (none on a first run). */
  previousRunId: string | undefined;
  /** Its business date, YYYY-MM-DD: every finding of a run has the run's date. */
  previousRunDate: string | undefined;
  reconcile: ReconcileConfig;
  /** The fee check's settings; absent: off. */
  fees?: Pick<FeesConfig, 'check' | 'toleranceCents'> | undefined;
  /** Whether status changes are expected to be notified; absent: not. */
  notifications?: (Pick<NotificationsConfig, 'expected' | 'retrySpanHours'> & Partial<Pick<NotificationsConfig, 'contradictionGraceHours'>>) | undefined;
}

/**
 * The night's values for the `$name` parameters of the statements here and in rules.ts (each statement
 * is bound with the names it uses). Instants are TIMESTAMPTZ values and the date a DATE, so that they
 * compare with the columns as they are, without a cast.
 */
export function nightParams(p: RuleParams): SqlParams {
  const hour = 3_600_000;
  return {
    run_id: p.runId,
    d: dateParam(p.date),
    d_start: instantParam(p.startMs),
    d_end: instantParam(p.endMs),
    // Counterparts created up to boundaryMinutes after midnight still belong to D (order 23:58, payment 00:02).
    horizon: instantParam(p.endMs + p.reconcile.boundaryMinutes * 60_000),
    review_cutoff: instantParam(p.endMs - Math.round(p.reconcile.reviewStaleHours * hour)),
    payout_cutoff: instantParam(p.endMs - Math.round(p.reconcile.payoutStaleHours * hour)),
    tolerance: p.reconcile.amountToleranceCents,
    compare: p.reconcile.compareAmount,
    prev_run: p.previousRunId ?? null,
    prev_date: p.previousRunDate === undefined ? null : dateParam(p.previousRunDate),
    fee_check: p.fees?.check ?? 'off',
    fee_tolerance: p.fees?.toleranceCents ?? 0,
    ...notificationParams(p),
  };
}

/**
 * A status change is judged on the night whose day holds the end of the service's retry span after it:
 * changes made in [start - span, end - span) of D.
 */
function notificationParams(p: RuleParams): SqlParams {
  const spanMs = Math.round((p.notifications?.retrySpanHours ?? 26) * 3_600_000);
  return {
    notify_expected: p.notifications?.expected ?? false,
    notify_lo: instantParam(p.startMs - spanMs),
    notify_hi: instantParam(p.endMs - spanMs),
    notify_span_ms: spanMs,
    notify_span_hours: String(p.notifications?.retrySpanHours ?? 26),
    ...contradictionParams(p),
  };
}

/**
 * A notification is held against the listing on the night whose day holds the later of its
 * date_updated + the grace and its arrival: claims dated in [start - grace, end - grace) of D, or
 * received during D, filtered to those whose later instant falls in D.
 */
function contradictionParams(p: RuleParams): SqlParams {
  const hours = p.notifications?.contradictionGraceHours ?? 24;
  const graceMs = Math.round(hours * 3_600_000);
  return {
    claim_lo: instantParam(p.startMs - graceMs),
    claim_hi: instantParam(p.endMs - graceMs),
    claim_grace_ms: graceMs,
    claim_grace_hours: String(hours),
  };
}

/** One branch of a pick: a condition on the table's alias, and a join it needs (a SEMI JOIN on a key set). */
interface Branch {
  where: string;
  join?: string;
}

/**
 * The rows of `table` that any branch brings, each once: the branches collect rowids only, and the rows
 * are read once by rowid with the columns asked for. Keeping a row once over whole rows (DISTINCT ON)
 * built a hash table of every picked row's columns that DuckDB could not spill: the orders of a
 * 200,000-sale night needed more than 120 MiB of its share that way, and 40 MiB by rowid, in half the time.
 */
export const pickedOnce = (table: string, alias: string, columns: string, branches: readonly Branch[]): string =>
  `SELECT ${columns} FROM ${table} ${alias} WHERE ${alias}.rowid IN (
     ${branches.map((b) => `SELECT ${alias}.rowid FROM ${table} ${alias} ${b.join ?? ''} WHERE ${b.where}`).join('\n     UNION ALL ')})`;

/**
 * Statements that build the night's working set as temp tables, in order. The amount compared is a
 * column (reconcile.compareAmount), which no parameter can name: it is quoted into the text.
 */
export const scopeStatements = (compare: ReconcileConfig['compareAmount']): readonly string[] => [
  // Findings still open after the previous night: they are re-checked whatever day they started. All
  // findings of a run carry its date, which bounds the read.
  `CREATE OR REPLACE TEMP TABLE rc_prev AS
   SELECT * FROM findings WHERE business_date = $prev_date AND run_id = $prev_run AND state <> 'resolved'`,

  `CREATE OR REPLACE TEMP TABLE rc_prev_tx AS
   SELECT DISTINCT trim(unnest(string_split(transaction_ids, ','))) AS transaction_id
   FROM rc_prev WHERE transaction_ids IS NOT NULL AND transaction_ids <> ''`,

  // The transactions of carried stale_review findings and their history rows, for the reason a resolved
  // one gives (rules.ts LIFECYCLE_STATEMENT).
  `CREATE OR REPLACE TEMP TABLE rc_prev_reviews AS
   SELECT transaction_id, status FROM transactions
   WHERE transaction_id IN (SELECT transaction_ids FROM rc_prev WHERE category = 'stale_review')`,

  `CREATE OR REPLACE TEMP TABLE rc_prev_review_history AS
   SELECT * FROM transaction_history WHERE transaction_id IN (SELECT transaction_id FROM rc_prev_reviews)`,

  // Payments that changed during D (a refund or chargeback on an old sale): their orders are in scope.
  `CREATE OR REPLACE TEMP TABLE rc_changed AS
   SELECT transaction_id AS payment_id, item_id FROM transactions WHERE date_updated >= $d_start AND date_updated < $d_end
   UNION ALL
   SELECT operation_id, item_id FROM operations WHERE kind = 'cash_in' AND date_updated >= $d_start AND date_updated < $d_end`,

  // The orders an import of D brought: `changed` when its version differs from an earlier one in
  // amount, status or recorded transaction; `first_seen` when D's is its first version. A first sight is
  // no change: on the install night, whose backlog has no earlier night, it raises nothing for nights
  // never reconciled; on later nights it still puts the order in scope (a canceled order first exported
  // late may owe a refund), but not in the rules that judge an order's own day.
  `CREATE OR REPLACE TEMP TABLE rc_day_orders AS
   WITH of_day AS (SELECT DISTINCT h.item_id FROM order_history h JOIN order_imports i USING (import_id) WHERE i.business_date = $d),
   v AS (
     SELECT h.item_id, i.business_date, row(h.amount_cents, h.status, h.transaction_id) AS content,
            lag(row(h.amount_cents, h.status, h.transaction_id)) OVER (PARTITION BY h.item_id ORDER BY h.imported_at, h.import_id) AS before
     FROM order_history h JOIN order_imports i USING (import_id)
     WHERE h.item_id IN (SELECT item_id FROM of_day))
   SELECT item_id, bool_or(before IS NOT NULL AND content IS DISTINCT FROM before) AS changed, bool_or(before IS NULL) AS first_seen
   FROM v WHERE business_date = $d GROUP BY item_id`,

  // Orders of D, orders an import of D changed (a cancel, a refund, an edit recorded on D) or showed late
  // after an earlier night, orders whose payment changed during D, and carried ones.
  `CREATE OR REPLACE TEMP TABLE rc_orders AS
   ${pickedOnce('orders', 'o', 'o.*, o.item_id IN (SELECT item_id FROM rc_day_orders WHERE changed) AS changed_on_day', [
     { where: 'o.created_at >= $d_start AND o.created_at < $d_end' },
     {
       where: `o.created_at < $horizon AND o.item_id IN (
        SELECT item_id FROM rc_prev WHERE item_id IS NOT NULL
        UNION ALL
        SELECT item_id FROM rc_day_orders WHERE changed OR (first_seen AND EXISTS (SELECT 1 FROM order_imports WHERE business_date < $d))
        UNION ALL
        SELECT item_id FROM rc_changed WHERE item_id IS NOT NULL)`,
     },
     { where: 'o.created_at < $horizon AND o.transaction_id IN (SELECT payment_id FROM rc_changed)' },
   ])}`,

  // What changed in each order in scope, for the reasons: the latest amount edit and the latest change
  // of status into paid, each with the night whose export brought it (versions in import order).
  `CREATE OR REPLACE TEMP TABLE rc_order_edits AS
   WITH v AS (
     SELECT h.item_id, i.business_date, h.amount_cents, h.status,
            lag(h.amount_cents) OVER w AS prev_amount, lag(h.status) OVER w AS prev_status, row_number() OVER w AS seq
     FROM order_history h JOIN order_imports i USING (import_id)
     WHERE h.item_id IN (SELECT item_id FROM rc_orders) AND (i.business_date IS NULL OR i.business_date <= $d)
     WINDOW w AS (PARTITION BY h.item_id ORDER BY h.imported_at, h.import_id)),
   -- Versions from imports of no particular night still count as the version before; only a night's
   -- import can name the day of a change.
   e AS (SELECT * FROM v WHERE seq > 1 AND business_date IS NOT NULL)
   SELECT item_id,
          arg_max(business_date, seq) FILTER (WHERE amount_cents <> prev_amount) AS edited_on,
          arg_max(prev_amount, seq) FILTER (WHERE amount_cents <> prev_amount) AS amount_before,
          arg_max(business_date, seq) FILTER (WHERE status = 'paid' AND prev_status <> 'paid') AS paid_on,
          arg_max(prev_status, seq) FILTER (WHERE status = 'paid' AND prev_status <> 'paid') AS status_before
   FROM e GROUP BY item_id`,

  // Payments in one shape: card transactions (amount = the configured compare column) and cash-ins.
  // Only the rows this night can need: created from D on, changed during D, in review, carried, or
  // belonging to an order in scope (by item_id, by the transaction its export named, by nsu and
  // authorization_code).
  `CREATE OR REPLACE TEMP TABLE rc_payments AS
   WITH card AS (
   ${pickedOnce(
     'transactions',
     't',
     `t.transaction_id, t.item_id, t.status, t.date_created, t.date_updated, t.${sqlIdentifier(compare)} AS amount_cents, t.nsu, t.authorization_code`,
     [
       { where: 't.date_created >= $d_start' },
       { where: 't.date_updated >= $d_start AND t.date_updated < $d_end' },
       { where: "t.status = 'review'" },
       { where: 't.transaction_id IN (SELECT transaction_id FROM rc_prev_tx)' },
       { where: 't.item_id IN (SELECT item_id FROM rc_orders UNION ALL SELECT item_id FROM rc_prev WHERE item_id IS NOT NULL)' },
       { where: 't.transaction_id IN (SELECT transaction_id FROM rc_orders WHERE transaction_id IS NOT NULL)' },
       {
         where: 'true',
         join: `SEMI JOIN (SELECT nsu, authorization_code FROM rc_orders WHERE nsu IS NOT NULL AND authorization_code IS NOT NULL) k
          ON t.nsu = k.nsu AND t.authorization_code = k.authorization_code`,
       },
       // The pair is compared as the text nsu|authorization_code: with a '|' inside a value, pairs that
       // differ can give the same text. Only then does this branch find a row the one above did not.
       {
         where: `t.nsu || '|' || t.authorization_code IN (
          SELECT nsu || '|' || authorization_code FROM rc_orders WHERE contains(nsu, '|') OR contains(authorization_code, '|'))`,
       },
     ].map((b) => ({ ...b, where: `t.date_created < $horizon AND ${b.where}` })),
   )}),
   cash AS (
   ${pickedOnce(
     'operations',
     'c',
     'c.operation_id, c.item_id, c.status, c.date_created, c.date_updated, c.amount_cents, c.paid_amount_cents',
     [
       'c.date_created >= $d_start',
       'c.date_updated >= $d_start AND c.date_updated < $d_end',
       'c.item_id IN (SELECT item_id FROM rc_orders)',
       'c.operation_id IN (SELECT operation_id FROM rc_prev WHERE operation_id IS NOT NULL)',
     ].map((where) => ({ where: `c.kind = 'cash_in' AND c.date_created < $horizon AND ${where}` })),
   )})
   SELECT 'card' AS source, transaction_id AS payment_id, item_id, status, date_created, date_updated,
          amount_cents, nsu, authorization_code, NULL::BIGINT AS paid_amount_cents
   FROM card
   UNION ALL
   SELECT 'cash_in', operation_id, item_id, status, date_created, date_updated, amount_cents, NULL, NULL, paid_amount_cents
   FROM cash`,

  // Each payment links to at most one order, by the warehouse's one matching rule (the order_links macro:
  // item_id first, then the export's transaction_id, then nsu + authorization_code), among the orders
  // created before the night's horizon.
  `CREATE OR REPLACE TEMP TABLE rc_links AS SELECT * FROM order_links('rc_payments', $horizon)`,

  // Payments joined to their order's item (or their own item_id when they link to none).
  `CREATE OR REPLACE TEMP TABLE rc_pay AS
   SELECT p.*, l.order_item_id, l.matched_by, coalesce(l.order_item_id, p.item_id) AS group_item_id,
          (p.source = 'card' AND p.status IN ('paid', 'refunded', 'chargeback')) OR (p.source = 'cash_in' AND p.status = 'paid') AS counts_as_paid
   FROM rc_payments p LEFT JOIN rc_links l USING (source, payment_id)`,

  // The cash-outs the payout rules can judge: those updated during D, those pending or processing since
  // before the cutoff, and carried ones.
  `CREATE OR REPLACE TEMP TABLE rc_cashouts AS
   ${pickedOnce(
     'operations',
     'o',
     'o.*',
     [
       'o.date_updated >= $d_start AND o.date_updated < $d_end',
       "o.status IN ('processing', 'pending') AND o.date_updated < $payout_cutoff",
       'o.operation_id IN (SELECT operation_id FROM rc_prev WHERE operation_id IS NOT NULL)',
     ].map((where) => ({ where: `o.kind = 'cash_out' AND ${where}` })),
   )}`,

  // The orders the night's payments link to (the rules name their status and amount).
  `CREATE OR REPLACE TEMP TABLE rc_linked_orders AS
   SELECT * FROM orders WHERE item_id IN (SELECT order_item_id FROM rc_links)`,

  // The status changes the listing showed whose notification window closed during D (a refund, a
  // chargeback, a review decided paid), and carried ones; only when notifications are expected.
  `CREATE OR REPLACE TEMP TABLE rc_status_changes AS
   SELECT h.transaction_id, h.status, h.date_updated, false AS carried
   FROM transaction_history h
   WHERE $notify_expected AND h.date_updated >= $notify_lo AND h.date_updated < $notify_hi
     AND (h.status IN ('refunded', 'chargeback')
          OR (h.status = 'paid' AND EXISTS (SELECT 1 FROM transaction_history r WHERE r.transaction_id = h.transaction_id AND r.status = 'review')))
   UNION ALL
   SELECT h.transaction_id, h.status, h.date_updated, true
   FROM transaction_history h
   WHERE $notify_expected AND h.transaction_id IN (SELECT transaction_ids FROM rc_prev WHERE category = 'notification_missed')
     AND ${findingKeySql('notification_missed', 'h.transaction_id', 'h.status')} IN (SELECT finding_key FROM rc_prev)`,

  // What verified notifications claimed, one row per transaction and status (the earliest date_updated
  // and arrival), held against the listing on the night whose day holds the later of date_updated +
  // the grace and the arrival, and carried ones. Whenever notifications exist: a contradiction needs one.
  `CREATE OR REPLACE TEMP TABLE rc_claims AS
   WITH claims AS (
     SELECT transaction_id, status, min(date_updated) AS date_updated, min(received_at) AS received_at,
            bool_or(kind = 'v1') AS v1_listed
     FROM (${pickedOnce('notifications', 'n', 'n.*', [
       { where: 'n.date_updated >= $claim_lo AND n.date_updated < $claim_hi' },
       { where: 'n.received_at >= $d_start AND n.received_at < $d_end' },
       { where: "n.transaction_id IN (SELECT transaction_ids FROM rc_prev WHERE category = 'notification_contradicted')" },
     ])})
     WHERE verified AND date_updated IS NOT NULL GROUP BY ALL)
   SELECT *, ${findingKeySql('notification_contradicted', 'transaction_id', 'status')} IN (SELECT finding_key FROM rc_prev) AS carried
   FROM claims
   WHERE ${findingKeySql('notification_contradicted', 'transaction_id', 'status')} IN (SELECT finding_key FROM rc_prev)
      OR greatest(epoch_ms(date_updated) + $claim_grace_ms, epoch_ms(received_at)) BETWEEN epoch_ms($d_start) AND epoch_ms($d_end) - 1`,

  // The statuses the listing showed for the claimed transactions (the sync keeps each status once, with
  // the date_updated it was first seen with), the current row's included.
  `CREATE OR REPLACE TEMP TABLE rc_claim_history AS
   SELECT transaction_id, status, date_updated FROM transaction_history WHERE transaction_id IN (SELECT transaction_id FROM rc_claims)
   UNION
   SELECT transaction_id, status, date_updated FROM transactions WHERE transaction_id IN (SELECT transaction_id FROM rc_claims)`,

  // The card sales the fee check judges, each with the business day whose price snapshot it is held
  // to: those of D (charged, whatever their status now), and carried ones, held to the day they were
  // first reported on (the day of the sale).
  `CREATE OR REPLACE TEMP TABLE rc_sales AS
   WITH carried AS (SELECT transaction_ids AS transaction_id, first_seen FROM rc_prev WHERE category = 'fee_mismatch')
   SELECT t.transaction_id, t.item_id, t.status, t.card_brand, TRY_CAST(t.installments AS INTEGER) AS installments, t.net_value,
          t.authorized_amount, $d AS price_date
   FROM transactions t
   WHERE t.date_created >= $d_start AND t.date_created < $d_end AND ${CHARGED_SALE_SQL}
   UNION ALL
   SELECT t.transaction_id, t.item_id, t.status, t.card_brand, TRY_CAST(t.installments AS INTEGER), t.net_value, t.authorized_amount, c.first_seen
   FROM transactions t JOIN carried c USING (transaction_id)
   WHERE t.transaction_id IN (SELECT transaction_id FROM carried)`,
];
