// File-level limits of an order import (config `orders.limits`): what one export may decompress to, how
// many rows it may hold, how deeply its JSON may nest, how many entries its zip may have. A file past one
// of them is refused as a whole (ReconError 'input', exit 2) and its transaction rolls back; each message
// names the limit, what the file came with, and the key that raises it.
import type { OrdersLimits } from '../config/schema.ts';
import { ReconError } from '../shared/errors.ts';
import type { DecompressedFacts } from '../shared/locale/error-params-input.ts';

export type { OrdersLimits } from '../config/schema.ts';

export interface DecompressedBudget {
  /** Bytes the file may decompress to. */
  bytes: number;
  /** The key that set it: the ratio for most files, the absolute cap for large ones. */
  key: 'orders.limits.decompressedRatio' | 'orders.limits.maxDecompressedBytes';
  /** The ratio and the file's size when the ratio set it. */
  byRatio?: { ratio: number; fileBytes: number };
}

/** The decompressed bytes a file of `fileBytes` on disk may expand to. */
export function decompressedBudget(limits: OrdersLimits, fileBytes: number): DecompressedBudget {
  const byRatio = Math.floor(limits.decompressedRatio * Math.max(fileBytes, 1));
  if (byRatio <= limits.maxDecompressedBytes) {
    return {
      bytes: byRatio,
      key: 'orders.limits.decompressedRatio',
      byRatio: { ratio: limits.decompressedRatio, fileBytes },
    };
  }
  return {
    bytes: limits.maxDecompressedBytes,
    key: 'orders.limits.maxDecompressedBytes',
  };
}

/** The file decompresses past its budget; `counted` says what was counted (the workbook's entries, a Parquet footer's sizes). */
export function decompressedLimitError(
  file: string,
  counted: Pick<DecompressedFacts, 'counted' | 'columns'>,
  found: number | undefined,
  budget: DecompressedBudget,
): ReconError {
  return new ReconError(
    'input',
    {
      id: 'decompressedLimit',
      file,
      ...counted,
      ...(found === undefined ? {} : { found }),
      limitBytes: budget.bytes,
      ...(budget.byRatio === undefined ? {} : { byRatio: budget.byRatio }),
    },
    { details: { file, limit: budget.key, limitBytes: budget.bytes, ...(found === undefined ? {} : { found }) } },
  );
}

/** More data rows than orders.limits.maxRows (`found` when the file says how many it has). */
export function rowLimitError(file: string, limits: OrdersLimits, found?: number): ReconError {
  return new ReconError(
    'input',
    { id: 'rowLimit', file, max: limits.maxRows, ...(found === undefined ? {} : { found }) },
    { details: { file, limit: 'orders.limits.maxRows', maxRows: limits.maxRows, ...(found === undefined ? {} : { found }) } },
  );
}

/** JSON nested deeper than orders.limits.maxJsonDepth; `line` is where the limit was crossed. */
export function depthLimitError(file: string, limits: OrdersLimits, line: number): ReconError {
  return new ReconError(
    'input',
    { id: 'jsonTooDeep', file, line, max: limits.maxJsonDepth },
    { details: { file, line, limit: 'orders.limits.maxJsonDepth', maxJsonDepth: limits.maxJsonDepth } },
  );
}

/** A zip (XLSX) with more entries than orders.limits.maxZipEntries. */
export function zipEntriesLimitError(file: string, limits: OrdersLimits, found: number): ReconError {
  return new ReconError(
    'input',
    { id: 'zipEntriesLimit', file, max: limits.maxZipEntries, found },
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

  add(bytes: number, counted: DecompressedFacts['counted'] = 'file'): void {
    this.#total += bytes;
    if (this.#total > this.budget.bytes) throw decompressedLimitError(this.file, { counted }, undefined, this.budget);
  }
}
