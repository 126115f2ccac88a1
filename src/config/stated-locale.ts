// The locale a config file states, read without validating the rest of it: a run says its first errors
// (a flag it does not know, a config that fails to load) before any config is loaded, and a person who
// wrote `"reports": { "locale": "pt-BR" }` reads them in Portuguese even when another key of that file is
// wrong. Only a value the schema accepts counts; anything else (no file, not JSON, no such key, a
// misspelt locale) states nothing, and the CLI asks the environment instead (src/cli/frame-locale.ts).
import { readFileSync } from 'node:fs';
import { LOCALES, type Locale } from '../shared/locale/index.ts';

export function statedLocaleOf(file: string | undefined): Locale | undefined {
  if (file === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // Unreadable or not JSON: loading the config says so, in the locale found elsewhere.
    return undefined;
  }
  const reports = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['reports'] : undefined;
  const locale = typeof reports === 'object' && reports !== null ? (reports as Record<string, unknown>)['locale'] : undefined;
  return LOCALES.find((known) => known === locale);
}
