// The rows a workbook sheet writes under its table: the notes (label and value) and the one sentence of
// an empty sheet. A note's text runs across the printed columns, merged and wrapped, so a printed page
// shows it whole instead of squeezed into the first column or cut at the print area's edge.
import type ExcelJS from 'exceljs';
import type { Messages } from '../shared/locale/index.ts';
import { capExcelText, excelDateFromDateText, excelDateFromInstant, safeCellText } from './cells.ts';
import { type ExcelValue, LINE_HEIGHT, numFmtOf, wrappedLines } from './xlsx-layout.ts';

/** A note under the table: text, or an instant shown in local time. */
export interface SheetNote {
  label: string;
  text?: string | null;
  instantMs?: number | null;
}

/** A note as cells: its label in the locale and its value, typed. */
export interface NoteRow {
  label: string;
  value: ExcelValue;
  type: 'instant' | 'date' | 'text';
}

/** The font of every cell recon styles: named, or a spreadsheet substitutes its own default (a serif in LibreOffice). */
export const CELL_FONT = { name: 'Calibri', family: 2, size: 11 } as const;
export const BOLD_FONT = { ...CELL_FONT, bold: true };

/** Any other text of a sheet (headers, note labels and values): safe text and the formula rule, then Excel's cap. */
export function sheetText(text: string): string {
  return capExcelText(safeCellText(text));
}

/** The notes of a sheet as rows: labels and run outcomes (`done`...) in the locale's words. */
export function noteRowsOf(notes: readonly SheetNote[], timezone: string, messages: Messages): NoteRow[] {
  return notes.map((note) => ({
    label: sheetText(messages.notes[note.label as keyof Messages['notes']] ?? note.label),
    ...noteValueOf(note, timezone, messages),
  }));
}

function noteValueOf(note: SheetNote, timezone: string, messages: Messages): Omit<NoteRow, 'label'> {
  if (note.instantMs !== null && note.instantMs !== undefined) return { value: excelDateFromInstant(note.instantMs, timezone), type: 'instant' };
  const text = note.text ?? '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { value: excelDateFromDateText(text), type: 'date' };
  return { value: sheetText(messages.page.outcomes[text] ?? text), type: 'text' };
}

/** A note without a value is a sentence (the forecast's notice): it reads across the printed columns. */
export const isSentenceNote = (note: NoteRow): boolean => note.type === 'text' && note.value === '';

/**
 * One note: a sentence merged across the `span` printed columns; otherwise its label in the first column
 * and its value in the second, text merged over the rest of the printed columns. Each row is as tall as
 * its wrapped lines (spreadsheets do not grow a merged row themselves).
 */
export function writeNoteRow(sheet: ExcelJS.Worksheet, note: NoteRow, widths: readonly number[], span: number, messages: Messages): void {
  const lines = noteLinesOf(note, widths, span);
  if (isSentenceNote(note)) {
    const row = sheet.addRow([note.label]);
    if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
    row.getCell(1).style = { font: BOLD_FONT, alignment: { vertical: 'top', horizontal: 'left', wrapText: true } };
    row.height = lines * LINE_HEIGHT;
    row.commit();
    return;
  }
  const row = sheet.addRow([note.label, note.value]);
  const valueSpan = valueSpanOf(note, span);
  if (valueSpan > 2) sheet.mergeCells(row.number, 2, row.number, valueSpan);
  if (lines > 1) row.height = lines * LINE_HEIGHT;
  row.getCell(1).style = { font: BOLD_FONT, alignment: { vertical: 'top', wrapText: true } };
  const numFmt = note.type === 'text' ? undefined : numFmtOf(note.type, messages.excel);
  row.getCell(2).style = numFmt
    ? { font: CELL_FONT, numFmt, alignment: { vertical: 'top', horizontal: 'right', indent: 1 } }
    : { font: CELL_FONT, alignment: { vertical: 'top', horizontal: 'left', wrapText: true } };
  row.commit();
}

/** The last column a note's value spans: text runs over the rest of the printed columns. */
const valueSpanOf = (note: NoteRow, span: number): number => (note.type === 'text' && span > 2 ? span : 2);

/** Lines a note's row takes: its label in the first column, its value over the columns it spans, or its sentence across them all. */
export function noteLinesOf(note: NoteRow, widths: readonly number[], span: number): number {
  const widthOf = (from: number, to: number) => widths.slice(from, to).reduce((sum, w) => sum + w, 0) || 10;
  if (isSentenceNote(note)) return wrappedLines(note.label, widthOf(0, span), true);
  const valueLines = note.type === 'text' ? wrappedLines(String(note.value ?? ''), widthOf(1, valueSpanOf(note, span))) : 1;
  return Math.max(wrappedLines(note.label, widths[0] ?? 10, true), valueLines);
}

/**
 * One sentence as a row: merged across `span` columns (their widths adding to `width`) so it reads
 * across the table, wrapped, and as tall as its lines.
 */
export function writeSentenceRow(sheet: ExcelJS.Worksheet, sentence: string, width: number, span: number): void {
  const text = sheetText(sentence);
  const row = sheet.addRow([text]);
  if (span > 1) sheet.mergeCells(row.number, 1, row.number, span);
  row.getCell(1).style = { font: { ...CELL_FONT, italic: true }, alignment: { vertical: 'top', horizontal: 'left', indent: 1, wrapText: true } };
  row.height = (wrappedLines(text, width) + 0.5) * LINE_HEIGHT;
  row.commit();
}
