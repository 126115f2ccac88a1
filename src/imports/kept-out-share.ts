// The share of an import's order rows kept out, held to orders.maxRejectedShare: past it a broken export
// (a wrong encoding, a changed layout) would turn every payment into a false finding, so the night stops
// before reconciling and `recon import` exits 2. One definition for both.
import type { ImportResult } from './import-orders.ts';

/** How many order rows an import kept out, of how many, against the share allowed (the error's sentence words them). */
export interface KeptOutShare {
  keptOut: number;
  orders: number;
  maxShare: number;
}

/**
 * Why a night (or `recon import`) must stop when its import kept out more than `maxShare` of the order rows (rows of
 * conflicting items included; line-item continuation rows are not orders); undefined when it may go on.
 */
export function tooManyKeptOut(imports: ImportResult, maxShare: number): KeptOutShare | undefined {
  const { rowsRead, continuationRows, rowsRejected, conflictRows } = imports.totals;
  const orders = rowsRead - continuationRows;
  const keptOut = rowsRejected + conflictRows;
  if (orders <= 0 || keptOut / orders <= maxShare) return undefined;
  return { keptOut, orders, maxShare };
}
