// A streaming XML tokenizer for the parts of an XLSX workbook (SpreadsheetML is plain, generated XML):
// open and close tags with their raw attribute text, and text in pieces. It holds at most one unfinished
// tag (bounded) and never a whole text node: an 8 MB cell arrives as many pieces, and the consumer keeps
// what it needs. Only the five predefined entities and character references are decoded; a DOCTYPE (the
// only way to define others, and the billion-laughs attack) refuses the file. Namespace prefixes are
// dropped from tag names ("x:row" is "row"). Pure.

export interface XmlEvents {
  /** A start tag (a self-closing one is followed by its close at once). */
  open(name: string, attributes: string): void;
  close(name: string): void;
  /** Entity-decoded text; one text node may come in several pieces. */
  text(piece: string): void;
}

/** Longest markup (tag, comment, CDATA section) held while waiting for its end. */
export const MAX_MARKUP_CHARS = 1 << 20;

export class XmlScanner {
  #buffer = '';

  constructor(
    private readonly events: XmlEvents,
    private readonly fail: (why: string) => Error,
  ) {}

  write(text: string): void {
    this.#buffer = this.#buffer === '' ? text : this.#buffer + text;
    this.#drain(false);
  }

  end(): void {
    this.#drain(true);
    if (this.#buffer.trim() !== '') throw this.fail('an XML part ends inside a tag');
  }

  #drain(final: boolean): void {
    const s = this.#buffer;
    const { events } = this;
    let pos = 0;
    while (pos < s.length) {
      const lt = s.indexOf('<', pos);
      if (lt === -1) {
        // Text to the end; an entity cut by the chunk boundary waits for the next chunk.
        const amp = final ? -1 : s.lastIndexOf('&');
        const end = amp >= pos && s.indexOf(';', amp) === -1 && s.length - amp < 12 ? amp : s.length;
        if (end > pos) events.text(decodeEntities(s.slice(pos, end)));
        pos = end;
        break;
      }
      if (lt > pos) events.text(decodeEntities(s.slice(pos, lt)));
      pos = lt;
      const next = s.charCodeAt(lt + 1);
      if (next === 0x21 /* ! */) {
        if (s.startsWith('<!--', lt)) {
          const end = s.indexOf('-->', lt + 4);
          if (end === -1) break;
          pos = end + 3;
        } else if (s.startsWith('<![CDATA[', lt)) {
          const end = s.indexOf(']]>', lt + 9);
          if (end === -1) break;
          events.text(s.slice(lt + 9, end));
          pos = end + 3;
        } else if (s.length - lt < 9 && !final) break;
        else throw this.fail('an XML part declares a DOCTYPE or entities');
        continue;
      }
      if (next === 0x3f /* ? */) {
        const end = s.indexOf('?>', lt + 2);
        if (end === -1) break;
        pos = end + 2;
        continue;
      }
      const gt = tagEnd(s, lt + 1);
      if (gt === -1) break;
      if (next === 0x2f /* / */) events.close(localName(s.slice(lt + 2, gt).trim()));
      else {
        const selfClosing = s.charCodeAt(gt - 1) === 0x2f;
        const body = s.slice(lt + 1, selfClosing ? gt - 1 : gt);
        const space = body.search(/[\s]/);
        const name = localName(space === -1 ? body : body.slice(0, space));
        events.open(name, space === -1 ? '' : body.slice(space));
        if (selfClosing) events.close(name);
      }
      pos = gt + 1;
    }
    this.#buffer = pos === 0 ? s : s.slice(pos);
    if (this.#buffer.length > MAX_MARKUP_CHARS) throw this.fail(`an XML tag, comment or CDATA section longer than ${MAX_MARKUP_CHARS} characters`);
  }
}

/** Index of the ">" that ends the tag starting before `from`, outside quoted attribute values; -1 if not yet there. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x3e) return i;
    else if (c === 0x22 || c === 0x27) quote = c;
  }
  return -1;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

const attributePatterns = new Map<string, RegExp>();

/** The decoded value of an attribute in a tag's raw attribute text. */
export function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (pattern === undefined) {
    pattern = new RegExp(`(?:^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, body: string) => {
    if (body[0] !== '#') return NAMED[body] ?? whole;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}
