// Builders for warehouse rows in reconcile tests: only the columns a rule reads, sensible defaults for the rest.
import type { DuckDBConnection } from '@duckdb/node-api';
import { OPERATIONS_TABLE, SEEN_COLUMNS, TRANSACTIONS_TABLE, type LoadedTable } from '../../src/shared/tables.ts';

export interface TxRow {
  transaction_id: string;
  item_id?: string | null;
  status?: string;
  created?: string; // ISO instant
  updated?: string;
  net_value?: number;
  paid_amount?: number;
  nsu?: string | null;
  authorization_code?: string | null;
  card_brand?: string;
}

export interface OrderRow {
  item_id: string;
  status?: string;
  amount?: number;
  created?: string;
  transaction_id?: string | null;
  nsu?: string | null;
  authorization_code?: string | null;
}

export interface OpRow {
  kind: 'cash_in' | 'cash_out';
  operation_id: string;
  item_id?: string | null;
  status: string;
  created?: string;
  updated?: string;
  amount: number;
  paid_amount?: number | null;
  paid_off_amount?: number | null;
  /** customer_document_number; default a CPF that is nobody's account. */
  document?: string;
}

// The VALUES below follow the tables' declared column order.
const insertColumnsOf = (table: LoadedTable) => [...Object.keys(table.columns), ...SEEN_COLUMNS].join(', ');
const TX_INSERT_COLUMNS = insertColumnsOf(TRANSACTIONS_TABLE);
const OP_INSERT_COLUMNS = insertColumnsOf(OPERATIONS_TABLE);

const sql = (v: string | number | null | undefined) =>
  v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`;

// One INSERT per call, its rows as one VALUES list: a statement costs DuckDB about as much for one row as
// for a hundred, and a batched reconcile case inserts a whole table's rows at once. (now() is then one
// instant for all of them; the rules never read the seen columns.)
async function insertValues(db: DuckDBConnection, into: string, tuples: string[]): Promise<void> {
  if (tuples.length > 0) await db.run(`INSERT INTO ${into} VALUES ${tuples.join(',\n')}`);
}

export async function insertTransactions(db: DuckDBConnection, rows: TxRow[]): Promise<void> {
  const tuples = rows.map((r) => {
    const created = r.created ?? '2026-03-10T15:00:00Z';
    const net = r.net_value ?? 10000;
    return `(${sql(r.transaction_id)}, ${r.item_id === undefined ? sql(`item-${r.transaction_id}`) : sql(r.item_id)}, ${sql(r.status ?? 'paid')},
      ${sql(r.authorization_code ?? null)}, ${sql(r.nsu ?? null)}, ${sql(created)}, ${sql(r.updated ?? created)},
      ${net}, ${net + 300}, ${r.paid_amount ?? net + 300}, 0, '1', 'Ana Silva', ${sql(r.card_brand ?? 'visa')}, '411111', '1111', '0000', 'ok',
      '{}', now(), now(), 'test', 'test')`;
  });
  await insertValues(db, `transactions (${TX_INSERT_COLUMNS})`, tuples);
}

export async function insertOrders(db: DuckDBConnection, rows: OrderRow[]): Promise<void> {
  const tuples = rows.map(
    (r) => `(${sql(r.item_id)}, ${sql(r.status ?? 'paid')}, ${r.amount ?? 10000}, ${sql(r.created ?? '2026-03-10T14:59:00Z')},
      ${sql(r.transaction_id ?? null)}, ${sql(r.nsu ?? null)}, ${sql(r.authorization_code ?? null)}, 'imp', 'orders.csv', 2, now())`,
  );
  await insertValues(
    db,
    'orders (item_id, status, amount_cents, created_at, transaction_id, nsu, authorization_code, import_id, source_file, source_line, imported_at)',
    tuples,
  );
}

export async function insertOperations(db: DuckDBConnection, rows: OpRow[]): Promise<void> {
  const tuples = rows.map((r) => {
    const created = r.created ?? '2026-03-10T15:00:00Z';
    return `(${sql(r.kind)}, ${sql(r.operation_id)}, ${sql(r.item_id ?? null)}, ${sql(r.status)}, NULL, ${sql(created)},
      ${sql(r.updated ?? created)}, ${r.amount}, ${sql(r.paid_amount ?? null)}, ${sql(r.paid_off_amount ?? null)},
      'Ana', ${sql(r.document ?? '12345678909')}, '{}', now(), now(), 'test', 'test')`;
  });
  await insertValues(db, `operations (${OP_INSERT_COLUMNS})`, tuples);
}

/** The CNPJ the bank tests' merchant sends its payouts to. */
export const MERCHANT_CNPJ = '11222333000181';

/** A payout to the merchant's own CNPJ of `cents`, fulfilled at 15:00 UTC (12:00 in Sao Paulo) of day `day`. */
export const merchantPayout = (id: string, cents: number, day = '2026-03-05', extra: Partial<OpRow> = {}): OpRow => ({
  kind: 'cash_out',
  operation_id: id,
  item_id: `payout-${id}`,
  status: 'fulfilled',
  created: `${day}T13:00:00Z`,
  updated: `${day}T15:00:00Z`,
  amount: cents,
  paid_off_amount: cents,
  document: MERCHANT_CNPJ,
  ...extra,
});
