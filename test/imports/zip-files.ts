// Test helper: writes zip containers by hand (local headers, deflated data, central directory), so tests
// can build XLSX workbooks that no spreadsheet program would: a sheet that inflates to hundreds of MB from
// a few hundred KB, a directory that lies about sizes, thousands of entries.
import { writeFileSync } from 'node:fs';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  /** Deflated bytes and the size they inflate to (for data built without holding it whole). */
  deflated: Buffer;
  size: number;
  crc: number;
  /** Size the central directory declares, when it should lie. */
  declaredSize?: number;
}

export function deflatedEntry(name: string, text: string | Buffer): ZipInput {
  const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { name, deflated: deflateRawSync(data), size: data.length, crc: crc32(data) };
}

/** `head`, then `repeat` written `times` times, then `tail`, deflated as a stream: never held whole. */
export async function repeatedEntry(name: string, head: string, repeat: string, times: number, tail: string): Promise<ZipInput> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION, memLevel: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.from(repeat.repeat(Math.max(1, Math.floor((1 << 20) / repeat.length))), 'utf8');
  const perBlock = block.length / Buffer.byteLength(repeat);
  let crc = crc32(head);
  let size = Buffer.byteLength(head);
  deflate.write(head);
  for (let written = 0; written < times; written += perBlock) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve));
    crc = crc32(block, crc);
    size += block.length;
  }
  deflate.end(tail);
  crc = crc32(tail, crc);
  size += Buffer.byteLength(tail);
  await done;
  return { name, deflated: Buffer.concat(out), size, crc };
}

/** The zip file of these entries. */
export function writeZip(path: string, entries: ZipInput[]): void {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.declaredSize ?? entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.declaredSize ?? entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...locals, directory, end]));
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Pedidos" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** The parts of a one-sheet workbook around the given sheet entry (named xl/worksheets/sheet1.xml). */
export function workbookEntries(sheet: ZipInput): ZipInput[] {
  return [
    deflatedEntry('[Content_Types].xml', CONTENT_TYPES),
    deflatedEntry('_rels/.rels', ROOT_RELS),
    deflatedEntry('xl/workbook.xml', WORKBOOK),
    deflatedEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    sheet,
  ];
}

export const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A row of inline strings (no shared strings part needed). */
export function inlineRow(r: number, values: string[]): string {
  return `<row r="${r}">${values.map((v) => `<c t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
}
