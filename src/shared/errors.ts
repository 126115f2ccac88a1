// Typed errors shared by every seam. Only the CLI entry turns them into exit codes and messages.
// An error carries its sentence as facts (locale/error-types.ts): `message` is the English rendering,
// what the JSON log and summary.json keep (engineers grep them), and `sayIn` renders it in a locale at
// the edge. Only an internal error, which can mean nothing but a bug, may be written as English text.
import type { Locale } from './locale/index.ts';
import type { ErrorSentence } from './locale/error-types.ts';
import { sayError } from './locale/error-text.ts';
import type { Said } from './locale/log-params.ts';

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

/** Codes whose sites still write English text (none but internal once every sentence has an id). */
type EnglishCode = 'internal';

interface ErrorOptions {
  cause?: unknown;
  details?: Record<string, unknown>;
}

export class ReconError extends Error {
  override readonly name: string = 'ReconError';
  readonly code: ReconErrorCode;
  /** What the error says, as facts; undefined for an internal error written as English text. */
  readonly sentence: ErrorSentence | undefined;
  /** Extra, machine-readable facts for logs and summary.json (never secrets). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: EnglishCode, message: string, options?: ErrorOptions);
  constructor(code: ReconErrorCode, sentence: ErrorSentence, options?: ErrorOptions);
  constructor(code: ReconErrorCode, said: ErrorSentence | string, options?: ErrorOptions) {
    super(typeof said === 'string' ? said : sayError('en', said), options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.sentence = typeof said === 'string' ? undefined : said;
    this.details = options?.details;
  }

  /** The message as a person of the locale reads it (an internal error's English text as it is). */
  sayIn(locale: Locale): string {
    return this.sentence === undefined ? this.message : sayError(locale, this.sentence);
  }
}

/** Exit codes are a contract with cron users: 0 done, 1 run failed, 2 bad usage/config/input, 3 findings with --fail-on. */
export function exitCodeFor(error: unknown): 1 | 2 {
  if (error instanceof ReconError && (error.code === 'usage' || error.code === 'config' || error.code === 'input')) return 2;
  return 1;
}

/** What an error said, for a warning that quotes it: recon's own sentence (worded in the reader's locale), else the other program's text. */
export function saidOf(error: unknown): Said {
  if (error instanceof ReconError && error.sentence !== undefined) return error.sentence;
  return error instanceof Error ? error.message : String(error);
}

export function isReconError(error: unknown, code?: ReconErrorCode): error is ReconError {
  return error instanceof ReconError && (code === undefined || error.code === code);
}
