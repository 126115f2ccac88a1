// The line a finished night prints so finance can open its page: the `recon serve` command that serves
// the same folders (the sandbox's with --sandbox) and the night's address on the default port, in the
// words of reports.locale.
import { type Locale, messagesFor } from '../shared/locale/index.ts';
import { shellWord } from '../shared/shell-word.ts';

export const DEFAULT_SERVE_PORT = 8080;
export const DEFAULT_SERVE_HOST = '127.0.0.1';

function nightPagePath(date: string): string {
  return `/nights/${encodeURIComponent(date)}`;
}

/**
 * e.g. "Open the reports page: npm exec recon -- serve --sandbox, then http://127.0.0.1:8080/nights/2026-11-21";
 * `command` is how this install runs recon (see src/cli/own-command.ts).
 */
export function serveHintFor(
  request: { date: string; source: 'service' | 'sandbox'; configFile?: string | undefined; command: string },
  locale: Locale = 'en',
): string {
  const args = [request.command, 'serve'];
  if (request.configFile) args.push('--config', shellWord(request.configFile));
  if (request.source === 'sandbox') args.push('--sandbox');
  return messagesFor(locale).page.openHint(args.join(' '), `http://${DEFAULT_SERVE_HOST}:${DEFAULT_SERVE_PORT}${nightPagePath(request.date)}`);
}
