// What an error says, as facts: an id and the typed values of its sentence (paths, key paths, values,
// counts, the setting to change). The ids and their values are declared once, by seam, in the
// error-params-*.ts modules; each locale's catalogue (errors-en.ts, errors-pt-BR.ts) has one renderer
// per id, so an id missing from either is a compile error. The English rendering is the error's
// `message` (the JSON log and summary.json); the CLI entry prints the one of the config's locale.
import type { Formatter } from './format.ts';
import type { CliErrorParams } from './error-params-cli.ts';
import type { InputErrorParams } from './error-params-input.ts';
import type { RunErrorParams } from './error-params-run.ts';

export type ErrorParams = CliErrorParams & InputErrorParams & RunErrorParams;
type ErrorId = keyof ErrorParams;

/** One sentence of an error: its id beside its values. */
export type ErrorSentence = { [K in ErrorId]: { readonly id: K } & ErrorParams[K] }[ErrorId];

/** What a renderer writes with: the locale's formatter, and the same locale's words for a sentence quoted inside. */
export interface ErrorWords {
  readonly fmt: Formatter;
  say(sentence: ErrorSentence): string;
}

/** A locale's renderers of the ids of one seam's params. */
export type ErrorCatalogue<P> = { readonly [K in keyof P]-?: (p: P[K], w: ErrorWords) => string };
