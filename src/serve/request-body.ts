// The body of a page POST: an HTML form (application/x-www-form-urlencoded) or JSON, read up to a cap
// (a finding's note is at most 1000 characters; a bulk action names a filter, not thousands of keys
// typed by hand), as flat fields: a repeated form field or a JSON array gives several values.
import type { IncomingMessage } from 'node:http';
import { readBodyBytes } from '../shared/request-body.ts';

/** Largest body a page POST may send. */
const MAX_BODY_BYTES = 64 * 1024;

export type BodyFields = Map<string, string[]>;

export type BodyRead = { ok: true; fields: BodyFields; json: boolean } | { ok: false; status: 413 | 415 | 400; message: string };

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export async function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<BodyRead> {
  const type = mediaTypeOf(req.headers['content-type']);
  if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json')
    return { ok: false, status: 415, message: `expected a form (application/x-www-form-urlencoded) or JSON body, got "${type || 'none'}"` };
  const bytes = await readBodyBytes(req, maxBytes);
  if (bytes === undefined) return tooLarge(req, maxBytes);
  const text = bytes.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') {
    const fields: BodyFields = new Map();
    for (const [name, value] of new URLSearchParams(text)) fields.set(name, [...(fields.get(name) ?? []), value]);
    return { ok: true, fields, json: false };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: 'expected a JSON object, got text that is not JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, status: 400, message: 'expected a JSON object' };
  const fields: BodyFields = new Map();
  for (const [name, value] of Object.entries(parsed)) {
    const values = Array.isArray(value) ? value : [value];
    fields.set(name, values.filter((v) => typeof v === 'string' || typeof v === 'number').map(String));
  }
  return { ok: true, fields, json: true };
}

/** Stops reading at the cap: the rest of the body is not waited for, and the connection is closed after the answer. */
function tooLarge(req: IncomingMessage, maxBytes: number): BodyRead {
  req.resume();
  return { ok: false, status: 413, message: `the body is larger than ${maxBytes} bytes; send a filter rather than a long list of keys` };
}
