// The contract between report definitions (reports/*.ts: SQL plus column specs) and the generic writers.
// A finance engineer adds a report by writing a ReportDefinition; the writers never know its meaning.
//
// Two shapes, both SQL plus column specs:
// - Sheets with their own queries (`sql` reads the warehouse's tables and views), as `refunds` does.
// - A `base` query that every sheet splits: the writer runs it once per night into a TEMP table, and a
//   sheet's `sql` reads that table as `$base` (`SELECT ... FROM $base WHERE category = 'x' ORDER BY ...`),
//   as `discrepancies` and `chargebacks` do. Use it when several sheets (or a sheet and the CSV) show
//   cuts of one costly query: the costly part runs once, each sheet is a cheap scan of its result.
// The shapes mix: a report with a base may still have sheets that read other tables (the discrepancies'
// rows kept out), and a definition without a base works as it always did.

import type { HeaderKey, Locale, Messages } from '../shared/locale/index.ts';

/** A sentence of the catalogues' `emptySheets`. */
export type EmptySheetKey = keyof Messages['emptySheets'];

export type ColumnType = 'text' | 'cents' | 'integer' | 'rate' | 'instant' | 'date' | 'boolean';

/**
 * How a workbook shows a text column's machine value to a person, in the report's locale (the CSV
 * keeps the value): a category key as its label, a state, a status word, a reason sentence, ...
 * `keptOutReason` is the one value the CSV does not keep as it is: JSON of a stored reason and its facts
 * (reports/kept-out.ts), of which the CSV writes the stored reason.
 */
export type ColumnDisplay = 'category' | 'state' | 'status' | 'reason' | 'keptOutReason' | 'ageBucket' | 'listing' | 'issueKind' | 'bankStatus' | 'closeLine';

export interface ColumnSpec {
  /** The SQL result column this cell comes from; also the CSV header (cents columns end in `_cents`). */
  key: string;
  /** The workbook's header: a key of the catalogues' `headers` (src/shared/locale), or a pick of another entry. */
  header: HeaderKey | ((messages: Messages) => string);
  /**
   * text: neutralised against formulas; cents: BIGINT cents, shown as R$ in XLSX; integer: a count;
   * rate: a BIGINT of basis points (hundredths of a percent), the integer in CSV, a percentage for people
   * (3,49 %); instant: TIMESTAMPTZ, local wall-clock in XLSX and ISO UTC in CSV; date: DATE; boolean.
   */
  type: ColumnType;
  /**
   * The widest a text column may grow, in characters (XLSX; default 40): a column is as wide as its
   * longest value up to this, and longer text wraps. Number and date columns always fit their values.
   */
  width?: number;
  /** How the workbook shows the value in the locale (text columns); the CSV writes the value itself. */
  display?: ColumnDisplay;
  /** `document`: a CPF/CNPJ, masked unless the request says not to. */
  mask?: 'document';
}

/** A label/value block written under a sheet's table (the Summary's run window and data freshness). */
export interface NotesSpec {
  /**
   * Returns columns `label` (a key of the catalogues' `notes`, shown in the locale), `text_value` (text)
   * and `instant_value` (TIMESTAMPTZ); one of the two values is set. Same parameters as a sheet's `sql`, `$base` included.
   */
  sql: string;
}

