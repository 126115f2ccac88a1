// The listing rows and the warehouse tables they load into, declared once. The zod schemas and the
// fast row checks (api/), the staging and merge SQL (sync/) and the row types all derive from these.
// The tables themselves are made by the frozen migrations; a test holds the migrated columns equal to
// the specs below, so a new column is a new migration plus one line here.
import { CASH_IN_STATUSES, CASH_OUT_STATUSES, TRANSACTION_STATUSES } from './domain.ts';
import { FIELD, type FieldSet, type RowOf, type SqlType } from './fields.ts';

/** A v1 transaction as the listing returns it, in the order the `transactions` table stores it. */
export const TRANSACTION_FIELDS = {
  transaction_id: FIELD.id,
  item_id: FIELD.itemId,
  status: FIELD.statusOf(TRANSACTION_STATUSES),
  authorization_code: FIELD.nullableText,
  nsu: FIELD.nullableText,
  date_created: FIELD.instant,
  date_updated: FIELD.instant,
  net_value: FIELD.cents,
  authorized_amount: FIELD.cents,
  paid_amount: FIELD.cents,
  refunded_amount: FIELD.cents,
  installments: FIELD.text,
  card_holder_name: FIELD.text,
  card_brand: FIELD.text,
  card_first_digits: FIELD.text,
  card_last_digits: FIELD.text,
  acquirer_status_code: FIELD.nullableText,
  acquirer_status_message: FIELD.nullableText,
} as const satisfies FieldSet;

const OPERATION_COMMON = {
  item_id: FIELD.itemId,
  date_created: FIELD.instant,
  date_updated: FIELD.instant,
  amount: FIELD.reais,
  customer_name: FIELD.text,
  customer_document_number: FIELD.text,
} as const satisfies FieldSet;

/** A cash-in as the operations listing returns it; amounts are decimal reais. */
export const CASH_IN_FIELDS = {
  cash_in_id: FIELD.id,
  status: FIELD.statusOf(CASH_IN_STATUSES),
  paid_amount: FIELD.reais,
  ...OPERATION_COMMON,
} as const satisfies FieldSet;

/** A cash-out as the operations listing returns it; amounts are decimal reais. */
export const CASH_OUT_FIELDS = {
  cash_out_id: FIELD.id,
  status: FIELD.statusOf(CASH_OUT_STATUSES),
  status_description: FIELD.optionalText,
  paid_off_amount: FIELD.reais,
  ...OPERATION_COMMON,
} as const satisfies FieldSet;

export type ApiTransaction = RowOf<typeof TRANSACTION_FIELDS>;
export type ApiCashIn = RowOf<typeof CASH_IN_FIELDS>;
export type ApiCashOut = RowOf<typeof CASH_OUT_FIELDS>;
export type ApiOperation = ApiCashIn | ApiCashOut;

/** A table the sync loads: current state by key, every observed status in its history table. */
export interface LoadedTable {
  readonly name: 'transactions' | 'operations';
  readonly history: string;
  readonly keys: readonly string[];
  /**
   * Columns and types in table order; `raw_key` last: where the listed row's JSON text is kept in the raw
   * rows' store beside the warehouse (warehouse/raw-store.ts), `<file number>:<MD5 key>`.
   */
  readonly columns: Readonly<Record<string, SqlType>>;
  /** Columns whose change counts a row as changed (the text alone may differ only in key order). */
  readonly compared: readonly string[];
}

/** Every loaded table ends with these: when and by which sync run a row was first and last seen. */
export const SEEN_COLUMNS = ['first_seen_at', 'last_seen_at', 'first_seen_run', 'last_seen_run'] as const;

function sqlColumnsOf(fields: FieldSet): Record<string, SqlType> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, kind]) => {
      if (kind.sqlType === null) throw new Error(`field ${name} has no column type of its own`);
      return [name, kind.sqlType];
    }),
  );
}

