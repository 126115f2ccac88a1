// Merges `orders.preset` with the explicit `orders.*` keys into one complete import configuration, and
// picks a file's format. Errors name the missing key and how to set it.
import { extname } from 'node:path';
import type { OrderStatus, OrdersLimits, ReconConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import { ORDER_PRESETS, presetNames, type OrdersPreset } from './presets.ts';

export type OrdersFormat = 'csv' | 'xlsx' | 'json' | 'ndjson' | 'parquet';

interface OrderColumns {
  item_id: string;
  amount: string;
  status: string;
  created_at: string;
  transaction_id?: string | undefined;
  nsu?: string | undefined;
  authorization_code?: string | undefined;
  customer_name?: string | undefined;
  customer_document_number?: string | undefined;
}

export interface ResolvedOrdersConfig {
  preset: string | undefined;
  /** Explicit format; undefined means "from each file's extension". */
  format: OrdersFormat | undefined;
  csv: OrdersPreset['csv'];
  /** orders.csv.skipRows: lines above a CSV header to skip (0: the header is looked for in the first lines). */
  skipRows: number;
  columns: OrderColumns;
  amountUnit: 'reais' | 'cents';
  dateFormat: string;
  /** Export status text -> canonical status; the canonical names themselves are always accepted. */
  statusMap: Record<string, OrderStatus>;
  sheet: string | undefined;
  timezone: string;
  skipContinuationRows: boolean;
  limits: OrdersLimits;
}

export const REQUIRED_COLUMNS = ['item_id', 'amount', 'status', 'created_at'] as const;
export const OPTIONAL_COLUMNS = ['transaction_id', 'nsu', 'authorization_code', 'customer_name', 'customer_document_number'] as const;

const DEFAULT_CSV: OrdersPreset['csv'] = { delimiter: ',', quote: '"', decimal: '.', thousands: '', encoding: 'utf-8' };
const DEFAULT_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

export function resolveOrdersConfig(config: ReconConfig): ResolvedOrdersConfig {
  const orders = config.orders;
  let preset: OrdersPreset | undefined;
  if (orders.preset !== undefined) {
    preset = ORDER_PRESETS[orders.preset];
    if (!preset) {
      throw new ReconError('config', { id: 'ordersPreset', presets: presetNames(), got: orders.preset });
    }
  }
  const merged = { ...preset?.columns, ...definedEntries(orders.columns ?? {}) } as Partial<OrderColumns>;
  for (const key of REQUIRED_COLUMNS) {
    if (!merged[key]) {
      throw new ReconError('config', { id: 'ordersColumnUnset', key, presets: presetNames() });
    }
  }
  const { skipRows = 0, ...csvKeys } = orders.csv ?? {};
  const csv: OrdersPreset['csv'] = { ...DEFAULT_CSV, ...preset?.csv, ...definedEntries(csvKeys) };
  if (csv.decimal === csv.thousands) {
    throw new ReconError('config', { id: 'ordersSeparators', separator: csv.decimal });
  }
  return {
    preset: orders.preset,
    format: orders.format ?? undefined,
    csv,
    columns: merged as OrderColumns,
    amountUnit: orders.amountUnit ?? preset?.amountUnit ?? 'reais',
    dateFormat: orders.dateFormat ?? preset?.dateFormat ?? DEFAULT_DATE_FORMAT,
    statusMap: { ...preset?.statusMap, ...orders.statusMap },
    sheet: orders.sheet,
    timezone: config.timezone,
    skipContinuationRows: preset?.skipContinuationRows ?? false,
    skipRows,
    limits: orders.limits,
  };
}

const EXTENSION_FORMATS: Record<string, OrdersFormat> = {
  '.csv': 'csv',
  '.txt': 'csv',
  '.tsv': 'csv',
  '.xlsx': 'xlsx',
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.parquet': 'parquet',
};

/** The configured format, else the one the file's extension names. */
export function formatForFile(file: string, resolved: ResolvedOrdersConfig): OrdersFormat {
  const ext = extname(file).toLowerCase();
  const byExtension = EXTENSION_FORMATS[ext];
  // orders.format describes the usual export; a file whose extension names another kind of file (an
  // .xlsx when the config says csv) is read as what it is. JSON and NDJSON share the .json extension.
  const family = (f: OrdersFormat) => (f === 'ndjson' ? 'json' : f);
  if (resolved.format && (!byExtension || family(byExtension) === family(resolved.format))) return resolved.format;
  const format = byExtension;
  if (!format) {
    throw new ReconError('input', { id: 'formatFromExtension', file, ext });
  }
  return format;
}

function definedEntries<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