export interface SheetSpec {
  /** The sheet's id: the report's `csvSheet` and the row counts name it; in no locale. */
  name: string;
  /**
   * The sheet's name in the workbook, in the locale (at most 31 characters, no `[]:*?/\`); the id when
   * absent.
   */
  title?: (messages: Messages) => string;
  /**
   * The rows, with a deterministic ORDER BY (the base's own order is not kept: say it again here).
   * Named parameters available: $date (DATE), $run_id (the reconcile run), $tz (zone name), $day_start
   * and $day_end (TIMESTAMPTZ bounds of the business day), and the settlement contract's
   * $first_installment_days, $per_installment and $horizon_days (src/forecast/receivables-sql.ts), the days of
   * forecast lines the forecast report lists, $lines_days (settlement.linesDays), and what the
   * forecast covers, $forecast_complete_from and $forecast_partial_through (src/forecast/coverage.ts). `$base` is not a parameter but the name of the
   * table holding the report's base rows (only in a report that declares `base`).
   */
  sql: string;
  columns: ColumnSpec[];
  /** Keys of cents/integer columns summed in a totals row (values, never formulas). */
  totals?: string[];
  /**
   * Leave the sheet out of the workbook when its query returns no rows. Decided while the rows stream (the
   * sheet is added at its first row), so the query still runs once; the sheets keep their declared order.
   */
  omitWhenEmpty?: boolean;
  /**
   * The CSV's columns when this is the report's CSV sheet, as keys of `columns` in the CSV's order
   * (default: all of them, in order): the workbook may order its columns for people while the CSV
   * keeps its keys where scripts read them.
   */
  csvColumns?: readonly string[];
  /**
   * The `.br.csv`'s columns, as keys of `columns` (default: the CSV's): where people read a column otherwise
   * than a script does (a finding's reason rendered from its facts in the locale, not the stored English
   * sentence), its place names the people's column instead; its header is that column's.
   */
  peopleCsvColumns?: readonly string[];
  /**
   * The columns a person reads on paper, as keys of `columns` in the order they print (at most 10):
   * the workbook's sheet leads with them and its print area covers only them; the other columns follow
   * to their right, on screen. Default: every column prints. The CSV's columns are `csvColumns`'.
   */
  printColumns?: readonly string[];
  /**
   * `totals`: the printed page is the header, the totals and the notes, never the rows (a sheet of one
   * line per installment would print hundreds of pages; its sums print on another sheet). Default `all`.
   */
  printRows?: 'all' | 'totals';
  /** False: the sheet only feeds the CSV (default true). */
  inWorkbook?: boolean;
  /**
   * The most rows the workbook's sheet shows (default, and never more than, what a spreadsheet opens:
   * 1,048,576 rows less the header, totals and notes). Past it the sheet stops and a note says how many
   * rows there were and that the CSV has them all; the CSV is never cut. For a sheet whose rows grow with
   * the merchant's volume (one line per installment), so the night stays seconds and the file opens.
   */
  maxWorkbookRows?: number;
  notes?: NotesSpec;
  /**
   * What the workbook's sheet says when its query returns no rows, instead of an empty table with a
   * zero total that reads like an answer: the header, then one sentence across the table's width. The
   * CSV stays its header alone.
   */
  whenEmpty?: EmptySheetSpec;
}

/**
 * The sentence of an empty sheet: a key of the catalogues' `emptySheets` and the figures it quotes. The
 * business date is always there as `day`; any other figure comes from `sql`.
 */
export interface EmptySheetSpec {
  message: EmptySheetKey;
  /**
   * One row of figures (same parameters as the sheet's `sql`, `$base` included), each column typed in
   * `figures`: counts and cents are whole numbers, days are DATEs; the sentence formats them in the locale.
   */
  sql?: string;
  figures?: Readonly<Record<string, 'integer' | 'cents' | 'date'>>;
}

export interface ReportParams {
  /** Business date, YYYY-MM-DD. */
  date: string;
  locale: Locale;
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
  /**
   * The report's base rows: a SELECT (same parameters as a sheet's `sql`, no ORDER BY needed) that the
   * writer runs once per night into a TEMP table, readable by every sheet and notes query as `$base`, and
   * drops when the report is written. Optional: without it, each sheet runs its own query.
   */
  base?: string;
  /**
   * Statements run before the base (and the sheets), e.g. a `CREATE TEMP TABLE IF NOT EXISTS` of a table
   * the caller may have filled for the night (the findings' triage); without one the query still runs.
   */
  setup?: readonly string[];
  sheets: SheetSpec[] | ((params: ReportParams) => SheetSpec[]);
  /** Name of the sheet whose rows go to the CSV. */
  csvSheet: string;
  /**
   * The check the report shows (`fees`: fees.check; `bank`: bank.accounts). When the request says it is
   * off, no query runs: the workbook is one sheet saying so and how to turn it on (the catalogues'
   * `checksOff`), and the CSV is its header alone, so scripts find the same file and keys.
   */
  check?: ReportCheck;
}

/** A check a report depends on, named as the catalogues' `checksOff` name it. */
export type ReportCheck = keyof Messages['checksOff'];

export type CsvDialect = 'rfc4180' | 'br';

/** A row after conversion from DuckDB values: exact and typed by its column spec. */
export type CellValue = string | bigint | number | boolean | null;
