// The report engine: report definitions rendered into XLSX and CSV files (write-reports.ts).
export * from './write-reports.ts';
export * from './checks-off.ts';
export type { ReportCheck } from './types.ts';
export type { OpenWorkbook, WorkbookWriter } from './xlsx-writer.ts';
