// The orders pre-check: before a night sends its first request (and before `recon import` commits
// anything), every export is opened and its header and first rows (sample-orders.ts) are judged against
// the config, so that a wrong encoding, delimiter, decimal or date format is named at once, all of them
// together, each with the setting and the value that would fit. A problem "stops" when the import would
// fail on it anyway: the file is refused whole, or more than orders.maxRejectedShare of the sampled rows
// would be kept out for a reason one setting fixes. Unknown statuses and smaller shares are warnings.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import { textOf } from './cell-text.ts';
import { windows1252Evidence } from './csv-encoding.ts';
import { fittingDateFormat, fittingDecimal } from './fit-settings.ts';
import { presetOverrides, presetOverridesText, withPresetOnly } from './preset-overrides.ts';
import { resolveOrdersConfig, type ResolvedOrdersConfig } from './resolve-config.ts';
import { isRejected, sampleOrders, type OrdersSample, type SampledRow } from './sample-orders.ts';
import { checkReadable } from './import-orders.ts';

interface CheckProblem {
  /** The setting that fixes it, when one does. */
  setting?: string;
  message: string;
  /** Whether the night (and `recon import`) stops on it before anything is synced or imported. */
  stops: boolean;
}

export interface OrdersFileCheck {
  /** The sample under the config as it is (what the import would do). */
  sample: OrdersSample;
  resolved: ResolvedOrdersConfig;
  problems: CheckProblem[];
  warnings: string[];
}

interface CheckContext {
  db: DuckDBConnection;
  config: ReconConfig;
}

export async function checkOrdersFile(ctx: CheckContext, file: string): Promise<OrdersFileCheck> {
  const { config } = ctx;
  const resolved = resolveOrdersConfig(config);
  const read = (r: ResolvedOrdersConfig) => sampleOrders({ db: ctx.db, resolved: r, memoryLimit: config.warehouse.memoryLimit }, file);
  const sample = await read(resolved);
  const problems: CheckProblem[] = [];
  const maxShare = config.orders.maxRejectedShare;
  // Settings found wrong are set right for the rest of the look, so that every mistake is named at once.
  let fitted = resolved;
  let current = sample;
  if (sample.format === 'csv') {
    const encoding = await encodingProblem(file, resolved, sample, maxShare);
    if (encoding) {
      problems.push(encoding);
      fitted = { ...fitted, csv: { ...fitted.csv, encoding: 'windows-1252' } };
      current = await read(fitted);
    }
    const seems = current.refusal?.details?.['seemsDelimitedBy'];
    if (typeof seems === 'string') {
      problems.push({ setting: 'orders.csv.delimiter', message: (current.refusal as ReconError).message, stops: true });
      fitted = { ...fitted, csv: { ...fitted.csv, delimiter: seems } };
      current = await read(fitted);
    }
  }
  if (current.refusal) {
    const refused = await refusalProblem(ctx, file, current.refusal);
    // The preset alone fits: the settings that replaced its values are the one mistake, named there.
    const replaced = new Set(refused.setting === 'orders.preset' ? presetOverrides(config).map((o) => o.key) : []);
    problems.splice(0, problems.length, ...problems.filter((p) => !replaced.has(p.setting ?? '')), refused);
  } else {
    problems.push(...rowProblems(file, fitted, current, maxShare));
  }
  const warnings = [...sample.warnings];
  const merged = presetOverridesText(config);
  if (merged) warnings.push(merged);
  return { sample, resolved, problems, warnings };
}

/** Every file's check; throws one input error naming every problem that stops, warns of the rest. */
export async function precheckOrders(ctx: CheckContext & { warn(message: string): void }, files: string[]): Promise<OrdersFileCheck[]> {
  // A missing file is the import's own input error, named before any file is opened.
  checkReadable(files);
  const checks: OrdersFileCheck[] = [];
  for (const file of files) checks.push(await checkOrdersFile(ctx, file));
  const warned = new Set<string>();
  for (const check of checks) {
    for (const text of [...check.warnings, ...check.problems.filter((p) => !p.stops).map((p) => p.message)]) {
      if (!warned.has(text)) ctx.warn(text);
      warned.add(text);
    }
  }
  const stops = checks.flatMap((c) => c.problems.filter((p) => p.stops));
  if (stops.length > 0) {
    throw new ReconError(
      'input',
      stops.length === 1 ? (stops[0] as CheckProblem).message : `the orders exports do not fit the config:\n  ${stops.map((p) => p.message).join('\n  ')}`,
      {
        details: { settings: stops.flatMap((p) => (p.setting ? [p.setting] : [])) },
      },
    );
  }
  return checks;
}

