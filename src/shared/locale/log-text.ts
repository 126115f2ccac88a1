// A warning's or a note's sentence in a locale: the one renderer per id of that locale's catalogue, with
// its own formatter. The JSON log writes the English one; the terminal logger the one of reports.locale.
import type { Locale } from './index.ts';
import type { LogCatalogue, LogSentence, LogWords, Said } from './log-params.ts';
import type { Formatter } from './format.ts';
import { formatEn } from './format-en.ts';
import { formatPtBR } from './format-pt-BR.ts';
import { sayError } from './error-text.ts';
import { logsEn } from './logs-en.ts';
import { logsPtBR } from './logs-pt-BR.ts';

const CATALOGUES: Readonly<Record<Locale, { words: LogCatalogue; fmt: Formatter }>> = {
  en: { words: logsEn, fmt: formatEn },
  'pt-BR': { words: logsPtBR, fmt: formatPtBR },
};

/** The sentence as a person of the locale reads it. */
export function sayLog(locale: Locale, sentence: LogSentence): string {
  const { words, fmt } = CATALOGUES[locale];
  const w: LogWords = { fmt, said: (said: Said) => (typeof said === 'string' ? said : sayError(locale, said)) };
  const render = words[sentence.id] as (p: LogSentence, w: LogWords) => string;
  return render(sentence, w);
}
