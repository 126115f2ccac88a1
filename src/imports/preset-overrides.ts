// `orders.preset` beside explicit `orders.*` layout keys: the explicit keys win key by key (a merchant
// adds a column the preset leaves out, or names a status the preset does not know). A key that replaces
// one the preset sets is said once per run, naming both values: a config copied from the example (its
// Brazilian-ERP columns, delimiter and date format) with a preset added would otherwise override the
// whole preset without a word, and the first error would be an unexplained `expected a column "pedido"`.
import type { ReconConfig } from '../config/schema.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import { ORDER_PRESETS } from './presets.ts';

export interface PresetOverride {
  /** The config key, e.g. `orders.columns.item_id`. */
  key: string;
  preset: string;
  explicit: string;
}

/** Every explicit layout value that replaces a different value of the preset. */
export function presetOverrides(config: ReconConfig): PresetOverride[] {
  const orders = config.orders;
  const preset = orders.preset === undefined ? undefined : ORDER_PRESETS[orders.preset];
  if (!preset) return [];
  const found: PresetOverride[] = [];
  const compare = (key: string, presetValue: unknown, explicit: unknown) => {
    if (explicit === undefined || presetValue === undefined || explicit === presetValue) return;
    found.push({ key, preset: String(presetValue), explicit: String(explicit) });
  };
  for (const [field, column] of Object.entries(orders.columns ?? {}))
    compare(`orders.columns.${field}`, preset.columns[field as keyof typeof preset.columns], column);
  for (const [key, value] of Object.entries(orders.csv ?? {})) compare(`orders.csv.${key}`, preset.csv[key as keyof typeof preset.csv], value);
  compare('orders.dateFormat', preset.dateFormat, orders.dateFormat);
  compare('orders.amountUnit', preset.amountUnit, orders.amountUnit);
  for (const [text, status] of Object.entries(orders.statusMap ?? {})) compare(`orders.statusMap["${text}"]`, preset.statusMap[text], status);
  return found;
}

/** The warning a run gives once: which explicit keys replace which values of the preset. */
export function presetOverridesWarning(config: ReconConfig): LogSentence | undefined {
  const found = presetOverrides(config);
  if (found.length === 0) return undefined;
  return { id: 'presetMerged', preset: String(config.orders.preset), overrides: found };
}

/** The config with the preset alone: its explicit layout keys that replace the preset's taken away. */
export function withPresetOnly(config: ReconConfig): ReconConfig {
  const { columns, csv, dateFormat, amountUnit, statusMap, ...rest } = config.orders;
  const skipRows = csv?.skipRows;
  return { ...config, orders: { ...rest, ...(skipRows === undefined ? {} : { csv: { skipRows } }) } };
}
