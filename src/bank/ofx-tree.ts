// A small tokenizer for OFX bodies, 1.x SGML and 2.x XML alike, into a tree of elements with the file
// line each starts on. SGML leaves never close (`<TRNAMT>-12.34` then the next tag) and banks leave an
// empty leaf open (`<FITID>` then `<MEMO>`) or close leaves that need no closing, so structure comes from
// OFX's own aggregates, a known list: a known aggregate opens an element; any other tag is a leaf, holding
// the text up to the next tag (its closing tag, if any, is skipped). An aggregate left open is closed by
// its parent's closing tag, by the next aggregate of its name (two <STMTTRN> in a row), or by the end of
// the file. Processing instructions (the OFX 2 header) are skipped; depth is bounded. Only what a reader
// reads is kept (parseOfxTree), and a statement's lines can be streamed out as they close.
import { ReconError } from '../shared/errors.ts';

export interface OfxNode {
  name: string;
  line: number;
  /** The leaf's text (entities decoded, trimmed; '' when empty); undefined for an aggregate. */
  text: string | undefined;
  children: OfxNode[];
}

/** OFX's aggregates recon meets in bank and card statements (OFX 1.0.2 and 2.1.1). */
const AGGREGATES = new Set([
  'OFX',
  'SIGNONMSGSRSV1',
  'SONRS',
  'STATUS',
  'FI',
  'BANKMSGSRSV1',
  'CREDITCARDMSGSRSV1',
  'STMTTRNRS',
  'CCSTMTTRNRS',
  'STMTRS',
  'CCSTMTRS',
  'BANKACCTFROM',
  'CCACCTFROM',
  'BANKACCTTO',
  'CCACCTTO',
  'BANKTRANLIST',
  'STMTTRN',
  'PAYEE',
  'CURRENCY',
  'ORIGCURRENCY',
  'LEDGERBAL',
  'AVAILBAL',
  'BALLIST',
  'BAL',
]);

/** bank.limits.maxNestingDepth's default. */
const MAX_DEPTH = 64;
// Every part stops at the next `<`, so a file of unterminated `<?` or `<TAG` stays linear to scan. OFX has
// no comments; a `<!...>` declaration is text between tags, and ignored.
const TOKEN = /<\?[^<>]{0,4096}>|<(\/?)([A-Za-z][A-Za-z0-9_.:-]{0,63})[^<>]{0,1024}>/g;

export interface OfxTreeOptions {
  /** The leaves a reader reads; any other leaf is skipped, not kept. */
  leaves: ReadonlySet<string>;
  /**
   * Aggregates of this name are handed to `onClose` as they close, with the names of the aggregates
   * around them, and are not kept in the tree: a statement's lines are read one at a time.
   */
  stream?: { name: string; onClose: (node: OfxNode, path: readonly string[]) => void };
  /** Counts every tag (bank.limits.maxRecordsPerStatement) and every streamed aggregate (maxLinesPerStatement). */
  counter?: { countRecord(line: number): void; countLine(line: number): void };
  /** How deep elements may nest (bank.limits.maxNestingDepth); default 64. */
  maxDepth?: number;
}

export interface OfxTree {
  root: OfxNode;
  /** How many of each aggregate the file opened (the tree keeps only the first of a name per parent). */
  counts: ReadonlyMap<string, number>;
}

/**
 * The tree keeps only what a reader reads, so its size does not follow the file's: the first child of
 * each name per element (what childText and findNode read), known leaves only, and no streamed aggregate.
 * Millions of tiny leaves or repeated aggregates cost time while scanned, never memory.
 */
export function parseOfxTree(file: string, text: string, options: OfxTreeOptions): OfxTree {
  const root: OfxNode = { name: '#root', line: 1, text: undefined, children: [] };
  const stack: OfxNode[] = [root];
  const counts = new Map<string, number>();
  const stream = options.stream;
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (let i = counted; i < index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, index);
    return line;
  };
  const popTo = (length: number) => {
    while (stack.length > length) {
      const node = stack.pop() as OfxNode;
      if (stream !== undefined && node.name === stream.name)
        stream.onClose(
          node,
          stack.map((n) => n.name),
        );
    }
  };
  const keep = (parent: OfxNode, node: OfxNode) => {
    if (!parent.children.some((c) => c.name === node.name)) parent.children.push(node);
  };
  let skipClose: string | undefined;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    options.counter?.countRecord(lineAt(match.index));
    const name = match[2]?.toUpperCase();
    if (name === undefined) continue;
    const closing = match[1] === '/';
    const skip = skipClose;
    skipClose = undefined;
    if (closing) {
      if (skip === name) continue;
      const at = stack.findLastIndex((n) => n.name === name);
      // A stray closing tag (of a leaf, or of nothing open) closes nothing.
      if (at > 0) popTo(at);
      continue;
    }
    if (AGGREGATES.has(name)) {
      const node: OfxNode = { name, line: lineAt(match.index), text: undefined, children: [] };
      counts.set(name, (counts.get(name) ?? 0) + 1);
      // `<STMTTRN>` while one is open: the bank left the previous one unclosed.
      const open = stack.findLastIndex((n) => n.name === name);
      if (open > 0) popTo(open);
      if (stack.length > (options.maxDepth ?? MAX_DEPTH)) {
        throw new ReconError('input', { id: 'ofxTooDeep', file, line: node.line, max: options.maxDepth ?? MAX_DEPTH });
      }
      if (stream !== undefined && name === stream.name) options.counter?.countLine(node.line);
      else keep(stack[stack.length - 1] as OfxNode, node);
      stack.push(node);
      continue;
    }
    skipClose = name;
    if (!options.leaves.has(name)) continue;
    const parent = stack[stack.length - 1] as OfxNode;
    if (parent.children.some((c) => c.name === name)) continue;
    const end = TOKEN.lastIndex;
    const next = text.indexOf('<', end);
    parent.children.push({ name, line: lineAt(match.index), text: decodeEntities(text.slice(end, next === -1 ? text.length : next).trim()), children: [] });
  }
  popTo(1);
  return { root, counts };
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

/** The text of a direct child leaf, undefined when absent or empty. */
export function childText(node: OfxNode, name: string): string | undefined {
  const text = node.children.find((c) => c.name === name)?.text;
  return text === undefined || text === '' ? undefined : text;
}
