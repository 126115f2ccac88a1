// A response body read within bounds: never more than `maxBytes` held (a hostile or broken service may
// send gigabytes), and the whole request, headers and body, within one deadline (undici's own timeouts
// only bound the gap between chunks, so a body trickled a byte a second would never end).
import { ReconError } from '../shared/errors.ts';

/** Raised when the whole request outlived its deadline: retryable like any other timeout. */
export class DeadlineExceeded extends Error {
  override readonly name = 'DeadlineExceeded';
  readonly code = 'RECON_DEADLINE';
}

/** An AbortSignal that fires `timeoutMs` from now with a DeadlineExceeded reason; `clear` when done. */
export function deadlineFor(timeoutMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineExceeded(`no complete answer within api.timeoutMs (${timeoutMs} ms)`)), timeoutMs);
  timer.unref?.();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

export interface BodyLike extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): unknown;
}

/**
 * The body's bytes, refusing (and cutting the connection) as soon as more than `maxBytes` arrive or the
 * announced Content-Length says so. `shown` names the request in the message.
 */
export async function readBodyWithin(body: BodyLike, contentLength: string | string[] | undefined, maxBytes: number, shown: string): Promise<Buffer> {
  const announced = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
  if (Number.isFinite(announced) && announced > maxBytes) {
    body.destroy();
    throw tooLarge(shown, announced, maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      body.destroy();
      throw tooLarge(shown, undefined, maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** `announced`: the Content-Length that was too large; undefined when the body itself went past the cap. */
function tooLarge(shown: string, announced: number | undefined, maxBytes: number): ReconError {
  return new ReconError(
    'api_http',
    { id: 'apiBodyTooLarge', request: shown, ...(announced === undefined ? {} : { announced }), maxBytes },
    { details: { maxBytes } },
  );
}
