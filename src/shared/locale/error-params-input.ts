// The values of the errors of the files recon reads: order exports, bank statements, the raw pages of a
// replay, and triage's own records (code input). Each id's sentences are in errors-orders-*.ts (order
// exports) and errors-files-*.ts (statements, replays, triage).
import type { ErrorSentence } from './error-types.ts';
import type { KeptOutFact } from './kept-out-types.ts';

/** Why a workbook is not a readable XLSX; `said` is the zip library's or the XML reader's own words. */
export type XlsxProblem =
  | { kind: 'noZipDirectory' }
  | { kind: 'brokenZip'; said: string }
  | { kind: 'encrypted'; entry: string }
  | { kind: 'twice'; entry: string }
  | { kind: 'compression'; entry: string; method: number }
  | { kind: 'inflatesPast'; entry: string; declared: number }
  | { kind: 'entryUnreadable'; entry: string; said: string }
  | { kind: 'cannotInflate'; entry: string; said: string }
  | { kind: 'noWorkbookPart'; part: string }
  | { kind: 'noSheetPart'; sheet: string }
  | { kind: 'part'; part: string; said: string };

/** What a decompressed-size budget counted (and found, when known), and what set the budget. */
export interface DecompressedFacts {
  counted: 'file' | 'workbookEntries' | 'zipDirectory' | 'parquetFooter' | 'parquetTexts';
  /** The text columns counted (parquetTexts). */
  columns?: string[];
  found?: number;
  limitBytes: number;
  /** Set by orders.limits.decompressedRatio times the file's size; else by orders.limits.maxDecompressedBytes. */
  byRatio?: { ratio: number; fileBytes: number };
}

/** A preset's key the config replaced, with both values. */
interface PresetOverride {
  key: string;
  explicit: string;
  preset: string;
}

export interface OrdersErrorParams {
  fileUnreadable: { file: string; code: string };
  notAFile: { file: string };
  unreadableExports: { problems: ErrorSentence[] };
  formatFromExtension: { file: string; ext: string };
  csvQuoteOpen: { file: string; line: number; quote: string };
  csvAfterQuote: { file: string; line: number; delimiter: string };
  csvRecordTooLong: { file: string; line: number; max: number; delimiter: string; quote: string };
  csvHeaderUtf8: { file: string; line: number; offset: number };
  csvEmpty: { file: string; bytes: number };
  delimiterGuess: { file: string; delimiter: string; seems: string; columns: number; preset?: { name: string; label: string }; columnsFit: boolean };
  looksLikePreset: { refusal: ErrorSentence; name: string; label: string };
  columnMissing: { file: string; wanted: string; key: string; found: string[] };
  jsonEmpty: { file: string; perLine: boolean };
  jsonNotArray: { file: string; found: string };
  jsonArrayOpen: { file: string; line: number };
  jsonElementTooLong: { file: string; line: number; max: number; perLine: boolean };
  jsonTooDeep: { file: string; line: number; max: number };
  decompressedLimit: { file: string } & DecompressedFacts;
  rowLimit: { file: string; max: number; found?: number };
  zipEntriesLimit: { file: string; max: number; found: number };
  xlsxUnreadable: { file: string; problem: XlsxProblem };
  xlsxSharedStrings: { file: string; mib: number; strings: number };
  xlsxNoSheet: { file: string; sheet?: string; sheets: string[] };
  xlsxEmpty: { file: string };
  parquetColumnType: { file: string; column: string; field: string; type: string };
  parquetUnreadable: { file: string; said: string };
  parquetMemory: { file: string; memoryLimit: string };
  importMemory: { files: string; memoryLimit: string };
  /** Each line's English reason and, when the rule stated them, its facts, rendered in the locale in `zone`. */
  strictRejected: {
    file: string;
    rejected: number;
    conflicts: number;
    lines: { lines: number[]; reason: string; facts?: readonly KeptOutFact[] | undefined }[];
    zone: string;
  };
  tooManyKeptOut: { keptOut: number; orders: number; maxShare: number; files: string[]; night?: { reportDir: string } };
  ordersExportMissing: { file: string; date: string };
  ordersDoNotFit: { problems: ErrorSentence[] };
  csvLooksWindows1252: { file: string; offset: number; byte: number; text: string; inHeader: boolean; invalid: number; rows: number };
  presetFitsAlone: { refusal: ErrorSentence; preset: string; overrides: PresetOverride[] };
  decimalMisfit: {
    file: string;
    bad: number;
    rows: number;
    decimal: string;
    thousands: string;
    line: number;
    text: string;
    column: string;
    fit: { decimal: string; thousands: string };
  };
  dateFormatMisfit: { file: string; bad: number; rows: number; format: string; line: number; text: string; column: string; fit: string };
  unknownStatuses: { file: string; column: string; statuses: string[] };
}

export interface FileErrorParams {
  statementUnreadable: { file: string; code: string };
  notAStatement: { file: string };
  statementTooBig: { file: string; bytes: number; maxBytes: number };
  statementLineTooLong: { file: string; line: number; maxChars: number };
  statementTooMany: { file: string; counted: 'records' | 'lines'; limit: number; line: number; key: string };
  ofxNoStatement: { file: string };
  ofxManyStatements: { file: string; count: number };
  ofxTooDeep: { file: string; line: number; max: number };
  cnabNoHeader: { file: string };
  cnabOtherAccount: { file: string; line: number; found: { agency: string; account: string }; statement: { agency: string; account: string } };
  cnabNotStatement: { file: string; line: number; service: string };
  checkUnclean: { unclean: number; total: number };
  replayNoFolder: { dir: string };
  replayNoFiles: { dir: string };
  replayNotJson: { where: string; said: string };
  replayUnreadable: { path: string; said: string };
  replayShape: { where: string };
  unknownFindingKeys: { keys: string[] };
  resolvedAlready: { keys: string[]; action: string };
  triageEventInvalid: { action: string; key: string; path: string; said: string };
  noteTooLong: { action: string; key: string };
  journalFull: { path: string; maxBytes: number };
  // Code internal (exit 1), but a full disk or a damaged file can cause them: worded like the rest.
  journalAppendFailed: { path: string; said: string };
  snapshotTooBig: { path: string; bytes: number; maxBytes: number };
  snapshotUnreadable: { path: string; said: string };
}

export type InputErrorParams = OrdersErrorParams & FileErrorParams;
