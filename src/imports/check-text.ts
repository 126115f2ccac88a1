// What `recon check` prints of an order export: the mapping it found, the first rows as they would be
// stored (or why each is kept out), and each problem with the setting that fixes it. Pure text, in
// reports.locale: the words are the catalogue's `check`, the problems and warnings their sentences.
import { type Locale, messagesFor, type Messages } from '../shared/locale/index.ts';
import { sayError } from '../shared/locale/error-text.ts';
import { keptOutReasonIn } from '../shared/locale/kept-out-text.ts';
import { sayLog } from '../shared/locale/log-text.ts';
import type { OrdersFileCheck } from './check-orders.ts';
import { isRejection, type OrderRow } from './order-rules.ts';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from './resolve-config.ts';
import type { OrdersSample } from './sample-orders.ts';

/** How many sampled rows are printed. */
const SHOWN_ROWS = 10;

export function textForOrdersCheck(check: OrdersFileCheck, whole: OrdersSample, locale: Locale): string {
  const messages = messagesFor(locale);
  const words = messages.check;
  const { sample, resolved } = check;
  const reason = keptOutReasonIn(messages, resolved.timezone);
  const out: string[] = [];
  const csv =
    sample.format === 'csv' ? { encoding: resolved.csv.encoding, delimiter: resolved.csv.delimiter === '\t' ? '\\t' : resolved.csv.delimiter } : undefined;
  out.push(words.ordersHead(sample.file, sample.format, csv, resolved.preset));
  const header = sample.header;
  if (header) {
    out.push(words.header(header.line));
    for (const key of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
      const column = resolved.columns[key];
      if (column) out.push(words.mapped(key, column));
    }
    const shown = sample.rows.slice(0, SHOWN_ROWS);
    out.push(words.firstRows(shown.length));
    for (const row of shown) {
      if (row.outcome === undefined) out.push(words.lineItem(row.line));
      // The row rules' reason, from the facts the import stores beside it (order_import_issues), in the locale.
      else if (isRejection(row.outcome)) out.push(words.keptOut(row.line, reason(row.outcome)));
      else out.push(words.stored(row.line, storedText(row.outcome, words)));
    }
    const { rows, keptOut } = whole.counts;
    out.push(words.rowsRead(rows, whole.whole, keptOut));
  }
  if (check.problems.length === 0 && check.warnings.length === 0) out.push(words.noProblems);
  for (const problem of check.problems) out.push(words.problem(problem.setting, sayError(locale, problem.sentence)));
  for (const warning of check.warnings) out.push(words.warning(sayLog(locale, warning)));
  return out.join('\n');
}

/** The row as the warehouse would hold it: the order fields by their names, the amount in the locale's money beside its cents. */
function storedText(order: OrderRow, words: Messages['check']): string {
  const parts = [
    `item_id ${order.item_id}`,
    `status ${order.status} ("${order.source_status}")`,
    words.amount(order.amount_cents),
    `created_at ${new Date(order.created_ms).toISOString()}`,
  ];
  for (const key of OPTIONAL_COLUMNS) if (order[key] !== null) parts.push(`${key} ${order[key]}`);
  return parts.join(', ');
}
