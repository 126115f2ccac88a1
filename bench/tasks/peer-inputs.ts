// Bench task (untimed setup): the peer's inputs. The peer (bench/peer/one_day.py) is what a user would
// write instead of recon: it gets the payments as files, not a warehouse. This writes the synced
// warehouse's transactions and operations as two CSVs with DuckDB's COPY, in the cheapest shape for
// pandas to read (the columns the rules and reports use, instants as epoch milliseconds, amounts as
// integer cents), so the peer's time is its own reading and rules, never a slow input format.
import { join } from 'node:path';
import { openWarehouse } from '../../src/warehouse/open.ts';
import { sqlLiteral } from '../../src/warehouse/sql.ts';
import { argValue, report } from './common.ts';

const dir = argValue('--dir') as string;
const out = argValue('--out') as string;
const warehouse = await openWarehouse(join(dir, 'recon.duckdb'), { readOnly: true });
try {
  const db = warehouse.connection;
  const copy = async (select: string, file: string): Promise<number> => {
    await db.run(`COPY (${select}) TO ${sqlLiteral(join(out, file))} (FORMAT csv, HEADER true)`);
    const rows = await db.runAndReadAll(`SELECT count(*) FROM (${select})`);
    return Number(rows.getRows()[0]?.[0] ?? 0);
  };
  const transactions = await copy(
    `SELECT transaction_id, item_id, status, nsu, authorization_code, epoch_ms(date_created) AS date_created_ms,
            epoch_ms(date_updated) AS date_updated_ms, net_value, authorized_amount, paid_amount, refunded_amount,
            card_brand, card_last_digits
     FROM transactions`,
    'transactions.csv',
  );
  const operations = await copy(
    `SELECT kind, operation_id, item_id, status, status_description, epoch_ms(date_created) AS date_created_ms,
            epoch_ms(date_updated) AS date_updated_ms, amount_cents, paid_amount_cents, paid_off_amount_cents,
            customer_name, customer_document_number
     FROM operations`,
    'operations.csv',
  );
  report({ transactions, operations });
} finally {
  warehouse.close();
}
