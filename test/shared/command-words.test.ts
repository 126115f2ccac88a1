// What serve, receive, sandbox, sql, export and import print for a person, rendered in both locales from
// one sample of their values: every word of the English catalogue has its Portuguese, with no English
// word in it (english-words.ts), and the two catalogues have the same shape.
import { describe, expect, it } from 'vitest';
import { commandWordsEn } from '../../src/shared/locale/command-words-en.ts';
import { commandWordsPtBR } from '../../src/shared/locale/command-words-pt-BR.ts';
import { englishWordsIn, SENTENCE_ALLOWED, withoutNames, wordsOf } from './english-words.ts';

// One sample per argument position; none of its words is English. A leaf whose arguments are of another
// shape has samples of its own.
const SAMPLE_ARGS: readonly unknown[] = ['http://127.0.0.1:8787', '/dados/relatorios', '/dados/recon.duckdb', true];
const SAMPLES_OF: Readonly<Record<string, readonly unknown[]>> = {
  'sandbox.generated': [['30.000', '6.052', '33.351', '600'], '28/10/2026 .. 26/11/2026', '415'],
  'close.heading': ['2026-11', '01/11/2026', '27/11/2026', 27],
  'close.missing': ['01/11/2026, 02/11/2026'],
};

/** Every leaf of a catalogue as [path, text]: a function called with the samples, a list joined. */
function leavesOf(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') {
    const args = SAMPLES_OF[path] ?? SAMPLE_ARGS.slice(0, value.length);
    return [[path, String((value as (...a: unknown[]) => unknown)(...args))]];
  }
  if (Array.isArray(value)) return [[path, value.join(' ')]];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => leavesOf(v, path ? `${path}.${k}` : k));
}

const EN = leavesOf(commandWordsEn);
const PT = leavesOf(commandWordsPtBR);
const ENGLISH_WORDS = new Set(EN.flatMap(([, text]) => wordsOf(withoutNames(text))));
const SAMPLE_WORDS = new Set(SAMPLE_ARGS.flatMap((a) => (typeof a === 'string' ? wordsOf(a) : [])));
// The key a person presses, as the keyboard names it, and a word Portuguese spells as English does.
const ALLOWED = new Set([...SENTENCE_ALLOWED, 'ctrl', 'c', 'total']);

describe('the commands words', () => {
  it('are the same leaves in both locales', () => {
    expect(PT.map(([path]) => path)).toEqual(EN.map(([path]) => path));
  });

  it.each(PT)('%s: Portuguese, no English word', (_path, text) => {
    expect(englishWordsIn(withoutNames(text), ENGLISH_WORDS, SAMPLE_WORDS, ALLOWED)).toEqual([]);
  });
});
