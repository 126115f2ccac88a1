// The one reader of an HTTP request's body for recon's own servers (the page's POSTs, the receiver of
// the service's notifications, the sandbox's API): its bytes, bounded, never decoded here. A body
// announced or grown past the cap is refused as soon as it is known, so a sender cannot make a server
// hold more than the cap; what the caller answers (413, a typed error) and whether it drains the rest
// is its own.
import type { IncomingMessage } from 'node:http';

/** The body's bytes, or undefined once its Content-Length or its bytes pass `maxBytes`. */
export async function readBodyBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > maxBytes) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
