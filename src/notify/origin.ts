// The origin check of the service's notifications: `User-Agent: Service/1.0.0` and
// `Service-Api-Signature` carrying the API key's tail after its test_/live_ prefix. The signature is
// compared in constant time (digests of both sides, so that neither the length nor the first differing
// byte shows in the timing), and neither it nor anything derived from it is ever logged or stored.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ReconError } from '../shared/errors.ts';

const SERVICE_USER_AGENT = 'Service/1.0.0';

/** The signing secret of an API key: its tail after the test_/live_ prefix. */
export function signingSecretOf(apiKey: string): string {
  const match = /^(?:test|live)_(\S{4,})$/.exec(apiKey);
  if (!match) throw new ReconError('config', { id: 'keyNotForSigning' });
  return match[1]!;
}

export type OriginProblem = 'user_agent' | 'signature';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** undefined when both headers are what the service sends; else which one is not (never its value). */
export function originProblem(headers: IncomingHttpHeaders, secret: string): OriginProblem | undefined {
  const agent = headers['user-agent'];
  const signature = headers['service-api-signature'];
  // Compared whatever the User-Agent says, so that the answer's timing does not tell which header failed.
  const signed = typeof signature === 'string' && timingSafeEqual(digest(signature), digest(secret));
  if (agent !== SERVICE_USER_AGENT) return 'user_agent';
  return signed ? undefined : 'signature';
}
