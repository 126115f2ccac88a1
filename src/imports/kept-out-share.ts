// The share of an import's order rows kept out, held to orders.maxRejectedShare: past it a broken export
// (a wrong encoding, a changed layout) would turn every payment into a false finding, so the night stops
// before reconciling and `recon import` exits 2. One definition for both.
import type { ImportResult } from './import-orders.ts';

/**
 * Why a night (or `recon import`) must stop when its import kept out more than `maxShare` of the order rows (rows of
 * conflicting items included; line-item continuation rows are not orders); undefined when it may go on.
 */
export function tooManyKeptOut(imports: ImportResult, maxShare: number): string | undefined {
  const { rowsRead, continuationRows, rowsRejected, conflictRows } = imports.totals;
  const orders = rowsRead - continuationRows;
  const keptOut = rowsRejected + conflictRows;
  if (orders <= 0 || keptOut / orders <= maxShare) return undefined;
  const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;
  return `the orders import kept out ${keptOut} of ${orders} rows (${percent(keptOut / orders)}), more than orders.maxRejectedShare (${percent(maxShare)})`;
}
