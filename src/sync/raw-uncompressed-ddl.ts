// DDL of warehouse migration 5: `raw` stored uncompressed in transactions and operations.
// Why: raw is the service's row text, written once per row and read only to audit or replay.
// Compressing it (FSST) was the largest single cost of publishing a sync (measured about 960 ms of
// CPU per 200k rows against about 250 ms stored plain; a 1M-row sync used ~3 s less CPU), on a 2-core
// host where that CPU is taken from the fetch. The price is a larger file for that column. Columns,
// order and NOT NULL rules are exactly those of migration 4; only raw's storage changes.
import { OPERATION_COLUMNS, TRANSACTION_COLUMNS } from './keyless-ddl.ts';

function withPlainRaw(columns: string): string {
  const replaced = columns.replace(/(raw\s+JSON NOT NULL)(,?)/, '$1 USING COMPRESSION uncompressed$2');
  if (replaced === columns) throw new Error('migration 5: raw column definition not found');
  return replaced;
}

function rebuild(table: string, columns: string, order: string): string {
  return `
CREATE TABLE ${table}__plain_raw (${withPlainRaw(columns)}
);
INSERT INTO ${table}__plain_raw SELECT * FROM ${table} ORDER BY ${order};
DROP TABLE ${table};
ALTER TABLE ${table}__plain_raw RENAME TO ${table};
`;
}

export const RAW_UNCOMPRESSED_SQL = [
  rebuild('transactions', TRANSACTION_COLUMNS, 'transaction_id'),
  rebuild('operations', OPERATION_COLUMNS, 'kind, operation_id'),
].join('');
