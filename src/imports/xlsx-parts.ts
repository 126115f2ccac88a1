// The parts of an XLSX workbook besides its sheets: where the workbook part is (_rels/.rels), its sheets in
// tab order and their parts (workbook.xml and its rels), whether dates count from 1904, which cell styles
// format dates (styles.xml), and the shared strings. Each part is inflated and parsed as a stream.
import { StringDecoder } from 'node:string_decoder';
import { SharedStrings } from './xlsx-shared-strings.ts';
import { xmlStream, type XmlEvents } from './xlsx-xml.ts';
import { entryChunks, notReadable, type WorkbookZip } from './xlsx-zip.ts';

export interface WorkbookLayout {
  sheets: { name: string; part: string | undefined }[];
  date1904: boolean;
  sharedStrings: string | undefined;
  styles: string | undefined;
}

/** Parses one part of the zip into `events`; false when the zip has no such part. */
export async function parsePart(zip: WorkbookZip, part: string, events: XmlEvents): Promise<boolean> {
  const entry = zip.entries.get(part);
  if (entry === undefined) return false;
  const decoder = new StringDecoder('utf8');
  const xml = xmlStream(events, (why) => notReadable(zip.file, { kind: 'part', part, said: why }));
  for await (const chunk of entryChunks(zip, entry)) xml.write(decoder.write(chunk));
  xml.write(decoder.end());
  xml.end();
  return true;
}

export async function readWorkbookLayout(zip: WorkbookZip): Promise<WorkbookLayout> {
  const root = await readRelationships(zip, '_rels/.rels', '');
  const workbook = [...root.values()].find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const folder = workbook.slice(0, workbook.lastIndexOf('/') + 1);
  const rels = await readRelationships(zip, `${folder}_rels/${workbook.slice(folder.length)}.rels`, folder);
  const layout: WorkbookLayout = { sheets: [], date1904: false, sharedStrings: undefined, styles: undefined };
  const found = await parsePart(zip, workbook, {
    open(name, attributes) {
      if (name === 'workbookPr') layout.date1904 = /^(1|true)$/.test(attributes['date1904'] ?? '');
      if (name !== 'sheet') return;
      const rel = rels.get(attributes['r:id'] ?? attributes['id'] ?? '');
      // Chart sheets are tabs too, but hold no rows.
      if (rel !== undefined && !rel.type.endsWith('/worksheet')) return;
      layout.sheets.push({ name: attributes['name'] ?? '', part: rel?.target });
    },
    close() {},
    text() {},
  });
  if (!found) throw notReadable(zip.file, { kind: 'noWorkbookPart', part: workbook });
  for (const rel of rels.values()) {
    if (rel.type.endsWith('/sharedStrings')) layout.sharedStrings = rel.target;
    if (rel.type.endsWith('/styles')) layout.styles = rel.target;
  }
  return layout;
}

async function readRelationships(zip: WorkbookZip, part: string, folder: string): Promise<Map<string, { type: string; target: string }>> {
  const rels = new Map<string, { type: string; target: string }>();
  await parsePart(zip, part, {
    open(name, attributes) {
      if (name !== 'Relationship' || attributes['TargetMode'] === 'External') return;
      rels.set(attributes['Id'] ?? '', { type: attributes['Type'] ?? '', target: resolvePart(folder, attributes['Target'] ?? '') });
    },
    close() {},
    text() {},
  });
  return rels;
}

/** A relationship's target as a zip entry name: absolute ("/xl/...") or relative to the folder. */
function resolvePart(folder: string, target: string): string {
  const parts: string[] = [];
  for (const segment of (target.startsWith('/') ? target.slice(1) : folder + target).split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** Built-in number formats that show dates or times (as exceljs reads them: 14 to 22). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22]);

/** Indexes of the cell styles (cellXfs) whose number format shows a date. */
export async function readDateStyles(zip: WorkbookZip, part: string | undefined): Promise<Set<number>> {
  const custom = new Map<number, string>();
  const formatOfStyle: number[] = [];
  let inCellXfs = false;
  if (part !== undefined) {
    await parsePart(zip, part, {
      open(name, attributes) {
        if (name === 'numFmt') custom.set(Number(attributes['numFmtId']), attributes['formatCode'] ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) formatOfStyle.push(Number(attributes['numFmtId'] ?? 0));
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
      text() {},
    });
  }
  const dates = new Set<number>();
  formatOfStyle.forEach((id, style) => {
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id)) dates.add(style);
  });
  return dates;
}

/** A format code shows a date when, outside [colours/locales] and "literals", it has date or time letters. */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** The shared strings, each kept up to `limit` characters (a longer one as its length and head). */
export async function readSharedStrings(zip: WorkbookZip, part: string | undefined, limit: number): Promise<SharedStrings> {
  const strings = new SharedStrings(zip.file);
  if (part === undefined) return strings;
  let text = '';
  let length = 0;
  let inText = false;
  let phonetic = 0;
  await parsePart(zip, part, {
    open(name) {
      if (name === 'si') {
        text = '';
        length = 0;
      } else if (name === 't' && phonetic === 0) inText = true;
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') strings.add(text, length, limit);
    },
    text(piece) {
      if (!inText) return;
      length += piece.length;
      if (text.length <= limit) text += piece.slice(0, limit + 1 - text.length);
    },
  });
  return strings;
}
