// The one check that a Portuguese sentence holds no English word, shared by the findings' reasons
// (locale.test.ts) and the errors' sentences (error-sentences.test.ts): a word of the Portuguese that
// also appears in the English sentences is English, unless it is a quoted value (an id, a memo, a
// path), a name finance knows as it is (the allow-list), or a Portuguese word English spells alike.

// Words the Portuguese may use as they are: names of things finance knows by them (the allow-list), the
// units of the sentences (h, 12x), the service's field name item_id, and Portuguese words English spells
// alike ("no fim do dia").
export const ALLOWED = new Set(['chargeback', 'pix', 'item', 'cnab', 'ofx', 'item_id', 'h', 'x', 'no']);

export const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}_]+/gu) ?? []).filter((w) => !/^\d/.test(w));

/** The words of the quoted values of `value` (ids, memos, descriptions, paths), which no locale translates; `translated` names the keys whose value a locale does translate. */
export function quotedWords(value: unknown, translated: ReadonlySet<string>, key = ''): string[] {
  if (typeof value === 'string') return translated.has(key) ? [] : wordsOf(value);
  if (Array.isArray(value)) return value.flatMap((v) => quotedWords(v, translated));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => quotedWords(v, translated, k));
  return [];
}

/** The English words of `portuguese`: those `english` holds that are neither quoted nor allowed. */
export function englishWordsIn(
  portuguese: string,
  english: ReadonlySet<string>,
  quoted: ReadonlySet<string>,
  allowed: ReadonlySet<string> = ALLOWED,
): string[] {
  return wordsOf(portuguese).filter((w) => english.has(w) && !quoted.has(w) && !allowed.has(w));
}
