// What `recon import` prints: a table of counts per file and the first rows kept out, their reasons in the
// reader's locale (terminal), or one JSON object per line with the English reason (cron, pipes). Pure:
// takes results, returns text. A reason quotes what the file
// held, so it goes out by the one display rule (src/shared/display-text.ts): escaped on the terminal,
// escaped losslessly in JSON.
import { formatEn } from '../shared/locale/format-en.ts';
import { commandWordsEn } from '../shared/locale/command-words-en.ts';
import type { CommandWords } from '../shared/locale/command-words-pt-BR.ts';
import type { Formatter } from '../shared/locale/format.ts';
import { type KeptOut, readKeptOutFacts } from '../shared/locale/kept-out-text.ts';
import { safeText } from '../shared/display-text.ts';
import type { ImportResult } from './import-orders.ts';
import { sqlLiteral } from '../warehouse/sql.ts';

export interface IssueLine {
  import_id: string;
  file: string;
  line: number | null;
  item_id: string | null;
  kind: string;
  reason: string;
  column_name: string | null;
  value: string | null;
  /** The facts' JSON text (NULL on rows of imports before the facts were stored). */
  facts?: string | null | undefined;
}

/** The words, the formatter and the kept-out reasons of the reader's locale (English by default). */
export interface ImportTextWords {
  words: CommandWords['importOrders'];
  fmt: Formatter;
  /** A kept-out row's reason in the locale (locale/kept-out-text.ts keptOutReasonIn). */
  reason(kept: KeptOut): string;
}
const ENGLISH: ImportTextWords = { words: commandWordsEn.importOrders, fmt: formatEn, reason: (kept) => kept.reason };

export function tableForImport(result: ImportResult, { words, fmt }: ImportTextWords = ENGLISH): string {
  const count = (n: number) => fmt.count(n);
  const HEADERS = [...words.headers];
  const rows = result.files.map((f) => [
    safeText(f.file, 'line'),
    f.format,
    count(f.rowsRead),
    count(f.rowsLoaded),
    count(f.duplicatesIdentical),
    count(f.rowsRejected),
    count(f.conflicts.length),
    fmt.decimal(f.seconds, 2),
  ]);
  const t = result.totals;
  if (result.files.length > 1) {
    rows.push([words.total, '', count(t.rowsRead), count(t.rowsLoaded), count(t.duplicatesIdentical), count(t.rowsRejected), count(t.conflicts), '']);
  }
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(HEADERS), ...rows.map(render)].join('\n');
}

/** The first `limit` rows kept out across files, then how many more and where to find them. */
export function keptOutText(result: ImportResult, limit: number, { words, fmt, reason }: ImportTextWords = ENGLISH): string {
  const count = (n: number) => fmt.count(n);
  const lines: string[] = [];
  let shown = 0;
  let total = 0;
  for (const f of result.files) {
    total += f.rowsRejected + f.conflicts.length;
    for (const c of f.conflicts) {
      if (shown >= limit) break;
      lines.push(safeText(`  ${f.file}:${c.lines[0] ?? '?'}  ${words.conflict}  ${reason(c)}`, 'line'));
      shown++;
    }
    for (const r of f.rejected) {
      if (shown >= limit) break;
      lines.push(safeText(`  ${f.file}:${r.line}  ${words.rejected}  ${reason(r)}`, 'line'));
      shown++;
    }
  }
  if (total === 0) return words.nothingKeptOut;
  const more = total - shown;
  // A command for a person to paste: the ids are quoted into it.
  const ids = result.files.map((f) => sqlLiteral(f.importId)).join(', ');
  return [
    words.keptOut(count(total)),
    ...lines,
    ...(more > 0 ? [`  ${words.more(count(more), `recon sql "SELECT * FROM order_import_issues WHERE import_id IN (${ids}) ORDER BY file, line"`)}`] : []),
  ].join('\n');
}

export function jsonLinesForFiles(result: ImportResult): string[] {
  return result.files.map((f) =>
    jsonLineOf({
      type: 'file',
      file: f.file,
      format: f.format,
      import_id: f.importId,
      sha256: f.sha256,
      rows_read: f.rowsRead,
      rows_loaded: f.rowsLoaded,
      duplicates_identical: f.duplicatesIdentical,
      continuation_rows: f.continuationRows,
      rows_rejected: f.rowsRejected,
      conflicts: f.conflicts.length,
      conflict_rows: f.conflictRows,
      rows_unchanged: f.rowsUnchanged,
      seconds: Math.round(f.seconds * 1000) / 1000,
    }),
  );
}

export function jsonLineForIssue(issue: IssueLine): string {
  return jsonLineOf({
    type: issue.kind,
    file: issue.file,
    line: issue.line,
    item_id: issue.item_id,
    reason: issue.reason,
    import_id: issue.import_id,
    column: issue.column_name,
    value: issue.value,
    // What the reason states, as data: a script reads it instead of parsing the English sentence.
    facts: readKeptOutFacts(issue.facts ?? null),
  });
}

function jsonLineOf(value: Record<string, unknown>): string {
  return safeText(JSON.stringify(value), 'json');
}
