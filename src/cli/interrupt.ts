// Ctrl-C during a long command (a backfill): instead of dying without a word, the command fails with a
// typed error that says what was done and how to go on, and the CLI entry reports it like any failure.
//
// The work under way is not waited for: a night can take minutes, and a user who pressed Ctrl-C wants
// the prompt back. It is left as a kill leaves it (every step is idempotent; the next run marks the
// unfinished night abandoned and runs it again), and bin/recon.js ends the process once the error is
// reported (`interrupted()`), so the abandoned work cannot go on printing. A second Ctrl-C finds no
// handler and stops the process at once, Node's default.
import type { ReconError } from '../shared/errors.ts';

let wasInterrupted = false;

/** True once a Ctrl-C has stopped a command of this process. */
export function interrupted(): boolean {
  return wasInterrupted;
}

/**
 * `work`, or on the first SIGINT before it settles, a rejection with the error `describe` returns
 * then (so it can say how far the work got).
 */
export function untilInterrupted<T>(work: Promise<T>, describe: () => ReconError): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onSigint = () => {
      wasInterrupted = true;
      // What the abandoned work does next is no longer anyone's concern, its failure included.
      work.catch(() => undefined);
      reject(describe());
    };
    process.once('SIGINT', onSigint);
    work.then(resolve, reject).finally(() => process.removeListener('SIGINT', onSigint));
  });
}
