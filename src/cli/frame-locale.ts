// The locale the CLI entry (main.ts) says an error in, with the words around it ("unexpected error", the
// usage and debug hints, the out-of-memory hint). A command records its config's reports.locale as soon
// as the config is loaded. Before that (a usage error, a config that fails to load) a run has no config
// to follow, so it takes the reading a person would: the locale the config file states, when the file is
// JSON with a valid reports.locale (another key may still be wrong); else the environment's language, as
// POSIX programs read it (the first set of LC_ALL, LC_MESSAGES, LANG; one starting "pt" is pt-BR); else
// English.
import { configFileFor } from '../config/load.ts';
import { statedLocaleOf } from '../config/stated-locale.ts';
import type { Locale } from '../shared/locale/index.ts';

let current: Locale = 'en';

/** Called once a command has loaded its config, and by runCli before any is loaded. */
export function frameErrorsIn(locale: Locale): void {
  current = locale;
}

/** The locale of this run's error frame; runCli starts every run from the one before any config (tests run many in one process). */
export function errorFrameLocale(): Locale {
  return current;
}

type LocaleEnv = Readonly<Record<string, string | undefined>>;

/** The locale of a run's errors until its command loads the config: the config file's stated one, else the environment's. */
export function localeBeforeConfig(rawArgs: readonly string[], env: LocaleEnv = process.env, cwd = process.cwd()): Locale {
  const file = configFileFor({ file: configFlagOf(rawArgs), env: { RECON_CONFIG: env['RECON_CONFIG'] }, cwd });
  return statedLocaleOf(file) ?? environmentLocale(env);
}

/** POSIX precedence for messages: LC_ALL, then LC_MESSAGES, then LANG; the first that is set and not empty decides. */
export function environmentLocale(env: LocaleEnv): Locale {
  const value = [env['LC_ALL'], env['LC_MESSAGES'], env['LANG']].find((v) => v !== undefined && v !== '');
  return value !== undefined && /^pt/i.test(value) ? 'pt-BR' : 'en';
}

/** The value of `--config FILE` or `--config=FILE` on the command line, as citty will read it. */
function configFlagOf(rawArgs: readonly string[]): string | undefined {
  for (const [i, arg] of rawArgs.entries()) {
    if (arg === '--') break;
    if (arg === '--config') return rawArgs[i + 1];
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return undefined;
}
