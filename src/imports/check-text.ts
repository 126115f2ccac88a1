// What `recon check` prints of an order export: the mapping it found, the first rows as they would be
// stored (or why each is kept out), and each problem with the setting that fixes it. Pure text.
import { brlTextFromCents } from '../shared/money.ts';
import type { OrdersFileCheck } from './check-orders.ts';
import { isRejection, type OrderRow } from './order-rules.ts';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS } from './resolve-config.ts';
import type { OrdersSample } from './sample-orders.ts';

/** How many sampled rows are printed. */
const SHOWN_ROWS = 10;

export function textForOrdersCheck(check: OrdersFileCheck, whole: OrdersSample): string {
  const { sample, resolved } = check;
  const out: string[] = [];
  const csv = sample.format === 'csv' ? `, ${resolved.csv.encoding}, delimiter "${resolved.csv.delimiter === '\t' ? '\\t' : resolved.csv.delimiter}"` : '';
  out.push(`${sample.file}: orders export (${sample.format}${csv}${resolved.preset ? `, orders.preset "${resolved.preset}"` : ''})`);
  const header = sample.header;
  if (header) {
    out.push(`  header on line ${header.line}; the mapping:`);
    for (const key of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
      const column = resolved.columns[key];
      if (column) out.push(`    ${key.padEnd(26)} <- column "${column}" (orders.columns.${key})`);
    }
    const shown = sample.rows.slice(0, SHOWN_ROWS);
    out.push(`  the first ${shown.length} row(s) as they would be stored:`);
    for (const row of shown) {
      if (row.outcome === undefined) out.push(`    line ${row.line}: a line item of the order above (skipped)`);
      else if (isRejection(row.outcome)) out.push(`    line ${row.line}: KEPT OUT: ${row.outcome.reason}`);
      else out.push(`    line ${row.line}: ${storedText(row.outcome)}`);
    }
    const { rows, keptOut } = whole.counts;
    out.push(`  rows read: ${rows}${whole.whole ? ' (the whole file)' : ''}; kept out by the row rules: ${keptOut}`);
  }
  if (check.problems.length === 0 && check.warnings.length === 0) out.push('  problems: none');
  for (const problem of check.problems) out.push(`  PROBLEM${problem.setting ? ` (${problem.setting})` : ''}: ${problem.message}`);
  for (const warning of check.warnings) out.push(`  warning: ${warning}`);
  return out.join('\n');
}

function storedText(order: OrderRow): string {
  const parts = [
    `item_id ${order.item_id}`,
    `status ${order.status} ("${order.source_status}")`,
    `amount ${brlTextFromCents(order.amount_cents)} (${order.amount_cents} cents)`,
    `created_at ${new Date(order.created_ms).toISOString()}`,
  ];
  for (const key of OPTIONAL_COLUMNS) if (order[key] !== null) parts.push(`${key} ${order[key]}`);
  return parts.join(', ');
}
