// A small tokenizer for OFX bodies, 1.x SGML and 2.x XML alike, into a tree of elements with the file
// line each starts on. SGML leaves never close (`<TRNAMT>-12.34` then the next tag), aggregates do
// (`</STMTTRN>`); banks also leave an empty leaf open (`<FITID>` then `<MEMO>`) and close leaves that
// need no closing. So: a tag followed by text is a leaf (its own closing tag, if any, is skipped); a tag
// followed by another tag is opened, and if it is closed only by an ancestor's closing tag it was an
// empty leaf after all, and what was read inside it goes back to its parent. Processing instructions
// (the OFX 2 header) and comments are skipped; depth is bounded.
import { ReconError } from '../shared/errors.ts';

export interface OfxNode {
  name: string;
  line: number;
  /** The leaf's text (entities decoded, trimmed); undefined for an aggregate. */
  text: string | undefined;
  children: OfxNode[];
}

const MAX_DEPTH = 64;
const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<(\/?)([A-Za-z][A-Za-z0-9_.:-]*)[^>]*>/g;

export function parseOfxTree(file: string, text: string): OfxNode {
  const root: OfxNode = { name: '#root', line: 1, text: undefined, children: [] };
  const stack: OfxNode[] = [root];
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (let i = counted; i < index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, index);
    return line;
  };
  TOKEN.lastIndex = 0;
  let skipClose: string | undefined;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const name = match[2]?.toUpperCase();
    if (name === undefined) continue;
    const top = stack[stack.length - 1] as OfxNode;
    if (match[1] === '/') {
      if (skipClose === name) {
        skipClose = undefined;
        continue;
      }
      skipClose = undefined;
      const at = stack.findLastIndex((n) => n.name === name);
      if (at <= 0) continue; // a stray closing tag: nothing open to close
      while (stack.length - 1 > at) closeImplicitly(stack);
      const closed = stack.pop() as OfxNode;
      // `<MEMO></MEMO>`: an explicitly closed empty element is an empty leaf.
      if (closed.children.length === 0) closed.text = '';
      continue;
    }
    skipClose = undefined;
    const end = TOKEN.lastIndex;
    const next = text.indexOf('<', end);
    const raw = text.slice(end, next === -1 ? text.length : next);
    const node: OfxNode = { name, line: lineAt(match.index), text: undefined, children: [] };
    top.children.push(node);
    if (raw.trim() !== '') {
      node.text = decodeEntities(raw.trim());
      skipClose = name;
    } else {
      if (stack.length > MAX_DEPTH) {
        throw new ReconError('input', `${file}: line ${node.line}: OFX elements nested more than ${MAX_DEPTH} deep; expected an OFX statement`);
      }
      stack.push(node);
    }
  }
  while (stack.length > 1) closeImplicitly(stack);
  return root;
}

/** The top element was never closed: an empty leaf, whose would-be children belong to its parent. */
function closeImplicitly(stack: OfxNode[]): void {
  const node = stack.pop() as OfxNode;
  const parent = stack[stack.length - 1] as OfxNode;
  node.text = '';
  parent.children.push(...node.children);
  node.children = [];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,5});/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** The first descendant (depth first) with this name. */
export function findNode(node: OfxNode, name: string): OfxNode | undefined {
  for (const child of node.children) {
    if (child.name === name) return child;
    const found = findNode(child, name);
    if (found) return found;
  }
  return undefined;
}

/** Every descendant with this name, in file order. */
export function findNodes(node: OfxNode, name: string, into: OfxNode[] = []): OfxNode[] {
  for (const child of node.children) {
    if (child.name === name) into.push(child);
    else findNodes(child, name, into);
  }
  return into;
}

/** The text of a direct child leaf, undefined when absent or empty. */
export function childText(node: OfxNode, name: string): string | undefined {
  const text = node.children.find((c) => c.name === name)?.text;
  return text === undefined || text === '' ? undefined : text;
}
