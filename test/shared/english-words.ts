// The one check that a Portuguese sentence holds no English word, shared by the findings' reasons
// (locale.test.ts), the errors' sentences (error-sentences.test.ts) and the warnings' and notes'
// (log-sentences.test.ts): a word of the Portuguese that also appears in the English sentences is
// English, unless it is a quoted value (an id, a memo, a path), a name finance knows as it is (the
// allow-list), or a Portuguese word English spells alike.

// Words the Portuguese may use as they are: names of things finance knows by them (the allow-list), the
// units of the sentences (h, 12x), the service's field name item_id, and Portuguese words English spells
// alike ("no fim do dia").
const ALLOWED = new Set(['chargeback', 'pix', 'item', 'cnab', 'ofx', 'item_id', 'h', 'x', 'no']);

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

/** A sentence without the names it keeps as written: `code`, "quoted", commands, --flags, Header-Names, camelCase keys, key.paths, {placeholders}, ENV_NAMES, SQL keywords, figures. */
export function withoutNames(text: string): string {
  return text
    .replace(/`[^`]*`/g, ' ')
    .replace(/\brecon [a-z]+/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\S*\d\S*/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/--[\w-]+/g, ' ')
    .replace(/\b[A-Z][a-z]+-[A-Z][a-z]*\b/g, ' ')
    .replace(/\b[a-z]+[A-Z]\w*/g, ' ')
    .replace(/[\w[\]{}-]*[._/][\w.[\]{}/-]*/g, ' ')
    .replace(/\b[A-Z][A-Z0-9]+\b/g, ' ');
}

// What the sentences of the CLI (errors, warnings, notes) may also keep: Portuguese words English spells
// alike; names of things the finance team calls as they are (the warehouse, the sandbox, DuckDB, a job, a
// token, a zip, the header of a CNAB file, a preset, a webhook); units (s, d, w, bytes, MiB); and the
// values a flag or a setting takes as typed (orders.statusMap's statuses).
export const SENTENCE_ALLOWED = new Set([
  ...ALLOWED,
  ...['a', 'as', 'do', 'de', 'e', 'data', 'use', 'real', 'local', 'terminal', 'decimal', 'total', 'base', 'envelope', 'interface'],
  ...['warehouse', 'recon', 'sandbox', 'token', 'id', 'pipe', 'socket', 'join', 'job', 'duckdb', 'sql', 'http', 'https', 'csv', 'json', 'parquet'],
  ...['s', 'ms', 'd', 'w', 'byte', 'bytes', 'mib', 'zip', 'xml', 'array', 'excel', 'windows', 'header', 'preset', 'webhook'],
  ...['table', 'rfc', 'br', 'none', 'flaky', 'chaos', 'ack', 'assign', 'accept', 'reopen', 'note', 'paid', 'pending', 'canceled', 'refunded'],
]);
