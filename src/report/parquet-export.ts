// `recon export --format parquet`: every table (and the refunds/chargebacks views) as Parquet files
// partitioned by day (hive layout `<out>/<table>/day=YYYY-MM-DD/*.parquet`), so an engine beyond one
// machine (Spark, Trino, BigQuery, DuckLake) can take the history over. Tables named `stage_*` (a
// sync's scratch space in warehouses before migration 7) are not history and stay out. Besides, the
// cash forecast's every installment of the latest reconciled night (`forecast_lines/`, by due date):
// the nightly report lists only the nearest ones, and this is where the whole book is taken away.
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listValue, type DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { Logger } from '../shared/log.ts';
import { runWithParams, sqlIdentifier } from '../warehouse/sql.ts';
import { EXPORTED_VIEWS } from '../warehouse/views.ts';
import type { SettlementConfig } from '../config/schema.ts';
import { RECEIVABLES_FORECAST_SQL, settlementParams } from '../forecast/receivables-sql.ts';

/** The timestamp that places a row in a day; tables not listed use their first TIMESTAMPTZ or DATE column. */
const DAY_COLUMN_OF: Readonly<Record<string, string>> = {
  runs: 'started_at',
  transactions: 'date_created',
  transaction_history: 'date_updated',
  operations: 'date_created',
  operation_history: 'date_updated',
  sync_windows: 'committed_at',
  orders: 'created_at',
  order_history: 'created_at',
  order_imports: 'imported_at',
  findings: 'business_date',
  matches: 'business_date',
  schema_migrations: 'applied_at',
  ...EXPORTED_VIEWS,
};

export interface ExportedTable {
  name: string;
  rows: number;
  path: string;
  /** The column the day comes from; null when the table has no timestamp (one unpartitioned file). */
  dayColumn: string | null;
}

type Db = Pick<DuckDBConnection, 'runAndReadAll' | 'prepare'>;

interface Relation {
  name: string;
  columns: Map<string, string>;
}

export async function exportParquet(
  deps: { db: Db; logger: Logger },
  request: { outDir: string; timezone: string; fileMode: string; settlement?: SettlementConfig | undefined },
): Promise<ExportedTable[]> {
  const outDir = resolve(request.outDir);
  mkdirSync(outDir, { recursive: true });
  const relations = await relationsToExport(deps.db);
  const exported: ExportedTable[] = [];
  for (const relation of relations) {
    const dayColumn = dayColumnOf(relation);
    const path = join(outDir, relation.name);
    rmSync(path, { recursive: true, force: true });
    const table = sqlIdentifier(relation.name);
    const sql = dayColumn
      ? `COPY (SELECT *, ${dayExpression(dayColumn, relation.columns.get(dayColumn) ?? '')} AS day FROM ${table}) TO $path (FORMAT parquet, PARTITION_BY (day))`
      : `COPY (SELECT * FROM ${table}) TO $path (FORMAT parquet)`;
    if (!dayColumn) mkdirSync(path, { recursive: true });
    let rows: number;
    try {
      const result = await runWithParams(deps.db, sql, { path: dayColumn ? path : join(path, 'data.parquet'), zone: request.timezone });
      rows = Number((await result.getRows())[0]?.[0] ?? 0);
    } catch (cause) {
      throw new ReconError('warehouse', { id: 'exportFailed', table: relation.name, path, said: (cause as Error).message }, { cause });
    }
    chmodTree(path, parseInt(request.fileMode, 8));
    exported.push({ name: relation.name, rows, path, dayColumn });
    deps.logger.event('export.table', { table: relation.name, rows, path });
  }
  if (request.settlement) {
    const lines = await exportForecastLines(deps, { ...request, settlement: request.settlement, outDir });
    if (lines) exported.push(lines);
  }
  return exported;
}

