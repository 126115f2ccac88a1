// The XML side of an XLSX workbook, through saxes (the streaming parser exceljs itself uses): the parts
// are fed to it chunk by chunk, and it hands on open and close tags with their attributes, and text.
// A DOCTYPE (the only way to declare entities, and the billion-laughs attack) refuses the part, so only
// the five predefined entities and character references are ever expanded. Namespace prefixes are
// dropped from tag names ("x:row" is "row"), as SpreadsheetML writers differ in them.
import { SaxesParser } from 'saxes';

export interface XmlEvents {
  /** A start tag, its attributes by qualified name (a self-closing tag is followed by its close at once). */
  open(name: string, attributes: Readonly<Record<string, string>>): void;
  close(name: string): void;
  /** Entity-decoded text (and CDATA); the consumer keeps what it needs of it. */
  text(piece: string): void;
}

/**
 * Longest text node, tag, comment or CDATA section saxes may hold while waiting for its end. saxes keeps a
 * node whole until it ends, so this bounds its memory: far above any cell (the cell limit is at most a
 * million characters), far below the process's 512 MB.
 */
export const MAX_NODE_CHARS = 32 * 1024 * 1024;

export interface XmlStream {
  write(text: string): void;
  end(): void;
}

/** A parser feeding `events`; `fail` makes the error for a part that is not well-formed or holds a DOCTYPE. */
export function xmlStream(events: XmlEvents, fail: (why: string) => Error): XmlStream {
  // No namespace processing and no positions: neither is needed, and both cost time on every tag.
  const parser = new SaxesParser({ xmlns: false, position: false });
  // saxes's buffer for text, attribute values, comments and CDATA, which it does not expose.
  const held = parser as unknown as { text: string };
  let sinceTag = 0;
  parser.on('doctype', () => {
    throw fail('an XML part declares a DOCTYPE or entities');
  });
  parser.on('error', (error) => {
    throw fail(`malformed XML: ${error.message}`);
  });
  parser.on('opentag', (tag) => events.open(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => events.close(localName(tag.name)));
  parser.on('text', (text) => events.text(text));
  parser.on('cdata', (text) => events.text(text));
  const tooLong = () => fail(`an XML text, tag, comment or CDATA section longer than ${MAX_NODE_CHARS} characters`);
  return {
    write(text) {
      // Text and tags hold no "<": the characters since the last one bound what saxes is holding of them.
      const lt = text.lastIndexOf('<');
      sinceTag = lt === -1 ? sinceTag + text.length : text.length - lt;
      if (sinceTag > MAX_NODE_CHARS) throw tooLong();
      parser.write(text);
      if (held.text.length > MAX_NODE_CHARS) throw tooLong();
    },
    end() {
      parser.close();
    },
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}
