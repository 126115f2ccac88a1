// Finds the header of a tabular export (CSV, XLSX). Exports often carry a title above it ("Relatório de
// pedidos - maio/2024", a blank line): with orders.csv.skipRows the lines above are skipped as told;
// otherwise the header is the first record, within the first few, that holds every mapped column. When
// none does, the first record is handed to the row rules as the header, whose error names the missing
// column; a diagnosis (another delimiter, a preset the header matches) is added to that error.
import { ReconError } from '../shared/errors.ts';
import type { Cell } from './cell-text.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';
import { findColumn, headerNames } from './order-rules.ts';
import { ORDER_PRESETS } from './presets.ts';
import type { TableSink } from './table-sink.ts';

/** How many records are looked at for a header before the first one is taken as it. */
const HEADER_LOOKAHEAD = 10;

export interface HeaderRecord {
  cells: Cell[];
  line: number;
  /** Physical line the record ends on (a quoted CSV field may span lines). */
  lastLine: number;
}

export interface HeaderSearchOptions {
  file: string;
  /** Every column name the mapping needs. */
  wanted: string[];
  /** Lines above the header (orders.csv.skipRows); 0 searches. */
  skipRows: number;
  /** orders.preset, never suggested again. */
  preset: string | undefined;
  sink: TableSink;
  warn(sentence: LogSentence): void;
  /** A record that turned out to be data after all (the header was its own first record). */
  onRow(record: HeaderRecord): void;
  /** A record skipped above the header. */
  onSkipped?(record: HeaderRecord): void;
  /** The header, once the row rules accepted it. */
  onHeader?(record: HeaderRecord): void;
  /** A better explanation than the missing column, for a first record that is no header. */
  diagnose?(first: HeaderRecord): ReconError | undefined;
}

export interface HeaderSearch {
  /** True when the record was taken (the header, or a line above it); false for a data row. */
  take(record: HeaderRecord): boolean;
  /** At the end of the file: a search still open settles on the first record. */
  end(): void;
  readonly found: boolean;
}

export function searchHeader(options: HeaderSearchOptions): HeaderSearch {
  const { file, wanted, skipRows, sink } = options;
  let found = false;
  const pending: HeaderRecord[] = [];
  const isHeader = (cells: Cell[]) => {
    const names = headerNames(cells);
    return wanted.every((name) => findColumn(names, name) !== -1);
  };
  const accept = (record: HeaderRecord) => {
    found = true;
    sink.header(
      record.cells.map((c) => (c === null || c === undefined ? '' : String(c))),
      record.line,
    );
    options.onHeader?.(record);
  };
  const settle = () => {
    const [first, ...rest] = pending;
    pending.length = 0;
    if (first === undefined) return;
    const diagnosis = options.diagnose?.(first);
    if (diagnosis) throw diagnosis;
    try {
      accept(first);
    } catch (error) {
      throw withPresetHint(error, first.cells, options.preset);
    }
    for (const record of rest) options.onRow(record);
  };
  return {
    get found() {
      return found;
    },
    take(record) {
      if (found) return false;
      if (skipRows > 0) {
        if (record.line <= skipRows) options.onSkipped?.(record);
        else accept(record);
        return true;
      }
      if (isHeader(record.cells)) {
        for (const above of pending) options.onSkipped?.(above);
        if (record.line > 1) {
          const above = record.line - 1;
          options.warn({ id: 'headerBelowTitle', file, line: record.line, above });
        }
        pending.length = 0;
        accept(record);
        return true;
      }
      pending.push(record);
      if (pending.length >= HEADER_LOOKAHEAD) settle();
      return true;
    },
    end() {
      if (!found) settle();
    },
  };
}

/** The missing-column error, plus the preset whose layout the header matches, if one does. */
function withPresetHint(error: unknown, cells: Cell[], current: string | undefined): unknown {
  if (!(error instanceof ReconError)) return error;
  const preset = presetMatching(headerNames(cells), current);
  if (preset === undefined) return error;
  if (error.sentence === undefined) return error;
  return new ReconError(
    'input',
    { id: 'looksLikePreset', refusal: error.sentence, name: preset.name, label: preset.label },
    {
      cause: error,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  );
}

/** A preset (other than the current one) every one of whose mapped columns the header has. */
function presetMatching(names: string[], current: string | undefined, delimiter?: string): { name: string; label: string } | undefined {
  for (const [name, preset] of Object.entries(ORDER_PRESETS)) {
    if (name === current || (delimiter !== undefined && preset.csv.delimiter !== delimiter)) continue;
    const columns = Object.values(preset.columns).filter((c): c is string => typeof c === 'string');
    if (columns.every((c) => findColumn(names, c) !== -1)) return { name, label: preset.label };
  }
  return undefined;
}

const DELIMITERS = [',', ';', '\t', '|'];

/**
 * A CSV header that is one column under the configured delimiter but several under another: say which
 * delimiter the file seems to use, and which preset matches it, instead of "expected a column ...".
 */
export function diagnoseDelimiter(
  file: string,
  first: HeaderRecord,
  csv: { delimiter: string; preset: string | undefined; wanted: string[] },
): ReconError | undefined {
  const { delimiter, wanted } = csv;
  if (first.cells.length !== 1) return undefined;
  const line = String(first.cells[0] ?? '');
  let best: { delimiter: string; names: string[] } | undefined;
  for (const candidate of DELIMITERS) {
    if (candidate === delimiter) continue;
    const names = headerNames(line.split(candidate).map((n) => n.replace(/^"(.*)"$/, '$1')));
    if (names.length > 1 && names.length > (best?.names.length ?? 1)) best = { delimiter: candidate, names };
  }
  if (best === undefined) return undefined;
  const preset = presetMatching(best.names, csv.preset, best.delimiter);
  const columnsFit = wanted.every((name) => findColumn(best.names, name) !== -1);
  return new ReconError(
    'input',
    { id: 'delimiterGuess', file, delimiter, seems: best.delimiter, columns: best.names.length, ...(preset ? { preset } : {}), columnsFit },
    { details: { file, delimiter, seemsDelimitedBy: best.delimiter, columns: best.names.length, ...(preset ? { preset: preset.name } : {}) } },
  );
}
