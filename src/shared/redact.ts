// Keeps the API key out of every message: any text leaving recon (logs, errors, reports) passes here.

const secrets = new Set<string>();

/** Registers a secret (the API key, and its signing tail) so that redactSecrets() removes it. */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4) return;
  secrets.add(secret);
  const tail = secret.replace(/^(test|live)_/, '');
  if (tail !== secret && tail.length >= 4) secrets.add(tail);
}

export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  // Belt and braces: an api_key header or query value that slipped into a message. It needs a "=" or ":"
  // so that prose such as "RECON_API_KEY is not set" stays readable.
  return out.replace(/(api_key["']?\s*[=:]\s*["']?)([^\s"'&,}]+)/gi, '$1[redacted]');
}
