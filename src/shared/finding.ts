// One finding, as every seam sees it: the columns a rule yields (the table's own are declared in
// tables.ts), the shape every reader turns a row into (rules' output, triage, the page, alerts), and
// the one way a finding's key is built. A key follows a finding across nights, so the rules, the scope's carried
// branches and the payout matcher must spell it alike: they all build it here.
import type { FindingCategory } from './domain.ts';
import { readFacts } from './locale/localize.ts';
import type { ReasonFacts } from './locale/reason-types.ts';
import type { FINDINGS_COLUMNS } from './tables.ts';

/** The columns a rule yields for each finding, in the order the night's findings are built with. */
export const RULE_COLUMNS = [
  'finding_key',
  'category',
  'item_id',
  'operation_id',
  'transaction_ids',
  'order_status',
  'payment_status',
  'order_amount_cents',
  'payment_amount_cents',
  'difference_cents',
  'facts',
] as const satisfies readonly (keyof typeof FINDINGS_COLUMNS)[];

/** A finding as its readers hold it: cents exact, the first day seen as YYYY-MM-DD, the facts parsed. */
export interface Finding {
  /** finding_key: what the triage journal, the page's actions and the next night name a finding by. */
  key: string;
  category: string;
  state: string;
  firstSeen: string;
  itemId: string | null;
  operationId: string | null;
  transactionIds: string | null;
  orderStatus: string | null;
  paymentStatus: string | null;
  orderAmountCents: bigint | null;
  paymentAmountCents: bigint | null;
  differenceCents: bigint | null;
  /** The English sentence as stored (findings.reason). */
  reason: string;
  /** The facts the reason states; null on a finding stored before findings had facts. */
  facts: ReasonFacts | null;
}

/** The SQL list that reads a finding row for findingOf (with `prefix`, e.g. `f.`): first_seen as text. */
export function findingSelectSql(prefix = ''): string {
  return `${prefix}finding_key, ${prefix}category, ${prefix}state, strftime(${prefix}first_seen, '%Y-%m-%d') AS first_seen,
  ${prefix}item_id, ${prefix}operation_id, ${prefix}transaction_ids, ${prefix}order_status, ${prefix}payment_status,
  ${prefix}order_amount_cents, ${prefix}payment_amount_cents, ${prefix}difference_cents, ${prefix}reason, ${prefix}facts`;
}

const textOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const centsOf = (v: unknown): bigint | null => (v === null || v === undefined ? null : BigInt(v as bigint | number | string));

/** A row read with findingSelectSql (DuckDB's JS values) as a Finding. */
export function findingOf(row: Record<string, unknown>): Finding {
  return {
    key: String(row['finding_key']),
    category: String(row['category']),
    state: String(row['state']),
    firstSeen: textOf(row['first_seen']) ?? '',
    itemId: textOf(row['item_id']),
    operationId: textOf(row['operation_id']),
    transactionIds: textOf(row['transaction_ids']),
    orderStatus: textOf(row['order_status']),
    paymentStatus: textOf(row['payment_status']),
    orderAmountCents: centsOf(row['order_amount_cents']),
    paymentAmountCents: centsOf(row['payment_amount_cents']),
    differenceCents: centsOf(row['difference_cents']),
    reason: String(row['reason'] ?? ''),
    facts: readFacts(textOf(row['facts'])),
  };
}

/** A finding's key as SQL: `'<category>:' || part || ':' || part`, each part an SQL expression. */
export function findingKeySql(category: FindingCategory, ...parts: readonly string[]): string {
  return [`'${category}:'`, parts.join(` || ':' || `)].join(' || ');
}

/** The same key from values: what findingKeySql computes for them. */
export function findingKeyOf(category: FindingCategory, ...parts: readonly string[]): string {
  return `${category}:${parts.join(':')}`;
}
