// The API key's shape, checked before any request: what certainly cannot be a key the service accepts
// (a header could not carry it, or something was pasted around it) is refused with exit 2, naming
// RECON_API_KEY and never showing the key. Conservative on purpose: the service documents only that a
// key "carries a fixed test or live prefix", so a key without test_/live_ is only warned about; the
// service's own 401 then says the rest.
import { ReconError } from '../shared/errors.ts';
import type { KeyShapeProblem } from '../shared/locale/error-params-cli.ts';
import { sayError } from '../shared/locale/error-text.ts';
import type { LogSentence } from '../shared/locale/log-params.ts';

/** Why the key cannot be one, in English, or undefined when it may be. Never quotes the key. */
export function keyShapeProblem(key: string): string | undefined {
  const problem = shapeProblemOf(key);
  return problem === undefined ? undefined : sayError('en', { id: 'keyShape', problem });
}

/** Why the key cannot be one, as the fact the catalogues word; undefined when it may be. */
function shapeProblemOf(key: string): KeyShapeProblem | undefined {
  if (key.trim() === '') return 'blank';
  if (key !== key.trim()) return 'spaceAround';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control';
  if (/[^\u0020-\u007e]/.test(key)) return 'nonAscii';
  if (/^(["'`]).*\1$/.test(key)) return 'quoted';
  if (/^(api_key|api-key|RECON_API_KEY)\s*[:=]/i.test(key) || /^bearer\s/i.test(key)) return 'headerName';
  return undefined;
}

/** A warning for a key of an unusual shape that is still sent. */
export function keyShapeWarning(key: string): LogSentence | undefined {
  if (/^(test|live)_\S/.test(key)) return undefined;
  return { id: 'apiKeyUnusualPrefix' };
}

/** Refuses a key that cannot be one (config error: exit 2); warns of an unusual one. */
export function checkApiKeyShape(key: string, warn: (sentence: LogSentence) => void): void {
  const problem = shapeProblemOf(key);
  if (problem !== undefined) throw new ReconError('config', { id: 'keyShape', problem });
  const warning = keyShapeWarning(key);
  if (warning !== undefined) warn(warning);
}