/**
 * The latest reconciled night's forecast, every installment of its horizon by the configured contract
 * (the `forecast_lines` macro), as `<out>/forecast_lines/day=<due date>/`, with the night in
 * `forecast_night`. Nothing when no night was reconciled.
 */
async function exportForecastLines(
  deps: { db: Db; logger: Logger },
  request: { outDir: string; timezone: string; fileMode: string; settlement: SettlementConfig },
): Promise<ExportedTable | undefined> {
  const latest = await deps.db.runAndReadAll(`SELECT strftime(max(business_date), '%Y-%m-%d') FROM reconcile_runs_latest`);
  const night = latest.getRows()[0]?.[0];
  if (typeof night !== 'string') return undefined;
  const path = join(request.outDir, 'forecast_lines');
  rmSync(path, { recursive: true, force: true });
  const sql = `COPY (SELECT CAST($date AS DATE) AS forecast_night, *, due_date AS day FROM (${RECEIVABLES_FORECAST_SQL}))
    TO $path (FORMAT parquet, PARTITION_BY (day))`;
  let rows: number;
  try {
    const result = await runWithParams(deps.db, sql, { path, date: night, tz: request.timezone, ...settlementParams(request.settlement) });
    rows = Number((await result.getRows())[0]?.[0] ?? 0);
  } catch (cause) {
    throw new ReconError('warehouse', { id: 'exportFailed', table: 'forecast_lines', night, path, said: (cause as Error).message }, { cause });
  }
  if (rows > 0) chmodTree(path, parseInt(request.fileMode, 8));
  deps.logger.event('export.table', { table: 'forecast_lines', rows, path, night });
  return { name: 'forecast_lines', rows, path, dayColumn: 'due_date' };
}

/** The import's own bookkeeping (record fingerprints and the seed they start from): no data, and it stays in. */
const KEPT_IN = ['order_fingerprints', 'order_fingerprint_state'];

async function relationsToExport(db: Db): Promise<Relation[]> {
  const views = Object.keys(EXPORTED_VIEWS);
  const reader = await db.runAndReadAll(
    `SELECT c.table_name, c.column_name, c.data_type
     FROM information_schema.columns c JOIN information_schema.tables t USING (table_catalog, table_schema, table_name)
     WHERE c.table_schema = 'main'
       AND ((t.table_type = 'BASE TABLE' AND t.table_name NOT LIKE 'stage\\_%' ESCAPE '\\' AND NOT list_contains($kept_in, t.table_name))
            OR list_contains($views, t.table_name))
     ORDER BY c.table_name, c.ordinal_position`,
    { views: listValue(views), kept_in: listValue(KEPT_IN) },
  );
  const byName = new Map<string, Relation>();
  for (const [table, column, type] of reader.getRows() as [string, string, string][]) {
    const relation = byName.get(table) ?? { name: table, columns: new Map<string, string>() };
    relation.columns.set(column, type);
    byName.set(table, relation);
  }
  return [...byName.values()];
}

function dayColumnOf(relation: Relation): string | null {
  const known = DAY_COLUMN_OF[relation.name];
  if (known && relation.columns.has(known)) return known;
  for (const [column, type] of relation.columns) {
    if (/^(TIMESTAMP WITH TIME ZONE|DATE)$/.test(type)) return column;
  }
  return null;
}

/** The business day in the configured zone (the parameter $zone) for instants; a DATE is its own day. */
function dayExpression(column: string, type: string): string {
  const ident = sqlIdentifier(column);
  if (type === 'DATE') return ident;
  if (type === 'TIMESTAMP WITH TIME ZONE') return `CAST(timezone($zone, ${ident}) AS DATE)`;
  return `CAST(${ident} AS DATE)`;
}

function chmodTree(path: string, mode: number): void {
  for (const entry of readdirSync(path, { recursive: true, encoding: 'utf8' })) {
    const full = join(path, entry);
    if (statSync(full).isFile()) chmodSync(full, mode);
  }
}
