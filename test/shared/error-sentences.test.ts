// Every error sentence renders in each locale from one sample of its values: English (what
// error.message holds) and Portuguese with no English word in it, by the same check the findings'
// reasons pass (english-words.ts). Names stay as they are written: config keys, environment variables,
// flags, commands, file names and what a sentence quotes (DuckDB's or the service's own words).
import { describe, expect, it } from 'vitest';
import type { ErrorParams, ErrorSentence } from '../../src/shared/locale/error-types.ts';
import { sayError } from '../../src/shared/locale/error-text.ts';
import { ReconError } from '../../src/shared/errors.ts';
import { englishWordsIn, quotedWords, SENTENCE_ALLOWED, withoutNames, wordsOf } from './english-words.ts';
import { CLI_SAMPLES } from './error-samples-cli.ts';
import { INPUT_SAMPLES } from './error-samples-input.ts';
import { RUN_SAMPLES } from './error-samples-run.ts';

const SAMPLES: ErrorParams = { ...CLI_SAMPLES, ...INPUT_SAMPLES, ...RUN_SAMPLES };
const SENTENCES = Object.entries(SAMPLES).map(([id, params]) => ({ id, sentence: { id, ...params } as ErrorSentence }));

// Values a locale words itself (which rate, what a file cannot be, which action...); every other text
// value is a path, a name or a quotation, shown as it is.
const TRANSLATED = new Set(['id', 'which', 'what', 'verb', 'expected', 'on', 'refusal', 'problem', 'kind']);

const quotedOf = (sentence: ErrorSentence) => new Set(quotedWords(sentence, TRANSLATED));

const ENGLISH_WORDS = new Set(
  SENTENCES.flatMap(({ sentence }) => {
    const quoted = quotedOf(sentence);
    return wordsOf(withoutNames(sayError('en', sentence))).filter((w) => !quoted.has(w));
  }),
);

describe('error sentences', () => {
  it.each(SENTENCES)('$id: is a sentence in each locale, English in error.message', ({ sentence }) => {
    const english = sayError('en', sentence);
    const portuguese = sayError('pt-BR', sentence);
    expect(english.trim()).not.toBe('');
    expect(portuguese.trim()).not.toBe('');
    expect(portuguese).not.toBe(english);
    expect(new ReconError('usage', sentence).message).toBe(english);
  });

  it.each(SENTENCES)('$id: no English word in Portuguese', ({ sentence }) => {
    const portuguese = withoutNames(sayError('pt-BR', sentence));
    expect(englishWordsIn(portuguese, ENGLISH_WORDS, quotedOf(sentence), SENTENCE_ALLOWED)).toEqual([]);
  });
});
