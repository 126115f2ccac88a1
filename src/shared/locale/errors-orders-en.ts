// The English sentences of the errors of an order export (code input): a file recon cannot read, a
// format it does not fit, a limit it passes, rows the import keeps out, settings that do not fit it.
import type { ErrorCatalogue, ErrorWords } from './error-types.ts';
import type { DecompressedFacts, OrdersErrorParams, XlsxProblem } from './error-params-input.ts';

const tab = (d: string) => (d === '\t' ? '\\t' : d);
const RAISE = 'nothing of this file was imported — if the export is genuine, raise';

const COUNTED: Record<DecompressedFacts['counted'], (columns: string[]) => string> = {
  file: () => 'the file inflates to',
  workbookEntries: () => "the workbook's entries inflate to",
  zipDirectory: () => "the workbook's zip directory says its entries decompress to",
  parquetFooter: () => "the Parquet footer says the file's columns decompress to",
  parquetTexts: (columns) => `the Parquet text columns ${columns.map((c) => `"${c}"`).join(', ')} hold`,
};

function xlsxWhy(p: XlsxProblem, w: ErrorWords): string {
  switch (p.kind) {
    case 'noZipDirectory':
      return 'no zip directory at its end: not a zip, or cut short';
    case 'brokenZip':
      return `a broken zip: ${p.said}`;
    case 'encrypted':
      return `the entry "${p.entry}" is encrypted`;
    case 'twice':
      return `the entry "${p.entry}" appears twice`;
    case 'compression':
      return `the entry "${p.entry}" uses compression method ${p.method}; expected deflate`;
    case 'inflatesPast':
      return `the entry "${p.entry}" inflates past the ${w.fmt.count(p.declared)} bytes the zip directory declares`;
    case 'entryUnreadable':
      return `the entry "${p.entry}" cannot be read: ${p.said}`;
    case 'cannotInflate':
      return `the entry "${p.entry}" cannot be inflated: ${p.said}`;
    case 'noWorkbookPart':
      return `no workbook part ${p.part}`;
    case 'noSheetPart':
      return `the sheet "${p.sheet}" has no part in the zip`;
    case 'part':
      return `${p.part}: ${p.said}`;
  }
}

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

