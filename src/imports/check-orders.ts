// The orders pre-check: before a night sends its first request (and before `recon import` commits
// anything), every export is opened and its header and first rows (sample-orders.ts) are judged against
// the config, so that a wrong encoding, delimiter, decimal or date format is named at once, all of them
// together, each with the setting and the value that would fit. A problem "stops" when the import would
// fail on it anyway: the file is refused whole, or more than orders.maxRejectedShare of the sampled rows
// would be kept out for a reason one setting fixes. Unknown statuses and smaller shares are warnings.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ReconConfig } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import type { ErrorSentence } from '../shared/locale/error-types.ts';
import { sayError } from '../shared/locale/error-text.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import { sayLog } from '../shared/locale/log-text.ts';
import { textOf } from './cell-text.ts';
import { windows1252Evidence } from './csv-encoding.ts';
import { fittingDateFormat, fittingDecimal } from './fit-settings.ts';
import { presetOverrides, presetOverridesWarning, withPresetOnly } from './preset-overrides.ts';
import { resolveOrdersConfig, type ResolvedOrdersConfig } from './resolve-config.ts';
import { isRejected, sampleOrders, type OrdersSample, type SampledRow } from './sample-orders.ts';
import { checkReadable } from './import-orders.ts';

interface CheckProblem {
  /** The setting that fixes it, when one does. */
  setting?: string;
  /** What the precheck's error says of it, worded in the locale at the edge. */
  sentence: ErrorSentence;
  /** The same in English, as the JSON log writes it: what tells two files' warnings apart. */
  message: string;
  /** Whether the night (and `recon import`) stops on it before anything is synced or imported. */
  stops: boolean;
}

export interface OrdersFileCheck {
  /** The sample under the config as it is (what the import would do). */
  sample: OrdersSample;
  resolved: ResolvedOrdersConfig;
  problems: CheckProblem[];
  warnings: LogSentence[];
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
      problems.push(problemOf(sentenceOf(current.refusal as ReconError), 'orders.csv.delimiter', true));
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
  const merged = presetOverridesWarning(config);
  if (merged) warnings.push(merged);
  return { sample, resolved, problems, warnings };
}

/** Every file's check; throws one input error naming every problem that stops, warns of the rest. */
export async function precheckOrders(ctx: CheckContext & { warn(sentence: LogSentence): void }, files: string[]): Promise<OrdersFileCheck[]> {
  // A missing file is the import's own input error, named before any file is opened.
  checkReadable(files);
  const checks: OrdersFileCheck[] = [];
  for (const file of files) checks.push(await checkOrdersFile(ctx, file));
  // Said once: several exports merged with the same preset share its warning.
  const warned = new Set<string>();
  for (const check of checks) {
    const problems = check.problems.filter((p) => !p.stops).map((p): LogSentence => ({ id: 'ordersProblem', problem: p.sentence }));
    for (const sentence of [...check.warnings, ...problems]) {
      const text = sayLog('en', sentence);
      if (!warned.has(text)) ctx.warn(sentence);
      warned.add(text);
    }
  }
  const stops = checks.flatMap((c) => c.problems.filter((p) => p.stops));
  if (stops.length > 0) {
    throw new ReconError(
      'input',
      { id: 'ordersDoNotFit', problems: stops.map((p) => p.sentence) },
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
  const invalid = sample.rows.filter((r) => isRejected(r) && r.outcome.facts.some((f) => f.kind === 'invalidUtf8')).length;
  const inHeader = sample.refusal?.message.includes('invalid UTF-8') ?? false;
  const rows = sample.rows.length;
  return problemOf(
    { id: 'csvLooksWindows1252', file, offset: evidence.offset, byte: evidence.byte, text: evidence.text, inHeader, invalid, rows },
    'orders.csv.encoding',
    inHeader || (rows > 0 && invalid / rows > maxShare),
  );
}

/** The file refused whole; when explicit keys replaced the preset's and the preset alone fits, both are named. */
async function refusalProblem(ctx: CheckContext, file: string, refusal: ReconError): Promise<CheckProblem> {
  const setting = /\b(orders\.[\w.]+)/.exec(refusal.message)?.[1];
  const refused = sentenceOf(refusal);
  const overrides = presetOverrides(ctx.config);
  if (overrides.length > 0) {
    const presetOnly = resolveOrdersConfig(withPresetOnly(ctx.config));
    const alone = await sampleOrders({ db: ctx.db, resolved: presetOnly, memoryLimit: ctx.config.warehouse.memoryLimit }, file);
    if (!alone.refusal) {
      const replaced = overrides.map((o) => ({ key: o.key, explicit: String(o.explicit), preset: String(o.preset) }));
      return problemOf({ id: 'presetFitsAlone', refusal: refused, preset: String(ctx.config.orders.preset), overrides: replaced }, 'orders.preset', true);
    }
  }
  return problemOf(refused, setting, true);
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
      const misfit: ErrorSentence = {
        id: 'decimalMisfit',
        file,
        bad: badAmounts.length,
        rows: total,
        decimal: resolved.csv.decimal,
        thousands: resolved.csv.thousands,
        line: first.line,
        text: textOf(first.cells[amountAt]),
        column: plan.columns.amount,
        fit: { decimal: fit.decimal, thousands: fit.thousands },
      };
      problems.push(problemOf(misfit, 'orders.csv.decimal', badAmounts.length / total > maxShare));
    }
  }
  const dateAt = plan.index.created_at;
  const badDates = orders.filter((r) => typeof r.cells[dateAt] === 'string' && textOf(r.cells[dateAt]) !== '' && plan.instant(r.cells[dateAt]) === undefined);
  if (badDates.length > 0) {
    const fit = fittingDateFormat(resolved, texts(orders, dateAt));
    if (fit) {
      const first = badDates[0] as SampledRow;
      const misfit: ErrorSentence = {
        id: 'dateFormatMisfit',
        file,
        bad: badDates.length,
        rows: total,
        format: resolved.dateFormat,
        line: first.line,
        text: textOf(first.cells[dateAt]),
        column: plan.columns.created_at,
        fit,
      };
      problems.push(problemOf(misfit, 'orders.dateFormat', badDates.length / total > maxShare));
    }
  }
  const statusAt = plan.index.status;
  const unknown = new Set(texts(orders, statusAt).filter((text) => plan.status(text) === undefined));
  if (unknown.size > 0) {
    const statuses = [...unknown].slice(0, 10).map((s) => s.trim());
    problems.push(problemOf({ id: 'unknownStatuses', file, column: plan.columns.status, statuses }, 'orders.statusMap', false));
  }
  return problems;
}

function problemOf(sentence: ErrorSentence, setting: string | undefined, stops: boolean): CheckProblem {
  return { ...(setting ? { setting } : {}), sentence, message: sayError('en', sentence), stops };
}

/** A refusal's sentence; a refusal without one is an internal error (a bug), which goes on as it is. */
function sentenceOf(refusal: ReconError): ErrorSentence {
  if (refusal.sentence === undefined) throw refusal;
  return refusal.sentence;
}