/** A UTF-8 config on a file whose bytes are windows-1252 text. */
async function encodingProblem(file: string, resolved: ResolvedOrdersConfig, sample: OrdersSample, maxShare: number): Promise<CheckProblem | undefined> {
  if (resolved.csv.encoding !== 'utf-8') return undefined;
  const evidence = await windows1252Evidence(file);
  if (!evidence) return undefined;
  const invalid = sample.rows.filter((r) => isRejected(r) && r.outcome.reason.startsWith('invalid UTF-8')).length;
  const inHeader = sample.refusal?.message.includes('invalid UTF-8') ?? false;
  const rows = sample.rows.length;
  const what = inHeader ? 'the header is not UTF-8' : `${invalid} of the first ${rows} rows would be kept out as invalid UTF-8`;
  return {
    setting: 'orders.csv.encoding',
    message:
      `${file}: the file looks like windows-1252, not UTF-8 (byte ${evidence.offset} is 0x${evidence.byte.toString(16).toUpperCase()}, ` +
      `"${evidence.text}" in windows-1252; ${what}): set orders.csv.encoding to "windows-1252"`,
    stops: inHeader || (rows > 0 && invalid / rows > maxShare),
  };
}

/** The file refused whole; when explicit keys replaced the preset's and the preset alone fits, both are named. */
async function refusalProblem(ctx: CheckContext, file: string, refusal: ReconError): Promise<CheckProblem> {
  const setting = /\b(orders\.[\w.]+)/.exec(refusal.message)?.[1];
  const overrides = presetOverrides(ctx.config);
  if (overrides.length > 0) {
    const presetOnly = resolveOrdersConfig(withPresetOnly(ctx.config));
    const alone = await sampleOrders({ db: ctx.db, resolved: presetOnly, memoryLimit: ctx.config.warehouse.memoryLimit }, file);
    if (!alone.refusal) {
      const keys = overrides.map((o) => `${o.key} "${o.explicit}" (the preset's: "${o.preset}")`).join(', ');
      return {
        setting: 'orders.preset',
        message: `${refusal.message}; the file fits orders.preset "${ctx.config.orders.preset}" as it is, but explicit keys replace its values: ${keys} — remove them from the config`,
        stops: true,
      };
    }
  }
  return { ...(setting ? { setting } : {}), message: refusal.message, stops: true };
}

/** The sampled rows a decimal or date format keeps out, and the statuses nothing maps. */
function rowProblems(file: string, resolved: ResolvedOrdersConfig, sample: OrdersSample, maxShare: number): CheckProblem[] {
  const plan = sample.header?.plan;
  if (!plan) return [];
  const orders = sample.rows.filter((r) => r.outcome !== undefined && r.cells.length > 0);
  const total = sample.rows.length;
  const problems: CheckProblem[] = [];
  const texts = (rows: SampledRow[], at: number) => rows.map((r) => r.cells[at]).filter((c): c is string => typeof c === 'string' && c.trim() !== '');
  const amountAt = plan.index.amount;
  const badAmounts = orders.filter(
    (r) => typeof r.cells[amountAt] === 'string' && textOf(r.cells[amountAt]) !== '' && plan.amount(r.cells[amountAt]) === undefined,
  );
  if (badAmounts.length > 0) {
    const fit = fittingDecimal(resolved, texts(orders, amountAt));
    if (fit) {
      const first = badAmounts[0] as SampledRow;
      problems.push({
        setting: 'orders.csv.decimal',
        message:
          `${file}: ${badAmounts.length} of the first ${total} rows have an amount that orders.csv.decimal "${resolved.csv.decimal}" (thousands "${resolved.csv.thousands}") cannot read ` +
          `(line ${first.line}: "${textOf(first.cells[amountAt])}" in column "${plan.columns.amount}"); every amount reads under decimal "${fit.decimal}": ` +
          `set orders.csv.decimal to "${fit.decimal}" and orders.csv.thousands to "${fit.thousands}"`,
        stops: badAmounts.length / total > maxShare,
      });
    }
  }
  const dateAt = plan.index.created_at;
  const badDates = orders.filter((r) => typeof r.cells[dateAt] === 'string' && textOf(r.cells[dateAt]) !== '' && plan.instant(r.cells[dateAt]) === undefined);
  if (badDates.length > 0) {
    const fit = fittingDateFormat(resolved, texts(orders, dateAt));
    if (fit) {
      const first = badDates[0] as SampledRow;
      problems.push({
        setting: 'orders.dateFormat',
        message:
          `${file}: ${badDates.length} of the first ${total} rows have a date that orders.dateFormat "${resolved.dateFormat}" cannot read ` +
          `(line ${first.line}: "${textOf(first.cells[dateAt])}" in column "${plan.columns.created_at}"); every date reads as "${fit}": set orders.dateFormat to "${fit}"`,
        stops: badDates.length / total > maxShare,
      });
    }
  }
  const statusAt = plan.index.status;
  const unknown = new Set(texts(orders, statusAt).filter((text) => plan.status(text) === undefined));
  if (unknown.size > 0) {
    const shown = [...unknown].slice(0, 10).map((s) => `"${s.trim()}"`);
    problems.push({
      setting: 'orders.statusMap',
      message: `${file}: statuses in column "${plan.columns.status}" that orders.statusMap does not know: ${shown.join(', ')}; add each to orders.statusMap with the status it means (paid, pending, canceled, refunded), or its rows are kept out`,
      stops: false,
    });
  }
  return problems;
}
