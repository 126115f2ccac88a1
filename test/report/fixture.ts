// A real migrated warehouse in a temp folder, with rows that exercise the reports and views: refunds
// either side of local midnight, chargebacks of every age, and hostile text that must never run as a
// formula. Business day 2024-03-15 in America/Sao_Paulo (UTC-3): 2024-03-15T03:00Z .. 2024-03-16T03:00Z.
import { join } from 'node:path';
import type { Warehouse } from '../../src/warehouse/open.ts';
import { openMigratedCopy, scratchDir } from '../warehouse/migrated-copy.ts';

export const DAY = '2024-03-15';
export const ZONE = 'America/Sao_Paulo';
export const HOSTILE = ['=HYPERLINK("http://evil.example","click")', '+1', '-2', '@SUM(A1:A9)', '\tx', '\rx'] as const;

export interface Fixture {
  dir: string;
  path: string;
  warehouse: Warehouse;
}

export async function createFixtureWarehouse(): Promise<Fixture> {
  const dir = scratchDir('recon-report-');
  const path = join(dir, 'recon.duckdb');
  const warehouse = await openMigratedCopy(path);
  try {
    await warehouse.connection.run(FIXTURE_SQL);
  } catch (error) {
    warehouse.close();
    throw error;
  }
  return { dir, path, warehouse };
}

const tx = (id: string, item: string | null, status: string, created: string, updated: string, net: number, brand: string, last: string) =>
  `('${id}', ${item === null ? 'NULL' : `'${item.replaceAll("'", "''")}'`}, '${status}', 'A1', 'N${id}', '${created}', '${updated}', ${net}, ${net}, ${status === 'paid' ? net : 0}, ${status === 'refunded' ? net : 0}, '1', 'Ana', '${brand}', '411111', '${last}', '0000', 'ok', '{}', '${created}', '${updated}', 'sync-1', 'sync-1')`;

