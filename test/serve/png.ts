// Just enough PNG reading to tell a real screenshot from a blank one, without extra dependencies:
// the IHDR size, and how varied the (inflated, still filtered) pixel stream is.
import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngFacts {
  width: number;
  height: number;
  /** Distinct byte values in the inflated image data: a single-colour image has a handful. */
  distinctBytes: number;
}

export function pngFacts(png: Buffer): PngFacts {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error(`expected a PNG signature, got ${png.subarray(0, 8).toString('hex')}`);
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(idat));
  const seen = new Set<number>();
  for (const byte of pixels) {
    seen.add(byte);
    if (seen.size === 256) break;
  }
  return { width, height, distinctBytes: seen.size };
}
