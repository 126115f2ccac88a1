// The first rows of an order export as the import would take them: the same reader, the same header
// search and the same row rules (order-rules.ts), stopped after SAMPLE_ROWS data rows. Commits nothing:
// a Parquet file is read into a TEMP table that is dropped again. The pre-check (check-orders.ts) and
// `recon check` judge a file from this sample, so they judge exactly as the import will.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ReconError } from '../shared/errors.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import { keptOutOf } from '../shared/locale/kept-out-text.ts';
import type { Cell } from './cell-text.ts';
import { readOrdersTable } from './import-file.ts';
import { isRejection, orderFromCells, rowPlanFor, type OrderRow, type RowPlan, type RowRejection } from './order-rules.ts';
import { formatForFile, type OrdersFormat, type ResolvedOrdersConfig } from './resolve-config.ts';
import type { TableSink } from './table-sink.ts';

/** How many data rows the pre-check reads of each file. */
const SAMPLE_ROWS = 100;

export interface SampledRow {
  line: number;
  cells: Cell[];
  /** The order as it would be stored, a rejection with its reason, or undefined for a line-item continuation row. */
  outcome: OrderRow | RowRejection | undefined;
}

export interface OrdersSample {
  file: string;
  format: OrdersFormat;
  /** The header's column names and the row plan the rules built from them; absent when the file was refused. */
  header?: { line: number; names: string[]; plan: RowPlan };
  rows: SampledRow[];
  /** Data rows read, and of them kept out by the row rules (beyond the rows kept in `rows` too). */
  counts: { rows: number; keptOut: number };
  /** True when the file ended within the sample (the sample is the whole file). */
  whole: boolean;
  /** The reader's or the rules' refusal of the whole file (a missing column, a delimiter, a limit). */
  refusal?: ReconError;
  /** What the reader warned of (a file read as UTF-8 against the config, a title skipped). */
  warnings: LogSentence[];
}

/** Thrown by the sink once the sample is full; a ReconError so that every reader passes it through. */
class SampleFull extends ReconError {
  constructor() {
    super('internal', 'the sample is full');
  }
}

export function isRejected(row: SampledRow): row is SampledRow & { outcome: RowRejection } {
  return row.outcome !== undefined && isRejection(row.outcome);
}

export async function sampleOrders(
  ctx: { db: DuckDBConnection; resolved: ResolvedOrdersConfig; memoryLimit: string },
  file: string,
  /** Stop after `limit` data rows (Infinity: read the whole file); keep the first `keep` of them. */
  options: { limit: number; keep: number } = { limit: SAMPLE_ROWS, keep: SAMPLE_ROWS },
): Promise<OrdersSample> {
  const { resolved } = ctx;
  const warnings: LogSentence[] = [];
  let format: OrdersFormat;
  try {
    format = formatForFile(file, resolved);
  } catch (error) {
    if (!(error instanceof ReconError)) throw error;
    return { file, format: 'csv', rows: [], counts: { rows: 0, keptOut: 0 }, whole: false, refusal: error, warnings };
  }
  const sample: OrdersSample = { file, format, rows: [], counts: { rows: 0, keptOut: 0 }, whole: false, warnings };
  let plan: RowPlan | undefined;
  let previousItemId: string | undefined;
  const take = (row: SampledRow) => {
    sample.counts.rows++;
    if (isRejected(row)) sample.counts.keptOut++;
    if (sample.rows.length < options.keep) sample.rows.push({ ...row, cells: row.cells.slice() });
    if (sample.counts.rows >= options.limit) throw new SampleFull();
  };
  const sink: TableSink = {
    header(names, line) {
      plan = rowPlanFor(names, resolved, file, { checkFieldCount: format === 'csv' });
      sample.header = { line, names: plan.lengths.names.slice(), plan };
      return plan.lengths.fieldAt;
    },
    row(cells, line) {
      const outcome = orderFromCells(plan as RowPlan, cells, line, previousItemId);
      if (outcome?.item_id !== undefined) previousItemId = outcome.item_id;
      take({ line, cells, outcome });
    },
    invalid(facts, line) {
      take({ line, cells: [], outcome: { line, ...keptOutOf(facts) } });
    },
  };
  try {
    await readOrdersTable({ ...ctx, warn: (sentence) => warnings.push(sentence) }, file, format, sink);
    sample.whole = true;
  } catch (error) {
    if (error instanceof SampleFull) return sample;
    if (!(error instanceof ReconError) || error.code === 'internal') throw error;
    sample.refusal = error;
  }
  return sample;
}
