// Streams an open report file into an HTTP response and says how it ended. A client may close the
// connection as soon as it has Content-Length bytes (browsers and curl do), before the server has read
// the end of the file or seen its last write complete: stream.pipeline calls that a "Premature close",
// yet the download is whole. Only a response closed before every byte was handed to it is an aborted
// download; neither is a server error.
import type { FileHandle } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';

export type SendOutcome = 'complete' | 'aborted';

/**
 * Sends the whole file; the caller keeps the handle and closes it in `finally` (autoClose is off, so
 * the stream never closes a handle it does not own, whether the download ends or is cut short).
 */
export async function sendFile(handle: FileHandle, res: ServerResponse, size: number): Promise<SendOutcome> {
  const stream = handle.createReadStream({ autoClose: false });
  // pipe writes each chunk to the response in the same 'data' event, so this counts what it was given.
  let handedOver = 0;
  stream.on('data', (chunk: string | Buffer) => {
    handedOver += chunk.length;
  });
  try {
    await pipeline(stream, res);
    return 'complete';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
    // pipeline has destroyed the read stream already; the handle stays the caller's to close.
    return handedOver >= size ? 'complete' : 'aborted';
  }
}
