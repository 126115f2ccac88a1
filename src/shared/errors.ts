// Typed errors shared by every seam. Only the CLI entry turns them into exit codes and messages.

export type ReconErrorCode =
  | 'usage' // bad command-line arguments
  | 'config' // the config file or environment is wrong
  | 'input' // an input file (order export, replay folder) is unusable
  | 'api_http' // the payments service answered with an error
  | 'api_network' // the payments service could not be reached (after retries)
  | 'api_schema' // a response broke the expected shape
  | 'drift' // a listing window never settled
  | 'warehouse' // the DuckDB warehouse failed
  | 'locked' // another run holds the warehouse
  | 'report' // a report could not be written
  | 'interrupted' // the user stopped the run (Ctrl-C); a run failure as far as exit codes go
  | 'internal';

export class ReconError extends Error {
  override readonly name: string = 'ReconError';
  readonly code: ReconErrorCode;
  /** Extra, machine-readable facts for logs and summary.json (never secrets). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ReconErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }
}

/** Exit codes are a contract with cron users: 0 done, 1 run failed, 2 bad usage/config/input, 3 findings with --fail-on. */
export function exitCodeFor(error: unknown): 1 | 2 {
  if (error instanceof ReconError && (error.code === 'usage' || error.code === 'config' || error.code === 'input')) return 2;
  return 1;
}

export function isReconError(error: unknown, code?: ReconErrorCode): error is ReconError {
  return error instanceof ReconError && (code === undefined || error.code === code);
}
