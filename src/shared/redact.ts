// Keeps the API key out of every message: any text leaving recon (logs, errors, reports, the warehouse)
// passes here. The key's tail after its test_/live_ prefix is also the notification signing secret, so
// not only the whole key and the tail are removed but any run of 6 or more characters of the tail: a
// service that echoes the key cut or trimmed must not leak half of it.

/** Runs of the tail at least this long are secret; shorter ones are too common to mean anything. */
export const MIN_SECRET_FRAGMENT = 6;
const REDACTED = '[redacted]';

const secrets = new Set<string>();
/** Every MIN_SECRET_FRAGMENT-long piece of every secret: where a leaked fragment can start. */
const seeds = new Set<string>();

/** Registers a secret (the API key, and so its signing tail) so that redactSecrets() removes it. */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4) return;
  secrets.add(secret);
  const tail = secret.replace(/^(test|live)_/, '');
  if (tail !== secret && tail.length >= 4) secrets.add(tail);
  // The test_/live_ prefix is public: fragments are the tail's (the whole secret's when it has no prefix).
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= tail.length; i++) seeds.add(tail.slice(i, i + MIN_SECRET_FRAGMENT));
}

/**
 * Forgets every registered secret. recon registers its key once per process; a process that runs several
 * runs one after the other with other keys (the test runner's shared workers) forgets the last run's.
 */
export function forgetSecrets(): void {
  secrets.clear();
  seeds.clear();
}

export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  if (seeds.size > 0) out = redactFragments(out);
  // Belt and braces: an api_key header or query value that slipped into a message. The value must be as
  // long as a key (12+ characters), so that prose such as "api_key: unknown key" stays readable.
  return out.replace(/(api_key["']?\s*[=:]\s*["']?)([^\s"'&,}]{12,})/gi, `$1${REDACTED}`);
}

/** Replaces every maximal run of text that is a piece (6+ characters) of a registered secret. */
function redactFragments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const end = seeds.has(text.slice(i, i + MIN_SECRET_FRAGMENT)) ? fragmentEnd(text, i) : i;
    if (end > i) {
      out += REDACTED;
      i = end;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

/** The end of the longest run starting at `start` that some secret contains. */
function fragmentEnd(text: string, start: number): number {
  let end = start + MIN_SECRET_FRAGMENT;
  while (end < text.length && [...secrets].some((s) => s.includes(text.slice(start, end + 1)))) end++;
  return end;
}
