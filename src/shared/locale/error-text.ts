// An error's sentence in a locale: the one renderer per id of that locale's catalogue, with its own
// formatter. errors.ts writes the English one as the error's message; the CLI entry prints the locale's.
import type { Locale } from './index.ts';
import type { ErrorCatalogue, ErrorParams, ErrorSentence, ErrorWords } from './error-types.ts';
import type { Formatter } from './format.ts';
import { formatEn } from './format-en.ts';
import { formatPtBR } from './format-pt-BR.ts';
import { errorsEn } from './errors-en.ts';
import { errorsPtBR } from './errors-pt-BR.ts';

const CATALOGUES: Readonly<Record<Locale, { words: ErrorCatalogue<ErrorParams>; fmt: Formatter }>> = {
  en: { words: errorsEn, fmt: formatEn },
  'pt-BR': { words: errorsPtBR, fmt: formatPtBR },
};

/** The sentence as a person of the locale reads it. */
export function sayError(locale: Locale, sentence: ErrorSentence): string {
  const { words, fmt } = CATALOGUES[locale];
  const w: ErrorWords = { fmt, say: (inner) => sayError(locale, inner) };
  const render = words[sentence.id] as (p: ErrorSentence, w: ErrorWords) => string;
  return render(sentence, w);
}
