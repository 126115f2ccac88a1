// File-level limits of an order import (config `orders.limits`): what one export may decompress to, how
// many rows it may hold, how deeply its JSON may nest, how many entries its zip may have. A file past one
// of them is refused as a whole (ReconError 'input', exit 2) and its transaction rolls back; each message
// names the limit, what the file came with, and the key that raises it.
import { formatEn } from '../shared/locale/format-en.ts';
import type { OrdersLimits } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';

export type { OrdersLimits } from '../config/schema.ts';

export interface DecompressedBudget {
  /** Bytes the file may decompress to. */
  bytes: number;
  /** The key that set it: the ratio for most files, the absolute cap for large ones. */
  key: 'orders.limits.decompressedRatio' | 'orders.limits.maxDecompressedBytes';
  explain: string;
}

/** The decompressed bytes a file of `fileBytes` on disk may expand to. */
export function decompressedBudget(limits: OrdersLimits, fileBytes: number): DecompressedBudget {
  const byRatio = Math.floor(limits.decompressedRatio * Math.max(fileBytes, 1));
  if (byRatio <= limits.maxDecompressedBytes) {
    return {
      bytes: byRatio,
      key: 'orders.limits.decompressedRatio',
      explain: `${count(limits.decompressedRatio)} x the file's ${count(fileBytes)} bytes on disk, set by orders.limits.decompressedRatio`,
    };
  }
  return {
    bytes: limits.maxDecompressedBytes,
    key: 'orders.limits.maxDecompressedBytes',
    explain: `set by orders.limits.maxDecompressedBytes`,
  };
}

/** The file decompresses past its budget; `what` says what was counted ("the workbook's entries inflate to"). */
export function decompressedLimitError(file: string, what: string, found: number | undefined, budget: DecompressedBudget): ReconError {
  const came = found === undefined ? '' : `${count(found)} bytes, `;
  return new ReconError(
    'input',
    `${file}: ${what} ${came}more than the limit of ${count(budget.bytes)} decompressed bytes (${budget.explain}); ` +
      `nothing of this file was imported — if the export is genuine, raise ${budget.key}`,
    { details: { file, limit: budget.key, limitBytes: budget.bytes, ...(found === undefined ? {} : { found }) } },
  );
}

/** More data rows than orders.limits.maxRows (`found` when the file says how many it has). */
export function rowLimitError(file: string, limits: OrdersLimits, found?: number): ReconError {
  const came =
    found === undefined ? `more than ${count(limits.maxRows)} rows, the limit` : `${count(found)} rows, more than the limit of ${count(limits.maxRows)}`;
  return new ReconError(
    'input',
    `${file}: ${came} (orders.limits.maxRows); nothing of this file was imported — if the export is genuine, raise orders.limits.maxRows`,
    { details: { file, limit: 'orders.limits.maxRows', maxRows: limits.maxRows, ...(found === undefined ? {} : { found }) } },
  );
}

/** JSON nested deeper than orders.limits.maxJsonDepth; `line` is where the limit was crossed. */
export function depthLimitError(file: string, limits: OrdersLimits, line: number): ReconError {
  return new ReconError(
    'input',
    `${file}: line ${line}: JSON nested more than ${count(limits.maxJsonDepth)} levels deep (orders.limits.maxJsonDepth); ` +
      `expected an array of flat order objects or one per line; nothing of this file was imported — if the export is genuine, raise orders.limits.maxJsonDepth`,
    { details: { file, line, limit: 'orders.limits.maxJsonDepth', maxJsonDepth: limits.maxJsonDepth } },
  );
}

/** A zip (XLSX) with more entries than orders.limits.maxZipEntries. */
export function zipEntriesLimitError(file: string, limits: OrdersLimits, found: number): ReconError {
  return new ReconError(
    'input',
    `${file}: the workbook's zip has ${count(found)} entries, more than the limit of ${count(limits.maxZipEntries)} (orders.limits.maxZipEntries); ` +
      `an XLSX export has a few dozen; nothing of this file was imported — if the export is genuine, raise orders.limits.maxZipEntries`,
    { details: { file, limit: 'orders.limits.maxZipEntries', maxZipEntries: limits.maxZipEntries, found } },
  );
}

/** Counts decompressed bytes against a budget while a reader inflates; throws once past it. */
export class DecompressedCounter {
  #total = 0;
  constructor(
    private readonly file: string,
    private readonly budget: DecompressedBudget,
  ) {}

  get total(): number {
    return this.#total;
  }

  add(bytes: number, what = 'the file inflates to'): void {
    this.#total += bytes;
    if (this.#total > this.budget.bytes) throw decompressedLimitError(this.file, what, undefined, this.budget);
  }
}

export function count(n: number): string {
  return formatEn.count(n);
}
