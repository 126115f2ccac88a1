// The process's memory budget (warehouse.memoryLimit), split between Node and DuckDB. DuckDB is the
// part that can be held to a number: beyond its share it spills to its temp folder beside the warehouse
// or fails with an Out of Memory error, instead of growing the process on one hostile file or a large
// history. Node's part (its code, heap, a file's parser, a page of rows, the allocators' slack) does not
// grow with the data: at the peak of a 200,000-sale night's sync it was 300-330 MB beside DuckDB's part,
// and the RSS of the same night varied by up to 100 MB from run to run with DuckDB's share full. So
// DuckDB gets the budget less 384 MB, never less than a quarter of it nor 32 MB: 122 MiB of the default,
// which every step's statements are built to fit (each holds what its rows need one window, one rule or
// one report at a time, on one thread).
import { bytesOfSize } from '../config/schema.ts';

const NODE_RESERVE_BYTES = 384 * 1000 ** 2;
const DUCKDB_MIN_BYTES = 32 * 1000 ** 2;

export interface WarehouseResources {
  /** warehouse.memoryLimit: the whole process's budget, e.g. "512MB". */
  memoryLimit: string;
  /** warehouse.threads; DuckDB's default (one per core) when absent. */
  threads?: number | undefined;
}

/** DuckDB's memory_limit for a process budget: "512MB" -> "122MiB". */
export function duckdbMemoryLimitOf(budget: string): string {
  const bytes = bytesOfSize(budget);
  const share = Math.max(DUCKDB_MIN_BYTES, bytes / 4, bytes - NODE_RESERVE_BYTES);
  return `${Math.floor(share / 2 ** 20)}MiB`;
}

/** The instance options that hold a DuckDB instance to the budget. */
export function instanceOptionsOf(resources: WarehouseResources): Record<string, string> {
  const options: Record<string, string> = { memory_limit: duckdbMemoryLimitOf(resources.memoryLimit) };
  if (resources.threads !== undefined) options['threads'] = String(resources.threads);
  return options;
}

/** Whether a DuckDB error is its Out of Memory error. */
export function isOutOfMemory(error: unknown): boolean {
  return /Out of Memory Error/i.test(error instanceof Error ? error.message : String(error));
}
