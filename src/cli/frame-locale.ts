// The locale the CLI entry (main.ts) frames an error in: the words around the error's own message
// ("unexpected error", the usage and debug hints, the out-of-memory hint). A command records its
// config's reports.locale as soon as the config is loaded; until then, and when no config could be read
// (a usage error, a config that fails to load), the frame is English, the one locale that needs no config.
import type { Locale } from '../shared/locale/index.ts';

let current: Locale = 'en';

/** Called once a command has loaded its config. */
export function frameErrorsIn(locale: Locale): void {
  current = locale;
}

/** The locale of this run's error frame; runCli starts every run from English (tests run many in one process). */
export function errorFrameLocale(): Locale {
  return current;
}
