// Plain-text rendering of a reconcile result for the terminal (pure), in reports.locale: its words,
// category labels, counts and money through the locale's catalogue and formatter.
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import type { Messages } from '../shared/locale/index.ts';
import { localizeCategory } from '../shared/locale/localize.ts';
import type { ReconcileResult } from './reconcile.ts';

export function tableFromResult(result: ReconcileResult, messages: Messages): string {
  const { fmt } = messages;
  const words = messages.terminal.reconcile;
  const header = [words.headers.category, words.headers.new, words.headers.open, words.headers.resolved, words.headers.amount];
  const rows = FINDING_CATEGORIES.map((c) => {
    const n = result.counts[c];
    return [localizeCategory(messages, c), fmt.count(n.new), fmt.count(n.open), fmt.count(n.resolved), fmt.money(n.amountCents)];
  });
  rows.push([words.total, fmt.count(result.totals.new), fmt.count(result.totals.open), fmt.count(result.totals.resolved), '']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [
    words.title(fmt.day(result.date), result.runId, result.previousRunId ?? null),
    line(header),
    ...rows.map(line),
    words.matched(fmt.count(result.matches.exact), fmt.count(result.matches.variance)),
  ].join('\n');
}
