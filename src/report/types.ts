// The contract between report definitions (reports/*.ts: SQL plus column specs) and the generic writers.
// A finance engineer adds a report by writing a ReportDefinition; the writers never know its meaning.

export type ColumnType = 'text' | 'cents' | 'integer' | 'instant' | 'date' | 'boolean';

export interface ColumnSpec {
  /** The SQL result column this cell comes from; also the CSV header (cents columns end in `_cents`). */
  key: string;
  /** Human header in the workbook. */
  header: string;
  /**
   * text: neutralised against formulas; cents: BIGINT cents, shown as R$ in XLSX; integer: a count;
   * instant: TIMESTAMPTZ, local wall-clock in XLSX and ISO UTC in CSV; date: DATE; boolean.
   */
  type: ColumnType;
  /** Column width in characters (XLSX). */
  width?: number;
  /** `document`: a CPF/CNPJ, masked unless the request says not to. */
  mask?: 'document';
}

/** A label/value block written under a sheet's table (the Summary's run window and data freshness). */
export interface NotesSpec {
  /** Returns columns `label` (text), `text_value` (text) and `instant_value` (TIMESTAMPTZ); one of the two values is set. */
  sql: string;
}

export interface SheetSpec {
  /** Sheet name (at most 31 characters, no `[]:*?/\`). */
  name: string;
  /**
   * The rows, with a deterministic ORDER BY. Named parameters available: $date (DATE), $run_id (the
   * reconcile run), $tz (zone name), $day_start and $day_end (TIMESTAMPTZ bounds of the business day).
   */
  sql: string;
  columns: ColumnSpec[];
  /** Keys of cents/integer columns summed in a totals row (values, never formulas). */
  totals?: string[];
  /** Leave the sheet out of the workbook when its query returns no rows. */
  omitWhenEmpty?: boolean;
  /** False: the sheet only feeds the CSV (default true). */
  inWorkbook?: boolean;
  notes?: NotesSpec;
}

export interface ReportParams {
  /** Business date, YYYY-MM-DD. */
  date: string;
  /** The reconcile run whose findings the reports show ('' when there is none). */
  runId: string;
  timezone: string;
}

export interface ReportDefinition {
  /** File base name: `<outDir>/<date>/<name>.xlsx` and `.csv`. */
  name: string;
  description: string;
  /** Whether the report needs a reconcile run of the day (the discrepancies do, refunds do not). */
  needsReconcileRun?: boolean;
  sheets: SheetSpec[] | ((params: ReportParams) => SheetSpec[]);
  /** Name of the sheet whose rows go to the CSV. */
  csvSheet: string;
}

export type CsvDialect = 'rfc4180' | 'br';

/** A row after conversion from DuckDB values: exact and typed by its column spec. */
export type CellValue = string | bigint | number | boolean | null;
