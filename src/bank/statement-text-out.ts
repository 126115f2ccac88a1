// What `recon import` prints for statement files: a table of counts per file and the first lines kept
// out, their reasons in the reader's locale (terminal), or one JSON object per file and per kept-out line
// with the English reason (cron, pipes). Pure.
import { safeText } from '../shared/display-text.ts';
import { commandWordsEn } from '../shared/locale/command-words-en.ts';
import type { CommandWords } from '../shared/locale/command-words-pt-BR.ts';
import { formatEn } from '../shared/locale/format-en.ts';
import type { Formatter } from '../shared/locale/format.ts';
import type { KeptOut } from '../shared/locale/kept-out-text.ts';
import type { StatementImportResult } from './import-statement.ts';

/** A JSON line whose text from the file (memo, FITID, reason) cannot steer a terminal: controls and bidi escaped. */
const jsonLine = (value: unknown) => safeText(JSON.stringify(value), 'json');

/** The words, the formatter and the kept-out reasons of the reader's locale (English by default). */
export interface StatementTextWords {
  words: CommandWords['importStatements'];
  fmt: Formatter;
  /** A kept-out line's reason in the locale (locale/kept-out-text.ts keptOutReasonIn). */
  reason(kept: KeptOut): string;
}
const ENGLISH: StatementTextWords = { words: commandWordsEn.importStatements, fmt: formatEn, reason: (kept) => kept.reason };

export function tableForStatements(results: readonly StatementImportResult[], listed: number, { words, fmt, reason }: StatementTextWords = ENGLISH): string {
  const HEADERS = [...words.headers];
  const rows = results.map((r) => [
    r.file,
    r.format,
    r.charset,
    r.accountId,
    fmt.count(r.linesRead),
    r.alreadyImported ? words.importedBefore : fmt.count(r.linesLoaded),
    fmt.count(r.linesRejected),
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 4 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [render(HEADERS), ...rows.map(render)];
  const rejected = results.flatMap((r) => r.rejected.map((x) => ({ file: r.file, ...x })));
  if (rejected.length > 0) {
    out.push('', words.keptOut);
    for (const x of rejected.slice(0, listed)) out.push(`  ${words.line(x.file, x.line, reason(x))}`);
    if (rejected.length > listed) out.push(`  ${words.more(fmt.count(rejected.length - listed))}`);
  }
  return out.map((line) => safeText(line, 'line')).join('\n');
}

export function jsonLinesForStatements(results: readonly StatementImportResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(
      jsonLine({
        type: 'statement',
        file: r.file,
        format: r.format,
        charset: r.charset,
        account_id: r.accountId,
        statement_id: r.statementId,
        already_imported: r.alreadyImported,
        lines_read: r.linesRead,
        lines_loaded: r.linesLoaded,
        lines_rejected: r.linesRejected,
      }),
    );
    for (const x of r.rejected)
      lines.push(jsonLine({ type: 'statement_rejected', file: r.file, line: x.line, reason: x.reason, value: x.value ?? null, facts: x.facts }));
  }
  return lines;
}