export const TRANSACTIONS_TABLE: LoadedTable = Object.freeze({
  name: 'transactions',
  history: 'transaction_history',
  keys: ['transaction_id'],
  columns: Object.freeze({ ...sqlColumnsOf(TRANSACTION_FIELDS), raw_key: 'VARCHAR' }),
  compared: [
    'status',
    'date_updated',
    'net_value',
    'authorized_amount',
    'paid_amount',
    'refunded_amount',
    'authorization_code',
    'nsu',
    'acquirer_status_code',
    'installments',
  ],
});

/** Cash-ins and cash-outs in one shape with a `kind`; amounts in integer cents (sync/operation-rows.ts). */
export const OPERATIONS_TABLE: LoadedTable = Object.freeze({
  name: 'operations',
  history: 'operation_history',
  keys: ['kind', 'operation_id'],
  columns: Object.freeze({
    kind: 'VARCHAR',
    operation_id: 'VARCHAR',
    item_id: 'VARCHAR',
    status: 'VARCHAR',
    status_description: 'VARCHAR',
    date_created: 'TIMESTAMPTZ',
    date_updated: 'TIMESTAMPTZ',
    amount_cents: 'BIGINT',
    paid_amount_cents: 'BIGINT',
    paid_off_amount_cents: 'BIGINT',
    customer_name: 'VARCHAR',
    customer_document_number: 'VARCHAR',
    raw_key: 'VARCHAR',
  }),
  compared: ['status', 'status_description', 'date_updated', 'amount_cents', 'paid_amount_cents', 'paid_off_amount_cents'],
});

/** The columns of `findings`, in table order (migrations 0001 and 0020); a test holds them equal to the migrated table. */
export const FINDINGS_COLUMNS = Object.freeze({
  run_id: 'VARCHAR',
  business_date: 'DATE',
  finding_key: 'VARCHAR',
  category: 'VARCHAR',
  item_id: 'VARCHAR',
  operation_id: 'VARCHAR',
  transaction_ids: 'VARCHAR',
  order_status: 'VARCHAR',
  payment_status: 'VARCHAR',
  order_amount_cents: 'BIGINT',
  payment_amount_cents: 'BIGINT',
  difference_cents: 'BIGINT',
  reason: 'VARCHAR',
  first_seen: 'DATE',
  state: 'VARCHAR',
  // JSON text of the finding's facts (locale/reason-types.ts); NULL on findings stored before 0020.
  facts: 'VARCHAR',
} as const satisfies Record<string, 'VARCHAR' | 'DATE' | 'BIGINT'>);

/**
 * The columns of `order_import_issues`, in table order (migrations 0001, 0009 and 0022): the appenders
 * of imports/stage.ts and imports/merge.ts append in this order. A test holds them equal to the migrated table.
 */
export const ORDER_IMPORT_ISSUES_COLUMNS = Object.freeze({
  import_id: 'VARCHAR',
  file: 'VARCHAR',
  line: 'INTEGER',
  item_id: 'VARCHAR',
  kind: 'VARCHAR',
  // The English sentence (a contract: scripts read it); people read the facts rendered in their locale.
  reason: 'VARCHAR',
  column_name: 'VARCHAR',
  value: 'VARCHAR',
  // JSON array of the reasons' facts (locale/kept-out-types.ts); NULL on rows stored before 0022.
  facts: 'VARCHAR',
} as const satisfies Record<string, 'VARCHAR' | 'INTEGER'>);

/** The columns of `bank_import_issues`, in table order (migrations 0017 and 0022; bank/statement-rows.ts appends them). */
export const BANK_IMPORT_ISSUES_COLUMNS = Object.freeze({
  statement_id: 'VARCHAR',
  file: 'VARCHAR',
  line: 'INTEGER',
  kind: 'VARCHAR',
  reason: 'VARCHAR',
  value: 'VARCHAR',
  facts: 'VARCHAR',
} as const satisfies Record<string, 'VARCHAR' | 'INTEGER'>);
