// Plain-text rendering of a reconcile result for the terminal (pure).
import { FINDING_CATEGORIES } from '../shared/domain.ts';
import { brlTextFromCents } from '../shared/money.ts';
import type { ReconcileResult } from './reconcile.ts';

export function tableFromResult(result: ReconcileResult): string {
  const header = ['category', 'new', 'open', 'resolved', 'amount (R$)'];
  const rows = FINDING_CATEGORIES.map((c) => {
    const n = result.counts[c];
    return [c, String(n.new), String(n.open), String(n.resolved), brlTextFromCents(n.amountCents)];
  });
  rows.push(['total', String(result.totals.new), String(result.totals.open), String(result.totals.resolved), '']);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [
    `Reconciliation of ${result.date} (run ${result.runId}${result.previousRunId ? `, carried from ${result.previousRunId}` : ''})`,
    line(header),
    ...rows.map(line),
    `matched orders: ${result.matches.exact} exact, ${result.matches.variance} within tolerance (variance)`,
  ].join('\n');
}