export const ordersErrorsEn: ErrorCatalogue<OrdersErrorParams> = {
  fileUnreadable: (p) => `${p.file}: cannot be read (${p.code})`,
  notAFile: (p) => `${p.file}: not a file`,
  unreadableExports: (p, w) => `expected readable order export files:\n  ${p.problems.map((s) => w.say(s)).join('\n  ')}`,
  formatFromExtension: (p) =>
    `${p.file}: cannot tell the format from the extension "${p.ext}" (expected .csv, .xlsx, .json, .ndjson, .jsonl or .parquet); set orders.format in the config`,
  csvQuoteOpen: (p) => `${p.file}: line ${p.line}: a quoted field is never closed (expected ${p.quote} before the end of the file)`,
  csvAfterQuote: (p) => `${p.file}: line ${p.line}: unexpected text after a closing quote (expected "${p.delimiter}" or a line end)`,
  csvRecordTooLong: (p) =>
    `${p.file}: line ${p.line}: a record longer than ${p.max} characters without its end (no line break, or a quote never closed); expected one order per line — is this a CSV export with orders.csv.delimiter "${p.delimiter}" and quote '${p.quote}'?`,
  csvHeaderUtf8: (p) =>
    `${p.file}: line ${p.line}: the header has invalid UTF-8 at byte ${p.offset}; expected UTF-8 text — ` +
    `if the export is windows-1252 (Excel's "CSV" on Windows), set orders.csv.encoding to "windows-1252"`,
  csvEmpty: (p) => `${p.file}: the file is empty (${p.bytes} bytes); expected a header line and one order per line`,
  delimiterGuess: (p) =>
    `${p.file}: the header has 1 column under delimiter '${tab(p.delimiter)}' but ${p.columns} under '${tab(p.seems)}'; ${
      p.preset
        ? `the file looks like a ${p.preset.label} export: set orders.preset to "${p.preset.name}"`
        : p.columnsFit
          ? `set orders.csv.delimiter to "${tab(p.seems)}"`
          : `set orders.csv.delimiter to "${tab(p.seems)}" and check orders.columns against the header`
    }`,
  looksLikePreset: (p, w) => `${w.say(p.refusal)}; the file looks like a ${p.label} export: set orders.preset to "${p.name}"`,
  columnMissing: (p) =>
    `${p.file}: expected a column "${p.wanted}" (orders.columns.${p.key}) in the header; found ${
      p.found.length === 0
        ? 'no columns'
        : `${p.found
            .slice(0, 20)
            .map((n) => `"${n.length > 40 ? `${n.slice(0, 40)}…` : n}"`)
            .join(', ')}${p.found.length > 20 ? ` and ${p.found.length - 20} more` : ''}`
    }`,
  jsonEmpty: (p) => `${p.file}: the file is empty; expected ${p.perLine ? 'one JSON order object per line' : 'a JSON array of order objects'}`,
  jsonNotArray: (p) => `${p.file}: expected a JSON array of order objects, found "${p.found}…"`,
  jsonArrayOpen: (p) => `${p.file}: line ${p.line}: the JSON array is never closed (expected "]"); the file looks cut short`,
  jsonElementTooLong: (p) =>
    p.perLine
      ? `${p.file}: line ${p.line}: a line longer than ${p.max} bytes without its end; expected one JSON order object per line`
      : `${p.file}: line ${p.line}: an array element longer than ${p.max} bytes without its end; expected one order object per element`,
  jsonTooDeep: (p, w) =>
    `${p.file}: line ${p.line}: JSON nested more than ${w.fmt.count(p.max)} levels deep (orders.limits.maxJsonDepth); ` +
    `expected an array of flat order objects or one per line; ${RAISE} orders.limits.maxJsonDepth`,
  decompressedLimit: (p, w) =>
    `${p.file}: ${COUNTED[p.counted](p.columns ?? [])} ${p.found === undefined ? '' : `${w.fmt.count(p.found)} bytes, `}more than the limit of ${w.fmt.count(p.limitBytes)} decompressed bytes (${
      p.byRatio
        ? `${w.fmt.count(p.byRatio.ratio)} x the file's ${w.fmt.count(p.byRatio.fileBytes)} bytes on disk, set by orders.limits.decompressedRatio`
        : 'set by orders.limits.maxDecompressedBytes'
    }); ${RAISE} ${p.byRatio ? 'orders.limits.decompressedRatio' : 'orders.limits.maxDecompressedBytes'}`,
  rowLimit: (p, w) =>
    `${p.file}: ${
      p.found === undefined ? `more than ${w.fmt.count(p.max)} rows, the limit` : `${w.fmt.count(p.found)} rows, more than the limit of ${w.fmt.count(p.max)}`
    } (orders.limits.maxRows); ${RAISE} orders.limits.maxRows`,
  zipEntriesLimit: (p, w) =>
    `${p.file}: the workbook's zip has ${w.fmt.count(p.found)} entries, more than the limit of ${w.fmt.count(p.max)} (orders.limits.maxZipEntries); ` +
    `an XLSX export has a few dozen; ${RAISE} orders.limits.maxZipEntries`,
  xlsxUnreadable: (p, w) => `${p.file}: not a readable XLSX workbook (${xlsxWhy(p.problem, w)}); expected an .xlsx saved by a spreadsheet program`,
  xlsxSharedStrings: (p, w) =>
    `${p.file}: the workbook's shared strings table needs more than ${w.fmt.count(p.mib)} MiB of memory ` +
    `(${w.fmt.count(p.strings)} strings so far); expected an order export of at most about a million rows — export it as CSV instead`,
  xlsxNoSheet: (p) =>
    `${p.file}: expected ${p.sheet === undefined ? 'any worksheet' : `a worksheet named "${p.sheet}" (orders.sheet)`}; found ${p.sheets.map((s) => `"${s}"`).join(', ') || 'none'}`,
  xlsxEmpty: (p) => `${p.file}: the worksheet is empty; expected a header row and one order per row`,
  parquetColumnType: (p) =>
    `${p.file}: column "${p.column}" (orders.columns.${p.field}) is ${p.type}; expected ${
      p.field === 'amount' ? 'a number, a DECIMAL or text' : p.field === 'created_at' ? 'a TIMESTAMP, a DATE or text' : 'text or a number'
    } — export ${p.field} as one, or point orders.columns.${p.field} at another column`,
  parquetUnreadable: (p) => `${p.file}: not a readable Parquet file (${p.said})`,
  parquetMemory: (p) =>
    `${p.file}: reading it takes more memory than warehouse.memoryLimit (${p.memoryLimit}); expected an order export whose rows fit — ` +
    'check the file, or raise warehouse.memoryLimit if it is genuine; nothing of this file was imported',
  importMemory: (p) =>
    `${p.files}: importing it needs more memory than warehouse.memoryLimit (${p.memoryLimit}); raise warehouse.memoryLimit ` +
    '(DuckDB spills to a temp folder beside the warehouse up to that cap); nothing of it was imported',
  strictRejected: (p) =>
    `${p.file}: --strict: ${p.rejected} rejected row(s) and ${p.conflicts} conflicting item_id(s); nothing was imported\n${p.lines
      .map((l) => `  ${l.lines.length === 1 ? 'line' : 'lines'} ${l.lines.join(', ')}: ${l.reason}`)
      .join('\n')}`,
  tooManyKeptOut: (p) =>
    `the orders import kept out ${p.keptOut} of ${p.orders} rows (${percent(p.keptOut / p.orders)}), more than orders.maxRejectedShare (${percent(p.maxShare)}); ${
      p.night
        ? `the night stopped before reconciling and recorded no findings. The rows kept out and why are in ${p.files.join(' and ')} in ${p.night.reportDir}; fix the export (or orders.* in the config) and run the night again`
        : `the rows kept out and why are in ${p.files.join(' and ')}; fix the export (or orders.* in the config) and import it again — it replaces what this import loaded`
    }`,
  ordersExportMissing: (p) => `orders export ${p.file} for ${p.date} does not exist; pass --orders FILE or check orders.path`,
  ordersDoNotFit: (p, w) =>
    p.problems.length === 1 ? w.say(p.problems[0]!) : `the orders exports do not fit the config:\n  ${p.problems.map((s) => w.say(s)).join('\n  ')}`,
  csvLooksWindows1252: (p) =>
    `${p.file}: the file looks like windows-1252, not UTF-8 (byte ${p.offset} is 0x${p.byte.toString(16).toUpperCase()}, "${p.text}" in windows-1252; ${
      p.inHeader ? 'the header is not UTF-8' : `${p.invalid} of the first ${p.rows} rows would be kept out as invalid UTF-8`
    }): set orders.csv.encoding to "windows-1252"`,
  presetFitsAlone: (p, w) =>
    `${w.say(p.refusal)}; the file fits orders.preset "${p.preset}" as it is, but explicit keys replace its values: ${p.overrides
      .map((o) => `${o.key} "${o.explicit}" (the preset's: "${o.preset}")`)
      .join(', ')} — remove them from the config`,
  decimalMisfit: (p) =>
    `${p.file}: ${p.bad} of the first ${p.rows} rows have an amount that orders.csv.decimal "${p.decimal}" (thousands "${p.thousands}") cannot read ` +
    `(line ${p.line}: "${p.text}" in column "${p.column}"); every amount reads under decimal "${p.fit.decimal}": ` +
    `set orders.csv.decimal to "${p.fit.decimal}" and orders.csv.thousands to "${p.fit.thousands}"`,
  dateFormatMisfit: (p) =>
    `${p.file}: ${p.bad} of the first ${p.rows} rows have a date that orders.dateFormat "${p.format}" cannot read ` +
    `(line ${p.line}: "${p.text}" in column "${p.column}"); every date reads as "${p.fit}": set orders.dateFormat to "${p.fit}"`,
  unknownStatuses: (p) =>
    `${p.file}: statuses in column "${p.column}" that orders.statusMap does not know: ${p.statuses.map((s) => `"${s}"`).join(', ')}; add each to orders.statusMap with the status it means (paid, pending, canceled, refunded), or its rows are kept out`,
};