const FIXTURE_SQL = `
INSERT INTO runs VALUES
  ('sync-1', 'sync', DATE '2024-03-15', NULL, TIMESTAMPTZ '2024-03-16T05:00:00Z', TIMESTAMPTZ '2024-03-16T05:05:00Z', 'done', NULL, NULL, NULL),
  ('rec-0', 'reconcile', DATE '2024-03-15', NULL, TIMESTAMPTZ '2024-03-16T05:06:00Z', TIMESTAMPTZ '2024-03-16T05:07:00Z', 'done', NULL, NULL, NULL),
  ('rec-1', 'reconcile', DATE '2024-03-15', NULL, TIMESTAMPTZ '2024-03-16T06:00:00Z', TIMESTAMPTZ '2024-03-16T06:01:00Z', 'done', NULL, NULL, NULL),
  ('rec-2', 'reconcile', DATE '2024-03-15', NULL, TIMESTAMPTZ '2024-03-16T07:00:00Z', NULL, 'failed', NULL, NULL, 'boom');

INSERT INTO transactions VALUES
  ${tx('T1', 'I1', 'paid', '2024-03-15T13:00:00Z', '2024-03-15T13:00:00Z', 15000, 'visa', '1111')},
  ${tx('T2', 'I2', 'refunded', '2024-02-01T12:00:00Z', '2024-03-15T12:00:00Z', 25090, 'mastercard', '2222')},
  ${tx('T3', 'I3', 'refunded', '2024-03-10T12:00:00Z', '2024-03-16T02:30:00Z', 1000, 'elo', '3333')},
  ${tx('T4', 'I4', 'refunded', '2024-03-10T12:00:00Z', '2024-03-15T02:30:00Z', 2000, 'visa', '4444')},
  ${tx('T5', 'I5', 'chargeback', '2024-03-10T12:00:00Z', '2024-03-15T15:00:00Z', 5000, 'visa', '5555')},
  ${tx('T6', 'I6', 'chargeback', '2023-11-01T12:00:00Z', '2024-03-01T12:00:00Z', 7000, 'mastercard', '6666')},
  ${tx('T7', 'I7', 'chargeback', '2024-03-01T12:00:00Z', '2024-03-16T04:00:00Z', 9000, 'visa', '7777')},
  ${tx('T8', HOSTILE[0], 'paid', '2024-03-15T14:00:00Z', '2024-03-15T14:00:00Z', 100, 'amex', '8888')},
  ${tx('T9', null, 'chargeback', '2024-02-20T12:00:00Z', '2024-03-15T10:00:00Z', 3000, 'hipercard', '9999')};

INSERT INTO transaction_history VALUES
  ('T2', 'paid', TIMESTAMPTZ '2024-02-01T12:00:00Z', TIMESTAMPTZ '2024-02-01T12:00:00Z', TIMESTAMPTZ '2024-03-15T12:00:00Z', 'sync-1', 'sync-1'),
  ('T2', 'refunded', TIMESTAMPTZ '2024-03-15T12:00:00Z', TIMESTAMPTZ '2024-03-15T12:05:00Z', TIMESTAMPTZ '2024-03-16T05:00:00Z', 'sync-1', 'sync-1'),
  ('T5', 'chargeback', TIMESTAMPTZ '2024-03-15T15:00:00Z', TIMESTAMPTZ '2024-03-15T15:05:00Z', TIMESTAMPTZ '2024-03-16T05:00:00Z', 'sync-1', 'sync-1');

INSERT INTO operations VALUES
  ('cash_out', 'CO1', 'I9', 'failed', 'bank refused', TIMESTAMPTZ '2024-03-15T12:00:00Z', TIMESTAMPTZ '2024-03-15T13:00:00Z', 50000, NULL, 0, 'Loja Ltda', '12.345.678/0001-90', '{}', TIMESTAMPTZ '2024-03-16T05:00:00Z', TIMESTAMPTZ '2024-03-16T05:00:00Z', 'sync-1', 'sync-1');

INSERT INTO sync_windows VALUES
  ('sync-1', 'transactions', 'date_updated', 1710374400000, 1710558000000, 9, 9, 1, 1, TIMESTAMPTZ '2024-03-16T05:01:00Z'),
  ('sync-1', 'operations', 'date_updated', 1710374400000, 1710554400000, 1, 1, 1, 1, TIMESTAMPTZ '2024-03-16T05:02:00Z');

INSERT INTO order_imports (import_id, run_id, file, format, sha256, rows_read, rows_loaded, rows_rejected, conflicts, imported_at)
VALUES ('imp-1', 'imp-run', 'orders.csv', 'csv', 'abc', 6, 6, 0, 0, TIMESTAMPTZ '2024-03-16T05:03:00Z');

INSERT INTO orders (item_id, status, amount_cents, created_at, transaction_id, customer_name, customer_document_number, import_id, source_file, source_line, imported_at) VALUES
  ('I1', 'paid', 15000, TIMESTAMPTZ '2024-03-15T12:59:00Z', NULL, '${HOSTILE[3]}', '123.456.789-01', 'imp-1', 'orders.csv', 2, TIMESTAMPTZ '2024-03-16T05:03:00Z'),
  ('I2', 'paid', 25090, TIMESTAMPTZ '2024-02-01T11:59:00Z', NULL, 'Bruno, "o" Silva', '98765432100', 'imp-1', 'orders.csv', 3, TIMESTAMPTZ '2024-03-16T05:03:00Z'),
  ('I3', 'refunded', 1000, TIMESTAMPTZ '2024-03-10T11:59:00Z', NULL, 'Carla', NULL, 'imp-1', 'orders.csv', 4, TIMESTAMPTZ '2024-03-16T05:03:00Z'),
  ('I5', 'paid', 5000, TIMESTAMPTZ '2024-03-10T11:59:00Z', NULL, 'Davi', NULL, 'imp-1', 'orders.csv', 5, TIMESTAMPTZ '2024-03-16T05:03:00Z'),
  ('ORD-9', 'paid', 3000, TIMESTAMPTZ '2024-02-20T11:59:00Z', 'T9', 'Eva', NULL, 'imp-1', 'orders.csv', 6, TIMESTAMPTZ '2024-03-16T05:03:00Z');

-- Facts on one finding; the others stand for findings stored before findings had facts (shown as written).
INSERT INTO findings VALUES
  ('rec-0', DATE '2024-03-15', 'missing_payment:OLD', 'missing_payment', 'OLD', NULL, NULL, 'paid', NULL, 100, NULL, -100, 'stale run', DATE '2024-03-15', 'new', NULL),
  ('rec-1', DATE '2024-03-15', 'amount_mismatch:I1', 'amount_mismatch', 'I1', NULL, 'T1', 'paid', 'paid', 15010, 15000, -10, 'order 150,10 vs net_value 150,00 (-0,10)', DATE '2024-03-14', 'open', '{"kind":"amountMismatch","orderCents":15010,"compared":"net_value","paidCents":15000,"differenceCents":-10}'),
  ('rec-1', DATE '2024-03-15', 'refund_not_recorded:I2', 'refund_not_recorded', 'I2', NULL, 'T2', 'paid', 'refunded', 25090, 25090, 0, '${HOSTILE[1]}', DATE '2024-03-15', 'new', NULL),
  ('rec-1', DATE '2024-03-15', 'unmatched_payment:X', 'unmatched_payment', '${HOSTILE[0].replaceAll("'", "''")}', NULL, 'T8', NULL, 'paid', NULL, 100, 100, '${HOSTILE[2]}', DATE '2024-03-15', 'new', NULL),
  ('rec-1', DATE '2024-03-15', 'unmatched_payment:Y', 'unmatched_payment', 'Y' || chr(9), NULL, 'T10', NULL, 'paid', NULL, 200, 200, chr(9) || 'x', DATE '2024-03-15', 'resolved', NULL),
  ('rec-1', DATE '2024-03-15', 'cashout_failed:CO1', 'cashout_failed', 'I9', 'CO1', NULL, NULL, 'failed', NULL, 50000, NULL, chr(13) || 'x', DATE '2024-03-15', 'new', NULL),
  ('rec-1', DATE '2024-03-15', 'chargeback_open:I5', 'chargeback_open', 'I5', NULL, 'T5', 'paid', 'chargeback', 5000, 5000, 0, 'line1' || chr(10) || 'line2, "quoted"', DATE '2024-03-15', 'new', NULL);
`;
