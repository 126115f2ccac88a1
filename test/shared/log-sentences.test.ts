// Every warning and note renders in each locale from one sample of its values: English (the JSON log's
// message, beside its id) and Portuguese with no English word in it, by the check the errors' sentences
// pass (english-words.ts). Names stay as written: config keys, file names, commands, and what a
// sentence quotes (the schema's, the file system's or the service's own words).
import { describe, expect, it } from 'vitest';
import type { LogParams, LogSentence } from '../../src/shared/locale/log-params.ts';
import { sayLog } from '../../src/shared/locale/log-text.ts';
import { logsEn } from '../../src/shared/locale/logs-en.ts';
import { logsPtBR } from '../../src/shared/locale/logs-pt-BR.ts';
import { jsonLinesLogger } from '../../src/shared/log.ts';
import { redactSecrets } from '../../src/shared/redact.ts';
import { englishWordsIn, quotedWords, SENTENCE_ALLOWED, withoutNames, wordsOf } from './english-words.ts';
import { LOG_SAMPLES } from './log-samples.ts';

const SENTENCES = Object.entries(LOG_SAMPLES).map(([id, params]) => ({ id, sentence: { id, ...params } as LogSentence }));

// Values a locale words itself (an alert's kind, a channel's kind, a quoted error's id); every other text
// value is a path, a name or a quotation, shown as it is.
const TRANSLATED = new Set(['id', 'kind']);

const quotedOf = (sentence: LogSentence) => new Set(quotedWords(sentence, TRANSLATED));

const ENGLISH_WORDS = new Set(
  SENTENCES.flatMap(({ sentence }) => {
    const quoted = quotedOf(sentence);
    return wordsOf(withoutNames(sayLog('en', sentence))).filter((w) => !quoted.has(w));
  }),
);

/** The JSON log's line for a warning of this sentence. */
function loggedOf(sentence: LogSentence): Record<string, unknown> {
  const lines: string[] = [];
  jsonLinesLogger((line) => lines.push(line)).warn(sentence);
  return JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
}

describe('warning and note sentences', () => {
  it('each catalogue words every id, and the samples hold one of each', () => {
    const ids = Object.keys(LOG_SAMPLES).sort();
    expect(Object.keys(logsEn).sort()).toEqual(ids);
    expect(Object.keys(logsPtBR).sort()).toEqual(ids);
  });

  it.each(SENTENCES)('$id: is a sentence in each locale, English in the JSON log', ({ id, sentence }) => {
    const english = sayLog('en', sentence);
    const portuguese = sayLog('pt-BR', sentence);
    expect(english.trim()).not.toBe('');
    expect(portuguese.trim()).not.toBe('');
    expect(portuguese).not.toBe(english);
    // Redacted as every line leaving recon is: other files of a run in one process (the unit loop) may have
    // registered a key whose digits a sample figure shares.
    expect(loggedOf(sentence)).toMatchObject({ event: 'message', level: 'warn', message: redactSecrets(english), id });
  });

  it.each(SENTENCES)('$id: no English word in Portuguese', ({ sentence }) => {
    const portuguese = withoutNames(sayLog('pt-BR', sentence));
    expect(englishWordsIn(portuguese, ENGLISH_WORDS, quotedOf(sentence), SENTENCE_ALLOWED)).toEqual([]);
  });

  it("writes the figures of the Portuguese in the locale's formats: counts grouped, days as dd/MM/yyyy, money in reais", () => {
    const say = (sentence: LogSentence) => sayLog('pt-BR', sentence);
    expect(say({ id: 'feesUnpriced', ...LOG_SAMPLES.feesUnpriced })).toContain('1.250 de 5.395 vendas no cartão de 01/03/2026');
    expect(say({ id: 'feesNoPrice', ...LOG_SAMPLES.feesNoPrice })).toContain('visa em R$ 1.234,56');
    expect(say({ id: 'syncDone', ...LOG_SAMPLES.syncDone })).toMatch(/52\.310 novas .* 1 min 23 s$/);
  });

  // The words of a quoted error are the reader's: the same sentence the CLI would print for it.
  it("words a quoted error of recon's own in the locale, and quotes another program's text as it came", () => {
    const noted: LogParams['alertsNotNoted'] = LOG_SAMPLES.alertsNotNoted;
    expect(sayLog('pt-BR', { id: 'alertsNotNoted', ...noted })).toMatch(/^não foi possível anotar .*: o diário de triagem .* está cheio/);
    expect(sayLog('pt-BR', { id: 'notificationNotKept', said: 'ENOSPC: no space left on device' })).toBe(
      'notificação não guardada: ENOSPC: no space left on device',
    );
  });
});
